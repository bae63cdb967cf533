package parser

import (
	"os"
	"path/filepath"
	"testing"
)

func benchmarkParse(b *testing.B, name string, reuse bool) {
	data, err := os.ReadFile(filepath.Join(corpusDir, "edge", "lichess-twic", name))
	if err != nil {
		b.Skipf("benchmark sample not present: %v", err)
	}
	src := string(data)
	p := Parser{ReuseMemory: reuse}
	db, _ := p.Parse(src)
	games := len(db.Games)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		p.Parse(src)
	}
	b.ReportMetric(float64(games)*float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

func BenchmarkParseLichess(b *testing.B) { benchmarkParse(b, "lichess_db_1000k.pgn", false) }
func BenchmarkParseTWIC(b *testing.B)    { benchmarkParse(b, "twic1599_1000k.pgn", false) }

// With ReuseMemory, as streaming checks parse: no allocation per game.
func BenchmarkParseReuseLichess(b *testing.B) { benchmarkParse(b, "lichess_db_1000k.pgn", true) }
func BenchmarkParseReuseTWIC(b *testing.B)    { benchmarkParse(b, "twic1599_1000k.pgn", true) }
