package parser

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func benchmarkParse(b *testing.B, name string, reuse bool) {
	data, err := os.ReadFile(filepath.Join(corpusDir, "edge", "lichess-twic", name))
	if err != nil {
		b.Skipf("benchmark sample not present: %v", err)
	}
	src := string(data)
	p := Parser{ReuseMemory: reuse, SkipComments: reuse}
	db, _ := p.Parse(src)
	games := len(db.Games)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		p.Parse(src)
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(games)*float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(games*b.N), "allocs/game")
}

func BenchmarkParseLichess(b *testing.B) { benchmarkParse(b, "lichess_db_1000k.pgn", false) }
func BenchmarkParseTWIC(b *testing.B)    { benchmarkParse(b, "twic1599_1000k.pgn", false) }

// With ReuseMemory and SkipComments, as streaming checks parse: no
// allocation per game, and no node for comments between elements.
func BenchmarkParseReuseLichess(b *testing.B) { benchmarkParse(b, "lichess_db_1000k.pgn", true) }
func BenchmarkParseReuseTWIC(b *testing.B)    { benchmarkParse(b, "twic1599_1000k.pgn", true) }
