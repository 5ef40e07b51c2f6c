/*!
 * (C) Ionic http://ionicframework.com - MIT License
 */
import{r as e,h as s,f as o}from"./p-Ci0c0wtC.js";const t=class{constructor(s){e(this,s)}render(){return s(o,{key:"b03079d7cfd78724828a4f42d7a7030457682b25"},s("slot",{key:"c4c86280e5e577ee31a181758fea27a788fd87fa"}))}};t.style=":host{scroll-snap-align:center;scroll-snap-stop:always;-ms-flex-negative:0;flex-shrink:0;width:100%;min-height:1px;overflow-y:scroll;scrollbar-width:none;-ms-overflow-style:none;}:host::-webkit-scrollbar{display:none}";export{t as ion_segment_content}