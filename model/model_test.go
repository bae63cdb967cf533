package model_test

import (
	"testing"

	"github.com/pgnc/pgnc/check"
	"github.com/pgnc/pgnc/parser"
)

func TestThreefold(t *testing.T) {
	db, _ := parser.Parse("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *")
	g, _ := check.Game(db.Games[0])
	// The initial position stands again after 2...Ng8 (ply 4) and 4...Ng8 (ply 8).
	if got := g.Threefold(); got != 7 {
		t.Errorf("Threefold() = %d, want 7", got)
	}
	db, _ = parser.Parse("1. e4 e5 2. Nf3 Nc6 *")
	g, _ = check.Game(db.Games[0])
	if got := g.Threefold(); got != -1 {
		t.Errorf("Threefold() = %d, want -1", got)
	}
}

func TestMoveFields(t *testing.T) {
	db, _ := parser.Parse("1. e4 d5 2. exd5 {takes} Qxd5 $1 3. Nc3 Qa5 4. d4 c6 5. Nf3 Bg4 6. Be2 e6 7. O-O *")
	g, _ := check.Game(db.Games[0])
	if len(g.Moves) != 13 {
		t.Fatalf("%d moves", len(g.Moves))
	}
	m := g.Moves[2]
	if m.SAN != "exd5" || m.UCI() != "e4d5" || m.Captured.Name() != "pawn" || m.Comments[0] != "takes" {
		t.Errorf("move 3: %+v", m)
	}
	if q := g.Moves[3]; q.Piece.Name() != "queen" || len(q.NAGs) != 1 || q.NAGs[0] != 1 {
		t.Errorf("move 4: %+v", q)
	}
	castle := g.Moves[12]
	if final := g.Final(); castle.UCI() != "e1g1" || castle.Castle() == 0 || final.FEN() != "rn2kbnr/pp3ppp/2p1p3/q7/3P2b1/2N2N2/PPP1BPPP/R1BQ1RK1 b kq - 1 7" {
		t.Errorf("castling: %s %v %s", castle.UCI(), castle.Castle(), final.FEN())
	}
}
