/* The deck's text-edit page: the text is checked against the rulebook as it is typed (the API's
   validate endpoint, with the deck's game and format), showing whether it is legal, each
   violation in words, and each line that cannot be read. Saving is a plain form post: without
   this script the server checks the text when it is saved. */
(function () {
  "use strict";
  var form = document.getElementById("deck-text-form");
  if (!form) return;
  var text = document.getElementById("deck-text");
  var status = document.getElementById("deck-text-status");
  var token = form.querySelector("[name=csrfmiddlewaretoken]");
  var timer = null, request = 0;

  function item(message, cls) {
    var li = document.createElement("li");
    if (cls) li.className = cls;
    li.textContent = message;
    return li;
  }

  function show(ok, body) {
    status.innerHTML = "";
    var head = document.createElement("p");
    var list = document.createElement("ul");
    if (!ok && body && body.errors) {
      head.className = "legality-line illegal";
      head.textContent = body.errors.length + " line" + (body.errors.length === 1 ? "" : "s") + " cannot be read";
      body.errors.forEach(function (e) { list.appendChild(item("Line " + e.line + ": " + e.message, "field-error")); });
    } else if (!ok) {
      head.className = "legality-line illegal";
      head.textContent = (body && body.message) || "The text could not be checked.";
    } else if (body.legal) {
      head.className = "legality-line legal";
      head.textContent = "Legal";
    } else {
      head.className = "legality-line illegal";
      head.textContent = "Not legal yet: " + body.violations.length + " problem" + (body.violations.length === 1 ? "" : "s");
      body.violations.forEach(function (v) { list.appendChild(item(v.message + (v.citation ? " (" + v.citation + ")" : ""))); });
    }
    status.appendChild(head);
    if (list.children.length) status.appendChild(list);
  }

  function check() {
    var mine = ++request;
    fetch(form.getAttribute("data-validate-url"), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": token ? token.value : "" },
      credentials: "same-origin",
      body: JSON.stringify({ game: form.getAttribute("data-game"), format: form.getAttribute("data-format"), text: text.value }),
    })
      .then(function (r) { return r.json().then(function (body) { return { ok: r.ok, body: body }; }); })
      .then(function (res) { if (mine === request) show(res.ok, res.body); })
      .catch(function () { if (mine === request) show(false, { message: "The text could not be checked (connection)." }); });
  }

  text.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(check, 350); });
  check();
})();
