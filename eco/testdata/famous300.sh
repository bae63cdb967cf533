#!/bin/sh
# famous300.sh: the expected opening of each game of famous300.pgn, computed
# without package eco, from the positions that `pgnc convert --to epd` writes
# after every ply.
#
#	cd eco/testdata && sh famous300.sh PGNC > famous300.golden
#
# PGNC is a pgnc binary (go build -o /tmp/pgnc ./cmd/pgnc). The rule is the
# one lichess follows: the opening of a game is the named line (../data/*.tsv)
# whose final position is the deepest one reached within the game's first 40
# plies; positions are equal when their board, side to move, castling rights
# and en passant square are, the en passant square counting only where a
# capture en passant is legal (the script decides that itself: pgnc writes
# the square after every double step). When several lines end in the same
# position the last one in the data names it.
#
# One line per game, tab-separated: game number (from 1), White, Black,
# Event, Date, Round, ECO, ply, name, and "transposition" where the game's
# first plies are not the named line's moves (it reached the position by
# another move order), else "direct". A game that reaches no named position
# has ECO, ply and name "-", "0", "-".
set -eu
pgnc=${1:?usage: famous300.sh PGNC}
maxplies=40
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# The named lines, in data order: ECO, name, moves.
for f in ../data/a.tsv ../data/b.tsv ../data/c.tsv ../data/d.tsv ../data/e.tsv; do
	tail -n +2 "$f"
done > "$dir/lines.tsv"
awk -F'\t' '{ printf "%s *\n\n", $3 }' "$dir/lines.tsv" > "$dir/lines.pgn"
"$pgnc" convert -q --to epd --final "$dir/lines.pgn" | awk 'NF' > "$dir/lines.epd"
"$pgnc" convert -q --to uci "$dir/lines.pgn" > "$dir/lines.uci"
# The games: every position (the initial one first, a blank line after each
# game), their UCI main lines and their tags.
"$pgnc" convert -q --to epd famous300.pgn > "$dir/games.epd"
"$pgnc" convert -q --to uci famous300.pgn > "$dir/games.uci"
awk '
/^\[Event /  { n++ }
/^\[[A-Za-z]+ "/ {
	tag = $0; sub(/^\[/, "", tag); sub(/ .*/, "", tag)
	v = $0; sub(/^\[[A-Za-z]+ "/, "", v); sub(/"\]\r?$/, "", v)
	if (tag == "White" || tag == "Black" || tag == "Event" || tag == "Date" || tag == "Round") T[n, tag] = v
}
END { for (i = 1; i <= n; i++) printf "%s\t%s\t%s\t%s\t%s\n", T[i, "White"], T[i, "Black"], T[i, "Event"], T[i, "Date"], T[i, "Round"] }
' famous300.pgn > "$dir/games.tags"

awk -v maxplies="$maxplies" -v dir="$dir" '
# setboard reads the board field of a FEN into B[file, rank], files and
# ranks 1 to 8.
function setboard(board,   i, c, f, r, k) {
	r = 8; f = 1
	for (i = 1; i <= length(board); i++) {
		c = substr(board, i, 1)
		if (c == "/") { r--; f = 1 }
		else if (c ~ /[1-8]/) { for (k = 0; k < c + 0; k++) B[f++, r] = "." }
		else B[f++, r] = c
	}
}
function at(f, r) { return (f < 1 || f > 8 || r < 1 || r > 8) ? "#" : B[f, r] }
# attacked reports whether a piece of the side whose pieces are the letters
# of "pieces" ("PNBRQK" or "pnbrqk") attacks square f, r.
function attacked(f, r, pieces,   P, N, Bi, R, Q, K, d, df, dr, k, c, white) {
	P = substr(pieces, 1, 1); N = substr(pieces, 2, 1); Bi = substr(pieces, 3, 1)
	R = substr(pieces, 4, 1); Q = substr(pieces, 5, 1); K = substr(pieces, 6, 1)
	white = (P == "P")
	# pawns: a white pawn attacks from the rank below
	dr = white ? -1 : 1
	if (at(f - 1, r + dr) == P || at(f + 1, r + dr) == P) return 1
	split("1 2 2 1 -1 2 -2 1 1 -2 2 -1 -1 -2 -2 -1", KN, " ")
	for (k = 1; k <= 16; k += 2) if (at(f + KN[k], r + KN[k + 1]) == N) return 1
	for (df = -1; df <= 1; df++) for (dr = -1; dr <= 1; dr++) {
		if (df == 0 && dr == 0) continue
		if (at(f + df, r + dr) == K) return 1
		for (d = 1; ; d++) {
			c = at(f + d * df, r + d * dr)
			if (c == ".") continue
			if (c == Q) return 1
			if (df != 0 && dr != 0 && c == Bi) return 1
			if ((df == 0 || dr == 0) && c == R) return 1
			break
		}
	}
	return 0
}
# key returns the EPD with the en passant square replaced by "-" unless a
# capture en passant is legal for the side to move.
function key(epd,   F, ef, er, from, pr, own, enemy, mypawn, kf, kr, f, r, legal, save1, save2, save3) {
	split(epd, F, " ")
	if (F[4] == "-") return epd
	ef = index("abcdefgh", substr(F[4], 1, 1)); er = substr(F[4], 2, 1) + 0
	if (F[2] == "w") { pr = er - 1; mypawn = "P"; enemy = "pnbrqk"; own = "K" }
	else { pr = er + 1; mypawn = "p"; enemy = "PNBRQK"; own = "k" }
	setboard(F[1])
	legal = 0
	for (from = ef - 1; from <= ef + 1 && !legal; from += 2) {
		if (at(from, pr) != mypawn) continue
		# play the capture: the pawn goes to the en passant square and
		# the pawn that made the double step leaves the board
		save1 = B[from, pr]; save2 = B[ef, pr]; save3 = B[ef, er]
		B[from, pr] = "."; B[ef, pr] = "."; B[ef, er] = mypawn
		kf = 0
		for (f = 1; f <= 8; f++) for (r = 1; r <= 8; r++) if (B[f, r] == own) { kf = f; kr = r }
		if (kf && !attacked(kf, kr, enemy)) legal = 1
		B[from, pr] = save1; B[ef, pr] = save2; B[ef, er] = save3
	}
	if (!legal) sub(/ [a-h][36]$/, " -", epd)
	return epd
}
BEGIN {
	FS = "\t"
	while ((getline line < (dir "/lines.tsv")) > 0) { nl++; split(line, L, "\t"); ECO[nl] = L[1]; NAME[nl] = L[2] }
	i = 0
	while ((getline line < (dir "/lines.epd")) > 0) { i++; NAMED[key(line)] = i }
	if (i != nl) { print "lines: " nl " named lines, " i " positions" > "/dev/stderr"; exit 2 }
	i = 0
	while ((getline line < (dir "/lines.uci")) > 0) UCI[++i] = line
	g = 0
	while ((getline line < (dir "/games.uci")) > 0) GUCI[++g] = line
	g = 0
	while ((getline line < (dir "/games.tags")) > 0) TAGS[++g] = line
	g = 1; ply = 0; best = 0; bestply = 0
	while ((getline line < (dir "/games.epd")) > 0) {
		if (line == "") {
			if (best) {
				split(GUCI[g], M, " "); prefix = ""
				for (k = 1; k <= bestply; k++) prefix = prefix (k > 1 ? " " : "") M[k]
				how = (prefix == UCI[best]) ? "direct" : "transposition"
				printf "%d\t%s\t%s\t%d\t%s\t%s\n", g, TAGS[g], ECO[best], bestply, NAME[best], how
			} else printf "%d\t%s\t-\t0\t-\t-\n", g, TAGS[g]
			g++; ply = 0; best = 0; bestply = 0
			continue
		}
		if (ply >= 1 && ply <= maxplies && (key(line) in NAMED)) { best = NAMED[key(line)]; bestply = ply }
		ply++
	}
}
'
