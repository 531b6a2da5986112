/* The replay viewer: steps through a re-simulated game, move by move and turn by turn.

   The page embeds the frames as JSON (<script id="replay-frames" type="application/json">,
   rules.core.replay.replay_frames, replay format version 2): [{number, turn, step, moves:
   [{player, action, sentence}], events, view, over}], one per decision point -- a simultaneous
   move (a secret bid) has one entry per seat -- where `sentence` is the move in the game's words
   and `view` is what the chosen seat may see (or everything); and the deck in each seat
   (<script id="replay-seats">). The view is drawn by board.js, knowing no game.
   Paged (issue 27.6): "replay-frames" holds every frame's outline only (turn, step: enough to step
   by turns), "replay-page" the first frames whole; any other frame's page (rules.core.replay.
   FRAMES_PER_PAGE frames, with its cards' pictures) is fetched from the root's data-frames-url
   (?first=N) when the viewer reaches it, and the next page is fetched ahead.
   Keys: ←/→ one move, Shift+←/→ one turn, Home/End first/last. The step is kept in the
   address (#step=N) so switching seats keeps the place. */
(function () {
  "use strict";

  var root = document.getElementById("replay");
  var data = document.getElementById("replay-frames");
  if (!root || !data) return;
  var frames = JSON.parse(data.textContent || "[]");
  var seat = root.getAttribute("data-seat");  // "0", "1", ... or "all"
  var seatsNode = document.getElementById("replay-seats");
  var seatDecks = seatsNode ? JSON.parse(seatsNode.textContent || "[]") : [];
  var board = document.getElementById("replay-board");
  var position = document.getElementById("replay-position");
  var describe = document.getElementById("replay-description");
  var slider = document.getElementById("replay-slider");
  var log = document.getElementById("replay-log");
  var index = 0;
  var images = pageImages();
  var loaded = {};  // frame index -> the whole frame, once its page is here
  var asked = {};   // page start -> a promise of that page
  var pageNode = document.getElementById("replay-page");
  var firstPage = pageNode ? JSON.parse(pageNode.textContent || "null") : null;
  var PAGE = firstPage && firstPage.frames.length ? Math.max(firstPage.frames.length, 1) : 25;
  if (firstPage) keep(firstPage); else frames.forEach(function (f, i) { loaded[i] = f; });

  var render = window.CardBoard.create({ seat: seat, seatDecks: seatDecks, cardImages: images });
  var node = render.node, plain = render.plain;

  function pageImages() {
    var script = document.getElementById("card-images");
    try { return script ? JSON.parse(script.textContent || "{}") || {} : {}; } catch (e) { return {}; }
  }

  /* -- pages of frames ------------------------------------------------------------------------ */
  function keep(page) {
    (page.frames || []).forEach(function (frame, i) { loaded[page.first + i] = frame; });
    Object.keys(page.card_images || {}).forEach(function (name) { images[name] = page.card_images[name]; });
  }

  /* The page holding frame ``i`` (fetched once; a page still being prepared is asked again). */
  function fetchPage(i) {
    var first = Math.floor(i / PAGE) * PAGE;
    if (loaded[i]) return Promise.resolve();
    if (!asked[first]) {
      var url = root.getAttribute("data-frames-url");
      if (!url) return Promise.reject(new Error("no pages"));
      asked[first] = fetch(url + (url.indexOf("?") >= 0 ? "&" : "?") + "first=" + first, {
        credentials: "same-origin", headers: { Accept: "application/json" },
      }).then(function (r) {
        if (r.status !== 200) throw new Error("status " + r.status);
        return r.json();
      }).then(keep).catch(function (e) { delete asked[first]; throw e; });
    }
    return asked[first];
  }

  /* -- stepping ------------------------------------------------------------------------------ */
  /* The turn frame ``i``'s move was made in (the turns the log groups by and the position names; a
     move that ends a turn belongs to it). */
  function turnOf(i) {
    return frames[i].move_turn !== undefined ? frames[i].move_turn : frames[i].turn;
  }

  function turnStart(i) {
    var t = turnOf(i);
    while (i > 0 && turnOf(i - 1) === t) i--;
    return i;
  }

  function nextTurn() {
    var t = turnOf(index);
    for (var i = index + 1; i < frames.length; i++) if (turnOf(i) !== t) return i;
    return frames.length - 1;
  }

  function previousTurn() {
    var start = turnStart(index);
    return start < index ? start : (start > 0 ? turnStart(start - 1) : 0);
  }

  /* The frame's moves in the game's words (one line per seat of a simultaneous move), and what
     they caused. */
  function eventText(event) {
    if (typeof event.sentence === "string") return event.sentence;
    var who = event.player === null || event.player === undefined ? "game" : render.seatName(event.player);
    var changes = Object.keys(event.changes || {}).map(function (k) { return k + " " + plain(event.changes[k]); }).join(", ");
    return who + ": " + String(event.action).replace(/_/g, " ") + (changes ? " (" + changes + ")" : "");
  }

  function describeFrame(frame) {
    describe.innerHTML = "";
    var moves = frame.moves || [];
    if (!moves.length) {
      describe.appendChild(node("p", "", "Start of the game"));
    } else {
      var list = node("ul", "replay-moves");
      moves.forEach(function (move) {
        var li = node("li", "", move.sentence || move.action);
        li.setAttribute("data-player", String(move.player));
        if (move.action) {  // a seat's replay of a game in progress leaves out the other seats' action texts
          li.title = "Seat " + (move.player + 1) + (seatDecks[move.player] ? " (" + seatDecks[move.player] + ")" : "") + ": " + move.action;
        }
        list.appendChild(li);
      });
      describe.appendChild(list);
    }
    // an event the game words reads as its sentence; one its move already says ("") is not repeated
    var events = (frame.events || []).filter(function (e) { return e.sentence !== "" && (moves.length === 0 || !moves.some(function (m) {
      return m.player === e.player && m.action === e.action && !Object.keys(e.changes || {}).length; })); });
    if (events.length) {
      describe.appendChild(node("p", "replay-events", events.map(eventText).join(" · ")));
    }
    describe.setAttribute("data-players", moves.map(function (m) { return m.player; }).join(" "));
  }

  function go(i) {
    if (!frames.length) return;
    index = Math.max(0, Math.min(frames.length - 1, i));
    var wanted = index;
    var frame = loaded[index] || frames[index];
    position.textContent = "Step " + (index + 1) + " of " + frames.length + " · turn " +
      (frame.move_turn !== undefined ? frame.move_turn : frame.turn) +
      (frame.step ? " · " + (frame.step_words || frame.step) : "");  // the step in the game's words
    slider.value = String(index);
    if (loaded[index]) {
      board.innerHTML = "";
      board.appendChild(render.view(frame.view));
      describeFrame(frame);
      root.removeAttribute("data-loading");
      if (index + 5 < frames.length && !loaded[index + 5]) fetchPage(index + 5).catch(function () {});  // ahead
    } else {
      root.setAttribute("data-loading", "true");
      describe.textContent = "Loading this part of the game…";
      fetchPage(index).then(function () { if (index === wanted) go(wanted); }).catch(function () {
        if (index === wanted) describe.textContent = "This part of the game could not be loaded: try again.";
      });
    }
    root.querySelectorAll("[data-go]").forEach(function (button) {
      var where = button.getAttribute("data-go");
      button.disabled = (where === "prev" || where === "prev-turn" || where === "first") ? index === 0 : index === frames.length - 1;
    });
    if (log) {
      var current = log.querySelector("[aria-current]");
      if (current) current.removeAttribute("aria-current");
      var item = log.querySelector('[data-step="' + index + '"]');
      if (item) {
        item.setAttribute("aria-current", "step");
        var box = log.getBoundingClientRect(), at = item.getBoundingClientRect();
        if (at.top < box.top || at.bottom > box.bottom) log.scrollTop += at.top - box.top - box.height / 2;
      }
    }
    if (history.replaceState) history.replaceState(null, "", "#step=" + (index + 1));
    document.querySelectorAll("a[data-keep-step]").forEach(function (a) {
      a.href = a.href.split("#")[0] + "#step=" + (index + 1);
    });
  }

  var moves = {
    first: function () { return 0; },
    prev: function () { return index - 1; },
    next: function () { return index + 1; },
    last: function () { return frames.length - 1; },
    "prev-turn": previousTurn,
    "next-turn": nextTurn,
  };

  root.querySelectorAll("[data-go]").forEach(function (button) {
    button.addEventListener("click", function () { go(moves[button.getAttribute("data-go")]()); });
  });
  slider.addEventListener("input", function () { go(Number(slider.value)); });
  if (log) {
    log.addEventListener("click", function (event) {
      var item = event.target.closest("[data-step]");
      if (!item) return;
      event.preventDefault();
      go(Number(item.getAttribute("data-step")));
    });
  }
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName) && target !== slider)) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var to = null;
    if (event.key === "ArrowRight") to = event.shiftKey ? nextTurn() : index + 1;
    else if (event.key === "ArrowLeft") to = event.shiftKey ? previousTurn() : index - 1;
    else if (event.key === "Home") to = 0;
    else if (event.key === "End") to = frames.length - 1;
    if (to === null) return;
    event.preventDefault();
    go(to);
  });

  slider.max = String(Math.max(0, frames.length - 1));
  var wanted = /#step=(\d+)/.exec(location.hash);
  root.classList.add("rp-live");
  go(wanted ? Number(wanted[1]) - 1 : 0);
})();
