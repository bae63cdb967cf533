package export

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pgnc/pgnc/internal/check"
	"github.com/pgnc/pgnc/internal/parser"
)

// benchmarkFmt times what pgnc fmt does per game: parse, build the model,
// write the export format, reusing the memory of trees, models and output
// from one run to the next as pgnc fmt does from piece to piece.
func benchmarkFmt(b *testing.B, name string) {
	data, err := os.ReadFile(filepath.Join("..", "..", "shared", "corpus", "edge", "lichess-twic", name))
	if err != nil {
		b.Skipf("benchmark sample not present: %v", err)
	}
	src := string(data)
	p := parser.Parser{ReuseMemory: true}
	var mem check.Memory
	var out []byte
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		db, _ := p.Parse(src)
		mem.Reset()
		out = out[:0]
		for _, g := range db.Games {
			m, _ := check.Checker{Memory: &mem}.Game(g)
			out = AppendGame(out, m, Options{})
		}
	}
}

func BenchmarkFmtLichess(b *testing.B) { benchmarkFmt(b, "lichess_db_1000k.pgn") }
func BenchmarkFmtTWIC(b *testing.B)    { benchmarkFmt(b, "twic1599_1000k.pgn") }
