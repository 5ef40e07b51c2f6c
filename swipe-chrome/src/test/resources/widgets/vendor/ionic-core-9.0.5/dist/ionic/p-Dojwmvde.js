/*!
 * (C) Ionic http://ionicframework.com - MIT License
 */
const r=r=>{for(let t=r;t;t=t.parentElement){const r=t.getAttribute("dir")?.toLowerCase();if("rtl"===r)return!0;if("ltr"===r)return!1}return"rtl"===document?.dir?.toLowerCase()};export{r as i}