/* The page shown while a slow replay is prepared in the background: it asks the server every second
   whether the replay is ready (and how far it has come: moves played again of the game's, shown on
   the bar), and then loads it (simulate/replays.py). */
(function () {
  "use strict";
  var box = document.getElementById("replay-pending");
  if (!box) return;
  var note = document.getElementById("replay-pending-state");
  var bar = document.getElementById("replay-pending-bar");
  function ask() {
    fetch(box.getAttribute("data-state-url"), { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { return r.json(); })
      .then(function (d) {
        if (d.status === "ready") { location.reload(); return; }
        if (d.status === "failed") { note.textContent = "The replay could not be computed: reload to try again."; return; }
        if (d.of && bar) {
          bar.max = d.of;
          bar.value = d.moves || 0;
          note.textContent = "Played again: move " + (d.moves || 0) + " of " + d.of + ".";
        } else {
          note.textContent = "Computing…";
        }
        setTimeout(ask, 1000);
      })
      .catch(function () { setTimeout(ask, 5000); });
  }
  setTimeout(ask, 1000);
})();
