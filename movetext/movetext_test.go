package movetext

import (
	"reflect"
	"testing"

	"github.com/pgnc/pgnc/parser"
	"github.com/pgnc/pgnc/san"
)

func sq(name string) san.Square { return san.Square(int(name[1]-'1')*8 + int(name[0]-'a')) }

func model(t *testing.T, src string) (Game, error) {
	t.Helper()
	db, _ := parser.Parse(src)
	if len(db.Games) != 1 {
		t.Fatalf("%q parses to %d games", src, len(db.Games))
	}
	return FromAST(db.Games[0])
}

func TestIllegalButSyntacticallyValid(t *testing.T) {
	g, err := model(t, "1. c4 d5 2. Rfe8+ *")
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
		g, err := model(t, "1. "+tt.text+" 1-0")
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
		g, err := model(t, src)
		if err != nil || g.Outcome != want {
			t.Errorf("%q: outcome %v, %v; want %v", src, g.Outcome, err, want)
		}
	}
}

func TestInexpressible(t *testing.T) {
	for _, src := range []string{"*", "{only a comment} 1-0", "1. e4 -- *", "1. e2e4 *", "1... e5 *"} {
		if g, err := model(t, src); err == nil {
			t.Errorf("%q: got model %#v, want an error", src, g)
		}
	}
}
