/* The board of any game, drawn from an engine's ``view`` (JSON), knowing no game.

   Used by the replay viewer (replay.js) and the play page (play.js):
   - scalars at the top (turn, step, ...) become a row of facts, and so do objects of scalars
     and lists (an outcome); a top-level object holding objects or lists of objects (piles by
     name, a tournament's own view inside a whole game's) is drawn as a view of its own (its
     facts, its panels) in a section titled by its key, above the panels;
   - a list of objects that are not cards (e.g. "players") becomes one panel each;
   - inside a panel, a card (an object with a "name") is a chip, a list is a zone of chips,
     null is an empty slot, an object without a name is a hidden card (a back), a list of
     strings is a zone of named cards, "x_count" without a list "x" is a face-down pile of
     that many cards, and an object keyed by seat numbers ("0", "1", ...) is one panel per seat;
   - an object with a "grid" (a list of rows, each a list of cells: null or a card) is a board
     of tiles (FellBound's battleground), drawn row by row with its "row_labels" and
     "column_labels"; a cell's "tile" names it (else row label + column label), its "seat" colours
     it, "facing" ("up", "down", "left", "right") draws an arrow and "slain" turns it over;
   - panels of seats are named by their decks, seats numbered from 1 for people ("Seat 1" is
     engine seat 0);
   - a view's "hints" (docs/view-format.md, "Presentation hints") say which keys are internal (never
     drawn), the labels of keys in the game's words, which keys hold seats (drawn by name; on a
     card, left out when it is the panel's own seat), the words for a key's values, which keys hold
     sentences (drawn as a titled list) and the outcome in a sentence.
   docs/view-format.md describes these conventions for a game's view.

   window.CardBoard.create({seat: "0" | "all", seatDecks: [names], cardImages: {name: {thumb,
   image, url}}}) gives {view(view) -> a DocumentFragment, node, plain, seatName}. Every card chip
   carries data-card-name (and data-card-id, from the card's uid or id), so a page can act on a
   click on a card. A chip whose card has a picture (the
   page's <script id="card-images"> JSON, from the {% card_image_map %} tag, when cardImages is
   not given) also carries data-card-image, data-card-image-full and data-card-url, and can be
   focused: card_preview.js shows the card on hover, focus or tap. */
(function () {
  "use strict";

  function create(options) {
    var seat = String(options.seat);
    var seatDecks = options.seatDecks || [];
    var images = options.cardImages || pageImages();
    var hints = { internal: {}, labels: {}, seatKeys: {}, valueLabels: {}, emptyHidden: {}, notes: {}, sentences: {}, outcome: null };
    var panelSeat = null;  // the seat whose panel is being drawn (its own seat is not said on its cards)
    var ALWAYS_INTERNAL = { id: 1, uid: 1, slot: 1, hints: 1 };
    // the envelope's keys a page says otherwise (its title, its result box): not drawn as facts in a
    // view with hints (the outcome is, once there is one: as its sentence)
    var ENVELOPE_QUIET = { game: 1, over: 1, outcome: 1 };

    /* The view's presentation hints, read once per drawn view (a view inside it keeps them). */
    function readHints(view) {
      var given = isObject(view.hints) ? view.hints : null;
      if (!given) return;
      var set = function (list) { var o = {}; (list || []).forEach(function (k) { o[k] = 1; }); return o; };
      hints = { internal: set(given.internal), labels: given.labels || {}, seatKeys: set(given.seat_keys),
                valueLabels: given.value_labels || {}, emptyHidden: set(given.empty_hidden),
                notes: set(given.notes), sentences: isObject(given.sentences) ? given.sentences : {},
                outcome: given.outcome || null };
    }

    /* Nothing to show: null, false, 0, "", or a list or object holding only such. */
    function isEmpty(v) {
      if (v === null || v === undefined || v === false || v === 0 || v === "") return true;
      if (Array.isArray(v)) return v.every(isEmpty);
      if (isObject(v)) return Object.keys(v).every(function (k) { return isEmpty(v[k]); });
      return false;
    }

    function isInternal(key) { return ALWAYS_INTERNAL[key] === 1 || hints.internal[key] === 1; }
    /* A key not drawn: internal, or one of the keys drawn only while they hold something. */
    function isQuiet(key, v) { return isInternal(key) || (hints.emptyHidden[key] === 1 && isEmpty(v)); }
    function isSeatKey(key) { return key === "to_act" || key === "winners" || hints.seatKeys[key] === 1; }

    /* A seat for people: its deck's name, else "Seat n" numbered from 1. */
    function seatName(i) {
      var deck = seatDecks[Number(i)];
      return deck || "Seat " + (Number(i) + 1);
    }

    /* An engine sentence's "seat N" (numbered from 0) named for people. */
    function nameSeats(text) {
      return String(text).replace(/\b([Ss])eat (\d+)\b/g, function (all, s, n) {
        return seatDecks[Number(n)] || s + "eat " + (Number(n) + 1);
      });
    }

    /* Numbers under a seat key, drawn as seats ("Seat 1 · Ashen Rift"). */
    function seatsText(v) {
      if (typeof v === "number") return seatName(v);
      if (Array.isArray(v)) return v.map(seatsText).join(", ") || "—";
      if (isObject(v)) return Object.keys(v).map(function (k) { return humanize(k) + ": " + seatsText(v[k]); }).join("; ");
      return scalarText(v);
    }

    function valueText(key, v) {
      var words = hints.valueLabels[key];
      if (words && (typeof v === "number" || (typeof v === "string" && !Array.isArray(words))) &&
          Object.prototype.hasOwnProperty.call(words, v)) return words[v];
      if (isSeatKey(key)) return seatsText(v);
      return isScalar(v) ? scalarText(v) : plain(v);
    }

    function node(tag, cls, text) {
      var el = document.createElement(tag);
      if (cls) el.className = cls;
      if (text !== undefined && text !== null) el.textContent = text;
      return el;
    }

    function humanize(key) {
      var label = hints.labels[key];
      var text = typeof label === "string" ? label : String(key).replace(/_/g, " ");
      return text.charAt(0).toUpperCase() + text.slice(1);
    }

    function singular(key) {
      var text = humanize(key);
      return /ies$/.test(text) ? text.slice(0, -3) + "y" : text.replace(/s$/, "");
    }

    /* "Seat 2 · Strong (this seat)" for engine seat 1: seats are numbered from 1 for people. */
    function seatTitle(i) {
      var deck = seatDecks[Number(i)], title = "Seat " + (Number(i) + 1);
      return title + (deck && deck !== title ? " · " + deck : "") + (seat !== "all" && String(i) === seat ? " (this seat)" : "");
    }

    function isSeatKeyed(v) {
      var keys = isObject(v) ? Object.keys(v) : [];
      return keys.length > 0 && keys.every(function (k) { return /^\d+$/.test(k) && Number(k) < Math.max(seatDecks.length, 1); });
    }

    /* A top-level object holding objects or lists of objects (piles by name, a tournament's own view):
       drawn as a view of its own, titled by its key. */
    function isNested(v) {
      return isObject(v) && !isCard(v) && Object.keys(v).some(function (k) {
        var x = v[k];
        return isObject(x) || (Array.isArray(x) && x.some(isObject));
      });
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
      return Object.keys(v).filter(function (k) { return !isQuiet(k, v[k]); })
        .map(function (k) { return labelled(k, v[k], ": "); }).join("; ") || "none";
    }

    /* "column: left column" said once: a value whose words already name its key ("left column")
       stands alone; any other is said after its key's label. */
    function labelled(key, v, joint) {
      var label = humanize(key), said = valueText(key, v);
      var named = new RegExp("\\b" + label.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "\\b");
      if (typeof said === "string" && named.test(said.toLowerCase())) return said;
      return (joint === " " ? label.toLowerCase() : label) + joint + said;
    }

    /* An object with nothing to draw (all its keys quiet, or none at all). */
    function isBlank(obj) { return Object.keys(obj).every(function (k) { return isQuiet(k, obj[k]); }); }

    var ARROWS = { up: "↑", down: "↓", left: "←", right: "→" };
    var PLACED = { tile: 1, seat: 1, facing: 1, slain: 1 };  // a grid cell's keys shown by its look

    /* One card: its name, its other small facts as tags, and cards attached to it beneath. */
    function cardChip(card, onTile) {
      var chip = node("div", "rp-card");
      chip.setAttribute("data-card-name", card.name);
      var cardId = card.uid !== undefined ? card.uid : card.id;
      if (cardId !== undefined && cardId !== null) chip.setAttribute("data-card-id", String(cardId));
      var picture = Object.prototype.hasOwnProperty.call(images, card.name) ? images[card.name] : null;
      if (picture && picture.thumb) {
        chip.setAttribute("data-card-image", picture.thumb);
        if (picture.image) chip.setAttribute("data-card-image-full", picture.image);
        if (picture.url) chip.setAttribute("data-card-url", picture.url);
        chip.tabIndex = 0;
        chip.className += " rp-has-image";
      }
      if (onTile) {
        if (card.seat !== undefined && card.seat !== null) {
          chip.className += " rp-seat-" + (Number(card.seat) % 6);
          chip.title = seatTitle(card.seat);
        }
        if (card.slain) chip.className += " rp-slain";
        if (ARROWS[card.facing]) chip.appendChild(node("span", "rp-facing", ARROWS[card.facing])).title = "facing " + card.facing;
      }
      chip.appendChild(node("span", "rp-card-name", card.name));
      if (onTile && card.slain) chip.appendChild(node("span", "rp-tag rp-flag", "slain"));
      Object.keys(card).forEach(function (key) {
        var v = card[key];
        if (key === "name" || isQuiet(key, v) || (onTile && PLACED[key])) return;
        if (isSeatKey(key) && typeof v === "number") {
          if (v !== panelSeat) chip.appendChild(node("span", "rp-tag", humanize(key).toLowerCase() + " " + seatName(v)));
          return;
        }
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
        } else {
          chip.appendChild(node("span", "rp-tag", labelled(key, v, " ")));
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

    function isGrid(v) { return isObject(v) && Array.isArray(v.grid) && v.grid.every(Array.isArray); }

    /* A board of tiles: column labels above, a row label before each row, one tile per cell
       (data-tile names it, so a page can act on a click on a tile, empty or not). */
    function grid(title, obj) {
      var box = node("section", "rp-zone rp-grid-zone");
      box.appendChild(node("h4", "rp-zone-title", title));
      var rows = obj.grid, rowLabels = obj.row_labels || [], colLabels = obj.column_labels || [];
      var width = rows.reduce(function (most, row) { return Math.max(most, row.length); }, 0);
      var table = node("div", "rp-grid");
      table.style.gridTemplateColumns = "auto repeat(" + width + ", minmax(5.5rem, 1fr))";
      table.setAttribute("role", "table");
      table.setAttribute("aria-label", title);
      table.appendChild(node("span", "rp-grid-label", ""));
      for (var c = 0; c < width; c++) table.appendChild(node("span", "rp-grid-label", colLabels[c] || String(c + 1)));
      rows.forEach(function (row, r) {
        table.appendChild(node("span", "rp-grid-label", rowLabels[r] || String(r + 1)));
        for (var c = 0; c < width; c++) {
          var cell = row[c] === undefined ? null : row[c];
          var name = (cell && cell.tile) || String(rowLabels[r] || r + 1) + String(colLabels[c] || c + 1);
          var tile = node("div", "rp-tile" + (cell ? "" : " rp-tile-empty"));
          tile.setAttribute("data-tile", name);
          tile.setAttribute("role", "cell");
          tile.appendChild(node("span", "rp-tile-name", name));
          if (isCard(cell)) tile.appendChild(cardChip(cell, true));
          else if (cell) tile.appendChild(hiddenCard(cell));
          table.appendChild(tile);
        }
      });
      box.appendChild(table);
      var facts = node("dl", "rp-facts");
      Object.keys(obj).forEach(function (key) {
        if (["grid", "row_labels", "column_labels"].indexOf(key) < 0) facts.appendChild(fact(key, obj[key]));
      });
      if (facts.children.length) box.appendChild(facts);
      return box;
    }

    /* One "name: value" pair of a <dl>, kept together when the row wraps. */
    function fact(key, value) {
      var pair = node("div", "rp-fact");
      pair.appendChild(node("dt", "", humanize(key)));
      var sentence = key === "outcome" ? hints.outcome : hints.sentences[key];
      pair.appendChild(node("dd", "", typeof sentence === "string" && sentence ? nameSeats(sentence) : valueText(key, value)));
      return pair;
    }

    /* A list of sentences (a hint's "notes": set-up notes): a titled list, one line each. */
    function notesPanel(title, lines) {
      var box = node("section", "rp-panel rp-notes");
      box.appendChild(node("h3", "rp-panel-title", title));
      var list = node("ul", "rp-note-lines");
      lines.forEach(function (line) { list.appendChild(node("li", "", nameSeats(scalarText(line)))); });
      box.appendChild(list);
      return box;
    }

    /* One object (a player's side): zones, piles and facts, in the view's own key order. */
    function panel(title, obj, mine) {
      var box = node("section", "rp-panel" + (mine ? " rp-mine" : ""));
      box.appendChild(node("h3", "rp-panel-title", title));
      var facts = node("dl", "rp-facts");
      var zones = node("div", "rp-zones");
      Object.keys(obj).forEach(function (key) {
        var v = obj[key];
        if (isQuiet(key, v)) return;
        var counted = /_count$/.test(key) ? key.replace(/_count$/, "") : null;
        if (counted !== null && typeof v === "number") {
          if (Array.isArray(obj[counted])) return;  // the list itself is shown; its count is in its title
          zones.appendChild(pile(humanize(counted), v));
        } else if (Array.isArray(v) && v.every(function (x) { return x === null || isObject(x) || typeof x === "string"; })) {
          zones.appendChild(zone(humanize(key), v));
        } else if (isCard(v)) {
          zones.appendChild(zone(humanize(key), [v]));
        } else if (isGrid(v)) {
          zones.appendChild(grid(humanize(key), v));
        } else if (isObject(v) && !isBlank(v)) {
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
      var boards = node("div", "rp-boards");
      var shared = node("div", "rp-subviews");
      var others = node("div", "rp-panels rp-other-panels");
      readHints(view);
      var hasHints = isObject(view.hints), ownHints = hints;
      Object.keys(view).forEach(function (key) {
        var v = view[key];
        if (isQuiet(key, v) || (hasHints && ENVELOPE_QUIET[key] && !(key === "outcome" && v))) return;
        if (hints.notes[key] === 1 && Array.isArray(v)) {
          if (v.length) shared.appendChild(notesPanel(humanize(key), v));
        } else if (typeof hints.sentences[key] === "string") {  // a decision said in a sentence, not as its parts
          facts.appendChild(fact(key, v));
        } else if (isGrid(v)) {
          boards.appendChild(grid(humanize(key), v));
        } else if (Array.isArray(v) && v.length && v.every(function (x) { return isObject(x) && !isCard(x); })) {
          v.forEach(function (item, i) {
            var mine = key === "players" && seat !== "all" && String(i) === seat;
            // the seats' panels first; any other list's (trade offers) after them, in a row of their own
            panelSeat = key === "players" ? i : null;
            (key === "players" ? panels : others).appendChild(panel(key === "players" ? seatTitle(i) : singular(key) + " " + (i + 1), item, mine));
            panelSeat = null;
          });
        } else if (isSeatKeyed(v)) {
          Object.keys(v).forEach(function (i) {
            var item = v[i], mine = seat !== "all" && String(i) === seat;
            var title = humanize(key) + " · " + seatTitle(i);
            panelSeat = Number(i);
            panels.appendChild(isObject(item) ? panel(title, item, mine) : panel(title, (function () {
              var o = {}; o[key] = item; return o;
            })(), mine));
            panelSeat = null;
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
        } else if (isNested(v)) {
          var section = node("section", "rp-panel rp-subview");  // a view inside the view: a board of its own
          section.appendChild(node("h3", "rp-panel-title", humanize(key)));
          section.appendChild(renderView(v));
          hints = ownHints;  // a view inside this one with hints of its own keeps them to itself
          shared.appendChild(section);
        } else {
          facts.appendChild(fact(key, v));
        }
      });
      out.appendChild(facts);
      if (boards.children.length) out.appendChild(boards);
      if (shared.children.length) out.appendChild(shared);
      out.appendChild(panels);
      if (others.children.length) out.appendChild(others);
      extra.forEach(function (e) { out.appendChild(e); });
      return out;
    }

    return { view: renderView, node: node, plain: plain, seatName: seatName, nameSeats: nameSeats };
  }

  /* The page's card pictures by name ({} when it has none). */
  function pageImages() {
    var script = document.getElementById("card-images");
    if (!script) return {};
    try {
      var map = JSON.parse(script.textContent || "{}");
      return map && typeof map === "object" && !Array.isArray(map) ? map : {};
    } catch (e) {
      return {};
    }
  }

  window.CardBoard = { create: create };
})();
