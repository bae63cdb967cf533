#!/usr/bin/env bash
# Peak memory of pgnc on the inputs that once made it grow with the input:
# games glued together without boundaries, escape lines, decoders with huge
# windows, one huge game in board and play. Each line prints the command,
# its exit code and its peak RSS (/usr/bin/time -f %M), for the README's
# limits table. Usage: bench/limits.sh
set -uo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
CGO_ENABLED=0 go build -o "$tmp/pgnc" ./cmd/pgnc || exit 2
pgnc="$tmp/pgnc"

yes '[Event "x"] 1.' | head -c 20M > "$tmp/glued-20mb.pgn"
yes '[Event "x"] 1. d4 d5 ' | tr -d '\n' | head -c 20M > "$tmp/one-line-20mb.pgn"
yes '%x' | head -c 20M > "$tmp/escapes-20mb.pgn"
{ printf '[Event "big"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n[Result "*"]\n\n1. '
	yes 'Nf3 Nf6 Ng1 Ng8 ' | tr -d '\n' | head -c 16M; printf ' *\n'; } > "$tmp/game-16mb.pgn"
if [ -d ../shared/corpus/bulk/otb-masters ]; then # real games, blank lines and markers removed
	cat ../shared/corpus/bulk/otb-masters/*.pgn | grep -av '^\s*$' | sed -E 's/ (1-0|0-1|1\/2-1\/2|\*)\s*$//' | head -c 29M > "$tmp/masters-glued.pgn"
fi
if command -v zstd > /dev/null; then
	for i in 1 2 3 4; do yes '[Event "x"] 1. e4 *' | head -c 40M | zstd -q -3 --long=27 -c; done > "$tmp/window-128mib.pgn.zst"
	for i in 1 2 3 4; do head -c 50K testdata/sample.pgn | zstd -q -19 --long=29 -c; done > "$tmp/window-512mib.pgn.zst"
fi
if command -v xz > /dev/null; then
	xz -c --lzma2=dict=1536MiB < testdata/sample.pgn > "$tmp/dict-1536mib.pgn.xz"
fi

measure() { # the command; standard input from $stdin
	/usr/bin/time -f %M -o "$tmp/rss" "$@" < "${stdin:-/dev/null}" > /dev/null 2> "$tmp/err"
	code=$?
	label="$*"
	[ -n "${stdin:-}" ] && label="$label < $(basename "$stdin")"
	printf '%-56s exit %d %8d KB\n' "$label" $code "$(tail -1 "$tmp/rss")" | sed "s|$tmp/||g"
}
for f in glued-20mb one-line-20mb escapes-20mb masters-glued; do
	[ -f "$tmp/$f.pgn" ] || continue
	for j in 1 2; do measure "$pgnc" check -q -j$j "$tmp/$f.pgn"; done
	stdin="$tmp/$f.pgn" measure "$pgnc" check -q -j2 -
	measure "$pgnc" fmt "$tmp/$f.pgn"
	measure "$pgnc" convert --to uci "$tmp/$f.pgn"
done
for f in window-128mib.pgn.zst window-512mib.pgn.zst dict-1536mib.pgn.xz; do
	[ -f "$tmp/$f" ] || continue
	for j in 1 4; do measure "$pgnc" check -q -j$j "$tmp/$f"; done
done
measure "$pgnc" check -q -j1 "$tmp/game-16mb.pgn"
measure "$pgnc" board "$tmp/game-16mb.pgn"
echo quit > "$tmp/quit"
stdin="$tmp/quit" measure "$pgnc" play "$tmp/game-16mb.pgn"
stdin="$tmp/quit" measure timeout 30 "$pgnc" play /dev/zero
