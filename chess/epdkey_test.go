package chess

import "testing"

// TestEPDKey: the en passant square counts in EPDKey only where a capture
// en passant is legal; Key counts it after every double step.
func TestEPDKey(t *testing.T) {
	for _, tc := range []struct {
		name          string
		with, without string
		same          bool // EPDKey(with) == EPDKey(without)
	}{
		{"no pawn can take", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", true},
		{"a pawn can take", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3", false},
		{"the taking pawn is pinned", "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1", "8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1", true},
		{"the capture gets out of check", "8/8/8/5k2/3pP3/8/8/4K3 b - e3 0 1", "8/8/8/5k2/3pP3/8/8/4K3 b - - 0 1", false},
	} {
		with, err := ParseFEN(tc.with)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		without, err := ParseFEN(tc.without)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if with.Key() == without.Key() {
			t.Errorf("%s: Key ignores the en passant square", tc.name)
		}
		if got := with.EPDKey() == without.EPDKey(); got != tc.same {
			t.Errorf("%s: EPDKey equal = %v, want %v", tc.name, got, tc.same)
		}
		if without.EPDKey() != without.Key() {
			t.Errorf("%s: EPDKey differs from Key without an en passant square", tc.name)
		}
	}
}
