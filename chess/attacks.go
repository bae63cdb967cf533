package chess

// Precomputed attack tables, built once at start-up.
var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	rays          [8][64]Bitboard // squares from a square to the edge, per direction
	between       [64][64]Bitboard
	line          [64][64]Bitboard // the whole line through two aligned squares
)

// Directions: the first four are rook directions, the last four bishop
// directions. A positive step scans with First, a negative one with Last.
var directions = [8]struct{ df, dr int }{
	{0, 1}, {1, 0}, {0, -1}, {-1, 0},
	{1, 1}, {1, -1}, {-1, -1}, {-1, 1},
}

func onBoard(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

func init() {
	for sq := Square(0); sq < 64; sq++ {
		f, r := sq.File(), sq.Rank()
		for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if onBoard(f+d[0], r+d[1]) {
				knightAttacks[sq] |= MakeSquare(f+d[0], r+d[1]).Bit()
			}
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if (df != 0 || dr != 0) && onBoard(f+df, r+dr) {
					kingAttacks[sq] |= MakeSquare(f+df, r+dr).Bit()
				}
			}
		}
		for _, df := range []int{-1, 1} {
			if onBoard(f+df, r+1) {
				pawnAttacks[White][sq] |= MakeSquare(f+df, r+1).Bit()
			}
			if onBoard(f+df, r-1) {
				pawnAttacks[Black][sq] |= MakeSquare(f+df, r-1).Bit()
			}
		}
		for d, dir := range directions {
			for g, s := f+dir.df, r+dir.dr; onBoard(g, s); g, s = g+dir.df, s+dir.dr {
				rays[d][sq] |= MakeSquare(g, s).Bit()
			}
		}
	}
	for a := Square(0); a < 64; a++ {
		for d := range directions {
			for rest := rays[d][a]; rest != 0; {
				b := rest.PopFirst()
				between[a][b] = rays[d][a] &^ rays[d][b] &^ b.Bit()
				back := (d + 2) % 4
				if d >= 4 {
					back = 4 + (d-4+2)%4
				}
				line[a][b] = rays[d][a] | rays[back][a] | a.Bit()
			}
		}
	}
}

// positive reports whether direction d runs towards higher square numbers.
var positive = [8]bool{true, true, false, false, true, false, false, true}

func slide(d int, sq Square, occ Bitboard) Bitboard {
	ray := rays[d][sq]
	if blockers := ray & occ; blockers != 0 {
		var first Square
		if positive[d] {
			first = blockers.First()
		} else {
			first = blockers.Last()
		}
		ray &^= rays[d][first]
	}
	return ray
}

func rookAttacks(sq Square, occ Bitboard) Bitboard {
	return slide(0, sq, occ) | slide(1, sq, occ) | slide(2, sq, occ) | slide(3, sq, occ)
}

func bishopAttacks(sq Square, occ Bitboard) Bitboard {
	return slide(4, sq, occ) | slide(5, sq, occ) | slide(6, sq, occ) | slide(7, sq, occ)
}
