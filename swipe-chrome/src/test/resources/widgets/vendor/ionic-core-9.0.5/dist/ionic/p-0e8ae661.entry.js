/*!
 * (C) Ionic http://ionicframework.com - MIT License
 */
import{r as o,h as s,f as a}from"./p-Ci0c0wtC.js";import{c as r}from"./p-byZM6qHV.js";import{b as t}from"./p-YkyvCGQx.js";const c=class{constructor(s){o(this,s)}render(){const o=t(this);return s(a,{key:"b6f604df1b7aa5705a5b9a458e669a6a921c02a1",class:r(this.color,{[o]:!0})},s("slot",{key:"055d07b024a6554dfcf959fc8ed7b405e2730af2"}))}};c.style=":host(.ion-color){color:var(--ion-color-base)}";export{c as ion_text}