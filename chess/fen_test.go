package chess

import (
	"errors"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/testfiles"
)

func TestFENRoundTrip(t *testing.T) {
	for _, fen := range []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
		"8/8/8/8/8/8/8/K6k b - - 99 150",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1",
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Errorf("%s: %v", fen, err)
			continue
		}
		if got := p.FEN(); got != fen {
			t.Errorf("round trip:\n got %s\nwant %s", got, fen)
		}
	}
	// The four-field EPD form gets default counters.
	p, err := ParseFEN("8/8/8/8/8/8/8/K6k w - -")
	if err != nil || p.FEN() != "8/8/8/8/8/8/8/K6k w - - 0 1" {
		t.Errorf("EPD: %v %q", err, p.FEN())
	}
}

func TestFENErrors(t *testing.T) {
	tests := []struct {
		fen, field, msg string
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "placement", "7 ranks"},
		{"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "rank 7 has 7 files"},
		{"rnbqkbnr/pppppppp/71p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "more than 8 files"},
		{"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "unknown piece letter 'x'"},
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "placement", "black has 0 kings"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "placement", "white has 2 kings"},
		{"4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "placement", "pawn on the first or last rank"},
		{StartFEN[:len(StartFEN)-12] + " x KQkq - 0 1", "side", `side to move is "x"`},
		{"4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling", "no white rook"},
		{"4k3/8/8/8/8/8/8/R3K3 w QX - 0 1", "castling", "unknown castling letter"},
		{"4k3/8/8/8/8/8/4K3/R7 w Q - 0 1", "castling", "king is not on its first rank"},
		{"6k1/8/8/8/8/8/8/4KR1R b HF - 0 1", "castling", "white already has one on the king side"},
		{"4k3/8/8/8/8/8/8/RR2K3 w AB - 0 1", "castling", "white already has one on the queen side"},
		{"4k3/8/8/8/4P3/8/8/4K3 b - e6 0 1", "en passant", "e6 cannot be an en passant square"},
		{"4k3/8/8/8/4P3/8/8/4K3 b - e9 0 1", "en passant", "not a square"},
		{"4k3/8/8/8/8/8/8/4K3 w - - x 1", "halfmove", "not a number"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 0", "fullmove", "not a positive number"},
		{"4k3/8/8/8/8/8/8/4K3 w", "record", "want 4 to 6 fields"},
		{"4k3/8/8/8/8/8/4q3/4K3 b - - 0 1", "side", "not to move is in check"},
	}
	for _, tt := range tests {
		_, err := ParseFEN(tt.fen)
		var fe *FENError
		if !errors.As(err, &fe) {
			t.Errorf("%s: error %v, want a FENError", tt.fen, err)
			continue
		}
		if fe.Field != tt.field || !strings.Contains(fe.Msg, tt.msg) {
			t.Errorf("%s: got %s / %q, want %s / %q", tt.fen, fe.Field, fe.Msg, tt.field, tt.msg)
		}
		if fe.Offset < 0 || fe.End > len(tt.fen) || fe.Offset > fe.End {
			t.Errorf("%s: span %d-%d outside the FEN", tt.fen, fe.Offset, fe.End)
		}
	}
}

func FuzzParseFEN(f *testing.F) {
	f.Add(StartFEN)
	f.Add("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
	f.Add("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	for _, fen := range testfiles.FENs() {
		f.Add(fen)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		// A parsed FEN formats to a FEN that parses to the same position,
		// and its legal moves can be generated and played.
		again, err := ParseFEN(p.FEN())
		if err != nil || again != p {
			t.Fatalf("%q -> %q does not round trip: %v", fen, p.FEN(), err)
		}
		Perft(&p, 2)
	})
}

// TestZeroPosition reads the zero Position as the empty board: no en
// passant square (not a1) and move number 1, which its FEN writes.
func TestZeroPosition(t *testing.T) {
	var p Position
	tests := []struct {
		name      string
		got, want any
	}{
		{"FEN", p.FEN(), "8/8/8/8/8/8/8/8 w - - 0 1"},
		{"EnPassant", p.EnPassant(), NoSquare},
		{"FullmoveNumber", p.FullmoveNumber(), 1},
		{"HalfmoveClock", p.HalfmoveClock(), 0},
		{"Turn", p.Turn(), White},
		{"King", p.King(White), NoSquare},
		{"Occupied", p.Occupied(), Bitboard(0)},
		{"CastlingRooks", p.CastlingRooks(), Bitboard(0)},
		{"Status", p.Status(), Stalemate},
		{"HasLegalMove", p.HasLegalMove(), false},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("zero Position: %s = %v, want %v", tt.name, tt.got, tt.want)
		}
	}
	p.PlayNull()
	p.PlayNull()
	if got, want := p.FEN(), "8/8/8/8/8/8/8/8 w - - 2 2"; got != want {
		t.Errorf("zero Position after two null moves: %s, want %s", got, want)
	}
}

// TestStartingPosition compares StartingPosition with StartFEN parsed, and
// checks that each call returns a position of its own.
func TestStartingPosition(t *testing.T) {
	parsed, err := ParseFEN(StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	p := StartingPosition()
	tests := []struct {
		name      string
		got, want any
	}{
		{"equal to ParseFEN(StartFEN)", p == parsed, true},
		{"FEN", p.FEN(), StartFEN},
		{"EnPassant", p.EnPassant(), NoSquare},
		{"FullmoveNumber", p.FullmoveNumber(), 1},
		{"Turn", p.Turn(), White},
		{"King", p.King(Black), MakeSquare(4, 7)},
		{"IsChess960", p.IsChess960(), false},
		{"Status", p.Status(), Ongoing},
		{"Perft 3", Perft(&p, 3), int64(8902)},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("StartingPosition: %s = %v, want %v", tt.name, tt.got, tt.want)
		}
	}
	p.Play(Move{From: MakeSquare(4, 1), To: MakeSquare(4, 3)})
	if again := StartingPosition(); again.FEN() != StartFEN {
		t.Errorf("after a move in a copy, StartingPosition is %s", again.FEN())
	}
	if got, want := p.FEN(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"; got != want {
		t.Errorf("after e4: %s, want %s", got, want)
	}
}
