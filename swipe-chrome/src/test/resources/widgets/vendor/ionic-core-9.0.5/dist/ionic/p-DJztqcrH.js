/*!
 * (C) Ionic http://ionicframework.com - MIT License
 */
const n=n=>{const o=n.classList.contains("ion-touched"),t=n.classList.contains("ion-invalid");return o&&t};export{n as c}