#!/usr/bin/env bash
# Measures pgnc against other PGN readers on the same files, in one run:
# pgn-extract (Debian), the Go libraries notnil/chess v1.10.0 and
# corentings/chess v2.3.2, and chessops (npm). Tools that cannot be
# installed are skipped. Usage: bench/compare.sh [corpus dir]
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
corpus=${1:-../shared/corpus}
[ -d "$corpus" ] || { echo "corpus not found at $corpus" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

CGO_ENABLED=0 go build -o "$tmp/pgnc" ./cmd/pgnc || exit 2 # as the README installs it
(cd bench/compare/golibs && go build -o "$tmp/golibs" .) || echo "skipping the Go libraries: build failed" >&2
extract=$(command -v pgn-extract || ls /usr/games/pgn-extract 2>/dev/null)
if [ -z "$extract" ] && [ "$(id -u)" = 0 ]; then
	(apt-get install -y pgn-extract || (apt-get update && apt-get install -y pgn-extract)) > /dev/null 2>&1
	extract=$(command -v pgn-extract || ls /usr/games/pgn-extract 2>/dev/null)
fi
[ -n "$extract" ] || echo "skipping pgn-extract: not installed" >&2
if command -v node > /dev/null && (cd bench/compare/chessops && npm install --silent > /dev/null 2>&1); then
	chessops="$root/bench/compare/chessops/read.mjs"
else
	chessops=
	echo "skipping chessops: npm install failed" >&2
fi

# Inputs: the lichess and TWIC samples repeated to about 50 MB, the OTB
# masters and the TCEC games.
for i in $(seq 25); do
	cat "$corpus"/edge/lichess-twic/lichess_db_1000k.pgn "$corpus"/edge/lichess-twic/twic1599_1000k.pgn
done > "$tmp/lichess-twic.pgn"
cat "$corpus"/bulk/otb-masters/*.pgn > "$tmp/otb.pgn"
cat "$corpus"/bulk/tcec/*.pgn > "$tmp/tcec.pgn"

# measure NAME MODE FILE COMMAND...: one timed run; prints a table row.
measure() {
	local name=$1 mode=$2 file=$3
	shift 3
	/usr/bin/time -f "%e %M" -o "$tmp/time" "$@" > "$tmp/out" 2> /dev/null
	local secs kb
	read -r secs kb < <(tail -1 "$tmp/time")
	local size games plies failed
	size=$(stat -c %s "$file")
	if [ "$name" = pgnc ]; then
		# The summary line: "1 file, N games (E with errors), P plies replayed: ..."
		games=$(grep -o '[0-9]* games' "$tmp/out" | tail -1 | cut -d' ' -f1)
		plies=$(grep -o '[0-9]* plies replayed' "$tmp/out" | tail -1 | cut -d' ' -f1)
		failed=$(grep -o '([0-9]* with errors)' "$tmp/out" | tail -1 | tr -dc 0-9)
	else
		# The comparison programs print "games plies failed".
		read -r games plies failed < <(tail -1 "$tmp/out" | awk 'NF==3')
	fi
	[ "$name" = pgnc ] && [ "$mode" = "full, all cores" ] && base=$secs
	printf '| %s | %s | %s | %s | %s | %s | %s | %s | %.1f MB | %s |\n' "$(basename "$file" .pgn)" "$name" "$mode" \
		"${games:--}" "${plies:--}" "${failed:--}" "$secs" "$(awk -v s="$size" -v t="$secs" 'BEGIN { printf "%.1f", s/1e6/t }')" \
		"$(awk -v k="$kb" 'BEGIN { printf "%.1f", k/1024 }')" "$(awk -v t="$secs" -v b="$base" 'BEGIN { printf "%.1f×", t/b }')"
}

echo "| input | tool | mode | games | plies | failed | seconds | MB/s | peak RSS | time / pgnc |"
echo "|---|---|---|---|---|---|---|---|---|---|"
# One core means one: with taskset, the garbage collector and the reading
# cannot borrow the other core, as they can with -j 1 alone.
onecore=()
command -v taskset > /dev/null && onecore=(taskset -c 0)
for f in "$tmp/lichess-twic.pgn" "$tmp/otb.pgn" "$tmp/tcec.pgn"; do
	base=1
	measure pgnc "full, all cores" "$f" "$tmp/pgnc" check --quiet "$f"
	measure pgnc "full, 1 core" "$f" "${onecore[@]}" "$tmp/pgnc" check --quiet -j 1 "$f"
	measure pgnc "parse, 1 core" "$f" "${onecore[@]}" "$tmp/pgnc" check --quiet --syntax -j 1 "$f"
	[ -n "$extract" ] && measure pgn-extract full "$f" "$extract" -s -r "$f"
	if [ -x "$tmp/golibs" ]; then
		measure notnil/chess full "$f" "$tmp/golibs" -lib notnil "$f"
		measure corentings/chess full "$f" "$tmp/golibs" -lib corentings "$f"
	fi
	if [ -n "$chessops" ]; then
		measure chessops full "$f" node "$chessops" "$f"
		measure chessops parse "$f" node "$chessops" "$f" --parse
	fi
done
