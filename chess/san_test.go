package chess

import (
	"errors"
	"fmt"
	"testing"
)

// TestResolveEveryTarget asks FindMove, in every position of the perft
// positions one ply deep, for every kind of piece to every square, and
// compares the answer with the full list of legal moves: one matching move
// resolves to it, several are ambiguous with exactly those candidates, none
// is illegal. A pinned piece taken for free, or a free one taken for
// pinned, cannot hide here behind another candidate.
func TestResolveEveryTarget(t *testing.T) {
	pieces := []PieceType{Pawn, Knight, Bishop, Rook, Queen, King}
	queries := 0
	resolveAll := func(p *Position, l *MoveList) {
		for _, piece := range pieces {
			for to := Square(0); to < 64; to++ {
				var want []Move
				for _, m := range l.Moves() {
					if m.Kind != Castle && m.To == to && p.At(m.From).Type() == piece &&
						(m.Promotion == NoPieceType || m.Promotion == Queen) {
						want = append(want, m)
					}
				}
				got, _, err := p.FindMove(piece, -1, -1, to, NoPieceType)
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
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "O-O"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1", "O-O-O"},
		{"4k3/8/8/8/8/8/8/R3K2R w HA - 0 1", "e1h1", "O-O"},
		{"4k3/8/8/8/8/8/8/R3K2R w HA - 0 1", "e1a1", "O-O-O"},
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
			if m.UCI() == tt.uci {
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

func TestStatus(t *testing.T) {
	tests := []struct {
		fen  string
		want Status
		text string
	}{
		{StartFEN, Ongoing, "ongoing"},
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", Checkmate, "checkmate"},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Stalemate, "stalemate"},
		{"4k3/8/8/8/8/8/8/4K2r w - - 0 1", InCheck, "in check"},
	}
	for _, tt := range tests {
		p, _ := ParseFEN(tt.fen)
		if got := p.Status(); got != tt.want || got.String() != tt.text {
			t.Errorf("%s: status %d %q, want %d %q", tt.fen, got, got, tt.want, tt.text)
		}
	}
	if got := Status(9).String(); got != "Status(9)" {
		t.Errorf("Status(9).String() = %q", got)
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

// TestUCI writes moves in UCI as the position that made them plays:
// castling as the king's two-file step in standard chess and as the king
// onto its rook in Chess960, whichever form the move was found in.
func TestUCI(t *testing.T) {
	tests := []struct {
		fen      string
		kingSide bool
		find     func(p *Position) (Move, error) // nil: castling on kingSide
		uci      string
	}{
		{fen: StartFEN, uci: "g1f3", find: func(p *Position) (Move, error) {
			m, _, err := p.FindMove(Knight, -1, -1, MakeSquare(5, 2), NoPieceType)
			return m, err
		}},
		{fen: "k7/4P3/8/8/8/8/8/4K3 w - - 0 1", uci: "e7e8n", find: func(p *Position) (Move, error) {
			m, _, err := p.FindMove(Pawn, -1, -1, MakeSquare(4, 7), Knight)
			return m, err
		}},
		{fen: "k7/8/8/3pP3/8/8/8/4K3 w - d6 0 1", uci: "e5d6", find: func(p *Position) (Move, error) {
			m, _, err := p.FindMove(NoPieceType, 4, 4, MakeSquare(3, 5), NoPieceType)
			return m, err
		}},
		{fen: "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", kingSide: true, uci: "e1g1"},
		{fen: "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", uci: "e1c1"},
		{fen: "r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", kingSide: true, uci: "e8g8"},
		// The same position with its castling rights written in Chess960 form.
		{fen: "4k3/8/8/8/8/8/8/R3K2R w HA - 0 1", kingSide: true, uci: "e1h1"},
		{fen: "4k3/8/8/8/8/8/8/R3K2R w HA - 0 1", uci: "e1a1"},
		// Found by the king's move onto its rook, which both read as
		// castling; only standard chess reads the two-file step so.
		{fen: "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", uci: "e1g1", find: func(p *Position) (Move, error) {
			m, _, err := p.FindMove(King, 4, 0, MakeSquare(7, 0), NoPieceType)
			return m, err
		}},
		{fen: "4k3/8/8/8/8/8/8/R3K2R w HA - 0 1", uci: "e1h1", find: func(p *Position) (Move, error) {
			m, _, err := p.FindMove(NoPieceType, 4, 0, MakeSquare(7, 0), NoPieceType)
			return m, err
		}},
		{fen: "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", uci: "e1c1", find: func(p *Position) (Move, error) {
			m, _, err := p.FindMove(NoPieceType, 4, 0, MakeSquare(2, 0), NoPieceType)
			return m, err
		}},
		{fen: "4k3/8/8/8/8/8/8/RK5R w HA - 0 1", kingSide: true, uci: "b1h1"},
		{fen: "4k3/8/8/8/8/8/8/RK5R w HA - 0 1", uci: "b1a1"},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		var m Move
		if tt.find != nil {
			m, err = tt.find(&p)
		} else {
			m, err = p.FindCastling(tt.kingSide)
		}
		if err != nil {
			t.Fatalf("%s: %v", tt.fen, err)
		}
		if got := m.UCI(); got != tt.uci {
			t.Errorf("%s: UCI %q, want %q", tt.fen, got, tt.uci)
		}
		if got := string(m.AppendUCI([]byte("x "))); got != "x "+tt.uci {
			t.Errorf("%s: AppendUCI %q", tt.fen, got)
		}
		var l MoveList
		p.LegalMoves(&l)
		found := false
		for _, c := range l.Moves() {
			found = found || c == m
		}
		if !found {
			t.Errorf("%s: %s is not among the legal moves", tt.fen, tt.uci)
		}
	}
}

// TestFindMoveErrors gives FindMove and FindCastling what no move text
// can say, and positions where the move is not legal.
func TestFindMoveErrors(t *testing.T) {
	p := StartingPosition()
	tests := []struct {
		name               string
		piece              PieceType
		fromFile, fromRank int
		to                 Square
		promotion          PieceType
		reason             IllegalReason // or 255: a plain error
	}{
		{"square beyond h8", Knight, -1, -1, 64, NoPieceType, 255},
		{"no square", Knight, -1, -1, NoSquare, NoPieceType, 255},
		{"no piece, no origin", NoPieceType, -1, -1, MakeSquare(4, 3), NoPieceType, 255},
		{"piece beyond King", King + 1, -1, -1, MakeSquare(4, 3), NoPieceType, 255},
		{"file beyond h", Knight, 8, -1, MakeSquare(5, 2), NoPieceType, 255},
		{"rank beyond 8", Knight, -1, 8, MakeSquare(5, 2), NoPieceType, 255},
		{"pawn to a king", Pawn, -1, -1, MakeSquare(4, 3), King, 255},
		{"nothing on e3", NoPieceType, 4, 2, MakeSquare(4, 3), NoPieceType, NothingToMove},
		{"black's pawn", NoPieceType, 4, 6, MakeSquare(4, 4), NoPieceType, NothingToMove},
		{"knight to f4", Knight, -1, -1, MakeSquare(5, 3), NoPieceType, NoPieceCanReach},
		{"promotion on e4", Pawn, -1, -1, MakeSquare(4, 3), Queen, PromotionWrongRank},
	}
	for _, tt := range tests {
		m, _, err := p.FindMove(tt.piece, tt.fromFile, tt.fromRank, tt.to, tt.promotion)
		var ie *IllegalMoveError
		switch {
		case err == nil:
			t.Errorf("%s: found %v", tt.name, m)
		case tt.reason == 255 && errors.As(err, &ie):
			t.Errorf("%s: %v, want a plain error", tt.name, err)
		case tt.reason != 255 && (!errors.As(err, &ie) || ie.Reason != tt.reason):
			t.Errorf("%s: %v, want reason %d", tt.name, err, tt.reason)
		}
	}
	var empty Position
	var ie *IllegalMoveError
	if _, _, err := empty.FindMove(Pawn, -1, -1, MakeSquare(4, 3), NoPieceType); !errors.As(err, &ie) || ie.Reason != NoKing {
		t.Errorf("FindMove on the empty board: %v", err)
	}
	if _, err := empty.FindCastling(true); !errors.As(err, &ie) || ie.Reason != NoKing {
		t.Errorf("FindCastling on the empty board: %v", err)
	}
	if _, err := p.FindCastling(false); !errors.As(err, &ie) || ie.Reason != CastlingBlocked {
		t.Errorf("O-O-O in the starting position: %v", err)
	}
}

// TestPieceTypeNames gives the letters and names of the piece types,
// values beyond King included, which san.AnyPiece is.
func TestPieceTypeNames(t *testing.T) {
	for _, tt := range []struct {
		t            PieceType
		letter, name string
	}{
		{NoPieceType, "", ""}, {Pawn, "", "pawn"}, {Knight, "N", "knight"}, {Bishop, "B", "bishop"},
		{Rook, "R", "rook"}, {Queen, "Q", "queen"}, {King, "K", "king"}, {King + 1, "", ""}, {200, "", ""},
	} {
		if tt.t.Letter() != tt.letter || tt.t.Name() != tt.name {
			t.Errorf("PieceType(%d): %q %q, want %q %q", tt.t, tt.t.Letter(), tt.t.Name(), tt.letter, tt.name)
		}
	}
}
