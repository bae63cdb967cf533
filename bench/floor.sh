#!/usr/bin/env bash
# Measures how fast a full check could be while every movetext token goes
# through goyacc (docs/design.md, Speed). In alternating rounds on one core
# it times three benchmarks on the lichess and TWIC samples:
#   floor   the scanner and goyacc's driver alone (package bench/floor)
#   parse   the real parse with its tree (parser, ParseReuse)
#   check   the full check (check, Check)
# and derives the replay's share (check less parse) and the bound: floor
# plus replay, the speed of a check whose tree, glue and syntax checks cost
# nothing. Needs ../shared/corpus and taskset.
# Usage: bench/floor.sh [ROUNDS] (default 6); CORE=N picks the core (1).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-6}
core=${CORE:-1}
if [ ! -d ../shared/corpus/edge/lichess-twic ]; then
	echo "corpus not found at ../shared/corpus" >&2
	exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The real parse and check are built with pgnc's profile, as pgnc is; the
# floor with a profile of its own benchmarks, so that it gets the same help.
(cd parser && go test -c -pgo=../cmd/pgnc/default.pgo -o "$tmp/parser.test" .)
(cd check && go test -c -pgo=../cmd/pgnc/default.pgo -o "$tmp/check.test" .)
(cd bench/floor && go test -c -pgo=off -o "$tmp/floor0.test" . &&
	"$tmp/floor0.test" -test.run '^$' -test.bench . -test.benchtime 3s -test.cpu 1 -test.cpuprofile "$tmp/floor.pgo" >/dev/null &&
	go test -c -pgo="$tmp/floor.pgo" -o "$tmp/floor.test" .)

# speed DIR BINARY BENCHMARK prints the benchmark's MB/s.
speed() {
	(cd "$1" && taskset -c "$core" "$2" -test.run '^$' -test.bench "^Benchmark$3\$" -test.benchtime 1s -test.cpu 1) |
		awk '/MB\/s/ { for (i = 1; i < NF; i++) if ($(i+1) == "MB/s") print $i }'
}

for ((r = 1; r <= rounds; r++)); do
	for sample in Lichess TWIC; do
		echo "$sample $(speed bench/floor "$tmp/floor.test" "Floor$sample") $(speed parser "$tmp/parser.test" "ParseReuse$sample") $(speed check "$tmp/check.test" "Check$sample")"
	done
done | awk '
	function median(list,   v, n, i, j, t) {
		n = split(list, v, " ")
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && v[j-1] + 0 > v[j] + 0; j--) { t = v[j]; v[j] = v[j-1]; v[j-1] = t }
		return n % 2 ? v[(n+1)/2] : (v[n/2] + v[n/2+1]) / 2
	}
	{ replay = 1000 / $4 - 1000 / $3; bound = 1000 / (1000 / $2 + replay)
	  printf "%-8s floor %6.1f  parse %6.1f  check %6.1f MB/s   replay %5.2f ms/MB   bound %6.1f MB/s\n", $1, $2, $3, $4, replay, bound
	  floor[$1] = floor[$1] " " $2; parse[$1] = parse[$1] " " $3; check[$1] = check[$1] " " $4; bounds[$1] = bounds[$1] " " bound }
	END { for (s in floor) printf "median %-8s floor %6.1f  parse %6.1f  check %6.1f MB/s   bound %6.1f MB/s\n", s, median(floor[s]), median(parse[s]), median(check[s]), median(bounds[s]) }'
