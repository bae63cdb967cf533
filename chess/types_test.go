package chess

import "testing"

// TestSquareBit checks Bit and Has on every square and on NoSquare, which
// is in no bitboard, and that the unchecked bit and has agree with them on
// the board.
func TestSquareBit(t *testing.T) {
	for sq := Square(0); sq < 64; sq++ {
		if got, want := sq.Bit(), Bitboard(1)<<uint(sq); got != want || sq.bit() != want {
			t.Errorf("%v: Bit %#x, bit %#x, want %#x", sq, uint64(got), uint64(sq.bit()), uint64(want))
		}
		if all := ^Bitboard(0); !all.Has(sq) || !all.has(sq) || Bitboard(0).Has(sq) || Bitboard(0).has(sq) {
			t.Errorf("%v: Has and has disagree with the full and the empty bitboard", sq)
		}
	}
	if NoSquare.Bit() != 0 || (^Bitboard(0)).Has(NoSquare) {
		t.Errorf("NoSquare: Bit %#x, Has %v; want an empty bitboard", uint64(NoSquare.Bit()), (^Bitboard(0)).Has(NoSquare))
	}
}
