#!/usr/bin/env bash
# Times pgnc check on a pzstd file against its own -j 1 and against an
# estimate of Rust pgn-reader's validate example on the same file, in one
# run. Input: the bulk corpus concatenated (~115 MB, not repetitive),
# compressed with pzstd -19 as the lichess dumps are.
#
# Rust pgn-reader cannot be built here, so it is estimated from pgn-extract
# -r, timed in the same run on the plain file: Rust's validate ran 7.2 times
# as fast as pgn-extract on the bulk corpus (measured on this machine), and
# on a .zst it decodes and parses on one thread, so its time is that of the
# plain file plus a one-thread decode (zstd -d, the C library Rust's zstd
# crate wraps).
#
# Usage: bench/zstd.sh [rounds] [corpus dir]. Prints a Markdown table of the
# best time of each over the rounds.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
corpus=${2:-../shared/corpus}
[ -d "$corpus/bulk" ] || { echo "corpus not found at $corpus" >&2; exit 2; }
command -v pzstd > /dev/null || { echo "pzstd not found (Debian package zstd)" >&2; exit 2; }
extract=$(command -v pgn-extract || ls /usr/games/pgn-extract 2> /dev/null || true)
[ -n "$extract" ] || { echo "pgn-extract not found (Debian package pgn-extract)" >&2; exit 2; }
tmp=${TMPDIR:-/tmp}/pgnc-bench-zstd
mkdir -p "$tmp"
CGO_ENABLED=0 go build -o "$tmp/pgnc" ./cmd/pgnc # as the README installs it
if [ ! -s "$tmp/bulk.pgn.zst" ]; then
	cat "$corpus"/bulk/*/*.pgn > "$tmp/bulk.pgn"
	pzstd -q -f -19 -p "$(nproc)" "$tmp/bulk.pgn" -o "$tmp/bulk.pgn.zst"
fi
size=$(stat -c %s "$tmp/bulk.pgn")

# best NAME COMMAND...: the best wall time of the command over the rounds.
declare -A best
time_once() {
	local name=$1
	shift
	local start=$EPOCHREALTIME t
	"$@" > /dev/null 2>&1 || true
	t=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }')
	if [ -z "${best[$name]:-}" ] || awk -v a="$t" -v b="${best[$name]}" 'BEGIN { exit !(a < b) }'; then
		best[$name]=$t
	fi
}
for _ in $(seq "$rounds"); do
	time_once j1 "$tmp/pgnc" check --quiet -j 1 "$tmp/bulk.pgn.zst"
	time_once all "$tmp/pgnc" check --quiet "$tmp/bulk.pgn.zst"
	time_once plain "$tmp/pgnc" check --quiet "$tmp/bulk.pgn"
	time_once extract "$extract" -r -s "$tmp/bulk.pgn"
	time_once decode zstd -q -d -c -T1 "$tmp/bulk.pgn.zst"
done
rust=$(awk -v e="${best[extract]}" -v d="${best[decode]}" 'BEGIN { printf "%.2f", e / 7.2 + d }')
mbs() { awk -v s="$size" -v t="$1" 'BEGIN { printf "%.0f", s / 1e6 / t }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
echo "$(date +%F), $(nproc) cores, best of $rounds rounds; $(basename "$tmp")/bulk.pgn.zst: $(stat -c %s "$tmp/bulk.pgn.zst") bytes, $size decompressed"
echo
echo "| run | seconds | MB/s (decompressed) | pgnc on all cores is |"
echo "|---|---|---|---|"
echo "| pgnc check -j 1, .zst | ${best[j1]} | $(mbs "${best[j1]}") | $(ratio "${best[j1]}" "${best[all]}")× as fast |"
echo "| pgnc check, all cores, .zst | ${best[all]} | $(mbs "${best[all]}") | |"
echo "| pgnc check, all cores, plain file | ${best[plain]} | $(mbs "${best[plain]}") | |"
echo "| pgn-extract -r, plain file | ${best[extract]} | $(mbs "${best[extract]}") | $(ratio "${best[extract]}" "${best[all]}")× as fast |"
echo "| zstd -d -T1 (decode only) | ${best[decode]} | $(mbs "${best[decode]}") | |"
echo "| Rust pgn-reader validate, .zst (estimate: pgn-extract / 7.2 + decode) | $rust | $(mbs "$rust") | $(ratio "$rust" "${best[all]}")× as fast |"
