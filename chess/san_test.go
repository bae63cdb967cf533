package chess

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/testfiles"
	"github.com/pgnc/pgnc/san"
)

// TestSANRoundTrip writes every legal move of the perft positions two plies
// deep in SAN, reads it back and expects the same move.
func TestSANRoundTrip(t *testing.T) {
	count := 0
	roundTrip := func(p *Position, l *MoveList) {
		for _, m := range l.Moves() {
			text := p.SAN(m)
			sm, ok := san.Parse(text)
			if !ok {
				t.Fatalf("%s: SAN %q of %v does not decode", p.FEN(), text, m)
			}
			got, assumed, err := p.Resolve(sm)
			if err != nil || got != m || assumed {
				t.Fatalf("%s: %q resolves to %v, %v, %v; want %v", p.FEN(), text, got, assumed, err, m)
			}
			count++
		}
	}
	for _, tc := range perftCases {
		p, _ := ParseFEN(tc.fen)
		walkPositions(&p, 1, roundTrip)
	}
	t.Logf("%d moves written and read back", count)
}

// TestResolveEveryTarget asks Resolve, in every position of the perft
// positions one ply deep, for every kind of piece to every square, and
// compares the answer with the full list of legal moves: one matching move
// resolves to it, several are ambiguous with exactly those candidates, none
// is illegal. A pinned piece taken for free, or a free one taken for
// pinned, cannot hide here behind another candidate.
func TestResolveEveryTarget(t *testing.T) {
	pieces := []san.Piece{san.Pawn, san.Knight, san.Bishop, san.Rook, san.Queen, san.King}
	queries := 0
	resolveAll := func(p *Position, l *MoveList) {
		for _, piece := range pieces {
			for to := Square(0); to < 64; to++ {
				var want []Move
				for _, m := range l.Moves() {
					if m.Kind != Castle && m.To == to && p.At(m.From).Type() == pieceTypeOf(piece) &&
						(m.Promotion == NoPieceType || m.Promotion == Queen) {
						want = append(want, m)
					}
				}
				sm := san.Move{Kind: san.Normal, Piece: piece, FromFile: -1, FromRank: -1, To: san.Square(to)}
				got, _, err := p.Resolve(sm)
				queries++
				var amb *AmbiguousMoveError
				switch {
				case len(want) == 1 && (err != nil || got != want[0]):
					t.Fatalf("%s: %v to %v resolves to %v, %v; want %v", p.FEN(), piece, to, got, err, want[0])
				case len(want) > 1 && (!errors.As(err, &amb) || fmt.Sprint(amb.Candidates) != fmt.Sprint(want)):
					t.Fatalf("%s: %v to %v: %v, want the candidates %v", p.FEN(), piece, to, err, want)
				case len(want) == 0 && err == nil:
					t.Fatalf("%s: %v to %v resolves to %v, which is not legal", p.FEN(), piece, to, got)
				}
			}
		}
	}
	for _, tc := range perftCases {
		p, _ := ParseFEN(tc.fen)
		walkPositions(&p, 2, resolveAll)
	}
	t.Logf("%d queries", queries)
}

func TestSAN(t *testing.T) {
	tests := []struct {
		fen, uci, san string
	}{
		{StartFEN, "g1f3", "Nf3"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1h1", "O-O"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1a1", "O-O-O"},
		{"6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", "Ra8#"},
		{"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", "Ra8+"},
		{"1k6/8/8/8/8/8/4K3/R6R w - - 0 1", "h1d1", "Rhd1"},
		{"1k6/8/8/8/R7/8/8/R3K3 w - - 0 1", "a1a2", "R1a2"},
		{"1k6/8/8/8/Q6Q/8/8/2K4Q w - - 0 1", "h4e4", "Qh4e4"},
		{"k7/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},
		{"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8n", "e8=N"},
		// Only legal moves count: the knight on e2 is pinned.
		{"4k3/4r3/8/1N6/8/8/4N3/4K3 w - - 0 1", "b5c3", "Nc3"},
		{"4k3/8/8/1N6/8/8/4N3/4K3 w - - 0 1", "b5c3", "Nbc3"},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		var l MoveList
		p.LegalMoves(&l)
		found := false
		for _, m := range l.Moves() {
			if m.UCI(true) == tt.uci || m.UCI(false) == tt.uci {
				found = true
				if got := p.SAN(m); got != tt.san {
					t.Errorf("%s %s: SAN %q, want %q", tt.fen, tt.uci, got, tt.san)
				}
			}
		}
		if !found {
			t.Errorf("%s: %s is not legal", tt.fen, tt.uci)
		}
	}
}

func TestResolveErrors(t *testing.T) {
	tests := []struct {
		fen, san string
		reason   IllegalReason
	}{
		{StartFEN, "Nf4", NoPieceCanReach},
		{StartFEN, "e5", NoPieceCanReach},
		{"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", PiecePinned},
		{"4k3/4r3/8/8/8/8/8/3K4 w - - 0 1", "Kf3", NoPieceCanReach},
		{"4k3/8/8/8/8/8/8/3K3r w - - 0 1", "Kc1", LeavesKingInCheck},
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "O-O", NoCastlingRight},
		{"4k3/8/8/8/8/8/8/4KB1R w K - 0 1", "O-O", CastlingBlocked},
		{"4k1r1/8/8/8/8/8/8/4K2R w K - 0 1", "O-O", CastlingThroughCheck},
		{"4k3/4r3/8/8/8/8/8/4K2R w K - 0 1", "O-O", CastlingInCheck},
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e3=Q", PromotionWrongRank},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		sm, ok := san.Parse(tt.san)
		if !ok {
			t.Fatalf("%q does not decode", tt.san)
		}
		_, _, err = p.Resolve(sm)
		var ie *IllegalMoveError
		if !errors.As(err, &ie) || ie.Reason != tt.reason {
			t.Errorf("%s %s: %v, want reason %d", tt.fen, tt.san, err, tt.reason)
		}
	}
	p, _ := ParseFEN("1k6/8/8/8/8/8/4K3/R6R w - - 0 1")
	sm, _ := san.Parse("Rd1")
	_, _, err := p.Resolve(sm)
	var ae *AmbiguousMoveError
	if !errors.As(err, &ae) || len(ae.Candidates) != 2 {
		t.Errorf("Rd1: %v, want ambiguity between two rooks", err)
	}
	p, _ = ParseFEN("k7/4P3/8/8/8/8/8/4K3 w - - 0 1")
	sm, _ = san.Parse("e8")
	m, assumed, err := p.Resolve(sm)
	if err != nil || !assumed || m.Promotion != Queen {
		t.Errorf("e8 without piece: %v %v %v", m, assumed, err)
	}
	// Moves that san.Parse never returns, built by hand, are errors.
	p, _ = ParseFEN(StartFEN)
	for _, sm := range []san.Move{
		{Kind: san.Normal, Piece: san.Knight, FromFile: -1, FromRank: -1, To: 64},
		{Kind: san.Normal, Piece: san.Knight, FromFile: -1, FromRank: -1, To: -1},
		{Kind: san.Normal, Piece: san.NoPiece, FromFile: -1, FromRank: -1, To: 20},
		{Kind: san.Normal, Piece: 42, FromFile: -1, FromRank: -1, To: 20},
	} {
		if m, _, err := p.Resolve(sm); err == nil {
			t.Errorf("%+v resolves to %v", sm, m)
		}
	}
}

func TestStatus(t *testing.T) {
	tests := []struct {
		fen  string
		want Status
	}{
		{StartFEN, Ongoing},
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", Checkmate},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Stalemate},
		{"4k3/8/8/8/8/8/8/4K2r w - - 0 1", InCheck},
	}
	for _, tt := range tests {
		p, _ := ParseFEN(tt.fen)
		if got := p.Status(); got != tt.want {
			t.Errorf("%s: status %d, want %d", tt.fen, got, tt.want)
		}
	}
	for fen, want := range map[string]bool{
		"8/8/8/4k3/8/8/8/4K3 w - - 0 1":    true,
		"8/8/8/4k3/8/8/8/4KN2 w - - 0 1":   true,
		"8/8/8/2b1k3/8/8/8/4KB2 w - - 0 1": false, // bishops on opposite colors
		"8/8/8/3bk3/8/8/8/4KB2 w - - 0 1":  true,
		"8/8/8/4k3/8/8/8/4KNN1 w - - 0 1":  false,
		"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1":  false,
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.InsufficientMaterial(); got != want {
			t.Errorf("%s: insufficient %v, want %v", fen, got, want)
		}
	}
}

// FuzzResolve reads arbitrary text as SAN in the perft positions: whatever
// resolves must be legal, and its canonical SAN must resolve to it again.
func FuzzResolve(f *testing.F) {
	for i, s := range append([]string{"e4", "Nf3", "O-O", "exd6", "Qh4e1", "bxa8=Q+", "Kxh2", "R1a2"}, testfiles.SANs()...) {
		f.Add(s, uint8(i))
	}
	f.Fuzz(func(t *testing.T, text string, which uint8) {
		tc := perftCases[int(which)%len(perftCases)]
		p, err := ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		sm, ok := san.Parse(text)
		if !ok {
			return
		}
		resolvesBack(t, &p, text, sm)
	})
}

// FuzzResolveLenient reads arbitrary text in the notations other than SAN
// that san.ParseLenient and san.ParseIn accept, in the perft positions:
// whatever resolves must be legal, and its canonical SAN, read strictly,
// must resolve to the same move.
func FuzzResolveLenient(f *testing.F) {
	for i, s := range []string{"e2e4", "e7e8q", "g1f3", "e2-e4", "Ng1-f3", "Ng1xf3", "e1g1", "e1h1", "Pc4", "Pxd4", "gxf6ep",
		"exd6e.p.", "e8Q", "Qh4++", "nf3", "bb5", "bxc6", "Sf3", "Lb5", "Dd1", "Rf1", "♘f3", "♞c6", "♙e4", "N@e6", "@e4"} {
		f.Add(s, uint8(i))
	}
	f.Fuzz(func(t *testing.T, text string, which uint8) {
		tc := perftCases[int(which)%len(perftCases)]
		p, err := ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		var lang *san.Language
		if k := int(which) / len(perftCases) % (len(san.Languages) + 1); k > 0 {
			lang = san.Languages[k-1]
		}
		sm, ok := san.ParseIn(text, lang)
		if !ok {
			return
		}
		resolvesBack(t, &p, text, sm)
	})
}

// resolvesBack fails t when sm, read from text, resolves in p to a move
// that is not legal, or one whose canonical SAN does not resolve to it
// again; an error must say something.
func resolvesBack(t *testing.T, p *Position, text string, sm san.Move) {
	t.Helper()
	m, _, err := p.Resolve(sm)
	if err != nil {
		if err.Error() == "" {
			t.Fatal("empty error message")
		}
		return
	}
	var l MoveList
	p.LegalMoves(&l)
	legal := false
	for _, c := range l.Moves() {
		legal = legal || c == m
	}
	if !legal {
		t.Fatalf("%s: %q resolved to illegal %v", p.FEN(), text, m)
	}
	again, ok := san.Parse(p.SAN(m))
	if !ok {
		t.Fatalf("%s: canonical %q of %q is not SAN", p.FEN(), p.SAN(m), text)
	}
	if m2, _, err := p.Resolve(again); err != nil || m2 != m {
		t.Fatalf("%s: canonical %q of %q does not resolve back: %v", p.FEN(), p.SAN(m), text, err)
	}
}

func TestPlayMove(t *testing.T) {
	p, _ := ParseFEN(StartFEN)
	for _, text := range []string{"e4", "e7e5", "Ng1-f3", "b8c6", "Bc4", "g8f6", "e1g1"} {
		if _, err := p.PlayMove(text); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
	if got, want := p.FEN(), "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"; got != want {
		t.Errorf("after the moves: %s, want %s", got, want)
	}
	for text, want := range map[string]string{
		"Ke7e8": "no king can move to e8", "x9": "is not a move", "--": "null move", "Qd8d6": "no queen can move to d6",
	} {
		if _, err := p.PlayMove(text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error saying %q", text, err, want)
		}
	}
	q, _ := ParseFEN("8/4P3/8/8/8/8/k7/7K w - - 0 1")
	if _, err := q.ParseMove("e7e8"); err == nil {
		t.Error("e7e8 without its piece was read")
	}
	if m, err := q.ParseMove("e7e8n"); err != nil || m.Promotion != Knight {
		t.Errorf("e7e8n: %v %v", m, err)
	}
}
