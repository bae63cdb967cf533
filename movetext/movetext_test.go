package movetext

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/pgnc/pgnc/internal/check"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/san"
)

func sq(name string) san.Square { return san.Square(int(name[1]-'1')*8 + int(name[0]-'a')) }

func turns(t *testing.T, src string) (Game, error) {
	t.Helper()
	db, _ := parser.Parse(src)
	if len(db.Games) != 1 {
		t.Fatalf("%q parses to %d games", src, len(db.Games))
	}
	return FromAST(db.Games[0])
}

func TestIllegalButSyntacticallyValid(t *testing.T) {
	g, err := turns(t, "1. c4 d5 2. Rfe8+ *")
	if err != nil {
		t.Fatal(err)
	}
	want := Game{
		Turns: []Turn{
			FullTurn{White: PawnMove{To: sq("c4")}, Black: PawnMove{To: sq("d5")}},
			PartialTurn{White: StandardMove{Piece: san.Rook, To: sq("e8"), Disambiguator: FileDisambiguator{File: 5}, Check: san.Checking}},
		},
		Outcome: Unknown,
	}
	if !reflect.DeepEqual(g, want) {
		t.Errorf("got %#v\nwant %#v", g, want)
	}
}

func TestMoves(t *testing.T) {
	c := 2
	tests := []struct {
		text string
		want Move
	}{
		{"Qh8xg7", StandardMove{Piece: san.Queen, To: sq("g7"), Disambiguator: SquareDisambiguator{Square: sq("h8")}, Capture: true}},
		{"R3xd4", StandardMove{Piece: san.Rook, To: sq("d4"), Disambiguator: RankDisambiguator{Rank: 2}, Capture: true}},
		{"cxb8=Q", Promotion{Pawn: PawnMove{From: &c, To: sq("b8"), Capture: true}, Piece: san.Queen}},
		{"O-O-O#", Castle{Side: QueenSide, Check: san.Mating}},
		{"O-O", Castle{Side: KingSide}},
		{"Nf3", StandardMove{Piece: san.Knight, To: sq("f3")}},
	}
	for _, tt := range tests {
		g, err := turns(t, "1. "+tt.text+" 1-0")
		if err != nil {
			t.Errorf("%s: %v", tt.text, err)
			continue
		}
		got := g.Turns[0].(PartialTurn).White
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: got %#v, want %#v", tt.text, got, tt.want)
		}
		if g.Outcome != WhiteWins {
			t.Errorf("%s: outcome %v", tt.text, g.Outcome)
		}
	}
}

func TestOutcomes(t *testing.T) {
	for src, want := range map[string]Outcome{
		"1. e4 e5 0-1": BlackWins, "1. e4 1/2-1/2": Draw, "1. e4 *": Unknown, "[Event \"x\"]\n1. e4": Unknown,
	} {
		g, err := turns(t, src)
		if err != nil || g.Outcome != want {
			t.Errorf("%q: outcome %v, %v; want %v", src, g.Outcome, err, want)
		}
	}
}

func TestInexpressible(t *testing.T) {
	for _, src := range []string{"*", "{only a comment} 1-0", "1. e4 -- *", "1. e2e4 *", "1... e5 *"} {
		if g, err := turns(t, src); err == nil {
			t.Errorf("%q: got model %#v, want an error", src, g)
		}
	}
}

// TestFromModel: for legal games written in canonical SAN, the turn model
// of the syntax tree and that of the resolved game are the same.
func TestFromModel(t *testing.T) {
	for _, src := range []string{
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1/2-1/2",
		"1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 c6 5. Nf3 Bg4 *",
		"1. f3 e5 2. g4 Qh4# 0-1",
	} {
		db, _ := parser.Parse(src)
		fromAST, err := FromAST(db.Games[0])
		if err != nil {
			t.Fatal(err)
		}
		g, _ := check.Game(db.Games[0])
		fromModel, err := FromModel(g)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(fromAST, fromModel) {
			t.Errorf("%s:\n AST   %#v\n model %#v", src, fromAST, fromModel)
		}
	}
}

// TestMoveRoundTrip: SAN text reads into the model and writes back equal;
// castling with zeros writes with the letter O.
func TestMoveRoundTrip(t *testing.T) {
	for text, want := range map[string]string{
		"e4": "e4", "exd5": "exd5", "cxb8=Q+": "cxb8=Q+", "e8=N": "e8=N", "e8Q": "e8=Q",
		"Nf3": "Nf3", "Rfe8+": "Rfe8+", "R3xd4": "R3xd4", "Qh8xg7#": "Qh8xg7#",
		"O-O": "O-O", "O-O-O#": "O-O-O#", "0-0": "O-O", "0-0-0+": "O-O-O+", "Kxh2": "Kxh2",
	} {
		m, err := ParseMove(text)
		if err != nil {
			t.Errorf("%s: %v", text, err)
			continue
		}
		if got := fmt.Sprint(m); got != want {
			t.Errorf("%s: writes %q, want %q", text, got, want)
		}
		again, err := ParseMove(fmt.Sprint(m))
		if err != nil || !reflect.DeepEqual(again, m) {
			t.Errorf("%s: %v does not read back: %v", text, m, err)
		}
	}
	if _, err := ParseMove("e9"); err == nil {
		t.Error("e9 read as a move")
	}
}

// TestGameString: a parsed game prints back to the same tokens.
func TestGameString(t *testing.T) {
	for _, src := range []string{
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0",
		"1. c4 d5 2. Rfe8+ *",
		"1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. Qc2 O-O 5. a3 Bxc3+ 6. Qxc3 b6 7. e8=Q 1/2-1/2",
	} {
		g, err := turns(t, src)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.String(); got != src {
			t.Errorf("got  %s\nwant %s", got, src)
		}
	}
}
