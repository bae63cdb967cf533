#!/usr/bin/env bash
# Times pgnc select against pgn-extract on the OTB corpus (99,238 games),
# query by query, in the same run: pgnc on one core and on two, and
# pgn-extract (one core). For each it prints the CPU seconds (user + sys)
# and the wall seconds, the best of ROUNDS runs, the games selected, and
# the ratios the aims of docs/select.md are stated in: pgn-extract's CPU
# time over pgnc's on one core, and pgnc's one-core wall time over its
# two-core one.
#
# Usage: bench/select.sh [ROUNDS]   (3); needs ../shared/corpus and
#        pgn-extract (Debian package pgn-extract).
#        bench/select.sh count      counts instructions instead, with
#                                   valgrind, on the first 11 MB of the
#                                   corpus (pgnc on one core): a ratio that
#                                   holds however busy the machine is, where
#                                   times of a fraction of a second do not.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
corpus=../shared/corpus/bulk/otb-masters
extract=$(command -v pgn-extract || ls /usr/games/pgn-extract 2>/dev/null || true)
if [ ! -d "$corpus" ] || [ -z "$extract" ]; then
	echo "needs $corpus and pgn-extract" >&2
	exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat "$corpus"/*.pgn > "$tmp/otb.pgn"
go build -o "$tmp/pgnc" ./cmd/pgnc
printf 'R R\n' > "$tmp/endings"
printf 'FENPattern "*/*/*/*/*/*/*/*R*r*"\n' > "$tmp/pattern"
printf '1. e4 c5 2. Nf3 d6\n' > "$tmp/line"

# count NAME QUERY PGNC-FLAGS -- PGN-EXTRACT-ARGS prints the instructions
# of both on the first 11 MB, and pgn-extract's over pgnc's.
count() {
	local name=$1 query=$2 flags=$3
	shift 4
	head -c 11000000 "$tmp/otb.pgn" > "$tmp/otb11.pgn"
	local a b
	a=$(instructions "$tmp/pgnc" select -j 1 $flags "$query" "$tmp/otb11.pgn")
	b=$(instructions "$extract" -s "$@" "$tmp/otb11.pgn")
	awk -v n="$name" -v a="$a" -v b="$b" 'BEGIN {
		printf "%-10s pgnc %6.0f M instructions  pgn-extract %6.0f M  %5.1fx\n", n, a / 1e6, b / 1e6, b / a }'
}

# instructions CMD... prints the instructions CMD runs (valgrind).
instructions() {
	valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null --log-file="$tmp/valgrind" "$@" > /dev/null 2>&1 || true
	awk '/I +refs/ { gsub(",", "", $4); print $4 }' "$tmp/valgrind"
}

if [ "$rounds" = count ]; then
	command -v valgrind > /dev/null || { echo "count needs valgrind" >&2; exit 2; }
	count tag 'white ~ "Carlsen"' '' -- -TwCarlsen
	count count 'white ~ "Carlsen"' '--count' -- -TwCarlsen
	count material 'material "KR vs KR"' '' -- -z"$tmp/endings"
	count pattern 'pattern "*/*/*/*/*/*/*/*R*r*"' '' -- -t"$tmp/pattern"
	count starts 'starts "1. e4 c5 2. Nf3 d6"' '' -- -x"$tmp/line"
	exit 0
fi

# best CMD... runs CMD rounds times, its output to $tmp/out, and prints the
# least CPU and wall seconds.
best() {
	local cpu= wall=
	for ((r = 0; r < rounds; r++)); do
		/usr/bin/time -f '%U %S %e' -o "$tmp/time" "$@" > "$tmp/out" 2>/dev/null || true
		read -r u s e < "$tmp/time"
		c=$(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }')
		cpu=$(awk -v a="$cpu" -v b="$c" 'BEGIN { print (a == "" || b < a) ? b : a }')
		wall=$(awk -v a="$wall" -v b="$e" 'BEGIN { print (a == "" || b < a) ? b : a }')
	done
	echo "$cpu $wall"
}

# row NAME QUERY PGNC-FLAGS -- PGN-EXTRACT-ARGS
row() {
	local name=$1 query=$2 flags=$3
	shift 4
	read -r c1 w1 <<< "$(best "$tmp/pgnc" select -j 1 $flags "$query" "$tmp/otb.pgn")"
	n1=$(grep -c '^\[Event ' "$tmp/out" || true)
	[ -n "$flags" ] && n1=$(grep -o 'selected: [0-9]*' "$tmp/out" | cut -d' ' -f2 || true)
	read -r c2 w2 <<< "$(best "$tmp/pgnc" select -j 2 $flags "$query" "$tmp/otb.pgn")"
	read -r ce we <<< "$(best "$extract" -s "$@" "$tmp/otb.pgn")"
	ne=$(grep -c '^\[Event ' "$tmp/out" || true)
	awk -v n="$name" -v c1="$c1" -v w1="$w1" -v w2="$w2" -v ce="$ce" -v n1="$n1" -v ne="$ne" 'BEGIN {
		printf "%-10s pgnc -j1 %5.2f s CPU %5.2f s wall  -j2 %5.2f s wall  pgn-extract %6.2f s CPU  %5.1fx  two cores %.2fx  games %s / %s\n",
			n, c1, w1, w2, ce, ce / c1, w1 / w2, n1, ne }'
}

# within is a command that runs its second argument and those after in
# its first, a directory emptied first: pgn-extract -# writes its files
# into the working directory.
within=(bash -c 'rm -rf "$1" && mkdir -p "$1" && cd "$1" && shift && exec "$@"' within)

# split prints the row of --split 1000 against -#1000.
split() {
	read -r c1 w1 <<< "$(best "${within[@]}" "$tmp/s1" "$tmp/pgnc" select -j 1 -o . --split 1000 'result != x' "$tmp/otb.pgn")"
	n1=$(ls "$tmp/s1" | wc -l)
	read -r c2 w2 <<< "$(best "${within[@]}" "$tmp/s2" "$tmp/pgnc" select -j 2 -o . --split 1000 'result != x' "$tmp/otb.pgn")"
	read -r ce we <<< "$(best "${within[@]}" "$tmp/s3" "$extract" -s -#1000 "$tmp/otb.pgn")"
	ne=$(ls "$tmp/s3" | wc -l)
	awk -v c1="$c1" -v w1="$w1" -v w2="$w2" -v ce="$ce" -v n1="$n1" -v ne="$ne" 'BEGIN {
		printf "%-10s pgnc -j1 %5.2f s CPU %5.2f s wall  -j2 %5.2f s wall  pgn-extract %6.2f s CPU  %5.1fx  two cores %.2fx  files %s / %s\n",
			"split", c1, w1, w2, ce, ce / c1, w1 / w2, n1, ne }'
}

row tag 'white ~ "Carlsen"' '' -- -TwCarlsen
row count 'white ~ "Carlsen"' '--count' -- -TwCarlsen
row material 'material "KR vs KR"' '' -- -z"$tmp/endings"
row pattern 'pattern "*/*/*/*/*/*/*/*R*r*"' '' -- -t"$tmp/pattern"
row starts 'starts "1. e4 c5 2. Nf3 d6"' '' -- -x"$tmp/line"
split
