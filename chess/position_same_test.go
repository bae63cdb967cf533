package chess

import "testing"

// TestSame: Same compares what Key hashes, exactly, and not the counters.
func TestSame(t *testing.T) {
	fen := func(s string) Position {
		p, err := ParseFEN(s)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	start := StartingPosition()
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{StartFEN, StartFEN, true},
		{StartFEN, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 30", true},
		{StartFEN, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", false},
		{StartFEN, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1", false},
		{"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", false},
		{"8/8/8/8/8/8/8/K6k w - - 0 1", "8/8/8/8/8/8/8/k6K w - - 0 1", false},
	} {
		a, b := fen(c.a), fen(c.b)
		if a.Same(&b) != c.same || b.Same(&a) != c.same {
			t.Errorf("%s and %s: Same is %v, want %v", c.a, c.b, a.Same(&b), c.same)
		}
		if c.same && a.Key() != b.Key() {
			t.Errorf("%s and %s are the same but have different keys", c.a, c.b)
		}
	}
	if p := fen(StartFEN); !p.Same(&start) {
		t.Error("the starting position is not the same as its FEN")
	}
}
