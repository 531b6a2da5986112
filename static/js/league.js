/* The league page: while the run plays, the progress and the figures (drawn by the server) are
   fetched again every two seconds and swapped in; the page reads the same without this script. */
(function () {
  "use strict";

  function refresh() {
    fetch(location.href, { credentials: "same-origin" }).then(function (r) { return r.ok ? r.text() : null; })
      .then(function (text) {
        if (!text) return setTimeout(refresh, 5000);
        var fresh = new DOMParser().parseFromString(text, "text/html");
        var live = fresh.getElementById("league-live");
        var old = document.getElementById("league-live");
        if (live && old) old.replaceWith(document.importNode(live, true));
        var status = fresh.getElementById("run-status");
        var oldStatus = document.getElementById("run-status");
        if (status && oldStatus) oldStatus.replaceWith(document.importNode(status, true));
        if (live && live.getAttribute("data-active")) setTimeout(refresh, 2000);
        else {
          var cancel = document.getElementById("cancel-form");
          if (cancel) cancel.hidden = true;
        }
      }).catch(function () { setTimeout(refresh, 5000); });
  }

  function init() {
    var live = document.getElementById("league-live");
    if (live && live.getAttribute("data-active")) setTimeout(refresh, 2000);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
