/* The "New game" form of /play/: the opponent list offers only decks of the chosen deck's game
   (each option's data-game), and "No opponent"; the server refuses a mismatch anyway. */
(function () {
  "use strict";
  function filter(deck, opponent) {
    var chosen = deck.options[deck.selectedIndex];
    var game = chosen ? chosen.getAttribute("data-game") : null;
    Array.prototype.forEach.call(opponent.querySelectorAll("optgroup"), function (group) {
      var fits = false;
      Array.prototype.forEach.call(group.querySelectorAll("option"), function (option) {
        var ok = option.getAttribute("data-game") === game;
        option.hidden = option.disabled = !ok;
        fits = fits || ok;
      });
      group.hidden = !fits;
    });
    var current = opponent.options[opponent.selectedIndex];
    if (current && current.disabled) opponent.value = opponent.options[0].value;
  }
  document.addEventListener("DOMContentLoaded", function () {
    var deck = document.querySelector(".play-form select[name=deck]");
    var opponent = document.querySelector(".play-form select[name=opponent]");
    if (!deck || !opponent) return;
    deck.addEventListener("change", function () { filter(deck, opponent); });
    filter(deck, opponent);
  });
})();
