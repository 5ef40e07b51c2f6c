(function(){var errors=0;
window.addEventListener('error',function(){errors++;document.body.dataset.errors=errors;},true);
window.addEventListener('load',function(){
 var imgs=document.images,broken=0;
 for(var i=0;i<imgs.length;i++){if(!imgs[i].complete||imgs[i].naturalWidth===0){broken++;}}
 document.body.dataset.images=imgs.length;document.body.dataset.brokenImages=broken;
 document.body.dataset.steps=document.querySelectorAll('section.step').length;
 document.body.dataset.ready=(broken===0&&errors===0)?'ok':'broken';
});})();