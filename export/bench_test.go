package export

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/check"
	"github.com/pgnc/pgnc/parser"
)

// benchmarkFmt times what pgnc fmt does per game: parse, build the model,
// write the export format.
func benchmarkFmt(b *testing.B, name string) {
	data, err := os.ReadFile(filepath.Join("..", "..", "shared", "corpus", "edge", "lichess-twic", name))
	if err != nil {
		b.Skipf("benchmark sample not present: %v", err)
	}
	src := string(data)
	var out strings.Builder
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		db, _ := parser.Parse(src)
		out.Reset()
		games, _ := check.Database(db)
		for _, m := range games {
			Game(&out, m, Options{})
		}
	}
}

func BenchmarkFmtLichess(b *testing.B) { benchmarkFmt(b, "lichess_db_1000k.pgn") }
func BenchmarkFmtTWIC(b *testing.B)    { benchmarkFmt(b, "twic1599_1000k.pgn") }
