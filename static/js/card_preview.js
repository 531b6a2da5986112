/* Card previews: hover (mouse), focus (keyboard) or tap (touch) anything carrying
   data-card-image (a card chip of board.js, or any element of a page) to see the card's picture.

   - mouse: the picture floats beside the element while the pointer is over it;
   - keyboard: the same while the element has the focus; Escape hides it;
   - touch or pen: a tap shows the picture in a panel at the bottom of the screen, with the
     card's name, a link to its page (data-card-url) and a close button; a tap on another card
     shows that one, a tap elsewhere or the close button hides it. The tap still reaches the
     page (the play page picks the card as well).
   data-card-image is the thumbnail, data-card-image-full the full picture (for sharp screens),
   data-card-name the name. Works on content drawn later (delegated events); no inline script
   or style attribute in the markup (the Content-Security-Policy). */
(function () {
  "use strict";

  var SELECTOR = "[data-card-image]";
  var GAP = 12;
  var box = null, img = null, caption = null, link = null;
  var anchor = null, pinned = false, lastPointer = "mouse";

  function build() {
    if (box) return;
    box = document.createElement("div");
    box.className = "card-preview";
    box.id = "card-preview";
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-label", "Card preview");
    box.hidden = true;
    img = document.createElement("img");
    img.className = "card-preview-img";
    img.alt = "";
    img.width = 248;
    img.height = 346;
    box.appendChild(img);
    var bar = document.createElement("div");
    bar.className = "card-preview-bar";
    caption = document.createElement("span");
    caption.className = "card-preview-name";
    bar.appendChild(caption);
    link = document.createElement("a");
    link.className = "card-preview-link";
    link.textContent = "Card page";
    bar.appendChild(link);
    var close = document.createElement("button");
    close.type = "button";
    close.className = "card-preview-close";
    close.textContent = "Close";
    close.setAttribute("aria-label", "Close the card preview");
    close.addEventListener("click", function (event) { event.stopPropagation(); hide(); });
    bar.appendChild(close);
    box.appendChild(bar);
    document.body.appendChild(box);
  }

  function fill(el) {
    var thumb = el.getAttribute("data-card-image");
    var full = el.getAttribute("data-card-image-full");
    var name = el.getAttribute("data-card-name") || "";
    if (img.getAttribute("src") !== thumb) {
      img.removeAttribute("srcset");
      img.src = thumb;
      if (full) {
        img.srcset = thumb + " 248w, " + full + " 744w";
        img.sizes = "(max-width: 600px) 60vw, 248px";
      }
    }
    img.alt = name;
    caption.textContent = name;
    var url = el.getAttribute("data-card-url");
    link.hidden = !url;
    if (url) link.href = url;
  }

  /* Beside the element (right, else left, else below), kept inside the window. */
  function place(el) {
    box.style.left = "0px";
    box.style.top = "0px";
    var r = el.getBoundingClientRect();
    var w = box.offsetWidth, h = box.offsetHeight;
    var vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
    var left = r.right + GAP;
    if (left + w > vw - GAP) left = r.left - GAP - w;
    var top = r.top + r.height / 2 - h / 2;
    if (left < GAP) {  // no room beside it: below (or above) it
      left = Math.min(Math.max(GAP, r.left), vw - w - GAP);
      top = r.bottom + GAP + h <= vh ? r.bottom + GAP : r.top - GAP - h;
    }
    top = Math.min(Math.max(GAP, top), Math.max(GAP, vh - h - GAP));
    box.style.left = Math.round(Math.max(GAP, left)) + "px";
    box.style.top = Math.round(top) + "px";
  }

  function show(el, asPanel) {
    build();
    anchor = el;
    pinned = asPanel;
    fill(el);
    box.classList.toggle("card-preview-pinned", asPanel);
    box.hidden = false;
    if (asPanel) {
      box.style.left = "";
      box.style.top = "";
    } else {
      place(el);
      if (!img.complete) img.onload = function () { if (anchor === el && !pinned) place(el); };
    }
    el.setAttribute("aria-describedby", "card-preview");
  }

  function hide() {
    if (!box || box.hidden) return;
    box.hidden = true;
    if (anchor) anchor.removeAttribute("aria-describedby");
    anchor = null;
    pinned = false;
  }

  function target(event) {
    var el = event.target;
    return el && el.closest ? el.closest(SELECTOR) : null;
  }

  document.addEventListener("pointerdown", function (event) { lastPointer = event.pointerType || "mouse"; }, true);

  document.addEventListener("pointerover", function (event) {
    if (event.pointerType !== "mouse" || pinned) return;
    var el = target(event);
    if (el && el !== anchor) show(el, false);
  });

  document.addEventListener("pointerout", function (event) {
    if (event.pointerType !== "mouse" || pinned || !anchor) return;
    var to = event.relatedTarget;
    if (to && anchor.contains(to)) return;
    if (target(event) === anchor) hide();
  });

  document.addEventListener("pointermove", function (event) {
    if (event.pointerType === "mouse" && anchor && !pinned && !anchor.isConnected) hide();  // the board was redrawn
  });

  document.addEventListener("click", function (event) {
    if (box && box.contains(event.target)) return;
    var el = target(event);
    if (lastPointer === "touch" || lastPointer === "pen") {
      if (el && !(pinned && anchor === el)) show(el, true);
      else hide();
    } else if (!el && pinned) {
      hide();
    }
  });

  document.addEventListener("focusin", function (event) {
    var el = target(event);
    if (el && lastPointer === "mouse" && !pinned) show(el, false);
  });

  document.addEventListener("focusout", function (event) {
    if (!pinned && anchor && target(event) === anchor) hide();
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") hide();
    else if (!pinned && anchor && anchor !== document.activeElement) hide();  // stepping redraws the board
  });

  window.addEventListener("scroll", function () { if (anchor && !pinned) hide(); }, { passive: true });
})();
