#!/usr/bin/env bash
# Times pgnc on the shared corpus: check (one worker and all cores), fmt and
# convert --to ndjson, with peak memory. Usage: bench/corpus.sh [corpus dir]
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${1:-../shared/corpus}
if [ ! -d "$corpus" ]; then
	echo "corpus not found at $corpus" >&2
	exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
CGO_ENABLED=0 go build -o "$tmp/pgnc" ./cmd/pgnc # as the README installs it
for i in $(seq 32); do cat "$corpus"/edge/lichess-twic/lichess_db_1000k.pgn; done > "$tmp/lichess.pgn"
cat "$corpus"/bulk/otb-masters/*.pgn > "$tmp/otb.pgn"
cat "$corpus"/bulk/tcec/*.pgn > "$tmp/tcec.pgn"
printf '%-12s %-22s %8s %8s %10s\n' input command seconds MB/s "peak RSS"
for f in lichess otb tcec; do
	size=$(stat -c %s "$tmp/$f.pgn")
	for cmd in "check -j 1" "check" "fmt" "convert --to ndjson"; do
		/usr/bin/time -f "%e %M" -o "$tmp/time" "$tmp/pgnc" $cmd "$tmp/$f.pgn" > /dev/null 2>&1 || true
		read -r secs kb < <(tail -1 "$tmp/time")
		mbs=$(awk -v s="$size" -v t="$secs" 'BEGIN { printf "%.1f", s / 1e6 / t }')
		printf '%-12s %-22s %8s %8s %8s MB\n' "$f" "$cmd" "$secs" "$mbs" "$((kb / 1024))"
	done
done
