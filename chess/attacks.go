package chess

import "math/bits"

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
// directions.
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
				knightAttacks[sq] |= MakeSquare(f+d[0], r+d[1]).bit()
			}
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if (df != 0 || dr != 0) && onBoard(f+df, r+dr) {
					kingAttacks[sq] |= MakeSquare(f+df, r+dr).bit()
				}
			}
		}
		for _, df := range []int{-1, 1} {
			if onBoard(f+df, r+1) {
				pawnAttacks[White][sq] |= MakeSquare(f+df, r+1).bit()
			}
			if onBoard(f+df, r-1) {
				pawnAttacks[Black][sq] |= MakeSquare(f+df, r-1).bit()
			}
		}
		for d, dir := range directions {
			for g, s := f+dir.df, r+dir.dr; onBoard(g, s); g, s = g+dir.df, s+dir.dr {
				rays[d][sq] |= MakeSquare(g, s).bit()
			}
		}
	}
	for a := Square(0); a < 64; a++ {
		for d := range directions {
			for rest := rays[d][a]; rest != 0; {
				b := rest.PopFirst()
				between[a][b] = rays[d][a] &^ rays[d][b] &^ b.bit()
				back := (d + 2) % 4
				if d >= 4 {
					back = 4 + (d-4+2)%4
				}
				line[a][b] = rays[d][a] | rays[back][a] | a.bit()
			}
		}
	}
}

// Slider attacks use the hyperbola quintessence for files and diagonals
// (the o^(o-2r) trick, mirrored with a byte swap for the other direction)
// and a lookup table for ranks: no loops and no branches.
var (
	fileMask, diagMask, antiMask [64]Bitboard // the line through a square, the square excluded
	rookRays, bishopRays         [64]Bitboard // what a rook or bishop attacks on an empty board
	// pieceReach is what a piece attacks on an empty board, by type; empty
	// for pawns, whose attacks depend on their color, and for kings, which
	// never give check.
	pieceReach  [8][64]Bitboard
	rankAttacks [64][8]uint8 // [inner occupancy of the rank][file] -> attacked files
)

func init() {
	for sq := Square(0); sq < 64; sq++ {
		fileMask[sq] = rays[0][sq] | rays[2][sq]
		diagMask[sq] = rays[4][sq] | rays[6][sq]
		antiMask[sq] = rays[5][sq] | rays[7][sq]
		rookRays[sq] = rays[0][sq] | rays[1][sq] | rays[2][sq] | rays[3][sq]
		bishopRays[sq] = diagMask[sq] | antiMask[sq]
		pieceReach[Knight][sq] = knightAttacks[sq]
		pieceReach[Bishop][sq] = bishopRays[sq]
		pieceReach[Rook][sq] = rookRays[sq]
		pieceReach[Queen][sq] = bishopRays[sq] | rookRays[sq]
	}
	for inner := 0; inner < 64; inner++ {
		occ := inner << 1
		for f := 0; f < 8; f++ {
			var att uint8
			for g := f + 1; g < 8; g++ {
				att |= 1 << g
				if occ&(1<<g) != 0 {
					break
				}
			}
			for g := f - 1; g >= 0; g-- {
				att |= 1 << g
				if occ&(1<<g) != 0 {
					break
				}
			}
			rankAttacks[inner][f] = att
		}
	}
}

// lineAttacks returns the attacks along mask (a file or diagonal through sq).
func lineAttacks(sq Square, occ, mask Bitboard) Bitboard {
	o := uint64(occ & mask)
	s := uint64(sq.bit())
	forward := o - 2*s
	reverse := bits.ReverseBytes64(bits.ReverseBytes64(o) - 2*bits.ReverseBytes64(s))
	return Bitboard(forward^reverse) & mask
}

func rankAttacksOf(sq Square, occ Bitboard) Bitboard {
	shift := uint(sq.Rank() * 8)
	inner := (uint64(occ) >> (shift + 1)) & 63
	return Bitboard(rankAttacks[inner][sq.File()]) << shift
}

func rookAttacks(sq Square, occ Bitboard) Bitboard {
	return lineAttacks(sq, occ, fileMask[sq]) | rankAttacksOf(sq, occ)
}

func bishopAttacks(sq Square, occ Bitboard) Bitboard {
	return lineAttacks(sq, occ, diagMask[sq]) | lineAttacks(sq, occ, antiMask[sq])
}
