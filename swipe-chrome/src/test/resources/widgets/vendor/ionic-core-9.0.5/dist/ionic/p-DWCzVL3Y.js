/*!
 * (C) Ionic http://ionicframework.com - MIT License
 */
const n=n=>{const o=window,s=o.Ionic;if(!s||!s.config||"Object"===s.config.constructor.name)return o.Ionic=o.Ionic||{},o.Ionic.config={...o.Ionic.config,...n},o.Ionic.config},o=()=>{const n=window,o=n?.Ionic?.config;return o?o.mode?o.mode:o.get("mode"):"md"},s=!1;export{s as E,o as g,n as s}