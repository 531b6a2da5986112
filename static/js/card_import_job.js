/* The admin's page of a background card import (cardpool/import_jobs.py): asks the job's status
   JSON every second and moves the bar; when the job has ended, reloads the page, which then shows
   the summary or every error with its line and field. */
(function () {
  "use strict";
  var box = document.getElementById("import-job");
  if (!box || box.getAttribute("data-active") !== "1") return;
  var bar = document.getElementById("import-job-bar");
  var status = document.getElementById("import-job-status");
  var rows = document.getElementById("import-job-rows");
  var note = document.getElementById("import-job-note");
  function show(d) {
    status.textContent = d.status;
    rows.textContent = d.rows_done.toLocaleString() + " / " + d.rows_total.toLocaleString() + " rows written";
    bar.value = d.percent;
    bar.textContent = d.percent + "%";
    note.textContent = d.rows_done ? "Writing the cards…" : (d.status === "queued" ? "Waiting for an earlier import…" : "Checking every row…");
  }
  function ask() {
    fetch(box.getAttribute("data-status-url"), { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(function (d) {
        show(d);
        if (!d.active) { location.reload(); return; }
        setTimeout(ask, 1000);
      })
      .catch(function () { setTimeout(ask, 5000); });
  }
  setTimeout(ask, 1000);
})();
