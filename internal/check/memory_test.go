package check

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/model"
)

// dumpGames renders the models of src's games, built in mem (nil: new
// memory each), as the golden tests do.
func dumpGames(src string, mem *Memory) string {
	db, _ := parser.Parse(src)
	var models []*model.Game
	for _, g := range db.Games {
		m, _ := Checker{Memory: mem}.Game(g)
		models = append(models, m)
	}
	var b strings.Builder
	for _, m := range models {
		b.WriteString(strings.Join([]string{m.Start.FEN(), strings.Join(m.Comments, "|"), strings.Join(m.Trailing, "|")}, " / ") + "\n")
		for _, t := range m.Tags {
			b.WriteString(t.Name + "=" + t.Value + "\n")
		}
		dumpMoves(&b, m.Moves, 0)
	}
	return b.String()
}

// Models built in a Memory, reset between inputs, are the models built
// in new memory; those of one input are all valid together until the reset.
func TestMemoryReused(t *testing.T) {
	var texts []string
	for _, name := range []string{"sample.pgn", "broken.pgn", "repeats.pgn", "tiny.pgn"} {
		data, err := os.ReadFile(filepath.Join("../../testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(data))
	}
	texts = append(texts, strings.Repeat("1. Nf3 Nf6 2. Ng1 Ng8 ", 3000)+"*") // one run larger than a chunk
	var mem Memory
	for round := range 2 {
		for i, src := range texts {
			mem.Reset()
			if got, want := dumpGames(src, &mem), dumpGames(src, nil); got != want {
				t.Fatalf("round %d, text %d: models built in a Memory differ:\n%.2000s\nwant:\n%.2000s", round, i, got, want)
			}
		}
	}
	mem.Reset()
	for _, c := range mem.moves.chunks {
		if len(c) != slabChunk {
			t.Errorf("a chunk of %d moves stayed after the reset", len(c))
		}
	}
}
