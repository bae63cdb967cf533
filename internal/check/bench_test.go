package check

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/parser"
)

// benchmarkCheck times the check of the sample name: by stream, as pgnc
// check runs it (Stream); of whole trees, as check.Diagnostics runs it; or
// with the model (Game).
func benchmarkCheck(b *testing.B, name string, how checkHow) {
	data, err := os.ReadFile(filepath.Join(corpusDir, "edge", "lichess-twic", name))
	if err != nil {
		b.Skipf("benchmark sample not present: %v", err)
	}
	src := string(data)
	// pgnc check reuses syntax tree memory and skips the comments it needs
	// no node for; the model keeps pointers into the tree and its comments.
	p := parser.Parser{ReuseMemory: how != withModel, SkipComments: how != withModel}
	db, _ := p.Parse(src)
	plies := 0
	for _, g := range db.Games {
		m, _ := Game(g)
		plies += len(m.Moves)
	}
	s := Checker{}.Stream()
	if how == byStream {
		p.Replayer = s
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		db, _ := p.Parse(src)
		switch how {
		case withModel:
			Database(db)
		case byStream:
			for _, g := range db.Games {
				s.Replay(g)
			}
		default:
			DatabaseDiagnostics(db)
		}
	}
	b.ReportMetric(float64(plies)*float64(b.N)/b.Elapsed().Seconds(), "plies/s")
}

// checkHow is how benchmarkCheck checks.
type checkHow int

const (
	wholeTrees checkHow = iota
	byStream
	withModel
)

// The check as pgnc check runs it: the main lines replayed while parsed.
func BenchmarkStreamLichess(b *testing.B) { benchmarkCheck(b, "lichess_db_1000k.pgn", byStream) }
func BenchmarkStreamTWIC(b *testing.B)    { benchmarkCheck(b, "twic1599_1000k.pgn", byStream) }

// The check of whole trees: parse, then replay every move.
func BenchmarkCheckLichess(b *testing.B) { benchmarkCheck(b, "lichess_db_1000k.pgn", wholeTrees) }
func BenchmarkCheckTWIC(b *testing.B)    { benchmarkCheck(b, "twic1599_1000k.pgn", wholeTrees) }

// The same, building the resolved model of every game.
func BenchmarkModelLichess(b *testing.B) { benchmarkCheck(b, "lichess_db_1000k.pgn", withModel) }
func BenchmarkModelTWIC(b *testing.B)    { benchmarkCheck(b, "twic1599_1000k.pgn", withModel) }

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
