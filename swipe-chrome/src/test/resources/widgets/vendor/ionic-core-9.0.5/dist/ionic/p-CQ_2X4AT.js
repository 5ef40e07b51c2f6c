/*!
 * (C) Ionic http://ionicframework.com - MIT License
 */
import{c as t}from"./p-Ci0c0wtC.js";const r=(r,o,i)=>{const c=null==r?0:r.toString().length,e=n(c,o);if(void 0===i)return e;try{return i(c,o)}catch(r){return t("[ion-input] - Exception in provided `counterFormatter`:",r),e}},n=(t,r)=>`${t} / ${r}`;export{r as g}