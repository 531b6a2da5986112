/* Deck charts drawn as SVG by our own code (no library, no CDN).

   DeckCharts.render(container, charts) draws the validate response's `charts`:
   [{id, title, kind: "bar" | "stacked" | "pie", labels: [...], series: [{name, values: [...]}]}].
   Each chart is a <figure> with an <svg role="img"> whose <title>/<desc> state every value,
   the values written on the bars or in the legend, and a data table under "Values".
   Optional chart fields: labelEvery (label every n-th bar), hideValues (no numbers on the bars).
   DeckCharts.figure(chart) returns one such <figure>; DeckCharts.band(chart) a rate over games
   played with its confidence interval as a shaded band, or one band per series (the simulation
   pages: every deck of a table). */
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";
  var PALETTE = ["#3b6fd8", "#e0823a", "#2f9e6a", "#c8415b", "#8a5cc8", "#c9a227", "#2aa3b8", "#7d7f87"];
  var W = 360, H = 210, PAD_L = 30, PAD_R = 8, PAD_T = 18, PAD_B = 34;
  var counter = 0;

  function el(name, attrs, text) {
    var node = document.createElementNS(NS, name);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function html(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /* A series or label named like a CSS colour ("red", "blue") is drawn in that colour. */
  function colour(name, index) {
    var key = String(name || "").toLowerCase();
    if (/^[a-z]+$/.test(key) && key !== "white" && key !== "black" && window.CSS && CSS.supports("color", key)) {
      return key;
    }
    return PALETTE[index % PALETTE.length];
  }

  function num(v) { var n = Number(v); return isFinite(n) ? n : 0; }

  /* A whole-number step of 1, 2 or 5 times a power of ten giving at most five gridlines. */
  function niceStep(value) {
    var raw = Math.max(1, value / 5);
    var power = Math.pow(10, Math.floor(Math.log10(raw)));
    var steps = [1, 2, 5, 10];
    for (var i = 0; i < steps.length; i++) if (steps[i] * power >= raw) return Math.max(1, steps[i] * power);
    return 10 * power;
  }

  function niceMax(value) {
    var step = niceStep(value);
    return Math.max(step, Math.ceil(value / step) * step);
  }

  function ticks(max) {
    var step = niceStep(max), out = [];
    for (var t = 0; t <= max + 1e-9; t += step) out.push(t);
    return out;
  }

  function summary(chart) {
    var series = chart.series || [];
    if (chart.kind === "pie") {
      var values = (series[0] || { values: [] }).values;
      return chart.labels.map(function (l, i) { return l + ": " + num(values[i]); }).join(", ");
    }
    return series.map(function (s) {
      var parts = chart.labels.map(function (l, i) { return l + " " + num(s.values[i]); });
      return (series.length > 1 ? s.name + ": " : "") + parts.join(", ");
    }).join("; ");
  }

  function svgRoot(chart) {
    var id = "chart-" + (++counter);
    var svg = el("svg", { viewBox: "0 0 " + W + " " + H, role: "img", "aria-labelledby": id + "-t " + id + "-d",
                          class: "chart-svg", preserveAspectRatio: "xMidYMid meet" });
    svg.appendChild(el("title", { id: id + "-t" }, chart.title));
    svg.appendChild(el("desc", { id: id + "-d" }, summary(chart)));
    return svg;
  }

  /* Bars: one group per label; several series sit side by side ("bar") or on top of each other ("stacked"). */
  function drawBars(chart, stacked) {
    var svg = svgRoot(chart);
    var labels = chart.labels || [], series = chart.series || [];
    var totals = labels.map(function (_, i) {
      return stacked ? series.reduce(function (sum, s) { return sum + num(s.values[i]); }, 0)
                     : Math.max.apply(null, series.map(function (s) { return num(s.values[i]); }).concat([0]));
    });
    var max = niceMax(Math.max.apply(null, totals.concat([0])));
    var plotW = W - PAD_L - PAD_R, plotH = H - PAD_T - PAD_B;
    var y = function (v) { return PAD_T + plotH - (v / max) * plotH; };
    ticks(max).forEach(function (t) {
      svg.appendChild(el("line", { x1: PAD_L, x2: W - PAD_R, y1: y(t), y2: y(t), class: "chart-grid" }));
      svg.appendChild(el("text", { x: PAD_L - 5, y: y(t) + 3.5, class: "chart-axis", "text-anchor": "end" }, String(t)));
    });
    var slot = plotW / Math.max(labels.length, 1);
    var barW = Math.min(34, slot * 0.7);
    var inner = stacked || series.length < 2 ? barW : barW / series.length;
    var shown = chart.labelEvery > 1 ? Math.ceil(labels.length / chart.labelEvery) : labels.length;
    var rotate = shown > 8 && !chart.labelEvery || labels.some(function (l) { return String(l).length * 6 > slot * (chart.labelEvery || 1); });
    labels.forEach(function (label, i) {
      var cx = PAD_L + slot * i + slot / 2;
      var base = 0;
      series.forEach(function (s, j) {
        var v = num(s.values[i]);
        var x = stacked || series.length < 2 ? cx - barW / 2 : cx - barW / 2 + inner * j;
        var top = stacked ? base + v : v;
        var rect = el("rect", { x: x, y: y(top), width: Math.max(inner - 1, 1), height: Math.max(y(stacked ? base : 0) - y(top), 0),
                                fill: colour(series.length > 1 ? s.name : "", j), class: "chart-bar" });
        rect.appendChild(el("title", {}, (series.length > 1 ? s.name + ", " : "") + label + ": " + v));
        svg.appendChild(rect);
        if (!stacked && series.length > 1 && v > 0) {
          svg.appendChild(el("text", { x: x + inner / 2, y: y(v) - 3, class: "chart-value", "text-anchor": "middle" }, String(v)));
        }
        base += stacked ? v : 0;
      });
      if ((stacked || series.length < 2) && totals[i] > 0 && !chart.hideValues) {
        svg.appendChild(el("text", { x: cx, y: y(totals[i]) - 4, class: "chart-value", "text-anchor": "middle" }, String(totals[i])));
      }
      if (chart.labelEvery > 1 && i % chart.labelEvery) return;  // optional: label every n-th bar only
      var text = String(label).length > 12 ? String(label).slice(0, 11) + "…" : String(label);
      var attrs = { x: cx, y: H - PAD_B + 14, class: "chart-axis", "text-anchor": "middle" };
      if (rotate) {
        attrs["text-anchor"] = "end";
        attrs.transform = "rotate(-35 " + cx + " " + (H - PAD_B + 10) + ")";
        attrs.y = H - PAD_B + 10;
      }
      var labelNode = el("text", attrs, text);
      if (text !== String(label)) labelNode.appendChild(el("title", {}, String(label)));
      svg.appendChild(labelNode);
    });
    svg.appendChild(el("line", { x1: PAD_L, x2: W - PAD_R, y1: y(0), y2: y(0), class: "chart-baseline" }));
    return svg;
  }

  function drawPie(chart) {
    var svg = svgRoot(chart);
    var values = ((chart.series || [])[0] || { values: [] }).values.map(num);
    var total = values.reduce(function (a, b) { return a + b; }, 0);
    var cx = W / 2, cy = H / 2, r = Math.min(W, H) / 2 - 12;
    var angle = -Math.PI / 2, texts = [];
    values.forEach(function (v, i) {
      if (v <= 0) return;
      var label = chart.labels[i], fill = colour(label, i), shape, mid;
      if (v >= total) {
        shape = el("circle", { cx: cx, cy: cy, r: r, fill: fill, class: "chart-slice" });
        mid = null;
      } else {
        var end = angle + (v / total) * Math.PI * 2;
        var large = end - angle > Math.PI ? 1 : 0;
        var d = ["M", cx, cy, "L", cx + r * Math.cos(angle), cy + r * Math.sin(angle),
                 "A", r, r, 0, large, 1, cx + r * Math.cos(end), cy + r * Math.sin(end), "Z"].join(" ");
        shape = el("path", { d: d, fill: fill, class: "chart-slice" });
        mid = (angle + end) / 2;
        angle = end;
      }
      shape.appendChild(el("title", {}, label + ": " + v));
      svg.appendChild(shape);
      if (v / total >= 0.08) {
        var tx = mid === null ? cx : cx + r * 0.62 * Math.cos(mid);
        var ty = mid === null ? cy : cy + r * 0.62 * Math.sin(mid);
        texts.push(el("text", { x: tx, y: ty + 4, class: "chart-slice-value", "text-anchor": "middle" }, String(v)));
      }
    });
    texts.forEach(function (t) { svg.appendChild(t); });
    return svg;
  }

  function legend(chart) {
    var names, values = null;
    if (chart.kind === "pie") {
      names = chart.labels;
      values = ((chart.series || [])[0] || { values: [] }).values.map(num);
    } else if ((chart.series || []).length > 1) {
      names = chart.series.map(function (s) { return s.name; });
      values = chart.series.map(function (s) { return (s.values || []).reduce(function (a, v) { return a + num(v); }, 0); });
    } else {
      return null;
    }
    var total = values ? values.reduce(function (a, b) { return a + b; }, 0) : 0;
    var ul = html("ul", "chart-legend");
    names.forEach(function (name, i) {
      if (values && values[i] <= 0) return;
      var li = html("li");
      var swatch = html("span", "swatch");
      swatch.style.background = colour(name, i);
      swatch.setAttribute("aria-hidden", "true");
      li.appendChild(swatch);
      var text = String(name);
      if (values && chart.kind === "pie") text += " " + values[i] + " (" + Math.round(values[i] * 100 / total) + "%)";
      else if (values) text += " " + values[i];
      li.appendChild(document.createTextNode(text));
      ul.appendChild(li);
    });
    return ul;
  }

  function table(chart) {
    var details = html("details", "chart-data");
    details.appendChild(html("summary", "", "Values"));
    var t = html("table");
    var head = html("tr");
    head.appendChild(html("th", "", ""));
    (chart.series || []).forEach(function (s) { head.appendChild(html("th", "", s.name || "count")); });
    t.appendChild(html("thead")).appendChild(head);
    var body = t.appendChild(html("tbody"));
    (chart.labels || []).forEach(function (label, i) {
      var tr = html("tr");
      tr.appendChild(html("th", "", String(label)));
      (chart.series || []).forEach(function (s) { tr.appendChild(html("td", "", String(num(s.values[i])))); });
      body.appendChild(tr);
    });
    details.appendChild(t);
    return details;
  }

  function isEmpty(chart) {
    return !(chart.series || []).some(function (s) { return (s.values || []).some(function (v) { return num(v) > 0; }); });
  }

  function figure(chart) {
    var fig = html("figure", "chart");
    fig.setAttribute("data-chart", chart.id || "");
    fig.appendChild(html("figcaption", "chart-title", chart.title));
    if (isEmpty(chart)) {
      fig.appendChild(html("p", "chart-empty muted", "No cards to count yet."));
      return fig;
    }
    fig.appendChild(chart.kind === "pie" ? drawPie(chart) : drawBars(chart, chart.kind === "stacked"));
    var key = legend(chart);
    if (key) fig.appendChild(key);
    fig.appendChild(table(chart));
    return fig;
  }

  function render(container, charts) {
    container.innerHTML = "";
    (charts || []).forEach(function (chart) {
      if (!chart || !chart.labels || !chart.series) return;
      container.appendChild(figure(chart));
    });
    if (!container.children.length) container.appendChild(html("p", "muted", "No charts for this deck yet."));
  }

  /* -- added for the simulation pages ---------------------------------------------------------- */

  function pct(v) { return Math.round(num(v) * 1000) / 10 + "%"; }

  /* A rate over games played with its interval as a shaded band (the band narrows as games land).
     chart: {title, points: [{games, rate, low, high}], reference: 0.5 (optional), empty: "text"};
     or several rates at once (every deck of a table): series: [{name, points}] instead of points,
     each drawn in its own colour with a legend. */
  function bandLines(chart) {
    var lines = chart.series ? chart.series : [{ name: "", points: chart.points }];
    return lines.map(function (line) {
      return { name: line.name || "", all: line.points || [],
               points: (line.points || []).filter(function (p) { return p && p.rate !== null && p.rate !== undefined; }) };
    });
  }

  function drawBand(chart) {
    var lines = bandLines(chart), several = lines.length > 1;
    var svg = svgRoot({ title: chart.title, kind: "band", labels: [], series: [] });
    var said = lines.map(function (line) {
      var last = line.points[line.points.length - 1];
      return last ? (several ? line.name + ": " : "") + "after " + last.games + " games " + pct(last.rate) +
        " (95% interval " + pct(last.low) + " to " + pct(last.high) + ")" : "";
    }).filter(Boolean);
    svg.querySelector("desc").textContent = said.length ? said.join("; ") : "No games yet";
    var plotW = W - PAD_L - PAD_R, plotH = H - PAD_T - PAD_B;
    var lastGames = Math.max.apply(null, lines.map(function (l) { return l.points.length ? num(l.points[l.points.length - 1].games) : 1; }));
    var maxX = Math.max(1, num(chart.maxGames), lastGames);
    var x = function (g) { return PAD_L + (num(g) / maxX) * plotW; };
    var y = function (v) { return PAD_T + plotH - num(v) * plotH; };
    [0, 0.25, 0.5, 0.75, 1].forEach(function (t) {
      svg.appendChild(el("line", { x1: PAD_L, x2: W - PAD_R, y1: y(t), y2: y(t), class: "chart-grid" }));
      svg.appendChild(el("text", { x: PAD_L - 5, y: y(t) + 3.5, class: "chart-axis", "text-anchor": "end" }, Math.round(t * 100) + "%"));
    });
    ticks(maxX).forEach(function (t) {
      svg.appendChild(el("text", { x: x(t), y: H - PAD_B + 14, class: "chart-axis", "text-anchor": "middle" }, String(t)));
    });
    svg.appendChild(el("text", { x: PAD_L + plotW / 2, y: H - 4, class: "chart-axis", "text-anchor": "middle" }, "games played"));
    if (chart.reference !== undefined && chart.reference !== null) {
      svg.appendChild(el("line", { x1: PAD_L, x2: W - PAD_R, y1: y(chart.reference), y2: y(chart.reference), class: "chart-reference" }));
    }
    lines.forEach(function (line, j) {
      var points = line.points;
      if (!points.length) return;
      var last = points[points.length - 1];
      var paint = several ? colour("", j) : null;
      var upper = points.map(function (p) { return x(p.games) + "," + y(p.high); });
      var lower = points.slice().reverse().map(function (p) { return x(p.games) + "," + y(p.low); });
      var band = el("polygon", { points: upper.concat(lower).join(" "), class: "chart-band" });
      var path = el("polyline", { points: points.map(function (p) { return x(p.games) + "," + y(p.rate); }).join(" "),
                                  class: "chart-line" });
      var dot = el("circle", { cx: x(last.games), cy: y(last.rate), r: 3, class: "chart-dot" });
      if (paint) {
        band.style.fill = paint;
        band.style.fillOpacity = "0.14";
        path.style.stroke = paint;
        dot.style.fill = paint;
      }
      dot.appendChild(el("title", {}, (several ? line.name + ": " : "") + pct(last.rate) + " after " + last.games + " games"));
      svg.appendChild(band);
      svg.appendChild(path);
      svg.appendChild(dot);
      if (!several) {
        var anchor = x(last.games) > W - 60 ? "end" : "start";
        svg.appendChild(el("text", { x: x(last.games) + (anchor === "end" ? -6 : 6), y: y(last.rate) - 6,
                                     class: "chart-value", "text-anchor": anchor }, pct(last.rate)));
      }
    });
    svg.appendChild(el("line", { x1: PAD_L, x2: W - PAD_R, y1: y(0), y2: y(0), class: "chart-baseline" }));
    return svg;
  }

  function bandLegend(lines) {
    var ul = html("ul", "chart-legend");
    lines.forEach(function (line, i) {
      var last = line.points[line.points.length - 1];
      var li = html("li");
      var swatch = html("span", "swatch");
      swatch.style.background = colour("", i);
      swatch.setAttribute("aria-hidden", "true");
      li.appendChild(swatch);
      li.appendChild(document.createTextNode(line.name + (last ? " " + pct(last.rate) : "")));
      ul.appendChild(li);
    });
    return ul;
  }

  function bandTable(lines) {
    var several = lines.length > 1;
    var details = html("details", "chart-data");
    details.appendChild(html("summary", "", "Values"));
    var t = html("table");
    var head = html("tr");
    var columns = several ? ["games"].concat(lines.map(function (l) { return l.name; })) : ["games", "rate", "95% low", "95% high"];
    columns.forEach(function (h) { head.appendChild(html("th", "", h)); });
    t.appendChild(html("thead")).appendChild(head);
    var body = t.appendChild(html("tbody"));
    lines[0].all.forEach(function (p, i) {
      var tr = html("tr");
      tr.appendChild(html("th", "", String(p.games)));
      if (several) {
        lines.forEach(function (line) {
          var q = line.all[i] || {};
          tr.appendChild(html("td", "", pct(q.rate) + " (" + pct(q.low) + "–" + pct(q.high) + ")"));
        });
      } else {
        [p.rate, p.low, p.high].forEach(function (v) { tr.appendChild(html("td", "", pct(v))); });
      }
      body.appendChild(tr);
    });
    details.appendChild(t);
    return details;
  }

  /* A <figure> for one band chart (see drawBand). */
  function band(chart) {
    var fig = html("figure", "chart chart-band-figure");
    fig.setAttribute("data-chart", chart.id || "");
    fig.appendChild(html("figcaption", "chart-title", chart.title));
    var lines = bandLines(chart);
    if (!lines.some(function (l) { return l.all.length; })) {
      fig.appendChild(html("p", "chart-empty muted", chart.empty || "No games yet."));
      return fig;
    }
    fig.appendChild(drawBand(chart));
    if (lines.length > 1) fig.appendChild(bandLegend(lines));
    fig.appendChild(bandTable(lines));
    return fig;
  }

  /* A <figure> for one chart of the kinds render() draws ("bar", "stacked", "pie"); chart.empty
     replaces the deck builder's "no cards" text. */
  function one(chart) {
    var fig = figure(chart);
    var empty = fig.querySelector(".chart-empty");
    if (empty && chart.empty) empty.textContent = chart.empty;
    return fig;
  }

  window.DeckCharts = { render: render, figure: one, band: band };
})();
