/* The replay viewer: steps through a re-simulated game, move by move and turn by turn.

   The page embeds the frames as JSON (<script id="replay-frames" type="application/json">,
   rules.core.replay.replay_frames, replay format version 2): [{number, turn, step, moves:
   [{player, action, sentence}], events, view, over}], one per decision point -- a simultaneous
   move (a secret bid) has one entry per seat -- where `sentence` is the move in the game's words
   and `view` is what the chosen seat may see (or everything); and the deck in each seat
   (<script id="replay-seats">). The view is drawn generically, knowing no game:
   - scalars at the top (turn, step, ...) become a row of facts;
   - a list of objects that are not cards (e.g. "players") becomes one panel each;
   - inside a panel, a card (an object with a "name") is a chip, a list is a zone of chips,
     null is an empty slot, an object without a name is a hidden card (a back), a list of
     strings is a zone of named cards, "x_count" without a list "x" is a face-down pile of
     that many cards, and an object keyed by seat numbers ("0", "1", ...) is one panel per seat;
   - panels of seats are named by their decks.
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

  function node(tag, cls, text) {
    var el = document.createElement(tag);
    if (cls) el.className = cls;
    if (text !== undefined && text !== null) el.textContent = text;
    return el;
  }

  function humanize(key) {
    var text = String(key).replace(/_/g, " ");
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  function singular(key) {
    var text = humanize(key);
    return /ies$/.test(text) ? text.slice(0, -3) + "y" : text.replace(/s$/, "");
  }

  /* "Seat 2 · Strong (this seat)" for a seat number. */
  function seatTitle(i) {
    var deck = seatDecks[Number(i)];
    return "Seat " + i + (deck ? " · " + deck : "") + (seat !== "all" && String(i) === seat ? " (this seat)" : "");
  }

  function isSeatKeyed(v) {
    var keys = isObject(v) ? Object.keys(v) : [];
    return keys.length > 0 && keys.every(function (k) { return /^\d+$/.test(k) && Number(k) < Math.max(seatDecks.length, 1); });
  }

  function isScalar(v) { return v === null || ["string", "number", "boolean"].indexOf(typeof v) >= 0; }
  function isCard(v) { return v && typeof v === "object" && !Array.isArray(v) && typeof v.name === "string"; }
  function isObject(v) { return v && typeof v === "object" && !Array.isArray(v); }

  function scalarText(v) {
    if (v === null || v === undefined) return "—";
    if (v === true) return "yes";
    if (v === false) return "no";
    return String(v);
  }

  /* Short text for any value (used for facts such as die rolls or an outcome). */
  function plain(v) {
    if (isScalar(v)) return scalarText(v);
    if (Array.isArray(v)) return v.map(plain).join(", ") || "—";
    return Object.keys(v).map(function (k) { return humanize(k) + ": " + plain(v[k]); }).join("; ");
  }

  /* One card: its name, its other small facts as tags, and cards attached to it beneath. */
  function cardChip(card) {
    var chip = node("div", "rp-card");
    chip.appendChild(node("span", "rp-card-name", card.name));
    Object.keys(card).forEach(function (key) {
      var v = card[key];
      if (key === "name" || key === "id" || key === "slot") return;
      if (Array.isArray(v)) {
        if (!v.length) return;
        var attached = node("div", "rp-attached");
        attached.appendChild(node("span", "rp-attached-label", humanize(key)));
        v.forEach(function (item) { attached.appendChild(item === null ? emptySlot() : isCard(item) ? cardChip(item) : hiddenCard(item)); });
        chip.appendChild(attached);
      } else if (v === true) {
        chip.appendChild(node("span", "rp-tag rp-flag", humanize(key).toLowerCase()));
      } else if (v === false || v === null || v === undefined) {
        return;
      } else if (isScalar(v)) {
        chip.appendChild(node("span", "rp-tag", key + " " + v));
      } else {
        chip.appendChild(node("span", "rp-tag", key + " " + plain(v)));
      }
    });
    return chip;
  }

  function hiddenCard(item) {
    var back = node("div", "rp-card rp-back", "hidden");
    back.title = isObject(item) ? plain(item) : "a hidden card";
    return back;
  }

  function emptySlot() { return node("div", "rp-card rp-empty", "empty"); }

  function zone(title, items) {
    var box = node("section", "rp-zone");
    var head = node("h4", "rp-zone-title", title);
    head.appendChild(node("span", "rp-count", String(items.length)));
    box.appendChild(head);
    var cards = node("div", "rp-cards");
    if (!items.length) cards.appendChild(node("span", "rp-none muted", "none"));
    items.forEach(function (item) {
      if (item === null) cards.appendChild(emptySlot());
      else if (isCard(item)) cards.appendChild(cardChip(item));
      else if (typeof item === "string") cards.appendChild(cardChip({ name: item }));
      else if (isScalar(item)) cards.appendChild(node("span", "rp-tag", scalarText(item)));
      else cards.appendChild(hiddenCard(item));
    });
    box.appendChild(cards);
    return box;
  }

  function pile(title, count) {
    var box = node("section", "rp-zone rp-pile-zone");
    var head = node("h4", "rp-zone-title", title);
    box.appendChild(head);
    var stack = node("div", "rp-pile" + (count ? "" : " rp-pile-empty"));
    stack.appendChild(node("span", "rp-pile-count", String(count)));
    stack.title = count + " card" + (count === 1 ? "" : "s") + " face down";
    box.appendChild(stack);
    return box;
  }

  /* One "name: value" pair of a <dl>, kept together when the row wraps. */
  function fact(key, value) {
    var pair = node("div", "rp-fact");
    pair.appendChild(node("dt", "", humanize(key)));
    pair.appendChild(node("dd", "", plain(value)));
    return pair;
  }

  /* One object (a player's side): zones, piles and facts, in the view's own key order. */
  function panel(title, obj, mine) {
    var box = node("section", "rp-panel" + (mine ? " rp-mine" : ""));
    box.appendChild(node("h3", "rp-panel-title", title));
    var facts = node("dl", "rp-facts");
    var zones = node("div", "rp-zones");
    Object.keys(obj).forEach(function (key) {
      var v = obj[key];
      var counted = /_count$/.test(key) ? key.replace(/_count$/, "") : null;
      if (counted !== null && typeof v === "number") {
        if (Array.isArray(obj[counted])) return;  // the list itself is shown; its count is in its title
        zones.appendChild(pile(humanize(counted), v));
      } else if (Array.isArray(v) && v.every(function (x) { return x === null || isObject(x) || typeof x === "string"; })) {
        zones.appendChild(zone(humanize(key), v));
      } else if (isCard(v)) {
        zones.appendChild(zone(humanize(key), [v]));
      } else if (isObject(v)) {
        zones.appendChild(panel(humanize(key), v, false));
      } else {
        facts.appendChild(fact(key, v));
      }
    });
    if (facts.children.length) box.appendChild(facts);
    box.appendChild(zones);
    return box;
  }

  function renderView(view) {
    var out = document.createDocumentFragment();
    if (!isObject(view)) {
      out.appendChild(node("pre", "rp-raw", JSON.stringify(view, null, 2)));
      return out;
    }
    var facts = node("dl", "rp-facts rp-top-facts");
    var panels = node("div", "rp-panels");
    var extra = [];
    Object.keys(view).forEach(function (key) {
      var v = view[key];
      if (Array.isArray(v) && v.length && v.every(function (x) { return isObject(x) && !isCard(x); })) {
        v.forEach(function (item, i) {
          var mine = key === "players" && seat !== "all" && String(i) === seat;
          panels.appendChild(panel(key === "players" ? seatTitle(i) : singular(key) + " " + i, item, mine));
        });
      } else if (isSeatKeyed(v)) {
        Object.keys(v).forEach(function (i) {
          var item = v[i], mine = seat !== "all" && String(i) === seat;
          var title = humanize(key) + " · " + seatTitle(i);
          panels.appendChild(isObject(item) ? panel(title, item, mine) : panel(title, (function () {
            var o = {}; o[key] = item; return o;
          })(), mine));
        });
      } else if (key === "legal_actions" && Array.isArray(v)) {
        var details = node("details", "rp-legal");
        details.appendChild(node("summary", "", "Legal actions (" + v.length + ")"));
        var ul = node("ul");
        v.forEach(function (a) { ul.appendChild(node("li", "", plain(a))); });
        details.appendChild(ul);
        extra.push(details);
      } else if ((Array.isArray(v) && v.some(isObject)) || isCard(v)) {
        extra.push(zone(humanize(key), Array.isArray(v) ? v : [v]));
      } else {
        facts.appendChild(fact(key, v));
      }
    });
    out.appendChild(facts);
    out.appendChild(panels);
    extra.forEach(function (e) { out.appendChild(e); });
    return out;
  }

  /* -- stepping ------------------------------------------------------------------------------ */
  function turnStart(i) {
    var t = frames[i].turn;
    while (i > 0 && frames[i - 1].turn === t) i--;
    return i;
  }

  function nextTurn() {
    var t = frames[index].turn;
    for (var i = index + 1; i < frames.length; i++) if (frames[i].turn !== t) return i;
    return frames.length - 1;
  }

  function previousTurn() {
    var start = turnStart(index);
    return start < index ? start : (start > 0 ? turnStart(start - 1) : 0);
  }

  /* The frame's moves in the game's words (one line per seat of a simultaneous move), and what
     they caused. */
  function eventText(event) {
    var who = event.player === null || event.player === undefined ? "game" : "Seat " + event.player;
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
        li.title = "Seat " + move.player + (seatDecks[move.player] ? " (" + seatDecks[move.player] + ")" : "") + ": " + move.action;
        list.appendChild(li);
      });
      describe.appendChild(list);
    }
    var events = (frame.events || []).filter(function (e) { return moves.length === 0 || !moves.some(function (m) {
      return m.player === e.player && m.action === e.action && !Object.keys(e.changes || {}).length; }); });
    if (events.length) {
      describe.appendChild(node("p", "replay-events", events.map(eventText).join(" · ")));
    }
    describe.setAttribute("data-players", moves.map(function (m) { return m.player; }).join(" "));
  }

  function go(i) {
    if (!frames.length) return;
    index = Math.max(0, Math.min(frames.length - 1, i));
    var frame = frames[index];
    board.innerHTML = "";
    board.appendChild(renderView(frame.view));
    position.textContent = "Step " + (index + 1) + " of " + frames.length + " · turn " + frame.turn +
      (frame.step ? " · " + frame.step : "");
    describeFrame(frame);
    slider.value = String(index);
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
