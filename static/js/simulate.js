/* Simulation pages: the start form (fields shown per mode, the table's deck pickers up to the
   game's max_players, a new random seed) and the run page (live progress polled from
   GET /api/simulations/{id}/ every second while the run plays, and the results redrawn as chunks
   land, for any number of decks: win rates with their narrowing 95% bands, game lengths, end
   reasons with the game's labels, turns to win, the gauntlet's matrix, a stacked bar per seat of
   each counter group's means (StatCounter.group: the VP by source), and a sortable per-card table
   with a column per per-card counter, and a mean per copy for a counter with StatCounter.per: the
   price paid). The standings and the counters tables are the server's (simulate/run_tables.py):
   swapped in as a fragment, never drawn here. Nothing here names a game.

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
    /* The table's pickers appear one at a time: the next seat once this one has a deck (up to
       the game's max_players, data-max-players; the server renders one picker per seat). */
    function syncTable(current) {
      var open = true;
      form.querySelectorAll("[data-table-seat]").forEach(function (row) {
        var select = row.querySelector("select[name^=table_deck_]");
        var modes = row.getAttribute("data-modes").split(" ");
        // a team run shows every picker of the teams at once; a table one picker more than chosen
        row.hidden = modes.indexOf(current) < 0 || (current === "table" && !open);
        open = open && !!select && select.value !== "";
      });
      var count = form.querySelector("[data-table-count]");
      if (count) {
        var chosen = 1 + Array.prototype.filter.call(form.querySelectorAll("select[name^=table_deck_]"),
                                                     function (sel) { return sel.value !== ""; }).length;
        count.textContent = chosen + " of at most " + form.getAttribute("data-max-players") + " decks chosen";
      }
    }
    /* A deckless mode's player counts: only those its engine seats (each option's data-modes);
       a count the mode does not take is replaced by the first one it does. */
    function syncPlayers(current) {
      var players = form.querySelector("select[name=players]");
      if (!players) return;
      var first = null;
      Array.prototype.forEach.call(players.options, function (option) {
        var fits = (option.getAttribute("data-modes") || "").split(" ").indexOf(current) >= 0;
        option.hidden = option.disabled = !fits;
        if (fits && first === null) first = option;
      });
      var chosen = players.options[players.selectedIndex];
      if (first && (!chosen || chosen.disabled)) players.value = first.value;
    }
    /* A deckless mode's agent pickers: one per seat of the players chosen. */
    function syncSeats() {
      var players = form.querySelector("[name=players]");
      var count = players ? parseInt(players.value, 10) || 0 : 0;
      form.querySelectorAll("[data-seat]").forEach(function (row) {
        row.hidden = parseInt(row.getAttribute("data-seat"), 10) > count;
      });
    }
    function sync() {
      var current = mode();
      form.querySelectorAll("[data-modes]").forEach(function (row) {
        row.hidden = row.getAttribute("data-modes").split(" ").indexOf(current) < 0;
      });
      syncTable(current);
      syncPlayers(current);
      syncSeats();
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
    var playersSelect = form.querySelector("[name=players]");
    if (playersSelect) playersSelect.addEventListener("change", sync);
    form.querySelectorAll("select[name^=table_deck_]").forEach(function (sel) { sel.addEventListener("change", sync); });
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
  var cardSort = { key: null, dir: -1 };

  function ordinal(n) {
    var tail = n % 100 >= 10 && n % 100 <= 20 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" })[n % 10] || "th";
    return n + tail;
  }

  function runPage(root) {
    var dataNode = document.getElementById("run-data");
    var api = root.getAttribute("data-api");
    var doc = JSON.parse(dataNode.textContent);
    var noun = root.getAttribute("data-side-noun") || "Deck";  /* "Seat" for a deckless run */
    var tablesUrl = root.getAttribute("data-tables-url");
    var pairing = 0;
    var lastGames = -1;
    var failures = 0;
    var gamesRefreshedAt = 0;
    var pairingSelect = document.getElementById("pairing-select");
    if (pairingSelect) {
      pairingSelect.addEventListener("change", function () {
        pairing = Number(pairingSelect.value) || 0;
        var draw = function () { drawResults(doc, true); };
        fetchTables().then(draw, draw);
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
      var queue = document.getElementById("progress-queue");
      if (queue) {
        queue.hidden = !p.queue;
        queue.textContent = p.queue ? "Queued, place " + p.queue.place + ": " + p.queue.reason + "." : "";
      }
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

    /* A win rate's 95% interval, in percent. (It shared its name with the mean's interval below,
       which, declared later, replaced it: win rates showed as "0.45 – 0.62".) */
    function rateInterval(figure) {
      if (!figure || figure.low === null || figure.low === undefined) return "";
      return "95% interval " + pct(figure.low) + " – " + pct(figure.high);
    }

    function meanInterval(figure, unit) {
      if (!figure || figure.mean === null || figure.mean === undefined) return ["—", ""];
      var text = fixed(figure.mean, 2) + (unit ? " " + unit : "");
      return [text, interval(figure, "95% interval ")];
    }

    /* A mean's 95% interval (Student's t), or "too few games" below the figures' threshold
       (rules/core/tally.py: no interval from fewer than 5 games). */
    function interval(figure, prefix) {
      if (!figure) return "";
      if (figure.low !== null && figure.low !== undefined) return (prefix || "") + fixed(figure.low, 2) + " – " + fixed(figure.high, 2);
      return figure.too_few && figure.count ? "too few games" : "";
    }

    function sideName(side) { return side.name || "Deck " + (side.side + 1); }

    /* The deck (side 0) alone is of interest in goldfish: the others are the passive opponents. */
    function shownSides(mode, s) { return mode === "goldfish" ? s.sides.slice(0, 1) : s.sides; }

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
      return window.DeckCharts.figure({ id: id, title: title, kind: "bar", empty: empty, labels: labels,
                                 labelEvery: labels.length > 16 ? Math.ceil(labels.length / 12) : 1,
                                 hideValues: labels.length > 20, series: [{ name: label, values: values }] });
    }

    function drawHeadline(mode, s) {
      var box = document.getElementById("headline");
      box.innerHTML = "";
      if (!s || !s.games) {
        box.appendChild(node("p", "muted", "No games finished yet."));
        return;
      }
      var first = s.sides[0];
      if (s.repeated_games) {
        // a luckless game whose agents chose alike every time: N copies of the same games
        var note = node("p", "repeated-games", "Every one of the " + s.games + " games repeated one of " +
          s.distinct_games + " (one per seating): the game has no chance and these agents chose alike each time, " +
          "so the figures describe " + s.distinct_games + " game" + (s.distinct_games === 1 ? "" : "s") +
          ", not " + s.games + " samples; intervals would measure nothing.");
        note.setAttribute("role", "note");
        box.appendChild(note);
      }
      if (s.teams) {
        s.teams.forEach(function (team) {
          box.appendChild(statCard("Win rate of team " + team.team + " (" + team.names.join(" & ") + ")",
            pct(team.win_rate.rate), rateInterval(team.win_rate) + " · " + team.wins + " of " + s.games + " games"));
        });
      } else if (mode === "goldfish") {
        box.appendChild(statCard("Win rate against a passive opponent", pct(first.win_rate.rate),
          rateInterval(first.win_rate) + " · " + first.wins + " of " + s.games + " games"));
        var ttw = meanInterval(first.turns_to_win_mean, "turns");
        box.appendChild(statCard("Turns to win (mean)", ttw[0], ttw[1] + (first.turns_to_win && first.turns_to_win.count ?
          " · median " + first.turns_to_win.median + " · " + first.turns_to_win.count + " wins" : "")));
      } else if (s.sides.length === 2) {
        s.sides.forEach(function (side) {
          box.appendChild(statCard("Win rate of " + sideName(side), pct(side.win_rate.rate),
            rateInterval(side.win_rate) + " · " + side.wins + " of " + s.games + " games"));
        });
      } else {
        var best = s.sides.slice().sort(function (a, b) { return a.mean_placement - b.mean_placement; })[0];
        box.appendChild(statCard("Best mean placement: " + sideName(best), fixed(best.mean_placement, 2),
          "of " + s.sides.length + " seats · " + pct(best.win_rate.rate) + " wins"));
        var top = s.sides.slice().sort(function (a, b) { return (b.mean_return.mean || 0) - (a.mean_return.mean || 0); })[0];
        var ret = meanInterval(top.mean_return, "");
        box.appendChild(statCard("Best mean return: " + sideName(top), ret[0], ret[1]));
      }
      var length = meanInterval(s.turns_mean, "turns");
      box.appendChild(statCard("Game length (mean)", length[0], length[1] + (s.turns && s.turns.median !== null ?
        " · median " + s.turns.median : "") + (s.draws ? " · " + s.draws + " draw" + (s.draws === 1 ? "" : "s") : "")));
    }

    function drawCharts(mode, s, p) {
      var box = document.getElementById("charts");
      box.innerHTML = "";
      if (!s || !s.games) return;
      var series = (p && p.series) || [];
      if (s.sides.length > 2) {
        box.appendChild(window.DeckCharts.band({ id: "win-rate", title: "Win rate of every " + noun.toLowerCase() + " so far (95% bands)",
          reference: 1 / s.sides.length, maxGames: doc.games_requested,
          series: s.sides.map(function (side, i) {
            return { name: sideName(side), points: series.map(function (pt) {
              var mine = (pt.sides || [])[i] || {};
              return { games: pt.games, rate: mine.rate, low: mine.low, high: mine.high };
            }) };
          }) }));
      } else if (mode !== "goldfish") {  // against a passive opponent the win rate is (nearly) 100% by construction
        box.appendChild(window.DeckCharts.band({ id: "win-rate", title: "Win rate of " + sideName(s.sides[0]) + " so far (95% band)",
                                          points: series, reference: 0.5, maxGames: doc.games_requested }));
      }
      if (mode === "goldfish") {  // the one figure a goldfish run is for; game length would repeat it
        box.appendChild(histogram("turns-to-win", "Turns to win", s.sides[0].turns_to_win, "wins", "No wins yet."));
        appendEndReasons(box, s);
        return;
      }
      var places = [];
      s.sides.forEach(function (side) { (side.placements || []).forEach(function (pl) { if (places.indexOf(pl[0]) < 0) places.push(pl[0]); }); });
      places.sort(function (a, b) { return a - b; });
      var decks = shownSides(mode, s);
      box.appendChild(window.DeckCharts.figure({ id: "placements", title: "Placements (games per place)", kind: "bar",
        labels: places.map(ordinal),
        series: decks.map(function (side) {
          var counts = {};
          (side.placements || []).forEach(function (pl) { counts[pl[0]] = pl[1]; });
          return { name: sideName(side), values: places.map(function (pl) { return counts[pl] || 0; }) };
        }) }));
      box.appendChild(histogram("length", "Game length (turns)", s.turns, "games"));
      appendEndReasons(box, s);
    }

    function appendEndReasons(box, s) {
      var reasons = s.end_reasons || {};
      var labels = s.end_reason_labels || {};
      var keys = Object.keys(reasons);
      box.appendChild(window.DeckCharts.figure({ id: "end-reasons", title: "How games ended", kind: "pie",
        labels: keys.map(function (k) { return labels[k] || k.replace(/_/g, " "); }),
        series: [{ name: "games", values: keys.map(function (k) { return reasons[k]; }) }] }));
    }

    function counterLabel(s, name) { return (s.counter_labels || {})[name] || name.replace(/_/g, " "); }

    /* Counters that are parts of one whole (StatCounter.group: the VP by source), as a stacked bar
       per seat of their means (s.counter_groups: group -> counter names), drawn by window.DeckCharts. */
    function drawGroups(mode, s) {
      var box = document.getElementById("counter-groups");
      if (!box) return;
      box.innerHTML = "";
      var groups = (s && s.games && s.counter_groups) || {};
      var sides = s && s.games ? shownSides(mode, s) : [];
      Object.keys(groups).forEach(function (group) {
        var names = groups[group].filter(function (name) { return sides.some(function (side) { return side.counters && side.counters[name]; }); });
        if (!names.length) return;
        var figure = window.DeckCharts.figure({ id: "counter-group-" + group, kind: "stacked",
          title: "Where the " + group.replace(/_/g, " ").toUpperCase() + " came from (mean per game, per " + noun.toLowerCase() + ")",
          labels: sides.map(sideName),
          series: names.map(function (name) {
            return { name: counterLabel(s, name), values: sides.map(function (side) {
              var c = (side.counters || {})[name];
              return c && c.mean !== null && c.mean !== undefined ? Math.round(c.mean * 100) / 100 : 0;
            }) };
          }) });
        figure.setAttribute("data-counter-group", group);
        /* the legend names the parts only: its sum over the seats' means would read as a figure */
        figure.querySelectorAll(".chart-legend li").forEach(function (li) {
          var text = li.lastChild;
          if (text && text.nodeType === 3) text.textContent = text.textContent.replace(/ -?[0-9.]+$/, "");
        });
        box.appendChild(figure);
      });
    }

    /* What each counter counts, in the game's words (EngineSpec.counters' descriptions). */
    function legend(s, names) {
      var described = s.counter_descriptions || {};
      var list = node("dl", "counter-legend");
      names.filter(function (name, i) { return names.indexOf(name) === i && described[name]; }).forEach(function (name) {
        list.appendChild(node("dt", "", counterLabel(s, name)));
        list.appendChild(node("dd", "", described[name]));
      });
      return list;
    }

    /* The per-card counters the figures hold (cards drawn, played...), in the order they appear. */
    function cardCounters(sides) {
      var names = [];
      sides.forEach(function (side) {
        Object.keys(side.cards || {}).forEach(function (card) {
          Object.keys(side.cards[card]).forEach(function (name) { if (names.indexOf(name) < 0) names.push(name); });
        });
      });
      return names.sort();
    }

    /* Rows of the card table: one per card and deck, with columns per per-card counter. */
    function cardRows(sides, counters) {
      var rows = [];
      sides.forEach(function (side) {
        Object.keys(side.cards || {}).forEach(function (card) {
          var row = { card: card, deck: sideName(side) };
          counters.forEach(function (name) {
            var c = side.cards[card][name] || {};
            row[name + ":count"] = c.count || 0;
            row[name + ":per_game"] = c.per_game === undefined ? null : c.per_game;
            row[name + ":win_rate"] = c.win_rate === undefined ? null : c.win_rate;
            row[name + ":games"] = c.games || 0;
            row[name + ":per_unit"] = c.per_unit === undefined ? null : c.per_unit;
          });
          rows.push(row);
        });
      });
      return rows;
    }

    function drawCards(mode, s) {
      var per = (s && s.counter_per) || {};  /* StatCounter.per: an amount per copy (the mean price paid) */
      var box = document.getElementById("card-table");
      var section = document.getElementById("cards-box");
      var sides = s && s.games ? shownSides(mode, s) : [];
      var counters = cardCounters(sides);
      var rows = cardRows(sides, counters);
      box.innerHTML = "";
      if (section) section.hidden = !!(s && s.games) && !rows.length;
      if (!rows.length) {
        box.appendChild(node("p", "muted", "No games yet."));
        return;
      }
      var columns = [{ key: "card", label: "Card", type: "text" }];
      if (sides.length > 1) columns.push({ key: "deck", label: "Deck", type: "text" });
      counters.forEach(function (name) {
        var label = counterLabel(s, name);
        columns.push({ key: name + ":count", label: label, type: "num" });
        columns.push({ key: name + ":per_game", label: label + " / game", type: "num", format: function (v) { return fixed(v, 2); } });
        if (per[name]) columns.push({ key: name + ":per_unit", label: label + " per copy", type: "num", format: function (v) { return fixed(v, 2); } });
        if (mode !== "goldfish") {  // against a passive opponent a win rate says nothing about the card
          columns.push({ key: name + ":win_rate", label: "Win % · " + label.toLowerCase(), type: "num", format: pct, games: name + ":games" });
        }
      });
      if (!cardSort.key || !columns.some(function (c) { return c.key === cardSort.key; })) {
        cardSort = { key: counters[counters.length - 1] + ":count", dir: -1 };
      }
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
          drawCards(mode, s);
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
      box.appendChild(legend(s, counters));
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
      var message = document.getElementById("results-message");
      if (message) {
        message.hidden = results.readable !== false;
        message.textContent = results.message || "";
      }
      if (results.readable === false) return;
      var mode = d.mode;
      var p = currentPairing(results);
      drawMatrix(results);
      drawHeadline(mode, p.summary);
      drawCharts(mode, p.summary, p);
      drawGroups(mode, p.summary);
      drawCards(mode, p.summary);
    }

    /* The standings and the counters are rendered by the server alone (simulate/run_tables.py):
       fetch the pairing's tables as a fragment and swap them in. A promise: the caller draws
       the rest once they are in, so the page never shows figures of two moments. */
    function fetchTables() {
      var url = new URL(tablesUrl, location.href);
      url.searchParams.set("pairing", String(pairing));
      return fetch(url.toString(), { credentials: "same-origin" })
        .then(function (r) {
          if (!r.ok) throw new Error("HTTP " + r.status);
          return r.text();
        })
        .then(function (text) {
          var fresh = new DOMParser().parseFromString(text, "text/html");
          ["standings", "counters"].forEach(function (id) {
            var old = document.getElementById(id), replacement = fresh.getElementById(id);
            if (old && replacement) old.replaceWith(document.importNode(replacement, true));
          });
          var section = document.getElementById("counters-box"), counters = document.getElementById("counters");
          if (section && counters) section.hidden = counters.hasAttribute("data-nothing-counted");
        });
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
          var games = (d.results && d.results.games_done) || 0;
          var ready = games === before || (d.results && d.results.readable === false) ? null : fetchTables();
          return Promise.resolve(ready).then(function () {
            failures = 0;
            if (apply(d, before)) setTimeout(poll, 1000);
          });
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
