/* Deck doctor page: while the run is queued or running, poll its figures (the API) every two
   seconds, move the progress bar, and reload the page when the run is over. */
(function () {
  "use strict";
  var box = document.getElementById("doctor-progress");
  if (!box) { return; }
  var ACTIVE = ["queued", "running"];
  if (ACTIVE.indexOf(box.dataset.status) < 0) { return; }
  function poll() {
    fetch(box.dataset.api, {credentials: "same-origin", headers: {Accept: "application/json"}})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (!data) { return; }
        var percent = Math.round(100 * data.progress);
        document.getElementById("doctor-fill").style.width = percent + "%";
        box.querySelector("[role=progressbar]").setAttribute("aria-valuenow", String(percent));
        document.getElementById("doctor-games").textContent = data.games_spent;
        document.getElementById("doctor-looks").textContent = data.looks_done;
        if (ACTIVE.indexOf(data.status) < 0) { window.location.reload(); return; }
        window.setTimeout(poll, 2000);
      })
      .catch(function () { window.setTimeout(poll, 5000); });
  }
  window.setTimeout(poll, 1500);
})();
