package lexer

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/token"
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

// BenchmarkUnclosedComments scans n games whose comments are never closed,
// n doubling: the time doubles with it (each search for a '}' is
// remembered), where it quadrupled when each comment searched the rest of
// the text.
func BenchmarkUnclosedComments(b *testing.B) {
	for _, n := range []int{20000, 40000, 80000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			src := strings.Repeat("[Event \"u\"]\n\n1. e4 { never closed\n\n", n)
			b.SetBytes(int64(len(src)))
			var s Scanner
			for b.Loop() {
				s.Reset(src)
				for pos := 0; pos < len(src); {
					// Resume after each line, as the parser ends such a
					// comment before the next tag line.
					s.Seek(pos)
					if s.Next().Kind == token.EOF {
						break
					}
					pos = strings.IndexByte(src[pos:], '\n') + pos + 1
				}
			}
		})
	}
}
