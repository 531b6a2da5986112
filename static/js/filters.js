/* The filter panel writes the query: its fields become search-language terms
   (t:form pwr>=3 level:2 order:pwr direction:desc) put into the search box, which is then
   submitted. The same rules as cardpool.views.filters_to_query, which does this on the
   server when JavaScript is off. */
(function () {
  "use strict";

  function quote(value) {
    if (value && /^[^\s"()]+$/.test(value)) return value;
    return '"' + value.replace(/\\/g, "\\\\").replace(/"/g, '\\"') + '"';
  }

  function whole(text) {
    text = (text || "").trim();
    return /^-?\d{1,9}$/.test(text) ? parseInt(text, 10) : null;
  }

  function terms(form) {
    var out = [];
    form.querySelectorAll("[data-widget]").forEach(function (field) {
      var widget = field.getAttribute("data-widget"), key = field.getAttribute("data-key");
      if (widget === "select") {
        var v = field.querySelector("select").value;
        if (v) out.push(key + ":" + quote(v));
      } else if (widget === "range") {
        var low = whole(field.querySelector("[data-bound=min]").value);
        var high = whole(field.querySelector("[data-bound=max]").value);
        if (low !== null && low === high) { out.push(key + ":" + low); return; }
        if (low !== null) out.push(key + ">=" + low);
        if (high !== null) out.push(key + "<=" + high);
      } else if (widget === "checkbox") {
        if (field.querySelector("input[type=checkbox]").checked) out.push(key + ":true");
      } else if (widget === "order") {
        var o = field.querySelector("select").value;
        if (o && o !== "name") out.push("order:" + o);
      } else if (widget === "direction") {
        if (field.querySelector("select").value === "desc") out.push("direction:desc");
      }
    });
    return out;
  }

  function init() {
    var form = document.getElementById("filter-form");
    if (!form) return;
    var search = document.getElementById(form.getAttribute("data-search-form"));
    var box = search && search.querySelector("input[name=q]");
    if (!box) return;
    var preview = form.querySelector(".filter-preview");

    /* The text the filters are added to: what the server left of the query, unless the
       search box has been edited since the page loaded. */
    function base() {
      if (box.value !== box.defaultValue) return box.value.trim();
      return form.querySelector("input[name=base]").value.trim();
    }

    function query() {
      var parts = terms(form), b = base();
      if (b) parts.unshift(b);
      return parts.join(" ");
    }

    function update() {
      if (!preview) return;
      preview.hidden = false;
      preview.querySelector("code").textContent = query() || "(all cards)";
    }

    /* On a phone an open panel would push the results off the screen: start it closed
       (the summary still says the filters are on). */
    var panel = form.closest("details");
    if (panel && panel.open && window.matchMedia("(max-width: 600px)").matches) panel.open = false;

    form.addEventListener("change", update);
    form.addEventListener("input", update);
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      box.value = query();
      search.submit();
    });
    update();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
