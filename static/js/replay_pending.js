/* The page shown while a slow replay is prepared in the background: it asks the server every two
   seconds whether the replay is ready, and then loads it (simulate/replays.py). */
(function () {
  "use strict";
  var box = document.getElementById("replay-pending");
  if (!box) return;
  var note = document.getElementById("replay-pending-state");
  function ask() {
    fetch(box.getAttribute("data-state-url"), { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { return r.json(); })
      .then(function (d) {
        if (d.status === "ready") { location.reload(); return; }
        if (d.status === "failed") { note.textContent = "The replay could not be computed: reload to try again."; return; }
        note.textContent = "Computing…";
        setTimeout(ask, 2000);
      })
      .catch(function () { setTimeout(ask, 5000); });
  }
  setTimeout(ask, 2000);
})();
