// The search box: hidden until this script runs, so a page without JavaScript reads as
// before. The index (search-index.js) loads on first use; matching is substring search
// over each section's heading and text, so symbols such as "2 ⊗ 2" are found, and a word
// of four letters or more also finds words one typo away ("kayels" finds "kayles"). The
// matches are marked in the results, which are built as DOM nodes, never as HTML.
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

  // Checks whether a and b are at most one edit apart: one letter inserted, dropped or
  // changed, or two neighbours swapped.
  function withinOne(a, b) {
    if (a.length > b.length) { var t = a; a = b; b = t; }
    if (b.length - a.length > 1) return false;
    var i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    if (a.length < b.length) return a.slice(i) === b.slice(i + 1);
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }

  // Returns the start of a word of `text` one typo from `term` (a word of four letters or
  // more, as a prefix, as substring search finds them), the longest such start, or null.
  function nearWord(term, text) {
    if (!/^\p{L}{4,}$/u.test(term)) return null;
    var words = text.split(/[^\p{L}\p{N}]+/u);
    for (var w = 0; w < words.length; w++) {
      for (var len = term.length + 1; len >= term.length - 1; len--) {
        var start = words[w].slice(0, len);
        if (start.length === len && withinOne(term, start)) return start;
      }
    }
    return null;
  }

  // Returns the best sections for a query, each with the strings to mark in it: a section
  // must hold every term, exactly or one typo away; exact matches and headings rank first.
  function search(query) {
    var terms = normalize(query).split(" ").filter(Boolean);
    if (!terms.length) return [];
    var found = [];
    for (var i = 0; i < sections.length && found.length < 200; i++) {
      var s = sections[i];
      var score = 0;
      var hits = [];
      for (var t = 0; t < terms.length; t++) {
        var term = terms[t];
        if (s.key.indexOf(term) >= 0) {
          hits.push(term);
          score += s.head.indexOf(term) >= 0 ? 10 : 2;
          continue;
        }
        var near = nearWord(term, s.head);
        if (near) { hits.push(near); score += 5; continue; }
        near = nearWord(term, s.key);
        if (!near) { score = -1; break; }
        hits.push(near);
        score += 1;
      }
      if (score > 0) found.push({ s: s, score: score, order: i, hits: hits });
    }
    found.sort(function (a, b) { return b.score - a.score || a.order - b.order; });
    return found.slice(0, 12);
  }

  // Returns a pattern that finds a normalized string in the page's own text, whatever the
  // case and the spaces beside symbols, and with * and + for the nimber operators.
  function pattern(hits) {
    var parts = hits.map(function (hit) {
      var chars = Array.from(hit);
      return chars.map(function (c, i) {
        var word = /[\p{L}\p{N}]/u;
        var gap = i > 0 && !(word.test(c) && word.test(chars[i - 1])) ? "\\s*" : "";
        if (c === "⊗") return gap + "(?:⊗|\\*)";
        if (c === "⊕") return gap + "(?:⊕|\\+)";
        return gap + c.replace(/[\^$\\.*+?()[\]{}|\/]/g, "\\$&");
      }).join("");
    });
    parts.sort(function (a, b) { return b.length - a.length; });
    return new RegExp(parts.join("|"), "giu");
  }

  // Appends `text` to `el` as text, with each match of `re` in a <mark>.
  function appendMarked(el, text, re) {
    var last = 0;
    re.lastIndex = 0;
    var m;
    while ((m = re.exec(text)) !== null) {
      if (!m[0]) { re.lastIndex++; continue; }
      el.appendChild(document.createTextNode(text.slice(last, m.index)));
      var mark = document.createElement("mark");
      mark.textContent = m[0];
      el.appendChild(mark);
      last = m.index + m[0].length;
    }
    el.appendChild(document.createTextNode(text.slice(last)));
  }

  // Returns about 140 characters of `text` around the first match of `re`.
  function snippet(text, re) {
    re.lastIndex = 0;
    var m = re.exec(text);
    var start = Math.max(0, (m ? m.index : 0) - 40);
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
      var re = pattern(r.hits);
      var title = document.createElement("span");
      title.className = "search-title";
      appendMarked(title, page[1] + (r.s.heading ? " › " + r.s.heading : ""), re);
      var text = document.createElement("span");
      text.className = "search-snippet";
      appendMarked(text, snippet(r.s.text, re), re);
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
