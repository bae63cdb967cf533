#!/bin/sh
# famous300-pgn-extract.sh: compares the ECO codes of famous300.golden with
# those pgn-extract's classifier gives the same games (their ECO tags
# removed first), and with the ECO tags the games came with.
#
#	cd eco/testdata && sh famous300-pgn-extract.sh [/usr/games/pgn-extract [/usr/share/pgn-extract/eco.pgn]]
#
# Prints the counts of agreement, then each disagreement with pgn-extract:
# game number, golden code, pgn-extract's code and its Opening tag.
set -eu
pe=${1:-/usr/games/pgn-extract}
book=${2:-/usr/share/pgn-extract/eco.pgn}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
ecos() { # the ECO tag of each game of $1, "-" where it has none
	awk '/^\[Event /{ n++ } /^\[ECO /{ split($0, a, "\""); E[n] = a[2] } /^\[Opening /{ split($0, a, "\""); O[n] = a[2] }
	END { for (i = 1; i <= n; i++) printf "%s\t%s\n", (i in E) ? E[i] : "-", (i in O) ? O[i] : "" }' "$1"
}
grep -v '^\[ECO ' famous300.pgn > "$dir/noeco.pgn"
"$pe" -e"$book" -s --quiet -o "$dir/pe.pgn" "$dir/noeco.pgn"
cut -f7 famous300.golden > "$dir/golden"
ecos "$dir/pe.pgn" > "$dir/pe"
ecos famous300.pgn | cut -f1 > "$dir/tags"
paste "$dir/golden" "$dir/pe" "$dir/tags" | awk -F'\t' '
{ n++; pe += ($1 == $2); tag += ($1 == $4); petag += ($2 == $4); if ($1 != $2) d = d sprintf("%d\t%s\t%s\t%s\n", n, $1, $2, $3) }
END {
	printf "%d games: golden = pgn-extract %d, golden = source tag %d, pgn-extract = source tag %d\n", n, pe, tag, petag
	printf "%s", d
}'
