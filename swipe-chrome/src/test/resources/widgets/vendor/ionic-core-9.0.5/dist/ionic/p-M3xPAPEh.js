/*!
 * (C) Ionic http://ionicframework.com - MIT License
 */
import{w as o}from"./p-BiQyyAay.js";const r=()=>{if(void 0!==o)return o.Capacitor};export{r as g}