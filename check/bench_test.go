package check

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/parser"
)

func benchmarkCheck(b *testing.B, name string, model bool) {
	data, err := os.ReadFile(filepath.Join(corpusDir, "edge", "lichess-twic", name))
	if err != nil {
		b.Skipf("benchmark sample not present: %v", err)
	}
	src := string(data)
	// pgnc check reuses syntax tree memory and skips the comments it needs
	// no node for; the model keeps pointers into the tree and its comments.
	p := parser.Parser{ReuseMemory: !model, SkipComments: !model}
	db, _ := p.Parse(src)
	plies := 0
	for _, g := range db.Games {
		m, _ := Game(g)
		plies += len(m.Moves)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		db, _ := p.Parse(src)
		if model {
			Database(db)
		} else {
			DatabaseDiagnostics(db)
		}
	}
	b.ReportMetric(float64(plies)*float64(b.N)/b.Elapsed().Seconds(), "plies/s")
}

// The full check: parse, then replay every move (what pgnc check does).
func BenchmarkCheckLichess(b *testing.B) { benchmarkCheck(b, "lichess_db_1000k.pgn", false) }
func BenchmarkCheckTWIC(b *testing.B)    { benchmarkCheck(b, "twic1599_1000k.pgn", false) }

// The same, building the resolved model of every game.
func BenchmarkModelLichess(b *testing.B) { benchmarkCheck(b, "lichess_db_1000k.pgn", true) }
func BenchmarkModelTWIC(b *testing.B)    { benchmarkCheck(b, "twic1599_1000k.pgn", true) }

// BenchmarkTags checks one game of n distinct tags, n doubling: the time
// doubles with it (the duplicate search is linear).
func BenchmarkTags(b *testing.B) {
	for _, n := range []int{10000, 20000, 40000, 80000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			var src strings.Builder
			for i := range n {
				fmt.Fprintf(&src, "[T%d \"v\"]\n", i)
			}
			src.WriteString("\n1. e4 *\n")
			db, _ := parser.Parse(src.String())
			b.SetBytes(int64(src.Len()))
			for b.Loop() {
				DatabaseDiagnostics(db)
			}
		})
	}
}
