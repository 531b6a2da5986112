/* Simulation pages: the start form (fields shown per mode, a new random seed) and the run page
   (live progress polled from GET /api/simulations/{id}/ every second while the run plays, and
   the results redrawn as chunks land: win rate with its narrowing 95% band, game lengths, end
   reasons, turns to win, the gauntlet's matrix, and a sortable per-card table).

   Charts are drawn by DeckCharts (static/js/charts.js); nothing comes from a CDN. */
(function () {
  "use strict";

  function node(tag, cls, text) {
    var el = document.createElement(tag);
    if (cls) el.className = cls;
    if (text !== undefined && text !== null) el.textContent = text;
    return el;
  }

  function pct(v) { return v === null || v === undefined ? "—" : (Math.round(v * 1000) / 10) + "%"; }
  function fixed(v, digits) { return v === null || v === undefined ? "—" : Number(v).toFixed(digits); }

  function duration(seconds) {
    if (seconds === null || seconds === undefined) return "—";
    var s = Math.max(0, Math.round(seconds));
    if (s < 60) return s + " s";
    var m = Math.floor(s / 60);
    if (m < 60) return m + " min " + (s % 60) + " s";
    return Math.floor(m / 60) + " h " + (m % 60) + " min";
  }

  /* -- the start form -------------------------------------------------------------------------- */
  function startForm(form) {
    var radios = form.querySelectorAll("input[name=mode]");
    function mode() {
      var checked = form.querySelector("input[name=mode]:checked");
      return checked ? checked.value : "";
    }
    function sync() {
      var current = mode();
      form.querySelectorAll("[data-modes]").forEach(function (row) {
        row.hidden = row.getAttribute("data-modes").split(" ").indexOf(current) < 0;
      });
      var deck = form.querySelector("[name=deck]");
      var chosen = deck ? deck.value : "";
      form.querySelectorAll("[name=opponents]").forEach(function (box) {
        var row = box.closest("li");
        if (row) row.classList.toggle("muted", box.value === chosen);
      });
    }
    radios.forEach(function (r) { r.addEventListener("change", sync); });
    var deckSelect = form.querySelector("[name=deck]");
    if (deckSelect) deckSelect.addEventListener("change", sync);
    var seedButton = form.querySelector("[data-new-seed]");
    if (seedButton) {
      seedButton.addEventListener("click", function () {
        var seed = form.querySelector("[name=seed]");
        var buf = new Uint32Array(1);
        window.crypto.getRandomValues(buf);
        seed.value = String(buf[0] & 0x7fffffff);
      });
    }
    sync();
  }

  /* -- the run page ---------------------------------------------------------------------------- */
  var ACTIVE = ["queued", "running"];
  var cardSort = { key: "played", dir: -1 };

  function runPage(root) {
    var dataNode = document.getElementById("run-data");
    var api = root.getAttribute("data-api");
    var doc = JSON.parse(dataNode.textContent);
    var pairing = 0;
    var lastGames = -1;
    var failures = 0;
    var gamesRefreshedAt = 0;
    var pairingSelect = document.getElementById("pairing-select");
    if (pairingSelect) {
      pairingSelect.addEventListener("change", function () {
        pairing = Number(pairingSelect.value) || 0;
        drawResults(doc, true);
      });
    }

    function drawProgress(p, status) {
      var box = document.getElementById("progress");
      box.setAttribute("data-status", status);
      var percent = p.percent === null || p.percent === undefined ? 0 : p.percent;
      document.getElementById("progress-fill").style.width = percent + "%";
      box.querySelector("[role=progressbar]").setAttribute("aria-valuenow", String(percent));
      document.getElementById("progress-percent").textContent = percent + "%";
      document.getElementById("progress-games").textContent = p.games_done + " / " + p.games_requested;
      document.getElementById("progress-rate").textContent = p.rate ? fixed(p.rate, p.rate < 10 ? 2 : 1) : "—";
      document.getElementById("progress-eta").textContent = ACTIVE.indexOf(status) >= 0 ? duration(p.eta_seconds) : "—";
      document.getElementById("progress-elapsed").textContent = duration(p.elapsed_seconds);
      var badge = document.getElementById("run-status");
      badge.textContent = status.charAt(0).toUpperCase() + status.slice(1);
      badge.className = "sim-status sim-status-" + status;
      badge.setAttribute("data-status", status);
      var error = document.getElementById("run-error");
      error.hidden = !p.error;
      error.textContent = p.error || "";
      var note = document.getElementById("progress-note");
      if (ACTIVE.indexOf(status) < 0) {
        note.textContent = status === "done" ? "Finished: every game has been played." :
          status === "cancelled" ? "Cancelled: the results are those of the chunks that finished." :
          status === "failed" ? "The run failed; the results are those of the chunks that finished." : "";
      }
      var cancel = document.getElementById("cancel-form");
      if (cancel) cancel.hidden = ACTIVE.indexOf(status) < 0;
    }

    function currentPairing(results) {
      var pairings = results.pairings || [];
      return pairings[Math.min(pairing, pairings.length - 1)] || { summary: results.summary, series: results.series, decks: [] };
    }

    function statCard(title, big, sub) {
      var card = node("div", "stat-card");
      card.appendChild(node("h3", "", title));
      card.appendChild(node("div", "stat-big", big));
      if (sub) card.appendChild(node("p", "stat-sub", sub));
      return card;
    }

    function interval(figure) {
      if (!figure || figure.low === null || figure.low === undefined) return "";
      return "95% interval " + pct(figure.low) + " – " + pct(figure.high);
    }

    function meanInterval(figure, unit) {
      if (!figure || figure.mean === null || figure.mean === undefined) return ["—", ""];
      var text = fixed(figure.mean, 2) + " " + unit;
      var sub = figure.low === null || figure.low === undefined ? "" :
        "95% interval " + fixed(figure.low, 2) + " – " + fixed(figure.high, 2);
      return [text, sub];
    }

    /* A bar per value from the smallest to the largest seen, gaps drawn as zero (a histogram). */
    function histogram(id, title, figures, label, empty) {
      var dist = (figures && figures.distribution) || [];
      var counts = {}, labels = [], values = [];
      dist.forEach(function (d) { counts[d[0]] = d[1]; });
      if (dist.length && dist[dist.length - 1][0] - dist[0][0] <= 200) {
        for (var v = dist[0][0]; v <= dist[dist.length - 1][0]; v++) { labels.push(String(v)); values.push(counts[v] || 0); }
      } else {
        dist.forEach(function (d) { labels.push(String(d[0])); values.push(d[1]); });
      }
      return DeckCharts.figure({ id: id, title: title, kind: "bar", empty: empty, labels: labels,
                                 labelEvery: labels.length > 16 ? Math.ceil(labels.length / 12) : 1,
                                 hideValues: labels.length > 20, series: [{ name: label, values: values }] });
    }

    function drawHeadline(mode, s, p) {
      var box = document.getElementById("headline");
      box.innerHTML = "";
      if (!s || !s.games) {
        box.appendChild(node("p", "muted", "No games finished yet."));
        return;
      }
      var length = meanInterval(s.turns_mean, "turns");
      if (mode === "goldfish") {
        box.appendChild(statCard("Win rate against a passive opponent", pct(s.win_rate.rate),
          interval(s.win_rate) + " · " + s.wins + " of " + s.games + " games"));
        var ttw = meanInterval(s.turns_to_win_mean, "turns");
        box.appendChild(statCard("Turns to win (mean)", ttw[0], ttw[1] + (s.turns_to_win && s.turns_to_win.count ?
          " · median " + s.turns_to_win.median + " · " + s.turns_to_win.count + " wins" : "")));
      } else {
        var names = (p && p.decks) || [s.decks.a, s.decks.b];
        box.appendChild(statCard("Win rate of " + names[0], pct(s.win_rate.a.rate),
          interval(s.win_rate.a) + " · " + s.wins.a + " of " + s.games + " games"));
        box.appendChild(statCard("Win rate of " + names[1], pct(s.win_rate.b.rate),
          interval(s.win_rate.b) + " · " + s.wins.b + " won · " + s.draws + " draw" + (s.draws === 1 ? "" : "s")));
      }
      box.appendChild(statCard("Game length (mean)", length[0], length[1] + (s.turns && s.turns.median !== null ?
        " · median " + s.turns.median : "")));
    }

    function drawCharts(mode, s, p) {
      var box = document.getElementById("charts");
      box.innerHTML = "";
      if (!s || !s.games) return;
      var names = (p && p.decks) || [];
      var rateTitle = mode === "goldfish" ? "Win rate so far (95% band)" : "Win rate of " + (names[0] || "deck A") + " so far (95% band)";
      box.appendChild(DeckCharts.band({ id: "win-rate", title: rateTitle, points: (p && p.series) || [],
                                        reference: mode === "goldfish" ? null : 0.5, maxGames: doc.games_requested }));
      if (mode === "goldfish") {
        box.appendChild(histogram("turns-to-win", "Turns to win", s.turns_to_win, "wins", "No wins yet."));
      }
      box.appendChild(histogram("length", "Game length (turns)", s.turns, "games"));
      var reasons = s.end_reasons || {};
      var keys = Object.keys(reasons);
      box.appendChild(DeckCharts.figure({ id: "end-reasons", title: "How games ended", kind: "pie",
        labels: keys.map(function (k) { return k.replace(/_/g, " "); }),
        series: [{ name: "games", values: keys.map(function (k) { return reasons[k]; }) }] }));
    }

    /* Rows of the card table: one per card and deck. */
    function cardRows(mode, s, p) {
      var rows = [];
      if (!s || !s.cards) return rows;
      var sides = mode === "goldfish" ? [["", s.cards]] : [["a", s.cards.a || {}], ["b", s.cards.b || {}]];
      var names = (p && p.decks) || [];
      sides.forEach(function (pair, i) {
        var cards = pair[1];
        Object.keys(cards).forEach(function (name) {
          var c = cards[name];
          rows.push({ card: name, deck: names[i] || "", drawn: c.drawn, played: c.played,
                      drawn_per_game: c.drawn_per_game, played_per_game: c.played_per_game,
                      games_played: c.games_played, win_drawn: c.win_rate_when_drawn, win_played: c.win_rate_when_played,
                      games_drawn: c.games_drawn });
        });
      });
      return rows;
    }

    var COLUMNS = [
      { key: "card", label: "Card", type: "text" },
      { key: "deck", label: "Deck", type: "text", sides: true },
      { key: "drawn", label: "Drawn", type: "num" },
      { key: "played", label: "Played", type: "num" },
      { key: "drawn_per_game", label: "Drawn / game", type: "num", format: function (v) { return fixed(v, 2); } },
      { key: "played_per_game", label: "Played / game", type: "num", format: function (v) { return fixed(v, 2); } },
      { key: "win_drawn", label: "Win % when drawn", type: "num", format: pct, games: "games_drawn" },
      { key: "win_played", label: "Win % when played", type: "num", format: pct, games: "games_played" },
    ];

    function drawCards(mode, s, p) {
      var box = document.getElementById("card-table");
      var rows = cardRows(mode, s, p);
      box.innerHTML = "";
      if (!rows.length) {
        box.appendChild(node("p", "muted", "No games yet."));
        return;
      }
      var columns = COLUMNS.filter(function (c) { return !(c.sides && mode === "goldfish"); });
      rows.sort(function (x, y) {
        var a = x[cardSort.key], b = y[cardSort.key];
        if (a === null || a === undefined) return 1;
        if (b === null || b === undefined) return -1;
        var order = typeof a === "string" ? a.localeCompare(b) : a - b;
        return order * cardSort.dir || x.card.localeCompare(y.card);
      });
      var table = node("table", "sim-table sortable card-stats");
      var head = node("tr");
      columns.forEach(function (col) {
        var th = node("th", col.type === "num" ? "num-cell" : "");
        th.setAttribute("scope", "col");
        th.setAttribute("data-sort", col.key);
        if (cardSort.key === col.key) th.setAttribute("aria-sort", cardSort.dir > 0 ? "ascending" : "descending");
        var button = node("button", "", col.label);
        button.type = "button";
        button.addEventListener("click", function () {
          if (cardSort.key === col.key) cardSort.dir = -cardSort.dir;
          else cardSort = { key: col.key, dir: col.type === "text" ? 1 : -1 };
          drawCards(mode, s, p);
          var again = document.querySelector('#card-table th[data-sort="' + col.key + '"] button');
          if (again) again.focus();
        });
        th.appendChild(button);
        head.appendChild(th);
      });
      table.appendChild(node("thead")).appendChild(head);
      var body = table.appendChild(node("tbody"));
      rows.forEach(function (row) {
        var tr = node("tr");
        columns.forEach(function (col, i) {
          var value = row[col.key];
          var cell = node(i === 0 ? "th" : "td", col.type === "num" ? "num-cell" : "",
                          col.format ? col.format(value) : (value === null || value === undefined ? "—" : String(value)));
          if (i === 0) cell.setAttribute("scope", "row");
          if (col.games) cell.title = "in " + row[col.games] + " game" + (row[col.games] === 1 ? "" : "s");
          tr.appendChild(cell);
        });
        body.appendChild(tr);
      });
      box.appendChild(table);
    }

    function drawMatrix(results) {
      var box = document.getElementById("matrix");
      if (!box || !results.matrix) return;
      var m = results.matrix;
      box.innerHTML = "";
      var wrap = node("div", "table-scroll");
      var table = node("table", "sim-table matrix");
      var head = node("tr");
      head.appendChild(node("th", "", "Deck"));
      m.opponents.forEach(function (name) { var th = node("th", "", name); th.setAttribute("scope", "col"); head.appendChild(th); });
      table.appendChild(node("thead")).appendChild(head);
      var body = table.appendChild(node("tbody"));
      (m.rows || []).forEach(function (cells) {
        var tr = node("tr");
        var th = node("th", "", m.deck);
        th.setAttribute("scope", "row");
        tr.appendChild(th);
        cells.forEach(function (cell) {
          var td = node("td");
          if (!cell.games) {
            td.appendChild(node("span", "muted", "no games yet"));
          } else {
            td.appendChild(node("span", "cell-rate", pct(cell.win_rate.rate)));
            td.appendChild(node("span", "cell-ci", pct(cell.win_rate.low) + " – " + pct(cell.win_rate.high)));
            td.appendChild(node("span", "cell-ci", cell.wins + "–" + cell.losses + (cell.draws ? "–" + cell.draws : "") +
                                                   " in " + cell.games + " games"));
            var shade = Math.round(Math.abs(cell.win_rate.rate - 0.5) * 2 * 40);
            td.style.background = "color-mix(in srgb, " + (cell.win_rate.rate >= 0.5 ? "#2f9e6a" : "#c8415b") + " " + shade + "%, transparent)";
          }
          tr.appendChild(td);
        });
        body.appendChild(tr);
      });
      wrap.appendChild(table);
      box.appendChild(wrap);
    }

    function drawResults(d, force) {
      var results = d.results || {};
      var games = results.games_done || 0;
      if (!force && games === lastGames) return;
      lastGames = games;
      var mode = d.mode;
      var p = currentPairing(results);
      drawMatrix(results);
      drawHeadline(mode, p.summary, p);
      drawCharts(mode, p.summary, p);
      drawCards(mode, p.summary, p);
    }

    /* The games list is rendered by the server; fetch it again when new chunks land (at most every 5 s). */
    function refreshGames(final) {
      var now = Date.now();
      if (!final && now - gamesRefreshedAt < 5000) return;
      gamesRefreshedAt = now;
      fetch(location.href, { credentials: "same-origin" }).then(function (r) { return r.ok ? r.text() : null; })
        .then(function (text) {
          if (!text) return;
          var fresh = new DOMParser().parseFromString(text, "text/html").getElementById("games");
          var old = document.getElementById("games");
          if (fresh && old) old.replaceWith(document.importNode(fresh, true));
        }).catch(function () {});
    }

    function apply(d, previousGames) {
      doc = d;
      drawProgress(d.progress, d.status);
      var games = (d.results && d.results.games_done) || 0;
      drawResults(d, false);
      var active = ACTIVE.indexOf(d.status) >= 0;
      if (games !== previousGames) refreshGames(!active);
      return active;
    }

    function poll() {
      var before = lastGames;
      fetch(api, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (r) {
          if (!r.ok) throw new Error("HTTP " + r.status);
          return r.json();
        })
        .then(function (d) {
          failures = 0;
          if (apply(d, before)) setTimeout(poll, 1000);
        })
        .catch(function () {
          failures += 1;
          document.getElementById("progress-note").textContent =
            "Could not reach the server (" + failures + "); trying again…";
          setTimeout(poll, Math.min(15000, 1000 * Math.pow(2, failures)));
        });
    }

    drawProgress(doc.progress, doc.status);
    drawResults(doc, true);
    if (ACTIVE.indexOf(doc.status) >= 0) setTimeout(poll, 1000);
  }

  function init() {
    var form = document.getElementById("sim-form");
    if (form) startForm(form);
    var results = document.getElementById("results");
    if (results && window.DeckCharts) runPage(results);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
