// Package chess implements the rules of chess on bitboards: positions, legal
// move generation (castling, including Chess960, en passant, promotion, pins
// and checks), FEN, and the game-ending conditions. It is checked by perft
// against the published counts.
package chess

import "math/bits"

// Color is a side.
type Color uint8

const (
	White Color = iota
	Black
)

// Other returns the opponent of c.
func (c Color) Other() Color { return (c ^ 1) & 1 } // masked: an index below 2 without bounds check

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is a kind of piece regardless of color.
type PieceType uint8

const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Piece is a colored piece; NoPiece is an empty square.
type Piece uint8

// NoPiece marks an empty square.
const NoPiece Piece = 0

// MakePiece returns the piece of type t and color c.
func MakePiece(c Color, t PieceType) Piece { return Piece(uint8(t) | uint8(c)<<3) }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece's color; meaningless for NoPiece.
func (p Piece) Color() Color { return Color(p>>3) & 1 }

const pieceLetters = " PNBRQK"

// Letter returns the FEN letter of p: upper case for white.
func (p Piece) Letter() byte {
	if p == NoPiece {
		return '.'
	}
	l := pieceLetters[p.Type()]
	if p.Color() == Black {
		l += 'a' - 'A'
	}
	return l
}

// Square is a board square, a1 = 0, b1 = 1, …, h8 = 63.
type Square int8

// NoSquare marks the absence of a square.
const NoSquare Square = -1

// MakeSquare returns the square on file (0-7) and rank (0-7).
func MakeSquare(file, rank int) Square { return Square(rank*8 + file) }

// File returns 0 for the a-file through 7 for the h-file.
func (s Square) File() int { return int(s) & 7 }

// Rank returns 0 for the first rank through 7 for the eighth.
func (s Square) Rank() int { return int(s) >> 3 }

// String returns the square's name, e.g. "e4", or "-" for NoSquare.
func (s Square) String() string {
	if s < 0 || s > 63 {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// Bitboard is a set of squares, bit i for square i.
type Bitboard uint64

// Bit returns the bitboard of one square, empty for NoSquare.
func (s Square) Bit() Bitboard {
	if s < 0 || s > 63 {
		return 0
	}
	return s.bit()
}

// bit is Bit for a square on the board, which is what the move generator
// always has. The mask tells the compiler that the shift is below 64,
// which spares the test and fix-up that Go's shift semantics need
// otherwise; bit is in nearly every step of the move generator.
func (s Square) bit() Bitboard { return 1 << (uint(s) & 63) }

// Has reports whether s is in b; NoSquare is in no bitboard.
func (b Bitboard) Has(s Square) bool { return b&s.Bit() != 0 }

// has is Has for a square on the board.
func (b Bitboard) has(s Square) bool { return b&s.bit() != 0 }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square in b; b must not be empty.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// Last returns the highest square in b; b must not be empty.
func (b Bitboard) Last() Square { return Square(63 - bits.LeadingZeros64(uint64(b))) }

// PopFirst removes and returns the lowest square of *b.
func (b *Bitboard) PopFirst() Square {
	s := b.First()
	*b &= *b - 1
	return s
}

// MoreThanOne reports whether b has two or more squares.
func (b Bitboard) MoreThanOne() bool { return b&(b-1) != 0 }

const (
	fileA Bitboard = 0x0101010101010101
	rank1 Bitboard = 0xff
)

func fileBB(f int) Bitboard { return fileA << uint(f) }
func rankBB(r int) Bitboard { return rank1 << (8 * uint(r)) }
