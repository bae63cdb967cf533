package reader

import (
	"io"
	"os"
	"runtime"
	"strings"
	"testing"
)

// pipelineSample is the lichess sample repeated to 8 MB, so that the
// parallel readers have several pieces and ranges to share out.
func pipelineSample(b *testing.B) string {
	data, err := os.ReadFile("../../shared/corpus/edge/lichess-twic/lichess_db_1000k.pgn")
	if err != nil {
		b.Skipf("benchmark sample not present: %v", err)
	}
	return strings.Repeat(string(data)+"\n", (8<<20)/len(data))
}

// benchmarkPipeline times the full check (pgnc check without printing)
// through the streaming reader or, with ranges, through NewFile.
func benchmarkPipeline(b *testing.B, workers int, ranges bool) {
	src := pipelineSample(b)
	// Time what pgnc does: the tests' zeroing of memory given back is off.
	defer func(was bool) { poisonGivenBack = was }(poisonGivenBack)
	poisonGivenBack = false
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		opts := Options{ReuseText: true, InParts: true, SkipComments: true, Workers: workers}
		rd := readerOf(src, opts, ranges)
		for {
			if _, err := rd.Next(); err == io.EOF {
				break
			} else if err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkPipelineOneWorker(b *testing.B) { benchmarkPipeline(b, 1, false) }
func BenchmarkPipelineAllCores(b *testing.B)  { benchmarkPipeline(b, runtime.GOMAXPROCS(0), false) }
func BenchmarkRangesAllCores(b *testing.B)    { benchmarkPipeline(b, runtime.GOMAXPROCS(0), true) }
