package reader

import (
	"io"
	"os"
	"runtime"
	"strings"
	"testing"
)

// pipelineSample is a sample of the corpus (lichess_db_1000k.pgn or
// twic1599_1000k.pgn) repeated to 8 MB, so that the parallel readers have
// several pieces and ranges to share out.
func pipelineSample(b *testing.B, name string) string {
	data, err := os.ReadFile("../../../shared/corpus/edge/lichess-twic/" + name)
	if err != nil {
		b.Skipf("benchmark sample not present: %v", err)
	}
	return strings.Repeat(string(data)+"\n", (8<<20)/len(data))
}

// benchmarkPipeline times the full check (pgnc check without printing) of
// the sample name through the streaming reader or, with ranges, through
// NewFile.
func benchmarkPipeline(b *testing.B, name string, workers int, ranges bool) {
	src := pipelineSample(b, name)
	// Time what pgnc does: the tests' zeroing of memory given back is off.
	defer func(was bool) { poisonGivenBack = was }(poisonGivenBack)
	poisonGivenBack = false
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		opts := Options{ReuseText: true, InParts: true, SkipComments: true, ReplayWhileParsing: true, Workers: workers}
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

const lichessSample, twicSample = "lichess_db_1000k.pgn", "twic1599_1000k.pgn"

func BenchmarkPipelineOneWorker(b *testing.B) { benchmarkPipeline(b, lichessSample, 1, false) }
func BenchmarkPipelineOneWorkerTWIC(b *testing.B) {
	benchmarkPipeline(b, twicSample, 1, false)
}
func BenchmarkPipelineAllCores(b *testing.B) {
	benchmarkPipeline(b, lichessSample, runtime.GOMAXPROCS(0), false)
}
func BenchmarkRangesAllCores(b *testing.B) {
	benchmarkPipeline(b, lichessSample, runtime.GOMAXPROCS(0), true)
}
