// The replay page's script: draws position `pos` (0: before the first action, n: after
// the last) of the game embedded as JSON in #game-data, as the seat chosen in #seat saw
// it, or everything when #show-hidden is checked.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("game-data").textContent);
  var n = data.steps.length;
  var pos = 0;
  var $ = function (id) { return document.getElementById(id); };
  var seatSel = $("seat"), hidden = $("show-hidden");

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function who(actor) {
    return actor === "chance" ? "chance" : "seat " + actor + " (" + data.agents[actor] + ")";
  }
  function viewer() { return Number(seatSel.value); }
  // Observation text i: its lines (indices into data.lines) joined.
  function text(i) {
    return data.texts[i].map(function (l) { return data.lines[l]; }).join("\n");
  }
  // Whether the action of step k is shown: every action with hidden cards shown, else
  // those the chosen seat saw.
  function visible(k) { return hidden.checked || data.steps[k].seen[viewer()]; }
  function actionText(k) {
    var s = data.steps[k];
    // What the rules reveal at this step is shown to every seat.
    var revealed = (s.revealed || []).length ? " · revealed: " + s.revealed.join(", ") : "";
    return who(s.actor) + ": " + (visible(k) ? s.action : "hidden") + (s.forced ? " (forced)" : "") + revealed;
  }

  for (var s = 0; s < data.seats; s++) {
    var o = el("option", null, "seat " + s + " (" + data.agents[s] + ")");
    o.value = String(s);
    seatSel.appendChild(o);
  }
  var log = $("log");
  data.steps.forEach(function (step, k) {
    var li = el("li");
    li.addEventListener("click", function () { go(k + 1); });
    log.appendChild(li);
  });

  // The log's texts depend on the seat viewed and the hidden-cards toggle only: they are
  // written again when those change, and a step moves the highlight alone (a 5,000-step
  // page stepped in about 120 ms when every line was rewritten at every step).
  var logFor = null, lastCurrent = -1;
  function drawLog() {
    var items = log.children;
    var key = viewer() + "/" + hidden.checked;
    if (logFor !== key) {
      for (var k = 0; k < n; k++) {
        items[k].textContent = actionText(k);
        items[k].classList.toggle("hidden-action", !visible(k));
      }
      logFor = key;
    }
    if (lastCurrent >= 0 && items[lastCurrent]) { items[lastCurrent].classList.remove("current"); }
    if (pos > 0) { items[pos - 1].classList.add("current"); }
    lastCurrent = pos - 1;
    var cur = items[pos - 1];
    if (cur && cur.scrollIntoView) {
      var top = cur.offsetTop - log.offsetTop, h = log.clientHeight;
      if (top < log.scrollTop || top > log.scrollTop + h - 20) { log.scrollTop = top - h / 2; }
    }
  }

  function drawExplain() {
    var box = $("explain");
    box.textContent = "";
    var step = data.steps[pos - 1];
    if (!step || !step.explain || !visible(pos - 1)) { return; }
    box.appendChild(el("h3", null, "What " + step.explain.agent + " weighed at step " + (pos - 1)));
    if (step.explain.unsearched) {
      // A decision no search needs (the record's `unsearched`).
      box.appendChild(el("p", "unsearched", {
        forced: "Forced: the only legal action.",
        equilibrium: "An equilibrium choice: the rules fix its mixed strategy, and a random draw from it is the best play."
      }[step.explain.unsearched] || step.explain.unsearched));
      return;
    }
    var t = el("table"), head = el("tr");
    var valued = step.explain.candidates.some(function (c) { return c.value !== undefined; });
    var heads = ["action", "visits", "share"];
    if (valued) { heads.push("value [95% interval]"); }
    heads.forEach(function (h) { head.appendChild(el("th", null, h)); });
    t.appendChild(head);
    step.explain.candidates.forEach(function (c) {
      var tr = el("tr", c.code === step.code ? "chosen" : "candidate");
      tr.appendChild(el("td", null, c.action + (c.code === step.code ? " ✔" : "")));
      tr.appendChild(el("td", "n", String(Math.round(c.visits))));
      var td = el("td", "share");
      var bar = el("span", "bar");
      bar.style.width = Math.max(1, Math.round(c.share * 200)) + "px";
      td.appendChild(bar);
      td.appendChild(document.createTextNode(" " + (100 * c.share).toFixed(1) + "%"));
      tr.appendChild(td);
      if (valued) {
        // The expected score through the action, and whether the search can tell it is
        // worse than the first candidate's.
        var v = c.value === undefined ? "" : c.value.toFixed(3) + " [" + c.value_lo.toFixed(3) +
          ", " + c.value_hi.toFixed(3) + "]" + (c.behind ? " worse" : "");
        tr.appendChild(el("td", c.behind ? "n behind" : "n", v));
      }
      t.appendChild(tr);
    });
    box.appendChild(t);
  }

  function draw() {
    var f = data.frames[pos];
    $("step").textContent = "step " + pos + " / " + n;
    $("first").disabled = $("prev").disabled = pos === 0;
    $("last").disabled = $("next").disabled = pos === n;
    var now = $("now");
    now.textContent = "";
    if (pos === 0) {
      now.textContent = "Before the first action.";
    } else {
      var line = el("span", visible(pos - 1) ? null : "hidden-action", "Step " + (pos - 1) + ": " + actionText(pos - 1));
      now.appendChild(line);
    }
    if (pos === n && data.end) {
      now.appendChild(document.createTextNode(" — the end: score " + data.end.score.join("–") + "."));
    }
    $("score").textContent = f.score.join("–");
    var board = $("board");
    board.innerHTML = f.board === null ? "" : data.board_head + f.board.map(function (i) { return data.boards[i]; }).join("") + data.board_tail;
    var views = $("views");
    views.textContent = "";
    for (var s = 0; s < data.seats; s++) {
      if (!hidden.checked && s !== viewer()) { continue; }
      var v = el("div", "seat-view");
      v.id = "seat-view-" + s;
      v.appendChild(el("h3", null, "Seat " + s + " — " + data.agents[s]));
      v.appendChild(el("pre", "observation", text(f.obs[s])));
      views.appendChild(v);
    }
    var state = $("state");
    state.style.display = hidden.checked ? "" : "none";
    $("state-json").textContent = hidden.checked ? text(f.state) : "";
    drawExplain();
    drawLog();
  }

  function go(p) {
    pos = Math.max(0, Math.min(n, p));
    draw();
    // The address names the step: a link to it opens the page there.
    try { history.replaceState(null, "", "#step=" + pos); } catch (e) { /* a page that may not */ }
    $("strip-at").style.left = (n ? 100 * pos / n : 0) + "%";
  }
  // The position after the next (dir 1) or previous (dir -1) step holding an event of
  // `kind` ("any": every kind), or the current one when there is none.
  function jump(kind, dir) {
    for (var k = pos - 1 + dir; k >= 0 && k < n; k += dir) {
      var ev = data.steps[k].events || [];
      if (kind === "any" ? ev.length > 0 : ev.indexOf(kind) >= 0) { return k + 1; }
    }
    return pos;
  }
  $("prev-goal").addEventListener("click", function () { go(jump("goal", -1)); });
  $("next-goal").addEventListener("click", function () { go(jump("goal", 1)); });
  $("prev-event").addEventListener("click", function () { go(jump("any", -1)); });
  $("next-event").addEventListener("click", function () { go(jump("any", 1)); });
  // The event strip: a mark per step with an event, at its place in the game.
  var strip = $("strip");
  data.steps.forEach(function (step, k) {
    var ev = step.events || [];
    if (!ev.length) { return; }
    var kind = ["goal", "half", "shot", "card"].filter(function (x) { return ev.indexOf(x) >= 0; })[0];
    var mark = el("i", kind);
    mark.style.left = (100 * (k + 1) / n) + "%";
    mark.title = "step " + k + ": " + ev.join(", ");
    strip.appendChild(mark);
  });
  var at = el("b");
  at.id = "strip-at";
  strip.appendChild(at);
  strip.addEventListener("click", function (e) {
    var r = strip.getBoundingClientRect();
    go(Math.round(n * (e.clientX - r.left) / r.width));
  });
  $("first").addEventListener("click", function () { go(0); });
  $("prev").addEventListener("click", function () { go(pos - 1); });
  $("next").addEventListener("click", function () { go(pos + 1); });
  $("last").addEventListener("click", function () { go(n); });
  seatSel.addEventListener("change", draw);
  hidden.addEventListener("change", draw);
  document.addEventListener("keydown", function (e) {
    if (e.target && e.target.tagName === "SELECT") { return; }
    var to = {
      ArrowLeft: pos - 1, ArrowRight: pos + 1, Home: 0, End: n,
      g: jump("goal", 1), G: jump("goal", -1), e: jump("any", 1), E: jump("any", -1)
    }[e.key];
    if (to !== undefined) { e.preventDefault(); go(to); }
  });
  // Opened at #step=N: step N.
  var asked = /step=(\d+)/.exec(location.hash);
  go(asked ? Number(asked[1]) : 0);
}());
