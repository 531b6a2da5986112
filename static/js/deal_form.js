/* New-deck page: show the "Pool" and "Seed" fields only when the chosen format is dealt.
   The form lists its dealt formats ("game:slug", space-separated) in data-dealt-formats.
   Without this script both fields stay visible and the server ignores them for other formats. */
(function () {
  "use strict";
  function setup(form) {
    var dealt = (form.dataset.dealtFormats || "").split(" ").filter(Boolean);
    var format = form.querySelector("[name=format]");
    var rows = ["pool", "seed"].map(function (name) {
      var input = form.querySelector("[name=" + name + "]");
      return input && input.closest(".form-row");
    }).filter(Boolean);
    var button = form.querySelector("button[type=submit]");
    var plainLabel = button ? button.textContent : "";
    if (!format || !rows.length) return;
    function update() {
      var isDealt = dealt.indexOf(format.value) !== -1;
      rows.forEach(function (row) { row.hidden = !isDealt; });
      if (button && button.dataset.labelDealt) button.textContent = isDealt ? button.dataset.labelDealt : plainLabel;
    }
    var game = form.querySelector("[name=game]");
    format.addEventListener("change", function () {
      // a format belongs to one game: pick that game too, so the two cannot disagree
      var owner = format.value.split(":")[0];
      if (game && format.value.indexOf(":") !== -1 && game.querySelector('option[value="' + owner + '"]')) game.value = owner;
      update();
    });
    update();
  }
  function init() { document.querySelectorAll("form[data-deal-form]").forEach(setup); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
