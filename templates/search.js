// The search box: hidden until this script runs, so a page without JavaScript reads as
// before. The index (search-index.js) loads on first use; matching is plain substring
// search over each section's heading and text, so symbols such as "2 ⊗ 2" are found.
(function () {
  "use strict";
  var form = document.querySelector("form.search");
  if (!form) return;
  var root = form.getAttribute("data-root") || "";
  var input = form.querySelector("input");
  var list = form.querySelector(".search-results");
  var sections = null;
  var pages = null;
  var pending = [];

  // Lowercases, writes `*` and `+` as the nimber operators, and drops spaces beside
  // symbols, so "2 * 2", "2 ⊗ 2" and the page's "2⊗2" all read alike.
  function normalize(text) {
    return text
      .toLowerCase()
      .replace(/\*/g, "⊗")
      .replace(/\+/g, "⊕")
      .replace(/\s+/g, " ")
      .replace(/ ?([^\p{L}\p{N} ]) ?/gu, "$1")
      .trim();
  }

  function load(then) {
    if (sections) return then();
    pending.push(then);
    if (pending.length > 1) return;
    var script = document.createElement("script");
    script.src = root + "search-index.js";
    script.onload = function () {
      var index = window.nimsiteSearchIndex || { pages: [], sections: [] };
      pages = index.pages;
      sections = index.sections.map(function (s) {
        var title = (pages[s[0]] || ["", ""])[1];
        return { page: s[0], id: s[1], heading: s[2], text: s[3], key: normalize(title + " " + s[2] + " " + s[3]), head: normalize(title + " " + s[2]) };
      });
      pending.splice(0).forEach(function (f) { f(); });
    };
    document.head.appendChild(script);
  }

  function search(query) {
    var terms = normalize(query).split(" ").filter(Boolean);
    if (!terms.length) return [];
    var found = [];
    for (var i = 0; i < sections.length && found.length < 200; i++) {
      var s = sections[i];
      var score = 0;
      for (var t = 0; t < terms.length; t++) {
        if (s.key.indexOf(terms[t]) < 0) { score = -1; break; }
        score += s.head.indexOf(terms[t]) >= 0 ? 10 : 1;
      }
      if (score > 0) found.push({ s: s, score: score, order: i });
    }
    found.sort(function (a, b) { return b.score - a.score || a.order - b.order; });
    return found.slice(0, 12);
  }

  function snippet(text, term) {
    var at = text.toLowerCase().indexOf(term.split(/[^\p{L}\p{N}]/u)[0] || term);
    var start = Math.max(0, at - 40);
    var cut = text.slice(start, start + 140);
    return (start > 0 ? "…" : "") + cut + (start + 140 < text.length ? "…" : "");
  }

  function show() {
    var query = input.value;
    list.textContent = "";
    var results = query.trim() ? search(query) : [];
    list.hidden = !query.trim();
    if (query.trim() && !results.length) {
      var none = document.createElement("li");
      none.className = "search-none";
      none.textContent = "Nothing found";
      list.appendChild(none);
    }
    results.forEach(function (r) {
      var page = pages[r.s.page];
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = root + page[0] + (r.s.id ? "#" + r.s.id : "");
      var title = document.createElement("span");
      title.className = "search-title";
      title.textContent = page[1] + (r.s.heading ? " › " + r.s.heading : "");
      var text = document.createElement("span");
      text.className = "search-snippet";
      text.textContent = snippet(r.s.text, normalize(query).split(" ")[0]);
      a.appendChild(title);
      a.appendChild(text);
      li.appendChild(a);
      list.appendChild(li);
    });
  }

  form.hidden = false;
  input.addEventListener("focus", function () {
    load(function () { if (input.value.trim()) show(); });
  });
  document.addEventListener("click", function (e) {
    if (!form.contains(e.target)) list.hidden = true;
  });
  input.addEventListener("input", function () { load(show); });
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    var first = list.querySelector("a");
    if (first) window.location.href = first.href;
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "/" && document.activeElement !== input) {
      e.preventDefault();
      input.focus();
    } else if (e.key === "Escape" && document.activeElement === input) {
      input.value = "";
      show();
      input.blur();
    }
  });
})();
