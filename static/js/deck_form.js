/* New-deck and import pages: the format list offers only the chosen game's formats (their
   values are "game:slug"; "" is Standard, which every game has), and the "Pool" and "Seed"
   fields show only when the chosen format is dealt (data-dealt-formats: "game:slug", space-
   separated). Without this script every format is listed, labelled with its game, and the
   server refuses a format of another game and ignores pool and seed for formats not dealt. */
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
    var game = form.querySelector("[name=game]");
    if (!format) return;

    /* Only the chosen game's formats (and Standard); a format of another game is unselected. */
    function offerGameFormats() {
      if (!game) return;
      Array.prototype.forEach.call(format.options, function (option) {
        var owner = option.value.indexOf(":") !== -1 ? option.value.split(":")[0] : null;
        var mine = owner === null || owner === game.value;
        option.hidden = !mine;
        option.disabled = !mine;
        if (owner !== null) option.textContent = option.textContent.replace(/^.* · /, "");
      });
      if (format.selectedOptions.length && format.selectedOptions[0].disabled) format.value = "";
    }
    if (game) game.addEventListener("change", function () { offerGameFormats(); update(); });
    offerGameFormats();
    function update() {
      if (!rows.length) return;
      var isDealt = dealt.indexOf(format.value) !== -1;
      rows.forEach(function (row) { row.hidden = !isDealt; });
      if (button && button.dataset.labelDealt) button.textContent = isDealt ? button.dataset.labelDealt : plainLabel;
    }
    format.addEventListener("change", update);
    update();
  }
  function init() { document.querySelectorAll("form[data-deal-form]").forEach(setup); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
