/*!
 * (C) Ionic http://ionicframework.com - MIT License
 */
const a=(a,o,s)=>"ios"===a&&"radio"===o&&"modal"!==s?"start":"end",o=(a,o,s)=>"ios"===a&&"radio"===o&&"modal"!==s?"space-between":"start";export{a,o as g}