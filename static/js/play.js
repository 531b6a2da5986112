/* The play page: draws the board from the seat's view (board.js) and helps pick an action.

   The actions are plain forms (one button each) that work without JavaScript. Here: a click on
   a card of the board (or a tile of a grid board) keeps only the actions whose sentence names
   that card (or tile) (click it again, or
   "show every action", to see them all); the filter box keeps those containing its words; a
   chosen action's button is disabled while the agent answers, so a double click sends one move. */
(function () {
  "use strict";

  var root = document.getElementById("play");
  var data = document.getElementById("play-view");
  if (!root || !data) return;
  var seatsNode = document.getElementById("play-seats");
  var render = window.CardBoard.create({
    seat: root.getAttribute("data-seat"),
    seatDecks: seatsNode ? JSON.parse(seatsNode.textContent || "[]") : [],
  });
  var board = document.getElementById("play-board");
  board.innerHTML = "";
  board.appendChild(render.view(JSON.parse(data.textContent || "{}")));

  var choices = Array.prototype.slice.call(document.querySelectorAll("#play-choices li"));
  var note = document.getElementById("play-filter-note");
  var noteCard = document.getElementById("play-filter-card");
  var filter = document.getElementById("play-filter");
  var picked = null;  // a card name, or a tile's name ("a3") when the board is a grid
  var pickedTile = false;

  function names(sentence) {
    if (!picked) return true;
    if (!pickedTile) return sentence.indexOf(picked) >= 0;
    var escaped = picked.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new RegExp("(^|[^A-Za-z0-9])" + escaped + "([^A-Za-z0-9]|$)").test(sentence);
  }

  function apply() {
    var words = filter ? filter.value.trim().toLowerCase() : "";
    var shown = 0;
    choices.forEach(function (li) {
      var sentence = li.getAttribute("data-sentence") || "";
      var ok = names(sentence) && (!words || sentence.toLowerCase().indexOf(words) >= 0);
      li.hidden = !ok;
      if (ok) shown++;
    });
    if (note) {
      note.hidden = !picked;
      if (picked) noteCard.textContent = picked + (shown ? "" : " (none: no action names it)");
    }
    board.querySelectorAll("[data-tile]").forEach(function (tile) {
      tile.classList.toggle("rp-picked", pickedTile && tile.getAttribute("data-tile") === picked);
    });
    board.querySelectorAll("[data-card-name]").forEach(function (chip) {
      chip.classList.toggle("rp-picked", !pickedTile && picked !== null && chip.getAttribute("data-card-name") === picked);
    });
  }

  /* A click on a tile of a grid (a card on it, or an empty one) picks the tile: its name is how
     the sentences name it; elsewhere a card chip picks the card's name. */
  board.addEventListener("click", function (event) {
    var tile = event.target.closest("[data-tile]");
    var chip = event.target.closest("[data-card-name]");
    if ((!tile && !chip) || !choices.length) return;
    var name = tile ? tile.getAttribute("data-tile") : chip.getAttribute("data-card-name");
    pickedTile = !!tile;
    picked = picked === name ? null : name;
    apply();
  });
  board.querySelectorAll("[data-tile], [data-card-name]:not([data-tile] [data-card-name])").forEach(function (chip) {
    if (!choices.length) return;
    chip.setAttribute("role", "button");
    chip.setAttribute("tabindex", "0");
    chip.title = "Show the actions that name " + (chip.getAttribute("data-tile") || chip.getAttribute("data-card-name"));
    chip.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); chip.click(); }
    });
  });
  var clear = document.getElementById("play-filter-clear");
  if (clear) clear.addEventListener("click", function () { picked = null; if (filter) filter.value = ""; apply(); });
  if (filter) filter.addEventListener("input", apply);

  document.querySelectorAll("#play-choices form").forEach(function (form) {
    form.addEventListener("submit", function () {
      document.querySelectorAll(".play-choice").forEach(function (b) { b.disabled = true; });
      var button = form.querySelector("button");
      if (button) button.textContent = button.textContent + " …";
    });
  });
})();
