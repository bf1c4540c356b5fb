// The search page of the served archive (web/SearchPage.h): sends the form to /api/search and
// shows the games found, each linked to the site's game page. Every value from the archive is
// written with textContent (names are text, never markup).
(function () {
  "use strict";
  var form = document.getElementById("search-form");
  var status = document.getElementById("search-status");
  var table = document.getElementById("results");
  var body = table.querySelector("tbody");
  var prev = document.getElementById("prev-page");
  var next = document.getElementById("next-page");
  var last = null; // the last answer: {total, limit, offset}

  // The form's non-empty fields, as URL parameters (the API ignores empty ones too, but the
  // address bar stays readable).
  function formParams() {
    var params = new URLSearchParams();
    new FormData(form).forEach(function (value, key) {
      value = String(value).trim();
      if (value !== "" && !(key === "offset" && value === "0")) params.append(key, value);
    });
    return params;
  }

  function fillForm(params) {
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name) return;
      var v = params.get(el.name);
      if (v === null) return;
      if (el.tagName === "SELECT" &&
          !Array.prototype.some.call(el.options, function (o) { return o.value === v; })) {
        // A value from the address that the menu lacks (limit=2): keep it, as an option.
        var option = document.createElement("option");
        option.value = option.textContent = v;
        el.appendChild(option);
      }
      el.value = v;
    });
  }

  function cell(row, text, className) {
    var td = document.createElement("td");
    if (className) td.className = className;
    td.textContent = text;
    row.appendChild(td);
    return td;
  }

  function gameLink(game, atPly) {
    // game.html?event=<tournament>&game=<id> (web/Site.h); no link when the game's event is
    // not known yet (an import still running). A pattern's hit opens at its first ply.
    if (game.tournament === null || game.tournament === undefined) return null;
    return "game.html?event=" + encodeURIComponent(game.tournament) +
      "&game=" + encodeURIComponent(game.id) +
      (atPly && game.ply ? "&ply=" + encodeURIComponent(game.ply) : "");
  }

  function show(answer) {
    last = answer;
    body.textContent = "";
    answer.games.forEach(function (game) {
      var tr = document.createElement("tr");
      var idCell = cell(tr, "", "game-id");
      var href = gameLink(game, answer.pattern !== undefined);
      if (href) {
        var a = document.createElement("a");
        a.href = href;
        a.className = "game-link";
        a.textContent = String(game.id);
        a.title = "Replay this game";
        idCell.appendChild(a);
      } else {
        idCell.textContent = String(game.id);
      }
      cell(tr, game.black || "?", "black");
      cell(tr, game.white || "?", "white");
      var result = cell(tr, game.result, "result");
      if (href) {
        // The whole row opens the game: the result is the usual thing to click.
        var ra = document.createElement("a");
        ra.href = href;
        ra.textContent = game.result;
        result.textContent = "";
        result.appendChild(ra);
      }
      cell(tr, game.event || "", "event");
      cell(tr, game.year ? String(game.year) : "", "year");
      cell(tr, game.ply === null ? "" : String(game.ply), "ply");
      cell(tr, game.opening || "", "opening");
      body.appendChild(tr);
    });
    table.hidden = answer.games.length === 0;
    var from = answer.offset + 1;
    var to = answer.offset + answer.games.length;
    var text = answer.total === 1 ? "1 game" : answer.total.toLocaleString("en") + " games";
    if (answer.games.length > 0 && answer.total > answer.games.length)
      text += ", showing " + from + "-" + to;
    if (answer.opening) text += " (opening: " + answer.opening + ")";
    if (answer.pattern) text += " with the pattern " + answer.pattern;
    status.textContent = text;
    status.className = "";
    prev.hidden = answer.offset === 0;
    next.hidden = to >= answer.total;
  }

  function fail(message) {
    body.textContent = "";
    table.hidden = true;
    prev.hidden = next.hidden = true;
    status.textContent = message;
    status.className = "error";
  }

  function run(params, push) {
    var query = params.toString();
    if (push) history.pushState(null, "", "search.html" + (query ? "?" + query : ""));
    status.textContent = "Searching...";
    status.className = "";
    fetch("api/search" + (query ? "?" + query : ""), { headers: { Accept: "application/json" } })
      .then(function (response) {
        return response.json().then(function (answer) {
          if (!response.ok) throw new Error(answer.error || "error " + response.status);
          return answer;
        });
      })
      .then(show)
      .catch(function (e) { fail("Search failed: " + e.message); });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    form.elements.offset.value = "";
    run(formParams(), true);
  });
  // Every field back to its first value (form.reset() would restore the values the page was
  // loaded with, which a search in the address may have set).
  function clearForm() {
    Array.prototype.forEach.call(form.elements, function (el) {
      if (el.tagName === "SELECT") el.selectedIndex = 0;
      else if (el.name) el.value = "";
    });
  }
  function clearResults() {
    last = null;
    body.textContent = "";
    table.hidden = true;
    prev.hidden = next.hidden = true;
    status.textContent = "";
    status.className = "";
  }
  form.addEventListener("reset", function (event) {
    event.preventDefault();
    clearForm();
    clearResults();
    history.pushState(null, "", "search.html");
  });
  function page(delta) {
    if (!last) return;
    form.elements.offset.value = String(Math.max(0, last.offset + delta * last.limit));
    run(formParams(), true);
  }
  prev.addEventListener("click", function () { page(-1); });
  next.addEventListener("click", function () { page(1); });

  // A search in the address (a shared link, the back button) runs when the page opens.
  function fromAddress() {
    var params = new URLSearchParams(location.search);
    clearForm();
    fillForm(params);
    if (Array.from(params.keys()).length > 0) run(formParams(), false);
    else clearResults();
  }
  window.addEventListener("popstate", fromAddress);
  fromAddress();
})();
