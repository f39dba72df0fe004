// The published rules' search, offline: a rule number goes straight to its section; words
// list the sections holding all of them (prefixes count: "supp" finds "supply"). The index
// is search-index.js (SANDTABLE_SEARCH). Without JavaScript, search.html lists every rule
// by number instead. Results are written as text, never as HTML.
(function () {
  "use strict";
  var index = window.SANDTABLE_SEARCH || [];
  var query = (new URLSearchParams(window.location.search).get("q") || "").trim();
  var input = document.getElementById("search-q");
  var status = document.getElementById("search-status");
  var list = document.getElementById("search-results");
  if (input) {
    input.value = query;
  }
  if (!query || !status || !list) {
    return;
  }
  // 12.0 and 12 are the same rule.
  function canonical(n) {
    var parts = n.replace(/\.$/, "").split(".");
    while (parts.length > 1 && /^0+$/.test(parts[parts.length - 1])) {
      parts.pop();
    }
    return parts.join(".");
  }
  var number = query.replace(/^(rule|rules|section|chapter|§)\s*/i, "").replace(/\.$/, "");
  if (/^\d+(\.\d+)*$/.test(number)) {
    var wanted = canonical(number);
    for (var i = 0; i < index.length; i++) {
      if (index[i].n && canonical(index[i].n) === wanted) {
        window.location.replace(index[i].h);
        return;
      }
    }
  }
  var words = query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(function (w) {
    return w.length > 0;
  });
  function has(haystack, word) {
    for (var k = 0; k < haystack.length; k++) {
      if (haystack[k].lastIndexOf(word, 0) === 0) {
        return true;
      }
    }
    return false;
  }
  var inTitle = [];
  var inText = [];
  index.forEach(function (s) {
    var title = s.t.toLowerCase().split(/[^\p{L}\p{N}]+/u);
    var text = s.w.split(" ");
    var all = words.every(function (w) {
      return has(title, w) || has(text, w) || (s.n && s.n.lastIndexOf(w, 0) === 0);
    });
    if (all) {
      (words.every(function (w) { return has(title, w); }) ? inTitle : inText).push(s);
    }
  });
  var found = inTitle.concat(inText);
  status.textContent = found.length === 0
    ? "No section of the rules holds \u201c" + query + "\u201d."
    : found.length + (found.length === 1 ? " section holds \u201c" : " sections hold \u201c") + query + "\u201d:";
  found.slice(0, 200).forEach(function (s) {
    var item = document.createElement("li");
    var link = document.createElement("a");
    link.href = s.h;
    link.textContent = s.t;
    item.appendChild(link);
    var where = document.createElement("small");
    where.textContent = " " + s.c;
    item.appendChild(where);
    list.appendChild(item);
  });
})();
