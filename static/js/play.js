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
   - the "Passing for you" form (full control, stops) is saved with fetch as well;
   - a choice that is a set (cards to put back, a target, a tile, battlers: the actions' ``pick``,
     docs/view-format.md "Picking on the board") is picked by clicking cards and tiles of the board:
     only the legal next picks light up, and once the picks make an action it is confirmed with one
     button (several battlers are collected, then confirmed together with the pick's ``finish``).
     Those actions get no button of their own. */
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
  var choicesNode = document.getElementById("play-choices-data");
  var choices = choicesNode ? JSON.parse(choicesNode.textContent || "[]") : [];
  var picks = [];     // the refs picked so far ("card:<name>", "id:<id>", "tile:<tile>")
  var pickedEls = []; // the board elements picked, in order (drawn again after each redraw by their keys)
  var chosen = [];    // the actions of a pick of several collected so far (battlers)
  var offered = null; // the choices as first offered, while a pick of several is being collected
  var asking = false;  // waiting for what may be picked next (nothing lights up meanwhile)

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
    markPicks();
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
      li.hidden = !ok || li.hasAttribute("data-picked-on-board");
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
    if (pickOnBoard(tile || chip)) return;
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

  // -- picking on the board (the actions' ``pick``) ----------------------------------------------
  function pickChoices() { return choices.filter(function (c) { return c.pick; }); }

  /* The keys a board element answers to: its card's id, its tile, its card's name. */
  function keysOf(element) {
    var keys = [];
    var chip = element.matches("[data-card-name]") ? element : element.querySelector("[data-card-name]");
    if (chip && chip.hasAttribute("data-card-id")) keys.push("id:" + chip.getAttribute("data-card-id"));
    if (element.hasAttribute("data-tile")) keys.push("tile:" + element.getAttribute("data-tile"));
    if (chip) keys.push("card:" + chip.getAttribute("data-card-name"));
    return keys;
  }

  /* Whether the picks so far (plus ``extra``) could still make ``choice``: a prefix of its refs
     when they are in order, else part of them (as a multiset). */
  function fits(choice, list) {
    var refs = choice.pick.refs;
    if (list.length > refs.length) return false;
    if (choice.pick.ordered) return list.every(function (ref, i) { return refs[i] === ref; });
    var left = refs.slice();
    return list.every(function (ref) { var i = left.indexOf(ref); if (i < 0) return false; left.splice(i, 1); return true; });
  }

  function open(choice) {  // a pick of several: not once its first pick (the battler) is chosen
    return !chosen.some(function (c) { return c.pick.question === choice.pick.question && c.pick.refs[0] === choice.pick.refs[0]; });
  }

  function candidates(list) {
    return pickChoices().filter(function (c) { return open(c) && fits(c, list); });
  }

  function exact() {
    return candidates(picks).filter(function (c) { return c.pick.refs.length === picks.length; });
  }

  /* The key by which a click on ``element`` extends the picks, or null. */
  function pickKey(element) {
    var keys = keysOf(element);
    for (var i = 0; i < keys.length; i++) {
      if (candidates(picks.concat([keys[i]])).length) return keys[i];
    }
    return null;
  }

  /* A click on the board: a picked element is put back; one that extends the picks is picked.
     Returns whether the click was a pick. */
  function pickOnBoard(element) {
    if (asking) return true;
    if (!pickChoices().length) return false;
    var at = pickedEls.indexOf(element);
    if (at >= 0) {
      picks.splice(at, 1);
      pickedEls.splice(at, 1);
    } else {
      var key = pickKey(element);
      if (!key) return false;
      picks.push(key);
      pickedEls.push(element);
      var made = exact();
      if (made.length === 1 && made[0].pick.several) {  // one of several (a battler and its target): collect it
        chosen.push(made[0]);
        picks = []; pickedEls = [];
        offerNext();
      }
    }
    markPicks();
    drawPicks();
    return true;
  }

  /* Light up what may be picked next; outline what is picked. */
  function markPicks() {
    var any = pickChoices().length > 0;
    board.querySelectorAll("[data-tile], [data-card-name]:not([data-tile] [data-card-name])").forEach(function (element) {
      var legal = any && !asking && pickedEls.indexOf(element) < 0 && pickKey(element) !== null;
      element.classList.toggle("play-pickable", legal);
      element.classList.toggle("play-pick-chosen", pickedEls.indexOf(element) >= 0);
    });
  }

  /* The actions picked on the board get no button of their own (the form stays for no script). */
  function markPickedChoices() {
    var picked = {};
    pickChoices().forEach(function (c) { picked[c.action] = true; });
    choiceItems().forEach(function (li) {
      var input = li.querySelector("input[name=action]");
      if (input && picked[input.value]) { li.setAttribute("data-picked-on-board", ""); li.hidden = true; }
    });
  }

  function pickForm(actions, then, label, warning) {
    var form = el("form", "play-pick-form");
    form.method = "post";
    form.action = root.getAttribute("data-move-url");
    var fields = [["csrfmiddlewaretoken", csrfToken()]];
    actions.forEach(function (a) { fields.push(["action", a]); });
    if (then) fields.push(["then", then]);
    fields.forEach(function (pair) {
      var input = el("input");
      input.type = "hidden";
      input.name = pair[0];
      input.value = pair[1];
      form.appendChild(input);
    });
    var button = el("button", "btn play-choice play-confirm" + (warning ? " play-warned" : ""), label);
    button.type = "submit";
    form.appendChild(button);
    if (warning) form.appendChild(el("span", "play-warning", "⚠ " + warning));
    return form;
  }

  /* One box per question: what is picked, and a confirm button for each action the picks make. */
  function drawPicks() {
    var box = document.getElementById("play-picks");
    if (box) box.remove();
    var questions = [];
    pickChoices().concat(chosen).forEach(function (c) { if (questions.indexOf(c.pick.question) < 0) questions.push(c.pick.question); });
    if (!questions.length) return;
    box = el("section", "play-picks");
    box.id = "play-picks";
    var made = exact();
    questions.forEach(function (question) {
      var mine = pickChoices().filter(function (c) { return c.pick.question === question; });
      var part = el("div", "play-pick");
      part.setAttribute("data-question", question);
      part.appendChild(el("h3", "", question));
      part.appendChild(el("p", "muted", "Click the cards or tiles that light up on the board, then confirm."));
      var taken = chosen.filter(function (c) { return c.pick.question === question; });
      if (taken.length) {
        var ul = el("ul", "play-pick-chosen-list");
        taken.forEach(function (c) { ul.appendChild(el("li", "", c.sentence)); });
        part.appendChild(ul);
        part.appendChild(pickForm(taken.map(function (c) { return c.action; }), taken[0].pick.finish,
                                  "Confirm " + taken.length + " (" + question.split(":")[0].toLowerCase() + ")"));
      }
      made.filter(function (c) { return c.pick.question === question && !c.pick.several; }).forEach(function (c) {
        part.appendChild(pickForm([c.action], null, c.sentence, c.pick.warning));
      });
      if (picks.length || taken.length) {
        var clear = el("button", "link-button play-pick-clear", "clear the picks");
        clear.type = "button";
        part.appendChild(clear);
      }
      if (mine.length && !taken.length && !made.some(function (c) { return c.pick.question === question; }) && !picks.length) {
        part.appendChild(el("p", "muted play-pick-count", mine.length + " choice" + (mine.length === 1 ? "" : "s")));
      }
      box.appendChild(part);
    });
    var list = document.getElementById("play-choices");
    actionsBody.insertBefore(box, list);
  }

  /* After one of several is collected, what may be picked next is what the game would offer then
     (a target another battler took is no longer offered): asked of the server, nothing played. */
  function offerNext() {
    var url = root.getAttribute("data-choices-after-url");
    if (!url || !window.fetch) return;
    if (!offered) offered = choices;
    var query = chosen.map(function (c) { return "after=" + encodeURIComponent(c.action); }).join("&");
    asking = true;
    root.setAttribute("data-asking", "");
    markPicks();
    fetch(url + "?" + query, { credentials: "same-origin", headers: { "Accept": "application/json" } })
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        asking = false;
        root.removeAttribute("data-asking");
        if (answer.choices) choices = answer.choices.filter(function (c) { return c.pick && c.pick.several; });
        markPicks();
        drawPicks();
      }).catch(function () { asking = false; root.removeAttribute("data-asking"); markPicks(); });
  }

  actionsBody.addEventListener("click", function (event) {
    if (!event.target.classList.contains("play-pick-clear")) return;
    if (offered) { choices = offered; offered = null; }
    picks = []; pickedEls = []; chosen = [];
    markPicks();
    drawPicks();
  });

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
    var form = event.target.closest("#play-choices form, form.play-pick-form");
    if (!form || !window.fetch || !window.FormData) return;  // the ordinary post
    event.preventDefault();
    if (busy) return;
    send(form, form.querySelector("button"));
  });

  function send(form, button) {
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
  }

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
    choices = [];  // nothing to pick on the boards of the moves played back
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
    // a line of the story (play.selectors.story_lines) may tell a run of passes: "12–14", "3 passes made for you"
    var run = (entry.count || 1) > 1, turns = String(entry.turns || entry.turn);
    li.appendChild(el("span", "play-n", String(entry.numbers || entry.number)));
    var text = el("span", "play-said");
    text.appendChild(el("span", "muted", "Turn" + (turns.indexOf("–") >= 0 ? "s " : " ") + turns + " · " +
                                          (entry.mine ? "you" : entry.deck) + (entry.auto && !run ? " (made for you)" : "") + ":"));
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
    document.getElementById("play-turn").textContent = "turn " + answer.turn + (answer.step_words ? " · " + answer.step_words : "");
    document.getElementById("play-moves").textContent = answer.moves + " move" + (answer.moves === 1 ? "" : "s");
    root.setAttribute("data-moves", String(answer.moves));
    root.setAttribute("data-status", answer.status);
    choices = answer.choices || [];
    picks = []; pickedEls = []; chosen = []; offered = null;
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
    markPickedChoices();
    drawPicks();
  }

  function drawResult(answer) {
    var slot = document.getElementById("play-result");
    var replay = slot.getAttribute("data-replay-url");
    var r = answer.result;
    slot.innerHTML = "";
    var box = el("section", "box play-result" + (r && r.you_won ? " play-won" : ""));
    box.setAttribute("role", "status");
    box.appendChild(el("h2", "", !r ? "Abandoned" : r.draw ? "Draw" : r.you_won ? "You won" : r.winners.join(" and ") + " won"));
    var because = r ? r.sentence || r.reason.charAt(0).toUpperCase() + r.reason.slice(1) : "";
    var p = el("p", "", r ? because + ". " : "");
    var link = el("a", "", "Open it in the replay viewer");
    link.href = replay + (r ? "?seat=all" : "");
    p.appendChild(link);
    p.appendChild(document.createTextNode(r ? " to see every card." : "."));
    box.appendChild(p);
    slot.appendChild(box);
  }

  // -- the speed of the opponent's moves, and skipping them ----------------------------------------
  try { speed.value = window.localStorage.getItem(SPEED_KEY) || "fast"; } catch (e) { speed.value = "fast"; }
  if (!Object.prototype.hasOwnProperty.call(DELAYS, speed.value)) speed.value = "fast";
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

  markPickedChoices();
  drawPicks();
  drawBoard(JSON.parse(data.textContent || "{}"));
})();
