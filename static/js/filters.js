/* The filter panel writes the query: its fields become search-language terms
   (t:form pwr>=3 level:2 order:pwr direction:desc) after the text of the search box. The
   server alone writes them (cardpool.views.filters_to_query): submitted, the panel is
   redirected to the query; its live preview asks the server (data-preview-url) for the text.
   This script only says which text the terms go after, and shows the preview. */
(function () {
  "use strict";

  function init() {
    var form = document.getElementById("filter-form");
    if (!form) return;
    var search = document.getElementById(form.getAttribute("data-search-form"));
    var box = search && search.querySelector("input[name=q]");
    var baseInput = form.querySelector("input[name=base]");
    if (!box || !baseInput) return;
    var serverBase = baseInput.value;
    var preview = form.querySelector(".filter-preview");
    var previewUrl = form.getAttribute("data-preview-url");

    /* The text the filters are added to: what the server left of the query, unless the
       search box has been edited since the page loaded. */
    function syncBase() {
      baseInput.value = box.value !== box.defaultValue ? box.value.trim() : serverBase;
    }

    var asked = 0, timer = null;
    function update() {
      if (!preview || !previewUrl || !window.fetch) return;
      syncBase();
      var params = new URLSearchParams(new FormData(form)), mine = ++asked;
      fetch(previewUrl + "?" + params.toString(), { headers: { Accept: "application/json" } })
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (data) {
          if (!data || mine !== asked) return;  /* an answer to an older state of the panel */
          preview.hidden = false;
          preview.querySelector("code").textContent = data.q || "(all cards)";
        })
        .catch(function () { /* no preview offline: the panel still submits */ });
    }
    function later() {
      clearTimeout(timer);
      timer = setTimeout(update, 150);
    }

    /* On a phone an open panel would push the results off the screen: start it closed
       (the summary still says the filters are on). */
    var panel = form.closest("details");
    if (panel && panel.open && window.matchMedia("(max-width: 600px)").matches) panel.open = false;

    form.addEventListener("change", later);
    form.addEventListener("input", later);
    box.addEventListener("input", later);
    form.addEventListener("submit", syncBase);
    update();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
