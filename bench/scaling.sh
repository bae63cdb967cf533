#!/usr/bin/env bash
# How much of the all-cores speed-up does the machine itself allow? Times, in
# alternating rounds on FILE, or else on the lichess and TWIC samples
# repeated to about 50 MB:
#   one:   pgnc check -j 1 pinned to one core, the mean of one run on each
#          core (they differ: on this VM core 0 is up to 30% slower);
#   all:   pgnc check on all cores;
#   apart: one pinned pgnc check -j 1 per core, all at once, each on the
#          whole file: what the cores give to work that shares nothing.
# It prints each round and the medians, then pgnc's speed-up (one / all) and
# the machine's (cores x one / apart). Where the second is below the target
# of 1.8, no pipeline can reach it on this machine.
# Usage: bench/scaling.sh [rounds] [corpus dir] [FILE]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
corpus=${2:-../shared/corpus}
[ -d "$corpus" ] || { echo "corpus not found at $corpus" >&2; exit 2; }
command -v taskset > /dev/null || { echo "taskset is needed to pin runs to cores" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
CGO_ENABLED=0 go build -o "$tmp/pgnc" ./cmd/pgnc # as the README installs it
if [ -n "${3:-}" ]; then
	cp "$3" "$tmp/in.pgn"
else
	for i in $(seq 25); do
		cat "$corpus"/edge/lichess-twic/lichess_db_1000k.pgn "$corpus"/edge/lichess-twic/twic1599_1000k.pgn
	done > "$tmp/in.pgn"
fi
cores=$(nproc)

# seconds CMD...: the wall time of CMD, output discarded.
seconds() {
	local start end
	start=$(date +%s.%N)
	"$@" > /dev/null || [ $? -eq 1 ] # 1: problems found, not a failure here
	end=$(date +%s.%N)
	awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }'
}

apart() {
	local pids=() c
	for c in $(seq 0 $((cores - 1))); do
		taskset -c "$c" "$tmp/pgnc" check --quiet -j 1 "$tmp/in.pgn" > /dev/null &
		pids+=($!)
	done
	wait "${pids[@]}"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "$cores cores, $(stat -c %s "$tmp/in.pgn") bytes, $rounds rounds"
printf '%-6s %8s %8s %8s\n' round one all apart
: > "$tmp/one"; : > "$tmp/all"; : > "$tmp/apart"
for r in $(seq "$rounds"); do
	one=$(for c in $(seq 0 $((cores - 1))); do
		seconds taskset -c "$c" "$tmp/pgnc" check --quiet -j 1 "$tmp/in.pgn"
		echo
	done | awk '{ t += $1 } END { printf "%.3f", t / NR }')
	all=$(seconds "$tmp/pgnc" check --quiet "$tmp/in.pgn")
	sep=$(seconds apart)
	echo "$one" >> "$tmp/one"; echo "$all" >> "$tmp/all"; echo "$sep" >> "$tmp/apart"
	printf '%-6s %8s %8s %8s\n' "$r" "$one" "$all" "$sep"
done
one=$(median < "$tmp/one"); all=$(median < "$tmp/all"); sep=$(median < "$tmp/apart")
printf '%-6s %8s %8s %8s\n' median "$one" "$all" "$sep"
awk -v o="$one" -v a="$all" -v s="$sep" -v n="$cores" 'BEGIN {
	printf "pgnc, all cores / one core: %.2fx\n", o / a
	printf "machine, %d separate one-core runs / one: %.2fx\n", n, n * o / s
}'
