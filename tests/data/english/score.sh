#!/usr/bin/env bash
# Scores a set of pages against a nimsite binary.
#
#   score.sh SETDIR [NIMSITE_BINARY]
#
# SETDIR holds NNN.md pages, each with one false sentence, and expected.tsv with lines
# `NNN<TAB>line<TAB>sentence`; it may also hold true.md, a page that must build, and
# kinds.tsv (`NNN<TAB>kind`), used to count the missed sentences by kind.
#
# Each page is built alone in a fresh site (the nimsite.toml that `nimsite init` writes,
# a home page and the page). A false sentence is CAUGHT when the build exits non-zero and
# an error names `NNN.md:LINE:`, the page and the sentence's line, or shows that line in a
# span that runs over a line break, or lies on a later line of the sentence, when the
# sentence runs over a line break (a sentence given only up to its first line's end is
# taken on to its full stop).
set -u
if [ $# -lt 1 ]; then
  echo "usage: $0 SETDIR [NIMSITE_BINARY]" >&2
  exit 2
fi
SETDIR=$(cd "$1" && pwd) || exit 2
BIN=${2:-}
if [ -z "$BIN" ]; then
  top=$(git -C "$(dirname "$0")" rev-parse --show-toplevel 2>/dev/null || true)
  if [ -n "$top" ] && [ -x "$top/target/debug/nimsite" ]; then
    BIN="$top/target/debug/nimsite"
  else
    BIN=$(command -v nimsite || true)
  fi
fi
if [ -z "$BIN" ] || [ ! -x "$BIN" ]; then
  echo "no nimsite binary: give its path as the second argument" >&2
  exit 2
fi
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
JOBS=${JOBS:-2}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/nimsite-score.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# The site settings `nimsite init` writes (init also builds its sample page, which may
# fail; only its nimsite.toml is kept).
"$BIN" init "$WORK/init" >/dev/null 2>&1 || true
if [ -f "$WORK/init/nimsite.toml" ]; then
  cp "$WORK/init/nimsite.toml" "$WORK/nimsite.toml"
else
  printf 'title = "Test site"\n' > "$WORK/nimsite.toml"
fi
printf '+++\ntitle = "Home"\n+++\n\nWelcome.\n' > "$WORK/index.md"

build_one() {
  # $1: the page's file name (NNN.md or true.md)
  local name=$1 site="$WORK/site-${1%.md}"
  mkdir -p "$site/content"
  cp "$WORK/nimsite.toml" "$site/"
  cp "$WORK/index.md" "$site/content/_index.md"
  cp "$SETDIR/$name" "$site/content/$name"
  (cd "$site" && "$BIN" build --root "$site" >"$site.out" 2>&1)
  echo $? > "$site.rc"
}
export -f build_one
export WORK SETDIR BIN

pages=$(cd "$SETDIR" && ls | grep -E '^([0-9]+|true)\.md$')
printf '%s\n' $pages | xargs -P "$JOBS" -I{} bash -c 'build_one "$@"' _ {}

# The first error line and its location, for a report.
first_error() {
  local out=$1
  local head loc
  head=$(grep -m1 -E '^error' "$out" | cut -c1-160)
  loc=$(grep -m1 -oE '[^ ]+\.md:[0-9]+:[0-9]+' "$out")
  echo "${loc:-?} ${head}"
}

# Whether an error in the build output \$1 about page \$2 shows line \$3 in its span: its
# location, or a line of a span that runs over a line break ("9 by 9 in the⏎nimbers gives
# 13" is reported where it starts).
at_line() {
  grep -qF "$2:$3:" "$1" && return 0
  awk -v f="$2:" -v l="$3" '
    /^error/ { here = 0 }
    /┌─/ { here = index($0, f) > 0 }
    here && $2 == "│" && $1 == l { found = 1 }
    END { exit !found }' "$1"
}

# Where the sentence \$3 that starts on line \$2 of page \$1 ends: "LINE COL", the line
# and column of its last character, found in its lines joined by spaces.
sentence_end() {
  awk -v start="$2" -v sentence="$3" '
    NR < start { next }
    NR > start + 6 { exit }
    { off[NR] = (text == "") ? 0 : length(text) + 1
      text = (text == "") ? $0 : text " " $0 }
    END {
      at = index(text, sentence)
      if (at == 0) exit
      last = at + length(sentence) - 1
      # A sentence given only as far as its first line ends goes on to its full stop.
      if (substr(text, last, 1) !~ /[.!?]/) {
        rest = substr(text, last + 1)
        if (match(rest, /[.!?]( |$)/)) last = last + RSTART
      }
      n = start
      while ((n + 1) in off && off[n + 1] < last) n++
      print n, last - off[n]
    }' "$1"
}

# Whether an error in the build output \$1 about page \$2 lies within a sentence that
# starts on line \$3 and ends at line and column \$4, \$5: on a later line of a
# sentence that runs over a line break ("… and fourteen is 1110, so the nim-sum of⏎nine
# and fourteen is five" is reported where the wrong number is).
in_sentence() {
  grep -oE "$2:[0-9]+:[0-9]+" "$1" | awk -F: -v s="$3" -v e="$4" -v c="$5" '
    $2 > s && ($2 < e || ($2 == e && $3 <= c)) { found = 1 }
    END { exit !found }'
}

caught=0
total=0
missed_list=""
if [ -f "$SETDIR/expected.tsv" ]; then
  while IFS=$'\t' read -r nnn line sentence; do
    [ -z "$nnn" ] && continue
    total=$((total + 1))
    site="$WORK/site-$nnn"
    rc=$(cat "$site.rc" 2>/dev/null || echo 99)
    end=$(sentence_end "$SETDIR/$nnn.md" "$line" "$sentence")
    if [ "$rc" != 0 ] && { at_line "$site.out" "$nnn.md" "$line" ||
      { [ -n "$end" ] && in_sentence "$site.out" "$nnn.md" "$line" $end; }; }; then
      caught=$((caught + 1))
      code=$(grep -m1 -oE '^error\[[a-z-]+\]' "$site.out")
      printf 'CAUGHT\t%s:%s\t%s\t%s\n' "$nnn" "$line" "${code:-}" "$sentence"
    elif [ "$rc" = 0 ]; then
      printf 'MISSED\t%s:%s\tbuilt\t%s\n' "$nnn" "$line" "$sentence"
      missed_list="$missed_list $nnn"
    else
      printf 'MISSED\t%s:%s\twrong place: %s\t%s\n' "$nnn" "$line" "$(first_error "$site.out")" "$sentence"
      missed_list="$missed_list $nnn"
    fi
  done < "$SETDIR/expected.tsv"
  pct=0
  [ "$total" -gt 0 ] && pct=$(( (caught * 1000 / total + 5) / 10 ))
  echo "caught $caught of $total ($pct%)"
  if [ -f "$SETDIR/kinds.tsv" ] && [ -n "$missed_list" ]; then
    echo "missed by kind:"
    for n in $missed_list; do
      awk -F'\t' -v n="$n" '$1 == n { print $2 }' "$SETDIR/kinds.tsv"
    done | sort | uniq -c | sort -rn | sed 's/^/  /'
  fi
fi

if [ -f "$SETDIR/true.md" ]; then
  site="$WORK/site-true"
  rc=$(cat "$site.rc" 2>/dev/null || echo 99)
  if [ "$rc" = 0 ]; then
    echo "true.md: builds"
  else
    n=$(grep -cE '^error\[' "$site.out")
    echo "true.md: FAILS (exit $rc) with $n errors:"
    # Each error's first line and its location.
    awk '/^error/ { head = substr($0, 1, 200); next }
         head != "" && match($0, /[^ ]+\.md:[0-9]+:[0-9]+/) {
           print "  " substr($0, RSTART, RLENGTH) "  " head; head = "" }
         /^error: the build failed/ { next }' "$site.out"
  fi
fi
