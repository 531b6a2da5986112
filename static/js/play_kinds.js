/* The play page's actions by kind (issue 27.5): where a decision offers many legal actions (a
   Millennium Blades market tick: buy, sell, fuse, collect, build the deck, trade), a row of tabs
   above them, one per kind of action ("Buy store 5", "Sell 17", "Offer 36", ...) and "All", shows
   one kind at a time. The kind is the action's verb (the first word of its text), so this knows no
   game. Kept apart from play.js (which draws the actions): it watches the actions' box and adds the
   tabs whenever the actions are drawn again, keeping the chosen kind while it is offered.
   Hiding is by a class of its own, so play.js's own filters (a card clicked, the filter box) still
   apply within the kind shown. */
(function () {
  "use strict";

  var body = document.getElementById("play-actions-body");
  if (!body) return;
  var MIN_ACTIONS = 10;  // fewer actions than this need no tabs
  var chosen = "";       // the kind shown ("" for all), kept across redraws

  function kindOf(li) {
    var input = li.querySelector("input[name=action]");
    return input ? input.value.split(" ")[0] : "";
  }

  function label(kind) {
    var text = kind.replace(/_/g, " ");
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  function show(list, tabs, kind) {
    chosen = kind;
    Array.prototype.forEach.call(list.children, function (li) {
      li.classList.toggle("play-other-kind", kind !== "" && kindOf(li) !== kind);
    });
    Array.prototype.forEach.call(tabs.children, function (tab) {
      tab.setAttribute("aria-pressed", String(tab.getAttribute("data-kind") === kind));
    });
  }

  function addTabs() {
    var list = document.getElementById("play-choices");
    if (!list || document.getElementById("play-kinds")) return;
    var items = Array.prototype.slice.call(list.children);
    if (items.length < MIN_ACTIONS) return;
    var counts = {}, order = [];
    items.forEach(function (li) {
      var kind = kindOf(li);
      if (!counts[kind]) { counts[kind] = 0; order.push(kind); }
      counts[kind]++;
    });
    if (order.length < 2) return;
    var tabs = document.createElement("div");
    tabs.id = "play-kinds";
    tabs.className = "play-kinds";
    tabs.setAttribute("role", "group");
    tabs.setAttribute("aria-label", "Kinds of action");
    [""].concat(order).forEach(function (kind) {
      var tab = document.createElement("button");
      tab.type = "button";
      tab.className = "play-kind";
      tab.setAttribute("data-kind", kind);
      tab.textContent = (kind ? label(kind) : "All") + " ";
      var count = document.createElement("span");
      count.className = "muted";
      count.textContent = String(kind ? counts[kind] : items.length);
      tab.appendChild(count);
      tab.addEventListener("click", function () { show(list, tabs, kind); });
      tabs.appendChild(tab);
    });
    list.parentNode.insertBefore(tabs, list);
    show(list, tabs, counts[chosen] ? chosen : "");
  }

  new MutationObserver(addTabs).observe(body, { childList: true });
  addTabs();
})();
