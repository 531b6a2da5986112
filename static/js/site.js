/* Site-wide behaviour, with no inline script anywhere (the Content-Security-Policy allows only
   this origin's script files). */

/* Card images that fail to load (not drawn yet, 404) leave the drawn text placeholder
   beneath them visible instead of a broken-image icon. */
(function () {
  "use strict";
  function hide(img) { img.classList.add("img-missing"); }
  document.addEventListener("error", function (event) {
    var el = event.target;
    if (el && el.tagName === "IMG" && el.classList.contains("card-img")) hide(el);
  }, true);
  function sweep() {
    document.querySelectorAll("img.card-img").forEach(function (img) {
      if (img.complete && img.naturalWidth === 0) hide(img);
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", sweep);
  else sweep();
})();

/* A share link's box selects its whole link when clicked or focused (ready to copy). */
(function () {
  "use strict";
  function select(event) {
    var el = event.target;
    if (el && el.classList && el.classList.contains("share-input")) el.select();
  }
  document.addEventListener("click", select);
  document.addEventListener("focusin", select);
})();
