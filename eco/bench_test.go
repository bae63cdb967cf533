package eco

import (
	"testing"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/model"
	"github.com/pgnc/pgnc/san"
)

// BenchmarkBuild measures what the first use of the package costs: reading
// and replaying the 3,807 named lines into the table.
func BenchmarkBuild(b *testing.B) {
	for b.Loop() {
		build()
	}
}

// BenchmarkClassify classifies a game of 40 plies of the Ruy Lopez,
// Marshall Attack.
func BenchmarkClassify(b *testing.B) {
	line := []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "O-O", "c3", "d5",
		"exd5", "Nxd5", "Nxe5", "Nxe5", "Rxe5", "c6", "d4", "Bd6", "Re1", "Qh4", "g3", "Qh3", "Be3", "Bg4", "Qd3", "Rae8",
		"Nd2", "Re6", "a4", "Qh5", "axb5", "axb5", "Bxd5", "cxd5"}
	g := &model.Game{Start: chess.StartingPosition()}
	pos := g.Start
	for _, s := range line {
		m, _, err := san.PlayMove(&pos, s)
		if err != nil {
			b.Fatal(s, err)
		}
		g.Moves = append(g.Moves, &model.Move{Move: m})
	}
	get()
	for b.Loop() {
		if _, ok := Classify(g); !ok {
			b.Fatal("not classified")
		}
	}
}
