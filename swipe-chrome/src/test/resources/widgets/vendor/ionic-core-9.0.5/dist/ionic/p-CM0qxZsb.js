/*!
 * (C) Ionic http://ionicframework.com - MIT License
 */
import{i as o}from"./p-YkyvCGQx.js";const s=o||(()=>{});export{s as g}