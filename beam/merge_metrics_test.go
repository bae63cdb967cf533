package pgncbeam

import (
	"context"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/metrics"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
)

// counters runs the pipeline on inputs on prism and returns its summary
// and the counters that prism reports.
func counters(t *testing.T, inputs []string, opts Options) (Summary, map[string]int64) {
	t.Helper()
	in, err := Expand(inputs)
	if err != nil {
		t.Fatal(err)
	}
	var res metrics.Results
	out, err := Run(context.Background(), in, opts, "", func(ctx context.Context, p *beam.Pipeline) error {
		pr, err := prism.Execute(ctx, p)
		if err == nil {
			res = pr.Metrics()
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	_, sum, err := SplitOutput(out)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int64{}
	for _, c := range res.Query(func(r metrics.SingleResult) bool { return r.Namespace() == "pgnc" }).Counters() {
		got[c.Name()] += c.Result()
	}
	return sum, got
}

// TestCounters: the pipeline's counters, as the runner reports them, are
// the summary's counts where no seam is mended; a seam fooled by a
// comment counts one mended, none read again.
func TestCounters(t *testing.T) {
	sum, got := counters(t, []string{"../testdata/mistakes.pgn", "../testdata/compressed/sample.pgn.zst", "../testdata/sample.pgn"}, Options{RangeSize: 4096})
	want := map[string]int64{"games": int64(sum.Total.Games), "plies": int64(sum.Total.Plies), "errors": int64(sum.Total.Errors),
		"warnings": int64(sum.Total.Warnings), "seams_reread": 0}
	for name, n := range want {
		if got[name] != n {
			t.Errorf("counter %s = %d, want %d", name, got[name], n)
		}
	}
	t.Logf("counters %v", got)
	if got["bytes"] == 0 || sum.Total.Games == 0 {
		t.Errorf("counters %v, summary %+v", got, sum.Total)
	}

	seam, boundary := seamInComment(t)
	sum, got = counters(t, []string{seam}, Options{RangeSize: boundary})
	if sum.Mended == 0 || got["seams_mended"] != int64(sum.Mended) || got["seams_reread"] != 0 {
		t.Errorf("a fooled seam: counters seams_mended %d, seams_reread %d; summary mended %d", got["seams_mended"], got["seams_reread"], sum.Mended)
	}
}
