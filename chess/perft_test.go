package chess

import "testing"

// The published perft counts (chessprogramming wiki "Perft Results", also in
// ../shared/docs/perft.md).
var perftCases = []struct {
	name   string
	fen    string
	counts []int64 // depth 1, 2, …
	depth  int     // the depth the test runs to (3 with -short)
}{
	{"initial", StartFEN, []int64{20, 400, 8902, 197281, 4865609}, 5},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []int64{48, 2039, 97862, 4085603}, 4},
	{"position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", []int64{14, 191, 2812, 43238, 674624}, 5},
	{"position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", []int64{6, 264, 9467, 422333}, 4},
	{"position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", []int64{44, 1486, 62379, 2103487}, 4},
	// Chess960 (chessprogramming wiki "Chess960 Perft Results", positions 1 and 2).
	{"chess960 1", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", []int64{21, 528, 12189, 326672}, 4},
	{"chess960 2", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", []int64{21, 807, 18002, 667366}, 4},
	{"position 6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", []int64{46, 2079, 89890, 3894594}, 4},
}

func TestPerft(t *testing.T) {
	for _, tc := range perftCases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			depth := tc.depth
			if testing.Short() {
				depth = min(depth, 3)
			}
			for d := 1; d <= depth; d++ {
				if got := Perft(&p, d); got != tc.counts[d-1] {
					t.Fatalf("perft(%d) = %d, want %d", d, got, tc.counts[d-1])
				}
			}
		})
	}
}

// BenchmarkPerft runs the deeper published counts: go test -bench Perft ./chess
func BenchmarkPerft(b *testing.B) {
	deep := []struct {
		name  string
		fen   string
		depth int
		want  int64
	}{
		{"initial-6", StartFEN, 6, 119060324},
		{"kiwipete-5", perftCases[1].fen, 5, 193690690},
		{"position3-6", perftCases[2].fen, 6, 11030083},
	}
	for _, d := range deep {
		b.Run(d.name, func(b *testing.B) {
			p, err := ParseFEN(d.fen)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if got := Perft(&p, d.depth); got != d.want {
					b.Fatalf("perft(%d) = %d, want %d", d.depth, got, d.want)
				}
			}
			b.ReportMetric(float64(d.want)*float64(b.N)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}

// TestHasLegalMove: HasLegalMove and Disambiguation, which take shortcuts,
// agree with the full move list in every position up to two plies after the
// perft positions, and in positions whose only moves are the ones the
// shortcuts try last.
func TestHasLegalMove(t *testing.T) {
	positions := 0
	check := func(p *Position, l *MoveList) {
		positions++
		checkQueries(t, p, l)
	}
	for _, tc := range perftCases {
		p, _ := ParseFEN(tc.fen)
		walkPositions(&p, 2, check)
	}
	for _, fen := range []string{
		"7k/5QQ1/8/8/8/8/8/K7 b - - 0 1",  // mate
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",  // stalemate
		"k7/8/1Q6/8/8/8/8/K7 b - - 0 1",   // stalemate
		"4k3/4Q3/4K3/8/8/8/8/8 b - - 0 1", // mate
		// Positions whose only moves are those HasLegalMove finds last.
		"1r5k/8/4n3/3pP3/8/8/7r/K7 w - d6 0 1", // en passant only
		"1r5k/8/4n3/3pP3/8/8/7r/K7 w - - 0 1",  // the same, stalemate
		"7k/8/8/8/8/2b1n3/3P3r/4K3 w - - 0 1",  // a pinned pawn takes its pinner
		"1r5k/8/8/8/8/8/P7/K7 w - - 0 1",       // pawn pushes only
		"1r5k/8/8/8/8/n7/P7/K7 w - - 0 1",      // the push blocked: stalemate
		"7k/8/8/8/8/npp5/P7/K7 w - - 0 1",      // a capture from the a-file only
		"r7/7K/r7/8/8/8/4P3/1b4rk w - - 0 1",   // a double step blocks the check
		"7k/7p/4N1PN/8/8/8/8/K7 b - - 0 1",     // a capture from the h-file only
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		walkPositions(&p, 0, check)
	}
	t.Logf("%d positions", positions)
}

// TestCheckersKeptByPlay: the checkers that Play works out from the move
// alone (checksBy) are those found by looking at every piece, in every
// position up to three plies after the perft positions, which hold
// discovered checks, checks by promotion, en passant and castling.
func TestCheckersKeptByPlay(t *testing.T) {
	positions := 0
	for _, tc := range perftCases {
		p, _ := ParseFEN(tc.fen)
		walkPositions(&p, 3, func(p *Position, _ *MoveList) {
			positions++
			want := Bitboard(0)
			if k := p.King(p.turn); k != NoSquare {
				want = p.attackersTo(k, p.turn.Other(), p.Occupied())
			}
			if p.checkers != want {
				t.Fatalf("%s: checkers %#x, want %#x", p.FEN(), uint64(p.checkers), uint64(want))
			}
		})
	}
	t.Logf("%d positions", positions)
}

// walkPositions calls visit with p and its legal moves, and then does the
// same for every position up to depth plies after p.
func walkPositions(p *Position, depth int, visit func(p *Position, l *MoveList)) {
	var l MoveList
	p.LegalMoves(&l)
	visit(p, &l)
	if depth == 0 {
		return
	}
	for i := range l.Len() {
		q := *p
		q.Play(l.At(i))
		walkPositions(&q, depth-1, visit)
	}
}

// checkQueries compares HasLegalMove and Disambiguation with what l, the
// full list of p's legal moves, says.
func checkQueries(t *testing.T, p *Position, l *MoveList) {
	t.Helper()
	if got := p.HasLegalMove(); got != (l.Len() > 0) {
		t.Fatalf("%s: HasLegalMove %v with %d legal moves", p.FEN(), got, l.Len())
	}
	for _, m := range l.Moves() {
		if got, want := p.Disambiguation(m), disambiguationFrom(p, l, m); got != want {
			t.Fatalf("%s: Disambiguation(%s) = %d, want %d", p.FEN(), m.UCI(), got, want)
		}
	}
}

// disambiguationFrom is Disambiguation as the standard defines it, worked
// out from l, the legal moves of p: the other pieces of m's type that may
// legally move to the same square.
func disambiguationFrom(p *Position, l *MoveList, m Move) Disambiguator {
	piece := p.At(m.From).Type()
	if piece == Pawn || piece == King || m.Kind == Castle {
		return DisambiguateNone
	}
	others, sameFile, sameRank := false, false, false
	for _, c := range l.Moves() {
		if c.From == m.From || c.To != m.To || c.Kind == Castle || p.At(c.From).Type() != piece {
			continue
		}
		others = true
		sameFile = sameFile || c.From.File() == m.From.File()
		sameRank = sameRank || c.From.Rank() == m.From.Rank()
	}
	switch {
	case !others:
		return DisambiguateNone
	case !sameFile:
		return DisambiguateFile
	case !sameRank:
		return DisambiguateRank
	}
	return DisambiguateSquare
}

// FuzzLegalMoveQueries walks from a position along the moves path picks
// and runs checkQueries at every step.
func FuzzLegalMoveQueries(f *testing.F) {
	for i, tc := range perftCases {
		f.Add(tc.fen, []byte{byte(i), 3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5})
	}
	f.Fuzz(func(t *testing.T, fen string, path []byte) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		for _, choice := range path {
			var l MoveList
			p.LegalMoves(&l)
			checkQueries(t, &p, &l)
			if l.Len() == 0 {
				return
			}
			p.Play(l.At(int(choice) % l.Len()))
		}
	})
}
