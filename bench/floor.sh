#!/usr/bin/env bash
# Measures how fast a full check could be in pgnc's design, the scanner's
# tokens into goyacc (docs/design.md, Speed). It runs four benchmarks on the
# lichess and TWIC samples, on one core:
#   floor   the scanner and goyacc's driver alone (package bench/floor)
#   parse   the real parse with its tree (parser, ParseReuse)
#   check   the full check of whole trees (check, Check)
#   stream  the full check as pgnc check runs it, each main line replayed
#           while it is parsed (check, Stream)
# and derives the replay's share (check less parse) and the bound: floor
# plus replay, a check whose tree, glue and syntax checks cost nothing.
#
# Usage: bench/floor.sh [ROUNDS]   times ROUNDS alternating rounds (6) with
#                                  taskset; CORE=N picks the core (1)
#        bench/floor.sh count      counts instructions a MB instead, with
#                                  valgrind: 11 runs less 1, GOGC=off, which
#                                  repeats to about 0.5% however busy the
#                                  machine is
# Needs ../shared/corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-6}
core=${CORE:-1}
if [ ! -d ../shared/corpus/edge/lichess-twic ]; then
	echo "corpus not found at ../shared/corpus" >&2
	exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The real parse and check are built with pgnc's profile, as pgnc is; the
# floor with a profile of its own benchmarks, so that it gets the same help.
(cd internal/parser && go test -c -pgo=../../cmd/pgnc/default.pgo -o "$tmp/parser.test" .)
(cd internal/check && go test -c -pgo=../../cmd/pgnc/default.pgo -o "$tmp/check.test" .)
(cd bench/floor && go test -c -pgo=off -o "$tmp/floor0.test" . &&
	"$tmp/floor0.test" -test.run '^$' -test.bench . -test.benchtime 3s -test.cpu 1 -test.cpuprofile "$tmp/floor.pgo" >/dev/null &&
	go test -c -pgo="$tmp/floor.pgo" -o "$tmp/floor.test" .)

# run DIR BINARY BENCHMARK RUNS runs the benchmark in its package's folder.
run() {
	(cd "$1" && "${@:5}" "$2" -test.run '^$' -test.bench "^Benchmark$3\$" -test.benchtime "$4" -test.cpu 1 2>&1)
}

# irefs DIR BINARY BENCHMARK RUNS prints the instructions that RUNS runs of
# the benchmark execute, with the set-up, without the collector.
irefs() {
	GOGC=off run "$1" "$2" "$3" "$4" valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null |
		awk '/I *refs/ { gsub(",", "", $NF); print $NF }'
}

# instructions DIR BINARY BENCHMARK prints the millions of instructions of
# one run, that is a MB: the samples are 1 MB.
instructions() {
	awk -v a="$(irefs "$@" 11x)" -v b="$(irefs "$@" 1x)" 'BEGIN { printf "%.2f", (a - b) / 10 / 1e6 }'
}

if [ "$mode" = count ]; then
	for sample in Lichess TWIC; do
		f=$(instructions bench/floor "$tmp/floor.test" "Floor$sample")
		p=$(instructions internal/parser "$tmp/parser.test" "ParseReuse$sample")
		c=$(instructions internal/check "$tmp/check.test" "Check$sample")
		t=$(instructions internal/check "$tmp/check.test" "Stream$sample")
		awk -v s="$sample" -v f="$f" -v p="$p" -v c="$c" -v t="$t" 'BEGIN {
			printf "%-8s M instructions a MB: floor %.2f  parse %.2f  check %.2f  replay %.2f  bound %.2f (%+.1f%% of check)  stream %.2f\n",
				s, f, p, c, c - p, f + c - p, 100 * (f - p) / c, t }'
	done
	exit 0
fi

# speed DIR BINARY BENCHMARK prints the benchmark's MB/s.
speed() {
	run "$1" "$2" "$3" 1s taskset -c "$core" | awk '/MB\/s/ { for (i = 1; i < NF; i++) if ($(i+1) == "MB/s") print $i }'
}

for ((r = 1; r <= mode; r++)); do
	for sample in Lichess TWIC; do
		echo "$sample $(speed bench/floor "$tmp/floor.test" "Floor$sample") $(speed internal/parser "$tmp/parser.test" "ParseReuse$sample") $(speed internal/check "$tmp/check.test" "Check$sample") $(speed internal/check "$tmp/check.test" "Stream$sample")"
	done
done | awk '
	function median(list,   v, n, i, j, t) {
		n = split(list, v, " ")
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && v[j-1] + 0 > v[j] + 0; j--) { t = v[j]; v[j] = v[j-1]; v[j-1] = t }
		return n % 2 ? v[(n+1)/2] : (v[n/2] + v[n/2+1]) / 2
	}
	# bound is the speed of floor plus replay, from speeds in MB/s.
	function bound(f, p, c) { return 1000 / (1000 / f + 1000 / c - 1000 / p) }
	{ printf "%-8s floor %6.1f  parse %6.1f  check %6.1f  stream %6.1f MB/s   bound %6.1f MB/s\n", $1, $2, $3, $4, $5, bound($2, $3, $4)
	  floor[$1] = floor[$1] " " $2; parse[$1] = parse[$1] " " $3; check[$1] = check[$1] " " $4; stream[$1] = stream[$1] " " $5 }
	END { for (s in floor) {
		f = median(floor[s]); p = median(parse[s]); c = median(check[s]); t = median(stream[s])
		printf "median %-8s floor %6.1f  parse %6.1f  check %6.1f  stream %6.1f MB/s   bound %6.1f MB/s\n", s, f, p, c, t, bound(f, p, c) } }'
