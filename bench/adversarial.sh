#!/usr/bin/env bash
# Times pgnc check on hostile inputs at full size, with peak memory: each
# must end with its diagnostic, in time linear in its size, in bounded
# memory. Usage: bench/adversarial.sh
set -uo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
CGO_ENABLED=0 go build -o "$tmp/pgnc" ./cmd/pgnc || exit 2 # as the README installs it
next='[Event "next"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

1. e4 *'
rep() { head -c "$2" < <(yes -- "$1" | tr -d '\n'); } # $1 repeated to $2 bytes
# $1, which may span lines, repeated to $2 bytes.
replines() { awk -v unit="$1" -v bytes="$2" 'BEGIN { for (n = 0; n < bytes; n += length(unit)) printf "%s", unit }' | head -c "$2"; }

{ printf '1. e4 '; rep '(' 100000; rep ')' 100000; printf ' *\n\n%s\n' "$next"; } > "$tmp/nested.pgn"
{ printf '1. e4 {'; rep 'x' $((50 << 20)); printf '} *\n\n%s\n' "$next"; } > "$tmp/comment-50mb.pgn"
{ printf '{'; rep 'no end ' $((100 << 20)); printf '\n%s\n' "$next"; } > "$tmp/unterminated-100mb.pgn"
{ printf '[Event "open\n1. e4 *\n\n%s\n' "$next"; } > "$tmp/open-string.pgn"
{ printf '[Event "nulls"]\n\n'; rep '-- ' 3000000; printf '*\n\n%s\n' "$next"; } > "$tmp/null-moves-1m.pgn"
{ rep '*
' 2000000; printf '%s\n' "$next"; } > "$tmp/empty-games-1m.pgn"
{ printf '1. e4 {'; rep 'y' $((10 << 20)); printf '} *%s' "$next"; } > "$tmp/line-10mb.pgn"
yes '[x] 1-0' | head -n 2000000 > "$tmp/broken-games-2m.pgn" # tiny games, each broken
{ printf '[Event "tags"]\n'; yes '[Annotator "x"]' | head -n 2000000; printf '\n1. e4 *\n\n%s\n' "$next"; } > "$tmp/tags-2m.pgn"
head -c $((10 << 20)) /dev/urandom > "$tmp/random-10mb.pgn"
head -c $((10 << 20)) /dev/zero > "$tmp/nul-10mb.pgn"
{ printf '%s\n\n[Event "cut"]\n\n1. e4 e5 2. Nf' "$next"; } > "$tmp/truncated.pgn"
# Bombs of text (NUL bytes would be refused at once as binary data).
rep 'x' $((1 << 30)) | gzip -9 > "$tmp/bomb-1gb.pgn.gz"
if command -v zstd > /dev/null; then
	rep 'x' $((1 << 30)) | zstd -q -19 > "$tmp/zbomb-1gb.pgn.zst"
fi
# Inputs at three sizes, each twice the one before, so that time or memory
# that grows faster than the input shows.
for k in 1 2 4; do
	{ printf '[Event "x"]\n'; seq -f '[T%.0f "v"]' $((100000 * k)); printf '\n1. e4 *\n\n%s\n' "$next"; } > "$tmp/tags-distinct-x$k.pgn"
	# The same, a blank line before each pair: the parser asks at each
	# whether the name repeats, which would end a game of tags only.
	{ printf '[Event "x"]\n'; seq -f '
[T%.0f "v"]' $((100000 * k)); printf '\n1. e4 *\n\n%s\n' "$next"; } > "$tmp/tags-apart-x$k.pgn"
	replines '[Event "x"]
[Site "y"]

' $(((8 << 20) * k / 4)) > "$tmp/tags-only-x$k.pgn"
	replines '[Event "u"]

1. e4 { never closed

' $(((7 << 20) * k / 4)) > "$tmp/unclosed-x$k.pgn"
	{ printf '[Event "big"]\n\n1. e4 '; rep '(1. e4) ' $(((15 << 20) * k / 4)); printf '*\n'; } > "$tmp/variations-x$k.pgn"
	{ printf '[Event "big"]\n\n'; rep 'Nf3 Nf6 Ng1 Ng8 ' $(((15 << 20) * k / 4)); printf '*\n'; } > "$tmp/moves-x$k.pgn"
	{ printf '[Event "big"]\n\n1. e4 (1. d4 '; rep 'Nf6 Nf3 Ng8 Ng1 ' $(((15 << 20) * k / 4)); printf ') *\n'; } > "$tmp/long-variation-x$k.pgn"
	{ printf '[Event "big"]\n\n1. e4 '; rep "(1. d4 $(printf 'Nf6 Nf3 Ng8 Ng1 %.0s' $(seq 100))) " $(((15 << 20) * k / 4)); printf '*\n'; } > "$tmp/many-variations-x$k.pgn"
done

printf '| input | size | seconds | peak RSS | summary |\n|---|---|---|---|---|\n'
scaled=$(for f in tags-distinct tags-apart tags-only unclosed variations moves long-variation many-variations; do printf '%s-x1 %s-x2 %s-x4 ' $f $f $f; done)
for f in nested comment-50mb unterminated-100mb open-string null-moves-1m empty-games-1m broken-games-2m tags-2m line-10mb random-10mb nul-10mb truncated bomb-1gb zbomb-1gb $scaled; do
	file=$(ls "$tmp/$f".pgn* 2>/dev/null | head -1)
	[ -n "$file" ] || continue
	/usr/bin/time -f "%e %M" -o "$tmp/time" "$tmp/pgnc" check --quiet --max-errors 1 "$file" > "$tmp/out" 2>&1
	read -r secs kb < <(tail -1 "$tmp/time")
	printf '| %s | %s | %s | %d MB | %s |\n' "$f" "$(du -h "$file" | cut -f1)" "$secs" "$((kb / 1024))" "$(tail -1 "$tmp/out")"
done
