package lexer

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pgnc/pgnc/token"
)

// benchSample loads a file of the shared corpus or skips the benchmark.
func benchSample(b *testing.B, name string) string {
	path := filepath.Join(corpusDir, "edge", "lichess-twic", name)
	src, err := os.ReadFile(path)
	if err != nil {
		b.Skipf("benchmark sample not present: %v", err)
	}
	return string(src)
}

func benchmarkLex(b *testing.B, name string) {
	src := benchSample(b, name)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	var s Scanner
	for b.Loop() {
		s.Reset(src)
		for s.Next().Kind != token.EOF {
		}
	}
}

func BenchmarkLexLichess(b *testing.B) { benchmarkLex(b, "lichess_db_1000k.pgn") }
func BenchmarkLexTWIC(b *testing.B)    { benchmarkLex(b, "twic1599_1000k.pgn") }
