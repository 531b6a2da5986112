/* The deck builder: search beside the deck, live validation, save, statistics.

   Reads the page's JSON (#builder-data, from decks/builder_views.py) and talks to the API:
   GET /api/cards/?game=&q= (search), POST /api/decks/validate/ (live, debounced),
   PUT /api/decks/{id}/ (save), GET sample-hand and draw-odds. Knows no game by name: sections,
   card types and stats come from the payload, which comes from the registry. */
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("builder-data").textContent);
  var game = data.game, urls = data.urls;
  var VALIDATE_DELAY = 350, SEARCH_DELAY = 300, PAGE_SIZE = 30;

  var $ = function (id) { return document.getElementById(id); };
  var els = {
    form: $("builder-form"), name: $("deck-name"), format: $("deck-format"), save: $("save-button"),
    saveStatus: $("save-status"), dirty: $("dirty-flag"),
    q: $("builder-q"), searchForm: $("search-form"), results: $("search-results"), more: $("search-more"),
    count: $("search-count"), searchError: $("search-error"),
    sections: $("deck-sections"), total: $("deck-total"), legality: $("legality"), violations: $("violations"),
    charts: $("charts"), hand: $("hand"), newHand: $("new-hand"),
    oddsForm: $("odds-form"), oddsCard: $("odds-card"), oddsTurns: $("odds-turns"), oddsResult: $("odds-result")
  };

  /* -- state -------------------------------------------------------------------------------------- */
  var deck = {};        // section slug -> [{card_id, name, card_type, set, number, attributes, url, qty}]
  var cards = {};       // card id -> card info (deck cards and search results)
  var violations = data.deck.violations || [];
  game.sections.forEach(function (s) { deck[s.slug] = []; });
  Object.keys(data.sections || {}).forEach(function (slug) {
    deck[slug] = (data.sections[slug] || []).map(function (row) { remember(row); return copy(row); });
  });
  var savedState = snapshot();
  var savedDeck = JSON.parse(JSON.stringify(deck));

  function copy(row) { return Object.assign({}, row); }
  function remember(card) { cards[card.card_id] = Object.assign(cards[card.card_id] || {}, card); }

  function sectionSpec(slug) {
    return game.sections.filter(function (s) { return s.slug === slug; })[0] || { slug: slug, label: slug, card_types: [] };
  }
  function typeLabel(slug) {
    var t = game.card_types.filter(function (c) { return c.slug === slug; })[0];
    return t ? t.label : slug;
  }
  /* The sections a card type may go in, in the game's order (the first is where "add" puts it). */
  function sectionsFor(cardType) {
    var found = game.sections.filter(function (s) { return s.card_types.indexOf(cardType) >= 0; });
    return found.length ? found : [game.sections[0]];
  }
  function sectionCount(slug) {
    return (deck[slug] || []).reduce(function (n, row) { return n + row.qty; }, 0);
  }
  function copiesInDeck(cardId) {
    return Object.keys(deck).reduce(function (n, slug) {
      return n + deck[slug].filter(function (r) { return r.card_id === cardId; }).reduce(function (m, r) { return m + r.qty; }, 0);
    }, 0);
  }
  function sectionsPayload() {
    var out = {};
    Object.keys(deck).forEach(function (slug) {
      out[slug] = deck[slug].map(function (r) { return { card_id: r.card_id, qty: r.qty }; });
    });
    return out;
  }
  function snapshot() {
    return JSON.stringify({ name: els.name.value.trim(), format: els.format.value, sections: sectionsPayload() });
  }

  /* -- changing the deck ---------------------------------------------------------------------------- */
  function find(slug, cardId) {
    var rows = deck[slug] || [];
    for (var i = 0; i < rows.length; i++) if (rows[i].card_id === cardId) return rows[i];
    return null;
  }

  function addCard(card, slug) {
    remember(card);
    slug = slug || sectionsFor(card.card_type)[0].slug;
    var row = find(slug, card.card_id);
    if (row) row.qty += 1;
    else deck[slug].push(Object.assign(copy(cards[card.card_id]), { qty: 1 }));
    changed({ focus: rowKey(slug, card.card_id), keepFocus: false });
    announce("Added " + card.name + " to " + sectionSpec(slug).label + " (" + (find(slug, card.card_id).qty) + ")");
  }

  function setQty(slug, cardId, qty, focusAfter) {
    var row = find(slug, cardId);
    if (!row) return;
    qty = Math.max(0, Math.min(999, Math.floor(qty) || 0));
    if (qty === 0) {
      var index = deck[slug].indexOf(row);
      deck[slug].splice(index, 1);
      var next = deck[slug][index] || deck[slug][index - 1];
      changed({ focus: next ? rowKey(slug, next.card_id) : null });
      announce("Removed " + row.name);
      return;
    }
    row.qty = qty;
    changed({ focus: focusAfter === undefined ? rowKey(slug, cardId) : focusAfter });
  }

  function moveCard(from, cardId, to) {
    var row = find(from, cardId);
    if (!row || from === to) return;
    deck[from].splice(deck[from].indexOf(row), 1);
    var there = find(to, cardId);
    if (there) there.qty += row.qty;
    else deck[to].push(row);
    changed({ focus: rowKey(to, cardId) });
    announce("Moved " + row.name + " to " + sectionSpec(to).label);
  }

  function changed(opts) {
    renderDeck(opts || {});
    markDirty();
    scheduleValidate();
  }

  function markDirty() {
    var dirty = snapshot() !== savedState;
    els.dirty.hidden = !dirty;
    document.body.classList.toggle("deck-dirty", dirty);
    return dirty;
  }

  var announcer = document.createElement("p");
  announcer.className = "visually-hidden";
  announcer.setAttribute("aria-live", "polite");
  document.body.appendChild(announcer);
  function announce(text) { announcer.textContent = text; }

  /* -- drawing the deck ----------------------------------------------------------------------------- */
  function rowKey(slug, cardId) { return slug + ":" + cardId; }

  function make(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function button(cls, text, label) {
    var b = make("button", "btn btn-small " + cls, text);
    b.type = "button";
    if (label) { b.setAttribute("aria-label", label); b.title = label; }
    return b;
  }

  function thumb(card, cls) {
    var box = make("span", "mini-thumb " + (cls || ""));
    box.setAttribute("aria-hidden", "true");
    var fallback = make("span", "mini-fallback", card.name.slice(0, 1));
    box.appendChild(fallback);
    var img = document.createElement("img");
    img.src = urls.thumb.replace("/0/", "/" + card.card_id + "/");
    img.alt = "";
    img.loading = "lazy";
    img.decoding = "async";
    img.addEventListener("error", function () { img.remove(); });
    box.appendChild(img);
    return box;
  }

  function stats(card) {
    var attrs = card.attributes || {};
    return game.stats.filter(function (a) { return attrs[a.name] !== undefined && attrs[a.name] !== null; })
      .map(function (a) { return a.label + " " + attrs[a.name]; }).join(" · ");
  }

  /* Violations that name this row's card (and, when they say so, this section). */
  function rowProblems(slug, row) {
    return violations.filter(function (v) {
      return (v.cards || []).indexOf(row.name) >= 0 && (!v.section || v.section === slug);
    });
  }

  function renderDeck(opts) {
    var active = document.activeElement;
    var focusKey = opts.focus !== undefined ? opts.focus : null;
    var focusInput = false;
    if (focusKey === null && active && active.closest && active.closest(".deck-row")) {
      focusKey = active.closest(".deck-row").getAttribute("data-key");
      focusInput = active.classList.contains("qty-input");
    }
    if (opts.keepFocus === false) focusKey = opts.focus;  // highlight the row, keep focus in search
    els.sections.innerHTML = "";
    var slugs = game.sections.map(function (s) { return s.slug; });
    Object.keys(deck).forEach(function (slug) { if (slugs.indexOf(slug) < 0 && deck[slug].length) slugs.push(slug); });
    slugs.forEach(function (slug) { els.sections.appendChild(renderSection(slug)); });
    var total = slugs.reduce(function (n, slug) { return n + sectionCount(slug); }, 0);
    els.total.textContent = total + (total === 1 ? " card" : " cards");
    if (focusKey) {
      var row = els.sections.querySelector('[data-key="' + focusKey + '"]');
      if (row) {
        if (opts.focus) row.classList.add("just-changed");
        if (opts.keepFocus !== false) {
          var target = focusInput ? row.querySelector(".qty-input") : row;
          target.focus({ preventScroll: false });
        } else {
          row.scrollIntoView({ block: "nearest" });
        }
      }
    }
    fillOddsCards();
    markResultCounts();
    if (view.mode === "visual") renderVisual();
    if (view.mode !== "text") view.textStale = true;
  }

  function renderSection(slug) {
    var spec = sectionSpec(slug);
    var box = make("section", "deck-section");
    box.setAttribute("data-section", slug);
    var head = make("h3", "deck-section-head");
    var title = make("span", "", spec.label);
    var count = make("span", "section-count", String(sectionCount(slug)));
    count.setAttribute("aria-label", sectionCount(slug) + " cards");
    head.appendChild(title);
    head.appendChild(count);
    if (spec.card_types.length) {
      head.appendChild(make("span", "section-types", spec.card_types.map(typeLabel).join(", ")));
    }
    box.appendChild(head);
    var sectionViolations = violations.filter(function (v) { return v.section === slug && !(v.cards || []).length; });
    sectionViolations.forEach(function (v) {  // the rule is cited in the list at the top
      var note = make("p", "section-note", v.message);
      if (v.rule) note.title = "Rule: " + (v.citation || v.rule);
      box.appendChild(note);
    });
    var rows = deck[slug] || [];
    if (!rows.length) {
      box.appendChild(make("p", "empty-section small muted", "No cards yet."));
      return box;
    }
    var list = make("ul", "deck-rows");
    rows.slice().sort(function (a, b) { return a.name.localeCompare(b.name); })
      .forEach(function (row) { list.appendChild(renderRow(slug, row)); });
    box.appendChild(list);
    return box;
  }

  function problemNote(v) {
    var p = make("p", "row-problem");
    var message = make("span", "problem-message", v.message);
    message.title = v.message;
    p.appendChild(message);
    if (v.rule) p.appendChild(make("cite", "problem-rule", v.citation || v.rule));
    return p;
  }

  function renderRow(slug, row) {
    var li = make("li", "deck-row");
    var key = rowKey(slug, row.card_id);
    li.setAttribute("data-key", key);
    li.setAttribute("data-card", row.name);
    li.tabIndex = 0;
    li.setAttribute("aria-label", row.qty + " " + row.name);
    var problems = rowProblems(slug, row);
    if (problems.length) li.classList.add("has-problem");

    var main = make("div", "row-main");
    var minus = button("qty-minus", "−", "One fewer " + row.name);
    minus.addEventListener("click", function () { setQty(slug, row.card_id, row.qty - 1); });
    var input = document.createElement("input");
    input.type = "number";
    input.min = "0";
    input.max = "999";
    input.inputMode = "numeric";
    input.className = "qty-input";
    input.value = row.qty;
    input.setAttribute("aria-label", "Copies of " + row.name);
    input.addEventListener("change", function () {
      var value = parseInt(input.value, 10);
      if (isNaN(value) || value < 0) { input.value = row.qty; return; }
      setQty(slug, row.card_id, value);
    });
    input.addEventListener("keydown", function (e) {
      if (e.key === "Enter") { e.preventDefault(); input.dispatchEvent(new Event("change")); }
      e.stopPropagation();
    });
    var plus = button("qty-plus", "+", "One more " + row.name);
    plus.addEventListener("click", function () { setQty(slug, row.card_id, row.qty + 1); });
    main.appendChild(minus);
    main.appendChild(input);
    main.appendChild(plus);
    main.appendChild(thumb(row));

    var info = make("div", "row-info");
    var link = make("a", "row-name", row.name);
    link.href = row.url || "#";
    link.target = "_blank";
    link.rel = "noopener";
    link.tabIndex = -1;
    info.appendChild(link);
    var meta = [typeLabel(row.card_type), stats(row)].filter(Boolean).join(" · ");
    info.appendChild(make("span", "row-meta", meta));
    main.appendChild(info);

    var choices = sectionsFor(row.card_type);
    if (choices.length > 1) {
      var move = document.createElement("select");
      move.className = "move-select";
      move.setAttribute("aria-label", "Section of " + row.name);
      move.title = "Move to another section";
      choices.forEach(function (s) {
        var o = new Option(s.label, s.slug, false, s.slug === slug);
        move.appendChild(o);
      });
      move.addEventListener("change", function () { moveCard(slug, row.card_id, move.value); });
      move.addEventListener("keydown", function (e) { e.stopPropagation(); });
      main.appendChild(move);
    }
    var remove = button("row-remove", "×", "Remove " + row.name);
    remove.addEventListener("click", function () { setQty(slug, row.card_id, 0); });
    main.appendChild(remove);
    li.appendChild(main);
    problems.forEach(function (v) { li.appendChild(problemNote(v)); });

    li.addEventListener("keydown", function (e) {
      if (e.target !== li) return;
      if (e.key === "+" || e.key === "=" || e.key === "Add") { e.preventDefault(); setQty(slug, row.card_id, row.qty + 1); }
      else if (e.key === "-" || e.key === "_" || e.key === "Subtract") { e.preventDefault(); setQty(slug, row.card_id, row.qty - 1); }
      else if (e.key === "Delete" || e.key === "Backspace") { e.preventDefault(); setQty(slug, row.card_id, 0); }
      else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        var all = Array.prototype.slice.call(els.sections.querySelectorAll(".deck-row"));
        var at = all.indexOf(li) + (e.key === "ArrowDown" ? 1 : -1);
        if (all[at]) all[at].focus();
        else if (at < 0) els.q.focus();
      }
    });
    return li;
  }

  /* -- search --------------------------------------------------------------------------------------- */
  var search = { query: null, page: 1, next: null, active: -1, items: [], request: 0, timer: null };

  function runSearch(query, page) {
    var mine = ++search.request;
    var params = new URLSearchParams({ game: game.slug, q: query, page: String(page), page_size: String(PAGE_SIZE) });
    els.count.textContent = "Searching…";
    fetch(urls.search + "?" + params.toString(), { headers: { Accept: "application/json" } })
      .then(function (r) { return r.json().then(function (body) { return { ok: r.ok, body: body }; }); })
      .then(function (res) {
        if (mine !== search.request) return;
        if (!res.ok) { showSearchError(res.body); return; }
        els.searchError.hidden = true;
        els.q.removeAttribute("aria-invalid");
        if (page === 1) { els.results.innerHTML = ""; search.items = []; search.active = -1; }
        search.query = query;
        search.page = page;
        search.next = res.body.next;
        (res.body.results || []).forEach(function (card) { addResult(card); });
        var n = res.body.count || 0;
        els.count.textContent = n + (n === 1 ? " card" : " cards") + (n > search.items.length ? " · showing " + search.items.length : "");
        els.more.hidden = !search.next;
        if (!n) els.results.appendChild(make("li", "no-results muted", "No cards match."));
        markResultCounts();
      })
      .catch(function () {
        if (mine === search.request) els.count.textContent = "Search failed: check the connection and try again.";
      });
  }

  function showSearchError(body) {
    els.results.innerHTML = "";
    search.items = [];
    search.active = -1;
    els.more.hidden = true;
    els.count.textContent = "";
    els.q.setAttribute("aria-invalid", "true");
    var message = (body && (body.message || body.error)) || "That search could not be read.";
    els.searchError.textContent = message + (body && body.suggestion ? " Did you mean " + body.suggestion + "?" : "");
    els.searchError.hidden = false;
  }

  function cardFromResult(r) {
    return { card_id: r.id, name: r.name, card_type: r.card_type, set: r.set, number: r.number,
             attributes: r.attributes || {}, url: r.url };
  }

  function addResult(result) {
    var card = cardFromResult(result);
    remember(card);
    var index = search.items.length;
    var li = make("li", "result");
    li.id = "result-" + card.card_id;
    li.setAttribute("role", "option");
    li.setAttribute("aria-selected", "false");
    li.setAttribute("data-card-id", card.card_id);
    li.appendChild(thumb(card, "result-thumb"));
    var info = make("div", "result-info");
    info.appendChild(make("span", "result-name", card.name));
    var targets = sectionsFor(card.card_type).map(function (s) { return s.label; });
    info.appendChild(make("span", "result-meta", [typeLabel(card.card_type), card.set + " " + card.number].join(" · ")));
    var s = stats(card);
    if (s) info.appendChild(make("span", "result-stats", s));
    li.appendChild(info);
    var inDeck = make("span", "in-deck");
    inDeck.setAttribute("aria-hidden", "true");
    li.appendChild(inDeck);
    var add = button("add-button", "+", "Add " + card.name + " to " + targets[0]);
    add.tabIndex = -1;
    add.addEventListener("click", function (e) { e.stopPropagation(); setActive(index); addCard(cards[card.card_id]); });
    li.appendChild(add);
    li.addEventListener("mousedown", function (e) { if (e.target.tagName !== "A") e.preventDefault(); });
    li.addEventListener("click", function () { setActive(index); addCard(cards[card.card_id]); els.q.focus(); });
    els.results.appendChild(li);
    search.items.push(li);
  }

  function markResultCounts() {
    search.items.forEach(function (li) {
      var n = copiesInDeck(Number(li.getAttribute("data-card-id")));
      var badge = li.querySelector(".in-deck");
      badge.textContent = n ? "×" + n : "";
      li.classList.toggle("is-in-deck", n > 0);
    });
  }

  function setActive(index) {
    search.items.forEach(function (li, i) { li.setAttribute("aria-selected", i === index ? "true" : "false"); });
    search.active = index;
    if (index >= 0 && search.items[index]) {
      els.q.setAttribute("aria-activedescendant", search.items[index].id);
      search.items[index].scrollIntoView({ block: "nearest" });
    } else {
      els.q.removeAttribute("aria-activedescendant");
    }
  }

  els.q.addEventListener("input", function () {
    clearTimeout(search.timer);
    search.timer = setTimeout(function () { runSearch(els.q.value.trim(), 1); }, SEARCH_DELAY);
  });
  els.searchForm.addEventListener("submit", function (e) {
    e.preventDefault();
    clearTimeout(search.timer);
    if (search.active >= 0 && search.query === els.q.value.trim()) {
      addCard(cards[Number(search.items[search.active].getAttribute("data-card-id"))]);
      return;
    }
    runSearch(els.q.value.trim(), 1);
  });
  els.q.addEventListener("keydown", function (e) {
    if (e.key === "ArrowDown") {
      if (!search.items.length) return;
      e.preventDefault();
      setActive(Math.min(search.active + 1, search.items.length - 1));
    } else if (e.key === "ArrowUp") {
      if (search.active < 0) return;
      e.preventDefault();
      setActive(search.active - 1);
    } else if (e.key === "Escape") {
      setActive(-1);
    }
  });
  els.more.addEventListener("click", function () { if (search.next) runSearch(search.query, search.page + 1); });

  /* -- live validation ------------------------------------------------------------------------------ */
  var validation = { timer: null, request: 0 };

  function scheduleValidate() {
    clearTimeout(validation.timer);
    els.legality.setAttribute("data-state", "checking");
    validation.timer = setTimeout(validate, VALIDATE_DELAY);
  }

  function csrfToken() {
    var field = els.form.querySelector("input[name=csrfmiddlewaretoken]");
    if (field) return field.value;
    var m = /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie);
    return m ? decodeURIComponent(m[1]) : "";
  }

  function postJSON(url, method, body) {
    return fetch(url, {
      method: method,
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify(body)
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (json) { return { ok: r.ok, status: r.status, body: json }; });
    });
  }

  function validate() {
    var mine = ++validation.request;
    postJSON(urls.validate, "POST", { game: game.slug, format: els.format.value, sections: sectionsPayload() })
      .then(function (res) {
        if (mine !== validation.request) return;
        if (!res.ok) {
          showLegality(null, [{ code: "error", rule: "", message: (res.body && (res.body.message || res.body.error)) || "Validation failed (" + res.status + ")." }]);
          return;
        }
        showLegality(!!res.body.legal, res.body.violations || []);
        if (window.DeckCharts && els.charts) window.DeckCharts.render(els.charts, chartList(res.body.charts));
      })
      .catch(function () {
        if (mine === validation.request) {
          els.legality.setAttribute("data-state", "unknown");
          els.legality.textContent = "Could not check (offline?)";
        }
      });
  }

  function chartList(charts) {
    if (Array.isArray(charts)) return charts;
    if (charts && typeof charts === "object") return Object.keys(charts).map(function (k) { return Object.assign({ id: k }, charts[k]); });
    return [];
  }

  /* Every card in the deck, all sections. */
  function totalCards() {
    return Object.keys(deck).reduce(function (n, slug) { return n + sectionCount(slug); }, 0);
  }

  function showLegality(legal, list) {
    violations = list;
    var empty = legal && totalCards() === 0;  // no rule broken, but nothing to play: "Incomplete"
    els.legality.setAttribute("data-state", legal === null ? "unknown" : empty ? "incomplete" : legal ? "legal" : "illegal");
    els.legality.textContent = legal === null ? "Not checked" : empty ? "Incomplete · no cards yet" : legal ? "Legal" :
      "Illegal · " + list.length + (list.length === 1 ? " problem" : " problems");
    els.violations.innerHTML = "";
    if (list.length) {
      var ul = make("ul", "violation-list");
      list.forEach(function (v) {
        var li = make("li", "violation");
        li.setAttribute("data-code", v.code || "");
        li.appendChild(make("span", "problem-message", v.message));
        if (v.rule) li.appendChild(make("cite", "problem-rule", v.citation || v.rule));
        if ((v.cards || []).length) {
          li.classList.add("names-cards");
          li.title = "Cards: " + v.cards.join(", ");
        }
        ul.appendChild(li);
      });
      els.violations.appendChild(ul);
    }
    renderDeck({ focus: null });
  }

  els.format.addEventListener("change", function () { markDirty(); scheduleValidate(); });
  els.name.addEventListener("input", markDirty);

  /* -- save ----------------------------------------------------------------------------------------- */
  els.form.addEventListener("submit", function (e) {
    e.preventDefault();
    var name = els.name.value.trim();
    if (!name) {
      els.name.setAttribute("aria-invalid", "true");
      els.saveStatus.textContent = "Give the deck a name before saving.";
      els.name.focus();
      return;
    }
    els.name.removeAttribute("aria-invalid");
    var state = snapshot();
    els.save.disabled = true;
    els.saveStatus.textContent = "Saving…";
    postJSON(urls.deck, "PUT", {
      name: name, description: data.deck.description, visibility: data.deck.visibility,
      format: els.format.value, sections: sectionsPayload()
    }).then(function (res) {
      els.save.disabled = false;
      if (!res.ok) {
        els.saveStatus.textContent = "Not saved: " + errorText(res);
        els.saveStatus.setAttribute("data-state", "error");
        return;
      }
      savedState = state;
      savedDeck = JSON.parse(JSON.stringify(deck));
      markDirty();
      var body = res.body || {};
      var version = body.current_version || body.version;
      var legal = body.is_legal !== undefined ? body.is_legal : body.legal;
      els.saveStatus.setAttribute("data-state", legal === false ? "illegal" : "ok");
      els.saveStatus.textContent = "Saved" + (version ? " as version " + version : "") +
        (legal === false ? " — the deck is not legal yet (see the problems listed)." : ".");
      document.title = name + " · builder";
      fillOddsCards();
      if (els.hand) newHand();
    }).catch(function () {
      els.save.disabled = false;
      els.saveStatus.textContent = "Not saved: the server could not be reached.";
      els.saveStatus.setAttribute("data-state", "error");
    });
  });

  function errorText(res) {
    var body = res.body || {};
    if (typeof body === "string") return body;
    if (body.message) return body.message;
    if (body.detail) return body.detail;
    if (body.error) return body.error;
    var parts = Object.keys(body).map(function (k) { return k + ": " + [].concat(body[k]).join(" "); });
    return parts.join("; ") || "the server answered " + res.status + ".";
  }

  window.addEventListener("beforeunload", function (e) {
    if (markDirty()) { e.preventDefault(); e.returnValue = ""; }
  });
  document.addEventListener("keydown", function (e) {
    if ((e.ctrlKey || e.metaKey) && e.key === "s") { e.preventDefault(); els.form.requestSubmit(); }
  });

  /* -- statistics: sample hand and draw odds ---------------------------------------------------------- */
  function savedCards() {
    var seen = {}, out = [];
    var drawn = data.draws && data.draws.section;
    Object.keys(savedDeck).forEach(function (slug) {
      if (drawn && slug !== drawn) return;  // odds only for cards in the pile the game draws from
      savedDeck[slug].forEach(function (row) {
        if (!seen[row.card_id]) { seen[row.card_id] = true; out.push(row); }
      });
    });
    return out.sort(function (a, b) { return a.name.localeCompare(b.name); });
  }

  function fillOddsCards() {
    if (!els.oddsCard) return;
    var current = els.oddsCard.value;
    els.oddsCard.innerHTML = "";
    var list = savedCards();
    if (!list.length) els.oddsCard.appendChild(new Option("Save a deck with cards first", ""));
    list.forEach(function (row) { els.oddsCard.appendChild(new Option(row.name, String(row.card_id), false, String(row.card_id) === current)); });
  }

  function newHand() {
    if (!els.hand) return;
    var seed = Math.floor(Math.random() * 2147483647);
    els.hand.setAttribute("aria-busy", "true");
    fetch(urls.sample_hand + "?seed=" + seed, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { return r.json().then(function (body) { return { ok: r.ok, body: body }; }); })
      .then(function (res) {
        els.hand.removeAttribute("aria-busy");
        els.hand.innerHTML = "";
        if (!res.ok) { els.hand.appendChild(make("li", "muted", errorText({ body: res.body, status: "" }))); return; }
        var hand = res.body.hand || res.body.cards || [];
        if (!hand.length) { els.hand.appendChild(make("li", "muted", "The saved deck has no cards to draw.")); return; }
        hand.forEach(function (c) {
          var card = { card_id: c.card_id || c.id, name: c.name, card_type: c.card_type };
          var li = make("li", "hand-card");
          li.appendChild(thumb(card, "hand-thumb"));
          li.appendChild(make("span", "hand-name", c.name));
          els.hand.appendChild(li);
        });
        if (res.body.seed !== undefined) els.hand.setAttribute("data-seed", res.body.seed);
      })
      .catch(function () {
        els.hand.removeAttribute("aria-busy");
        els.hand.innerHTML = "";
        els.hand.appendChild(make("li", "muted", "Could not draw a hand (offline?)."));
      });
  }

  if (els.newHand) els.newHand.addEventListener("click", newHand);

  if (els.oddsForm) {
    els.oddsForm.addEventListener("submit", function (e) {
      e.preventDefault();
      var cardId = els.oddsCard.value, turns = parseInt(els.oddsTurns.value, 10);
      if (!cardId) { els.oddsResult.textContent = "Save the deck with cards, then pick one."; return; }
      if (isNaN(turns) || turns < 1) { els.oddsResult.textContent = "The turn must be a whole number from 1."; return; }
      var params = new URLSearchParams({ card_id: cardId, turns: String(turns) });
      fetch(urls.draw_odds + "?" + params.toString(), { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (r) { return r.json().then(function (body) { return { ok: r.ok, body: body, status: r.status }; }); })
        .then(function (res) {
          els.oddsResult.innerHTML = "";
          if (!res.ok) { els.oddsResult.textContent = errorText(res); return; }
          showOdds(res.body, turns);
        })
        .catch(function () { els.oddsResult.textContent = "Could not work out the odds (offline?)."; });
    });
  }

  /* The draw-odds answer holds every turn up to N, going first ("on_play") and second ("on_draw"). */
  function showOdds(body, turns) {
    var rows = body.turns || [];
    var at = rows.filter(function (r) { return r.turn === turns; })[0] || rows[rows.length - 1];
    if (!at) { els.oddsResult.textContent = "No odds for that turn."; return; }
    function percent(p, exact, who) {
      var strong = make("strong", "odds-value", (Math.round(Number(p) * 1000) / 10).toFixed(1) + "%");
      strong.title = "exactly " + exact;
      strong.setAttribute("data-fraction", exact);
      strong.tabIndex = 0;
      var span = make("span", "odds-one");
      span.appendChild(strong);
      if (who) span.appendChild(document.createTextNode(" " + who));
      span.appendChild(make("span", "visually-hidden", " (exactly " + exact + ")"));
      return span;
    }
    var same = at.on_play_exact === at.on_draw_exact;
    els.oddsResult.appendChild(percent(at.on_play, at.on_play_exact, same ? "" : "going first"));
    if (!same) els.oddsResult.appendChild(percent(at.on_draw, at.on_draw_exact, "going second"));
    els.oddsResult.appendChild(make("span", "odds-text", "to hold at least one " + body.name + " by turn " + at.turn +
      " (" + body.copies + " of " + body.deck_size + " cards)."));
  }

  /* -- the visual view: cards stacked by section, with counts, hover previews, the featured card ---- */
  var view = { mode: "list", textStale: true, textEdited: false, textTimer: null, textRequest: 0 };
  var featured = data.deck.featured_card || null;
  var modeEls = { list: $("deck-sections"), visual: $("deck-visual"), text: $("deck-text-mode") };
  var modeButtons = Array.prototype.slice.call(document.querySelectorAll(".builder-modes [data-mode]"));
  var textEls = { area: $("builder-text"), status: $("builder-text-status"), save: $("text-save"), reset: $("text-reset") };

  function setMode(mode) {
    if (!modeEls[mode]) mode = "list";
    view.mode = mode;
    Object.keys(modeEls).forEach(function (m) { if (modeEls[m]) modeEls[m].hidden = m !== mode; });
    modeButtons.forEach(function (b) { b.setAttribute("aria-pressed", b.getAttribute("data-mode") === mode ? "true" : "false"); });
    if ($("list-hint")) $("list-hint").hidden = mode !== "list";
    if (mode === "visual") renderVisual();
    if (mode === "text" && (view.textStale || !view.textEdited)) loadText();
    try { window.localStorage.setItem("builder-mode", mode); } catch (e) { /* private mode */ }
  }
  modeButtons.forEach(function (b) { b.addEventListener("click", function () { setMode(b.getAttribute("data-mode")); }); });

  function toolButton(text, label, onClick) {
    var b = make("button", "", text);
    b.type = "button";
    b.setAttribute("aria-label", label);
    b.title = label;
    b.addEventListener("click", function (e) { e.preventDefault(); e.stopPropagation(); onClick(); });
    return b;
  }

  function renderVisual() {
    var box = $("visual-stacks");
    if (!box) return;
    box.innerHTML = "";
    var slugs = game.sections.map(function (s) { return s.slug; });
    Object.keys(deck).forEach(function (slug) { if (slugs.indexOf(slug) < 0 && deck[slug].length) slugs.push(slug); });
    var shown = 0;
    slugs.forEach(function (slug) {
      var rows = (deck[slug] || []).slice().sort(function (a, b) { return b.qty - a.qty || a.name.localeCompare(b.name); });
      if (!rows.length) return;
      shown += 1;
      var stack = make("section", "deck-stack");
      stack.setAttribute("data-section", slug);
      var head = make("h3", "stack-head");
      head.appendChild(make("span", "", sectionSpec(slug).label));
      head.appendChild(make("span", "count", String(sectionCount(slug))));
      stack.appendChild(head);
      var list = make("ul", "stack-cards");
      rows.forEach(function (row) {
        var li = make("li", "stack-card" + (row.qty > 1 ? " is-multiple" : "") + (rowProblems(slug, row).length ? " has-problem" : ""));
        li.setAttribute("data-card", row.name);
        var face = make("span", "stack-face");
        face.title = row.qty + " × " + row.name;
        face.tabIndex = 0;  // a tap or Tab shows the card whole and its + / − / ★ buttons
        face.appendChild(make("span", "stack-fallback", row.name));
        var img = document.createElement("img");
        img.src = urls.thumb.replace("/0/", "/" + row.card_id + "/");
        img.alt = row.qty + " × " + row.name;
        img.loading = "lazy";
        img.decoding = "async";
        img.addEventListener("error", function () { img.remove(); });
        face.appendChild(img);
        face.appendChild(make("span", "stack-qty", row.qty + "×"));
        li.appendChild(face);
        var tools = make("span", "stack-tools");
        tools.appendChild(toolButton("+", "One more " + row.name, function () { setQty(slug, row.card_id, row.qty + 1, null); }));
        tools.appendChild(toolButton("−", "One fewer " + row.name, function () { setQty(slug, row.card_id, row.qty - 1, null); }));
        var star = toolButton("★", "Make " + row.name + " the featured card", function () { feature(row); });
        star.className = "featured-toggle";
        star.setAttribute("aria-pressed", featured === row.card_id ? "true" : "false");
        tools.appendChild(star);
        li.appendChild(tools);
        list.appendChild(li);
      });
      stack.appendChild(list);
      box.appendChild(stack);
    });
    if (!shown) box.appendChild(make("p", "empty-stack muted", "No cards yet: search on the left and add some."));
  }

  function feature(row) {
    var body = new URLSearchParams({ card_id: featured === row.card_id ? "" : String(row.card_id) });
    fetch(urls.feature, {
      method: "POST", credentials: "same-origin", body: body,
      headers: { Accept: "application/json", "X-CSRFToken": csrfToken() }
    }).then(function (r) { return r.json().then(function (b) { return { ok: r.ok, body: b }; }); })
      .then(function (res) {
        if (!res.ok) { announce((res.body && res.body.message) || "The featured card was not changed."); return; }
        featured = res.body.featured_card;
        announce(featured ? res.body.name + " is now the featured card." : "No featured card: the deck's first card is shown.");
        renderVisual();
      })
      .catch(function () { announce("The featured card was not changed (offline?)."); });
  }

  /* -- the text mode: the whole deck as text, checked as it is typed, saved as a new version ------- */
  function textStatus(head, cls, items) {
    textEls.status.innerHTML = "";
    var p = make("p", "legality-line " + (cls || ""), head);
    textEls.status.appendChild(p);
    if (items && items.length) {
      var ul = make("ul", "");
      items.forEach(function (it) { ul.appendChild(make("li", it.cls || "", it.text)); });
      textEls.status.appendChild(ul);
    }
  }

  function loadText() {
    textStatus("Writing the deck as text…", "");
    postJSON(urls.text, "POST", { action: "render", sections: sectionsPayload(), name: els.name.value.trim(), format: els.format.value })
      .then(function (res) {
        if (!res.ok) { textStatus((res.body && res.body.message) || "The deck could not be written as text.", "illegal"); return; }
        textEls.area.value = res.body.text;
        view.textStale = false;
        view.textEdited = false;
        checkText();
      })
      .catch(function () { textStatus("The deck could not be written as text (offline?).", "illegal"); });
  }

  function lineItems(errors) {
    return (errors || []).map(function (e) { return { text: "Line " + e.line + ": " + e.message, cls: "bad-line" }; });
  }

  function checkText() {
    var mine = ++view.textRequest;
    postJSON(urls.validate, "POST", { game: game.slug, format: els.format.value, text: textEls.area.value })
      .then(function (res) {
        if (mine !== view.textRequest) return;
        var body = res.body || {};
        if (!res.ok && body.errors) {
          textStatus(body.errors.length + (body.errors.length === 1 ? " line cannot be read" : " lines cannot be read"), "illegal", lineItems(body.errors));
        } else if (!res.ok) {
          textStatus(body.message || "The text could not be checked.", "illegal");
        } else if (body.legal) {
          var n = body.count ? body.count.total : null;
          textStatus(n === 0 ? "Incomplete · no cards yet" : "Legal" + (n ? " · " + n + (n === 1 ? " card" : " cards") : ""), n === 0 ? "" : "legal");
        } else {
          textStatus("Not legal yet: " + body.violations.length + (body.violations.length === 1 ? " problem" : " problems"), "illegal",
            body.violations.map(function (v) { return { text: v.message + (v.citation ? " (" + v.citation + ")" : "") }; }));
        }
      })
      .catch(function () { if (mine === view.textRequest) textStatus("The text could not be checked (offline?).", "illegal"); });
  }

  function saveText() {
    textEls.save.disabled = true;
    textStatus("Saving…", "");
    postJSON(urls.text, "POST", { action: "save", text: textEls.area.value, name: els.name.value.trim(), format: els.format.value })
      .then(function (res) {
        textEls.save.disabled = false;
        var body = res.body || {};
        if (!res.ok) {
          textStatus("Nothing was saved: " + (body.message || "the server answered " + res.status + "."), "illegal", lineItems(body.errors));
          return;
        }
        game.sections.forEach(function (s) { deck[s.slug] = []; });
        Object.keys(body.sections || {}).forEach(function (slug) {
          deck[slug] = body.sections[slug].map(function (row) { remember(row); return copy(row); });
        });
        if (body.name) els.name.value = body.name;
        if (body.format) els.format.value = body.format;
        savedState = snapshot();
        savedDeck = JSON.parse(JSON.stringify(deck));
        violations = body.violations || [];
        renderDeck({ focus: null });
        markDirty();
        showLegality(!!body.is_legal, violations);
        view.textStale = false;
        view.textEdited = false;
        textStatus("Saved as version " + body.version + (body.is_legal ? "." : " — the deck is not legal yet (see the problems listed)."),
          body.is_legal ? "legal" : "illegal");
        els.saveStatus.setAttribute("data-state", body.is_legal ? "ok" : "illegal");
        els.saveStatus.textContent = "Saved as version " + body.version + " from the text.";
        validate();
      })
      .catch(function () {
        textEls.save.disabled = false;
        textStatus("Nothing was saved: the server could not be reached.", "illegal");
      });
  }

  if (textEls.area) {
    textEls.area.addEventListener("input", function () {
      view.textEdited = true;
      clearTimeout(view.textTimer);
      view.textTimer = setTimeout(checkText, VALIDATE_DELAY);
    });
    textEls.area.addEventListener("keydown", function (e) { e.stopPropagation(); });
    textEls.save.addEventListener("click", saveText);
    textEls.reset.addEventListener("click", loadText);
  }

  /* -- start -------------------------------------------------------------------------------------- */
  renderDeck({ focus: null });
  showLegality(data.deck.is_legal, violations);
  validate();
  (function () {
    var asked = new URLSearchParams(window.location.search).get("view");
    var stored = null;
    try { stored = window.localStorage.getItem("builder-mode"); } catch (e) { /* private mode */ }
    var mode = asked || (stored === "visual" ? "visual" : "list");
    if (mode !== "list") setMode(mode);
  })();
  if (els.hand) newHand();
  runSearch("", 1);
})();
