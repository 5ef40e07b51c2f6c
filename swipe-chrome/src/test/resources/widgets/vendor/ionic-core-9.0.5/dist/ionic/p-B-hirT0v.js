/*!
 * (C) Ionic http://ionicframework.com - MIT License
 */
const t=()=>{let t;return{lock:async()=>{const e=t;let n;return t=new Promise((t=>n=t)),void 0!==e&&await e,n}}};export{t as c}