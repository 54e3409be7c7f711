// Measures the search index: its size raw and gzipped, the time to load it, and the time
// of a query by the same substring scan as templates/search.js; beside it, the size of an
// inverted index (term to sections) built from the same sections, for comparison.
const fs = require('fs');
const zlib = require('zlib');
function normalize(text) {
  return text.toLowerCase().replace(/\*/g, "⊗").replace(/\+/g, "⊕").replace(/\s+/g, " ")
    .replace(/ ?([^\p{L}\p{N} ]) ?/gu, "$1").trim();
}
// Usage: node benches/search_index.js SITE/search-index.js QUERY...
function run(file, queries) {
  const src = fs.readFileSync(file, 'utf8');
  const t0 = process.hrtime.bigint();
  const window = {}; eval(src);
  const index = window.nimsiteSearchIndex;
  const sections = index.sections.map(s => ({page:s[0], id:s[1], heading:s[2], text:s[3], key: normalize(s[2]+" "+s[3]), head: normalize(s[2])}));
  const t1 = process.hrtime.bigint();
  // Inverted index built from the same sections, to compare.
  const inv = {};
  sections.forEach((s, i) => { for (const w of new Set(s.key.split(/[^\p{L}\p{N}⊗⊕=]+/u))) { if (!w) continue; (inv[w] = inv[w] || []).push(i); } });
  const invJson = JSON.stringify({pages: index.pages, sections: index.sections.map(s => [s[0], s[1], s[2]]), terms: inv});
  console.log(file, 'sections', sections.length);
  console.log(' substring index: raw', src.length, 'gzip', zlib.gzipSync(src).length, 'load+normalize ms', Number(t1 - t0) / 1e6);
  console.log(' inverted index : raw', invJson.length, 'gzip', zlib.gzipSync(invJson).length, 'terms', Object.keys(inv).length);
  for (const q of queries) {
    const terms = normalize(q).split(" ").filter(Boolean);
    const reps = 20; let found = 0;
    const a = process.hrtime.bigint();
    for (let r = 0; r < reps; r++) {
      found = 0;
      for (let i = 0; i < sections.length; i++) {
        const s = sections[i]; let ok = true;
        for (const t of terms) if (s.key.indexOf(t) < 0) { ok = false; break; }
        if (ok) found++;
      }
    }
    const b = process.hrtime.bigint();
    console.log(`  query ${JSON.stringify(q)}: ${found} sections, ${(Number(b - a) / 1e6 / reps).toFixed(2)} ms per query (substring scan)`);
  }
}
run(process.argv[2], process.argv.slice(3));
