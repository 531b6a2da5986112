/* Card-name autocomplete for every <input data-autocomplete="/api/cards/autocomplete/">.

   Asks the API (debounced) for names starting with (then containing) what is being typed:
   the whole box while it holds plain words, else the last plain word after other terms.
   Each entry says the card's game; choosing one opens that card's page (while the box holds
   other terms too, the choice becomes name="Card Name" in the query and the search runs, so
   the filters are kept). ARIA 1.2 combobox + listbox;
   keys: Down/Up move, Enter chooses, Escape closes. Without JavaScript the box is a plain
   search field. */
(function () {
  "use strict";
  var DELAY = 180, counter = 0;

  function quote(value) {
    return '"' + value.replace(/\\/g, "\\\\").replace(/"/g, '\\"') + '"';
  }

  /* The part of the box to complete: {start, text} or null. */
  function fragment(value) {
    if (!/[:<>=!()"/]/.test(value)) {
      var plain = value.trim();
      if (plain.length >= 2 && !/^(or|and)$/i.test(plain)) return { start: value.indexOf(plain), text: plain };
      return null;
    }
    var m = /(^|\s)([^\s:<>=!()"/-][^\s:<>=!()"/]*)$/.exec(value);
    if (!m || m[2].length < 2 || /^(or|and)$/i.test(m[2])) return null;
    return { start: value.length - m[2].length, text: m[2] };
  }

  function setup(input) {
    var url = input.getAttribute("data-autocomplete");
    var game = input.getAttribute("data-game") || "";
    var id = "ac-list-" + (++counter);
    var list = document.createElement("ul");
    list.id = id;
    list.className = "ac-list";
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-label", "Card names");
    list.hidden = true;
    input.parentNode.appendChild(list);
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", id);

    var timer = null, active = -1, items = [], current = null, request = 0;

    function close() {
      list.hidden = true;
      list.innerHTML = "";
      items = [];
      active = -1;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
    }

    function highlight(index) {
      items.forEach(function (li, i) { li.setAttribute("aria-selected", i === index ? "true" : "false"); });
      active = index;
      if (index >= 0) {
        input.setAttribute("aria-activedescendant", items[index].id);
        items[index].scrollIntoView({ block: "nearest" });
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }

    function choose(index) {
      if (index < 0 || index >= items.length || !current) return;
      var name = items[index].getAttribute("data-name");
      var url = items[index].getAttribute("data-url");
      var value = input.value;
      if (url && current.start === 0 && value.trim() === current.text) {  // only the name typed: open the card
        close();
        window.location.href = url;
        return;
      }
      input.value = value.slice(0, current.start) + "name=" + quote(name);
      close();
      if (input.form) {
        if (typeof input.form.requestSubmit === "function") input.form.requestSubmit();
        else input.form.submit();
      }
    }

    /* entries: [{name, game_name, url}] (the API's "cards"), or plain names */
    function show(entries) {
      list.innerHTML = "";
      items = entries.map(function (entry, i) {
        var card = typeof entry === "string" ? { name: entry } : entry;
        var li = document.createElement("li");
        li.id = id + "-" + i;
        li.setAttribute("role", "option");
        li.setAttribute("aria-selected", "false");
        li.setAttribute("data-name", card.name);
        if (card.url) li.setAttribute("data-url", card.url);
        li.textContent = card.name;
        if (card.game_name && !game) {
          var where = document.createElement("span");
          where.className = "ac-game";
          where.textContent = card.game_name;
          li.appendChild(document.createTextNode(" "));
          li.appendChild(where);
        }
        li.addEventListener("mousedown", function (e) { e.preventDefault(); });
        li.addEventListener("click", function () { choose(i); });
        list.appendChild(li);
        return li;
      });
      active = -1;
      if (items.length) {
        list.hidden = false;
        input.setAttribute("aria-expanded", "true");
      } else {
        close();
      }
    }

    function lookup() {
      current = fragment(input.value);
      if (!current) { close(); return; }
      var mine = ++request;
      var params = new URLSearchParams({ q: current.text });
      if (game) params.set("game", game);
      fetch(url + "?" + params.toString(), { headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : { results: [] }; })
        .then(function (data) { if (mine === request) show(data.cards || data.results || []); })
        .catch(function () { if (mine === request) close(); });
    }

    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(lookup, DELAY);
    });
    input.addEventListener("keydown", function (e) {
      if (list.hidden) {
        if (e.key === "ArrowDown" && input.value) { lookup(); e.preventDefault(); }
        return;
      }
      if (e.key === "ArrowDown") { highlight(Math.min(active + 1, items.length - 1)); e.preventDefault(); }
      else if (e.key === "ArrowUp") { highlight(Math.max(active - 1, -1)); e.preventDefault(); }
      else if (e.key === "Enter" && active >= 0) { choose(active); e.preventDefault(); }
      else if (e.key === "Escape") { close(); e.preventDefault(); }
    });
    input.addEventListener("blur", function () { setTimeout(close, 120); });
  }

  function init() { document.querySelectorAll("input[data-autocomplete]").forEach(setup); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
