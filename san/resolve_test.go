package san

import (
	"errors"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/internal/testfiles"
)

// positions are the perft positions of package chess's tests: standard,
// with castling, en passant, promotions and pins, and Chess960.
var positions = []string{
	chess.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
}

// position returns positions[i mod len(positions)].
func position(t testing.TB, i int) chess.Position {
	t.Helper()
	p, err := chess.ParseFEN(positions[i%len(positions)])
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// walk calls visit with every position depth plies or fewer from p and
// the list of its legal moves.
func walk(p *chess.Position, depth int, visit func(p *chess.Position, l *chess.MoveList)) {
	var l chess.MoveList
	p.LegalMoves(&l)
	visit(p, &l)
	if depth == 0 {
		return
	}
	for _, m := range l.Moves() {
		q := *p
		q.Play(m)
		walk(&q, depth-1, visit)
	}
}

// TestSANRoundTrip writes every legal move of the perft positions two plies
// deep in SAN, reads it back and expects the same move.
func TestSANRoundTrip(t *testing.T) {
	count := 0
	roundTrip := func(p *chess.Position, l *chess.MoveList) {
		for _, m := range l.Moves() {
			text := p.SAN(m)
			sm, ok := Parse(text)
			if !ok {
				t.Fatalf("%s: SAN %q of %v does not decode", p.FEN(), text, m)
			}
			got, assumed, err := Resolve(p, sm)
			if err != nil || got != m || assumed {
				t.Fatalf("%s: %q resolves to %v, %v, %v; want %v", p.FEN(), text, got, assumed, err, m)
			}
			count++
		}
	}
	for i := range positions {
		p := position(t, i)
		walk(&p, 1, roundTrip)
	}
	t.Logf("%d moves written and read back", count)
}

func TestResolveErrors(t *testing.T) {
	tests := []struct {
		fen, san string
		reason   chess.IllegalReason
	}{
		{chess.StartFEN, "Nf4", chess.NoPieceCanReach},
		{chess.StartFEN, "e5", chess.NoPieceCanReach},
		{"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", chess.PiecePinned},
		{"4k3/4r3/8/8/8/8/8/3K4 w - - 0 1", "Kf3", chess.NoPieceCanReach},
		{"4k3/8/8/8/8/8/8/3K3r w - - 0 1", "Kc1", chess.LeavesKingInCheck},
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "O-O", chess.NoCastlingRight},
		{"4k3/8/8/8/8/8/8/4KB1R w K - 0 1", "O-O", chess.CastlingBlocked},
		{"4k1r1/8/8/8/8/8/8/4K2R w K - 0 1", "O-O", chess.CastlingThroughCheck},
		{"4k3/4r3/8/8/8/8/8/4K2R w K - 0 1", "O-O", chess.CastlingInCheck},
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e3=Q", chess.PromotionWrongRank},
		{chess.StartFEN, "e3e4", chess.NothingToMove},
	}
	for _, tt := range tests {
		p, err := chess.ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		sm, ok := ParseLenient(tt.san)
		if !ok {
			t.Fatalf("%q does not decode", tt.san)
		}
		_, _, err = Resolve(&p, sm)
		var ie *chess.IllegalMoveError
		if !errors.As(err, &ie) || ie.Reason != tt.reason {
			t.Errorf("%s %s: %v, want reason %d", tt.fen, tt.san, err, tt.reason)
		}
	}
	p, _ := chess.ParseFEN("1k6/8/8/8/8/8/4K3/R6R w - - 0 1")
	sm, _ := Parse("Rd1")
	_, _, err := Resolve(&p, sm)
	var ae *chess.AmbiguousMoveError
	if !errors.As(err, &ae) || len(ae.Candidates) != 2 {
		t.Errorf("Rd1: %v, want ambiguity between two rooks", err)
	}
	p, _ = chess.ParseFEN("k7/4P3/8/8/8/8/8/4K3 w - - 0 1")
	sm, _ = Parse("e8")
	m, assumed, err := Resolve(&p, sm)
	if err != nil || !assumed || m.Promotion != chess.Queen {
		t.Errorf("e8 without piece: %v %v %v", m, assumed, err)
	}
	// Moves that Parse never returns, built by hand, and those that are
	// no moves of chess, are errors.
	p = chess.StartingPosition()
	for _, sm := range []Move{
		{Kind: Normal, Piece: chess.Knight, FromFile: -1, FromRank: -1, To: 64},
		{Kind: Normal, Piece: chess.Knight, FromFile: -1, FromRank: -1, To: -1},
		{Kind: Normal, Piece: chess.NoPieceType, FromFile: -1, FromRank: -1, To: 20},
		{Kind: Normal, Piece: chess.NoPieceType, FromFile: 6, FromRank: 0, To: 21}, // "Sg1f3" before its language is known
		{Kind: Normal, Piece: 42, FromFile: -1, FromRank: -1, To: 20},
		{Kind: Normal, Piece: AnyPiece, FromFile: -1, FromRank: -1, To: 20},
		{Kind: Normal, Piece: chess.Knight, FromFile: 9, FromRank: 0, To: 21},
		{Kind: Null},
		{Kind: Drop, Piece: chess.Knight, To: 20},
	} {
		if m, _, err := Resolve(&p, sm); err == nil {
			t.Errorf("%+v resolves to %v", sm, m)
		}
	}
	var empty chess.Position
	for _, text := range []string{"e4", "O-O", "--", "N@e4"} {
		sm, _ := ParseLenient(text)
		var ie *chess.IllegalMoveError
		if _, _, err := Resolve(&empty, sm); !errors.As(err, &ie) || ie.Reason != chess.NoKing {
			t.Errorf("%s on the empty board: %v, want reason NoKing", text, err)
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
		p := position(t, int(which))
		sm, ok := Parse(text)
		if !ok {
			return
		}
		resolvesBack(t, &p, text, sm)
	})
}

// FuzzResolveLenient reads arbitrary text in the notations other than SAN
// that ParseLenient and ParseIn accept, in the perft positions: whatever
// resolves must be legal, and its canonical SAN, read strictly, must
// resolve to the same move.
func FuzzResolveLenient(f *testing.F) {
	for i, s := range []string{"e2e4", "e7e8q", "g1f3", "e2-e4", "Ng1-f3", "Ng1xf3", "e1g1", "e1h1", "Pc4", "Pxd4", "gxf6ep",
		"exd6e.p.", "e8Q", "Qh4++", "nf3", "bb5", "bxc6", "Sf3", "Lb5", "Dd1", "Rf1", "♘f3", "♞c6", "♙e4", "N@e6", "@e4"} {
		f.Add(s, uint8(i))
	}
	f.Fuzz(func(t *testing.T, text string, which uint8) {
		p := position(t, int(which))
		var lang *Language
		if k := int(which) / len(positions) % (len(Languages) + 1); k > 0 {
			lang = Languages[k-1]
		}
		sm, ok := ParseIn(text, lang)
		if !ok {
			return
		}
		resolvesBack(t, &p, text, sm)
	})
}

// resolvesBack fails t when sm, read from text, resolves in p to a move
// that is not legal, or one whose canonical SAN does not resolve to it
// again; an error must say something.
func resolvesBack(t *testing.T, p *chess.Position, text string, sm Move) {
	t.Helper()
	m, _, err := Resolve(p, sm)
	if err != nil {
		if err.Error() == "" {
			t.Fatal("empty error message")
		}
		return
	}
	var l chess.MoveList
	p.LegalMoves(&l)
	legal := false
	for _, c := range l.Moves() {
		legal = legal || c == m
	}
	if !legal {
		t.Fatalf("%s: %q resolved to illegal %v", p.FEN(), text, m)
	}
	again, ok := Parse(p.SAN(m))
	if !ok {
		t.Fatalf("%s: canonical %q of %q is not SAN", p.FEN(), p.SAN(m), text)
	}
	if m2, _, err := Resolve(p, again); err != nil || m2 != m {
		t.Fatalf("%s: canonical %q of %q does not resolve back: %v", p.FEN(), p.SAN(m), text, err)
	}
}

func TestPlayMove(t *testing.T) {
	p := chess.StartingPosition()
	for _, text := range []string{"e4", "e7e5", "Ng1-f3", "b8c6", "Bc4", "g8f6", "e1g1"} {
		if _, _, err := PlayMove(&p, text); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
	if got, want := p.FEN(), "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"; got != want {
		t.Errorf("after the moves: %s, want %s", got, want)
	}
	for text, want := range map[string]string{
		"Ke7e8": "no king can move to e8", "x9": "is not a move", "--": "null move", "Qd8d6": "no queen can move to d6",
	} {
		before := p
		if _, played, err := PlayMove(&p, text); err == nil || !strings.Contains(err.Error(), want) || played != "" {
			t.Errorf("%s: %q, %v, want an error saying %q", text, played, err, want)
		}
		if p != before {
			t.Errorf("%s: the position changed on error", text)
		}
	}
	q, _ := chess.ParseFEN("8/4P3/8/8/8/8/k7/7K w - - 0 1")
	if _, err := ParseMove(&q, "e7e8"); err == nil {
		t.Error("e7e8 without its piece was read")
	}
	if m, err := ParseMove(&q, "e7e8n"); err != nil || m.Promotion != chess.Knight {
		t.Errorf("e7e8n: %v %v", m, err)
	}
}

// TestPlayMoveSAN gives the canonical SAN that PlayMove returns for moves
// written in every notation it reads.
func TestPlayMoveSAN(t *testing.T) {
	tests := []struct {
		fen, text, san, uci string
	}{
		{chess.StartFEN, "e2e4", "e4", "e2e4"},
		{chess.StartFEN, "e4", "e4", "e2e4"},
		{chess.StartFEN, "Ng1-f3", "Nf3", "g1f3"},
		{chess.StartFEN, "nf3", "Nf3", "g1f3"},
		{chess.StartFEN, "♘c3", "Nc3", "b1c3"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "O-O", "e1g1"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1h1", "O-O", "e1g1"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "0-0-0", "O-O-O", "e1c1"},
		{"4k3/8/8/8/8/8/8/R3K2R w HA - 0 1", "O-O", "O-O", "e1h1"},
		{"6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", "Ra8#", "a1a8"},
		{"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "Ra8", "Ra8+", "a1a8"},
		{"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8n", "e8=N", "e7e8n"},
		{"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8Q", "e8=Q+", "e7e8q"},
		{"k7/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6", "e5d6"},
		{"1k6/8/8/8/8/8/4K3/R6R w - - 0 1", "h1d1", "Rhd1", "h1d1"},
		{"1k6/8/8/8/Q6Q/8/8/2K4Q w - - 0 1", "Qh4-e4", "Qh4e4", "h4e4"},
	}
	for _, tt := range tests {
		p, err := chess.ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, played, err := PlayMove(&p, tt.text)
		if err != nil || played != tt.san || m.UCI() != tt.uci {
			t.Errorf("%s %s: %q %s %v, want %q %s", tt.fen, tt.text, played, m.UCI(), err, tt.san, tt.uci)
		}
	}
}
