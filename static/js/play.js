/* The play page (templates/play/game.html): draws the board from the seat's view (board.js),
   helps pick an action, and plays without reloading the page.

   Without JavaScript the actions are plain forms (one button each) and every move loads the page
   again. Here:
   - a click on a card of the board (or a tile of a grid board) keeps only the actions whose
     sentence names that card (or tile) (click it again, or "show every action", to see them all);
     the filter box keeps those containing its words;
   - a chosen action is sent with fetch (asking for JSON: play.selectors.move_answer); while the
     agent answers every action button is disabled, so a double click sends one move; the answer's
     moves by other seats are then shown one by one (plain passes only go into the log): the board
     as the seat saw it after each, the move's sentence above it and the cards it names outlined,
     at the speed chosen beside the log (instantly, fast or slowly; kept in localStorage; a click
     on the sentence shows the rest at once); then the board, the actions and the log are drawn
     again from the answer. If the request fails the form is posted the ordinary way;
   - the "Passing for you" form (full control, stops) is saved with fetch as well. */
(function () {
  "use strict";

  var root = document.getElementById("play");
  var data = document.getElementById("play-view");
  if (!root || !data) return;
  var seatsNode = document.getElementById("play-seats");
  var seatDecks = seatsNode ? JSON.parse(seatsNode.textContent || "[]") : [];
  var images = pageImages();
  var board = document.getElementById("play-board");
  var now = document.getElementById("play-now");
  var errorBox = document.getElementById("play-error");
  var actionsBody = document.getElementById("play-actions-body");
  var story = document.getElementById("play-story");
  var speed = document.getElementById("play-speed");
  var DELAYS = { instant: 0, fast: 700, slow: 1800 };  // ms a move of another seat stays on show
  var SPEED_KEY = "card-workshop.play.speed";
  var busy = false;
  var skip = false;

  var picked = null;  // a card name, or a tile's name ("a3") when the board is a grid
  var pickedTile = false;

  function pageImages() {
    var script = document.getElementById("card-images");
    try { return script ? JSON.parse(script.textContent || "{}") || {} : {}; } catch (e) { return {}; }
  }

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function drawBoard(view) {
    var render = window.CardBoard.create({ seat: root.getAttribute("data-seat"), seatDecks: seatDecks, cardImages: images });
    board.innerHTML = "";
    board.appendChild(render.view(view || {}));
    makeChipsPickable();
    apply();
  }

  function choiceItems() { return Array.prototype.slice.call(document.querySelectorAll("#play-choices li")); }

  // -- picking out actions -----------------------------------------------------------------------
  function names(sentence) {
    if (!picked) return true;
    if (!pickedTile) return sentence.indexOf(picked) >= 0;
    var escaped = picked.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new RegExp("(^|[^A-Za-z0-9])" + escaped + "([^A-Za-z0-9]|$)").test(sentence);
  }

  function apply() {
    var filter = document.getElementById("play-filter");
    var note = document.getElementById("play-filter-note");
    var words = filter ? filter.value.trim().toLowerCase() : "";
    var shown = 0;
    choiceItems().forEach(function (li) {
      var sentence = li.getAttribute("data-sentence") || "";
      var ok = names(sentence) && (!words || sentence.toLowerCase().indexOf(words) >= 0);
      li.hidden = !ok;
      if (ok) shown++;
    });
    if (note) {
      note.hidden = !picked;
      if (picked) document.getElementById("play-filter-card").textContent = picked + (shown ? "" : " (none: no action names it)");
    }
    board.querySelectorAll("[data-tile]").forEach(function (tile) {
      tile.classList.toggle("rp-picked", pickedTile && tile.getAttribute("data-tile") === picked);
    });
    board.querySelectorAll("[data-card-name]").forEach(function (chip) {
      chip.classList.toggle("rp-picked", !pickedTile && picked !== null && chip.getAttribute("data-card-name") === picked);
    });
  }

  function makeChipsPickable() {
    if (!choiceItems().length) return;
    board.querySelectorAll("[data-tile], [data-card-name]:not([data-tile] [data-card-name])").forEach(function (chip) {
      chip.setAttribute("role", "button");
      chip.setAttribute("tabindex", "0");
      chip.title = "Show the actions that name " + (chip.getAttribute("data-tile") || chip.getAttribute("data-card-name"));
    });
  }

  /* A click on a tile of a grid (a card on it, or an empty one) picks the tile: its name is how
     the sentences name it; elsewhere a card chip picks the card's name. */
  board.addEventListener("click", function (event) {
    var tile = event.target.closest("[data-tile]");
    var chip = event.target.closest("[data-card-name]");
    if ((!tile && !chip) || !choiceItems().length || busy) return;
    var name = tile ? tile.getAttribute("data-tile") : chip.getAttribute("data-card-name");
    pickedTile = !!tile;
    picked = picked === name ? null : name;
    apply();
  });
  board.addEventListener("keydown", function (event) {
    var chip = event.target.closest("[role=button]");
    if (chip && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); chip.click(); }
  });
  actionsBody.addEventListener("click", function (event) {
    if (event.target.id === "play-filter-clear") {
      picked = null;
      var filter = document.getElementById("play-filter");
      if (filter) filter.value = "";
      apply();
    }
  });
  actionsBody.addEventListener("input", function (event) { if (event.target.id === "play-filter") apply(); });

  // -- sending a move ----------------------------------------------------------------------------
  function csrfToken() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function showError(message) {
    errorBox.textContent = message || "";
    errorBox.hidden = !message;
  }

  function setBusy(on, button) {
    busy = on;
    document.querySelectorAll(".play-choice").forEach(function (b) { b.disabled = on; });
    if (on && button) button.textContent = button.textContent + " …";
  }

  actionsBody.addEventListener("submit", function (event) {
    var form = event.target.closest("#play-choices form");
    if (!form || !window.fetch || !window.FormData) return;  // the ordinary post
    event.preventDefault();
    if (busy) return;
    var button = form.querySelector("button");
    var body = new FormData(form);
    setBusy(true, button);
    showError("");
    fetch(root.getAttribute("data-move-url"), {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "Accept": "application/json", "X-Requested-With": "fetch" },
    }).then(function (response) {
      return response.json().then(function (answer) { return { ok: response.ok, answer: answer }; });
    }).then(function (result) {
      if (!result.ok) {
        setBusy(false);
        if (button) button.textContent = button.textContent.replace(/ …$/, "");
        showError(result.answer.error || "That move was not taken.");
        return;
      }
      return play(result.answer);
    }).catch(function () {
      form.submit();  // no usable answer: post the move the ordinary way (the page comes back)
    });
  });

  function wait(ms) {
    return new Promise(function (resolve) { setTimeout(resolve, ms); });
  }

  function delay() {
    if (skip) return 0;
    return DELAYS[speed.value] !== undefined ? DELAYS[speed.value] : DELAYS.fast;
  }

  /* Outline the cards of the board that ``sentence`` names. */
  function highlight(sentence) {
    board.querySelectorAll("[data-card-name]").forEach(function (chip) {
      var name = chip.getAttribute("data-card-name");
      chip.classList.toggle("play-named", !!name && sentence.indexOf(name) >= 0);
    });
  }

  function said(entry) {
    return (entry.mine ? "You" : entry.deck) + (entry.auto ? " (made for you)" : "") + ": " + entry.sentence;
  }

  /* The answer's moves one by one (another seat's stay on show for the chosen time), then the page
     drawn again from the answer. */
  function play(answer) {
    var steps = answer.steps || [];
    skip = false;
    var chain = Promise.resolve();
    steps.forEach(function (step) {
      chain = chain.then(function () {
        var others = (step.entries || []).filter(function (e) { return !e.mine && !e.passed; });
        addToStory(step.entries || []);
        if (!others.length || !delay()) return;
        drawBoard(step.view);
        var sentence = others.map(said).join(" · ");
        now.textContent = "Move " + step.number + " · turn " + step.turn + " · " + sentence;
        now.hidden = false;
        highlight(sentence);
        return wait(delay());
      });
    });
    return chain.then(function () { redraw(answer); });
  }

  function storyItem(entry) {
    var li = el("li", (entry.mine ? "mine" : "") + (entry.auto ? " auto" : "") + (entry.passed ? " passed" : ""));
    li.appendChild(el("span", "play-n", String(entry.number)));
    var text = el("span", "play-said");
    text.appendChild(el("span", "muted", "Turn " + entry.turn + " · " + (entry.mine ? "you" : entry.deck) +
                                          (entry.auto ? " (made for you)" : "") + ":"));
    text.appendChild(document.createTextNode(" " + entry.sentence));
    li.appendChild(text);
    return li;
  }

  function addToStory(entries) {
    var empty = story.querySelector("li.muted:only-child");
    if (empty && entries.length) story.innerHTML = "";
    entries.forEach(function (entry) {
      var li = storyItem(entry);
      if (!entry.mine && !entry.passed) li.classList.add("play-fresh");
      story.insertBefore(li, story.firstChild);
    });
  }

  function redraw(answer) {
    Object.keys(answer.card_images || {}).forEach(function (name) { images[name] = answer.card_images[name]; });
    story.innerHTML = "";
    var fresh = {};
    (answer.steps || []).forEach(function (step) { fresh[step.number] = true; });
    (answer.story || []).slice().reverse().forEach(function (entry) {
      var li = storyItem(entry);
      if (fresh[entry.number] && !entry.mine && !entry.passed) li.classList.add("play-fresh");
      story.appendChild(li);
    });
    if (!story.firstChild) story.appendChild(el("li", "muted", "No moves yet."));
    document.getElementById("play-turn").textContent = "turn " + answer.turn;
    document.getElementById("play-moves").textContent = answer.moves + " move" + (answer.moves === 1 ? "" : "s");
    root.setAttribute("data-moves", String(answer.moves));
    root.setAttribute("data-status", answer.status);
    drawActions(answer);
    picked = null;
    drawBoard(answer.view);
    var last = null;
    (answer.steps || []).forEach(function (step) {
      (step.entries || []).forEach(function (e) { if (!e.mine && !e.passed) last = e; });
    });
    if (last) {
      now.textContent = "Last: move " + last.number + " · " + said(last);
      now.hidden = false;
      highlight(last.sentence);
    } else {
      now.hidden = true;
    }
    if (answer.result || answer.status !== "active") drawResult(answer);
    busy = false;
  }

  function drawActions(answer) {
    var choices = answer.choices || [];
    actionsBody.innerHTML = "";
    if (!choices.length || answer.status !== "active") {
      actionsBody.appendChild(el("h2", "", answer.status === "active" ? "Waiting" : "No moves left")).id = "actions-title";
      if (answer.waiting_for && answer.waiting_for.length) {
        actionsBody.appendChild(el("p", "", "Waiting for " + answer.waiting_for.join(", ") + "."));
      }
      var control = document.getElementById("play-control");
      if (control && answer.status !== "active") control.hidden = true;
      return;
    }
    var title = el("h2", "", "Your move ");
    title.id = "actions-title";
    title.appendChild(el("span", "muted", "(" + choices.length + " legal action" + (choices.length === 1 ? "" : "s") + ")"));
    actionsBody.appendChild(title);
    var note = el("p", "play-filter-note");
    note.id = "play-filter-note";
    note.hidden = true;
    note.appendChild(document.createTextNode("Actions naming "));
    note.appendChild(el("strong")).id = "play-filter-card";
    note.appendChild(document.createTextNode(" · "));
    var clear = el("button", "link-button", "show every action");
    clear.type = "button";
    clear.id = "play-filter-clear";
    note.appendChild(clear);
    actionsBody.appendChild(note);
    var label = el("label", "visually-hidden", "Filter the actions");
    label.htmlFor = "play-filter";
    actionsBody.appendChild(label);
    var filter = el("input", "play-filter");
    filter.type = "search";
    filter.id = "play-filter";
    filter.placeholder = "Filter actions… (or click a card)";
    filter.autocomplete = "off";
    filter.hidden = choices.length <= 8;
    actionsBody.appendChild(filter);
    var list = el("ul", "play-choices");
    list.id = "play-choices";
    var token = csrfToken();
    choices.forEach(function (c) {
      var li = el("li");
      li.setAttribute("data-sentence", c.sentence);
      var form = el("form");
      form.method = "post";
      form.action = root.getAttribute("data-move-url");
      [["csrfmiddlewaretoken", token], ["action", c.action]].forEach(function (pair) {
        var input = el("input");
        input.type = "hidden";
        input.name = pair[0];
        input.value = pair[1];
        form.appendChild(input);
      });
      var button = el("button", "btn play-choice", c.sentence);
      button.type = "submit";
      button.title = c.action;
      form.appendChild(button);
      li.appendChild(form);
      list.appendChild(li);
    });
    actionsBody.appendChild(list);
  }

  function drawResult(answer) {
    var slot = document.getElementById("play-result");
    var replay = slot.getAttribute("data-replay-url");
    var r = answer.result;
    slot.innerHTML = "";
    var box = el("section", "box play-result" + (r && r.you_won ? " play-won" : ""));
    box.setAttribute("role", "status");
    box.appendChild(el("h2", "", !r ? "Abandoned" : r.draw ? "Draw" : r.you_won ? "You won" : r.winners.join(" and ") + " won"));
    var p = el("p", "", r ? r.reason.charAt(0).toUpperCase() + r.reason.slice(1) + ". " : "");
    var link = el("a", "", "Open it in the replay viewer");
    link.href = replay + (r ? "?seat=all" : "");
    p.appendChild(link);
    p.appendChild(document.createTextNode(r ? " to see every card." : "."));
    box.appendChild(p);
    slot.appendChild(box);
  }

  // -- the speed of the opponent's moves, and skipping them ----------------------------------------
  try { speed.value = window.localStorage.getItem(SPEED_KEY) || "fast"; } catch (e) { speed.value = "fast"; }
  if (!DELAYS.hasOwnProperty(speed.value)) speed.value = "fast";
  speed.addEventListener("change", function () {
    try { window.localStorage.setItem(SPEED_KEY, speed.value); } catch (e) { /* private mode: this page only */ }
  });
  document.getElementById("play-speed-label").hidden = false;
  now.addEventListener("click", function () { skip = true; });
  now.title = "Click to show the rest at once";

  // -- passing for you: full control and stops -----------------------------------------------------
  var controlForm = document.getElementById("play-control-form");
  if (controlForm && window.fetch && window.FormData) {
    controlForm.addEventListener("submit", function (event) {
      event.preventDefault();
      var saved = document.getElementById("play-control-saved");
      fetch(root.getAttribute("data-control-url"), {
        method: "POST", body: new FormData(controlForm), credentials: "same-origin",
        headers: { "Accept": "application/json", "X-Requested-With": "fetch" },
      }).then(function (response) { return response.json(); }).then(function (answer) {
        if (answer.error) { saved.textContent = answer.error; return; }
        var c = answer.control;
        saved.textContent = "Saved: from your next move.";
        document.getElementById("play-control-summary").textContent = c.full_control ? "full control" :
          "on" + (controlForm.querySelector("[name=stops]") ? ", " + c.stops.length + " stop" + (c.stops.length === 1 ? "" : "s") : "");
      }).catch(function () { controlForm.submit(); });
    });
  }

  drawBoard(JSON.parse(data.textContent || "{}"));
})();
