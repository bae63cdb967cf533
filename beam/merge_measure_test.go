package pgncbeam

import (
	"context"
	"os"
	"runtime"
	"testing"
)

// TestMeasureMerge measures, on the file or directory that
// PGNC_BEAM_MEASURE names, what crosses between the pipeline's steps and
// what the steps that see every range or every file hold: the number
// step (the units), the settle step (the records of all ranges, decoded,
// and the plan), and the writer of the largest shard of the report (its
// printed pieces). It is a measurement, not a check, and skips without
// the variable:
//
//	PGNC_BEAM_MEASURE=bulk4.pgn go test -run TestMeasureMerge -v .
func TestMeasureMerge(t *testing.T) {
	path := os.Getenv("PGNC_BEAM_MEASURE")
	if path == "" {
		t.Skip("PGNC_BEAM_MEASURE names no input to measure")
	}
	opts := Options{}
	units := expandArgs(t, path)
	// Run the steps as a runner would, keeping what each hands on.
	out, ship := runDirect(t, units, opts, plainTracker)
	_, sum, err := SplitOutput(out)
	if err != nil {
		t.Fatal(err)
	}
	games := sum.Total.Games
	per := func(n int) float64 { return float64(n) / float64(games) }
	t.Logf("%d games, %d steps: records %d B (%.2f/game), games with diagnostics %d B (%.2f/game), plan %d B, pieces %d B (%.2f/game); in all %.2f B/game",
		games, ship.Records, ship.Meta, per(ship.Meta), ship.Games, per(ship.Games), ship.Plan, ship.Pieces, per(ship.Pieces),
		per(ship.Meta+ship.Games+ship.Plan+ship.Pieces))

	// What the settle step holds: every record decoded, and the plan.
	ctx := context.Background()
	meta := ship.meta
	before := heap()
	var all []unitResult
	for _, b := range meta {
		var m rangeMeta
		if err := decodeGob(b, &m); err != nil {
			t.Fatal(err)
		}
		all = append(all, unitResult{rangeMeta: m})
	}
	sortResults(all)
	p, pieces, _, err := settle(ctx, all, opts)
	if err != nil {
		t.Fatal(err)
	}
	held := heap() - before
	t.Logf("settle holds %d B (%.3f/game) for %d records", held, per(held), len(all))
	runtime.KeepAlive(all)
	runtime.KeepAlive(p)
	runtime.KeepAlive(pieces)
	t.Logf("the number step holds %d units, %d B; the largest shard's writer holds %d B (shards of %d steps); the output %d B",
		len(units), ship.Units, ship.MaxShard, opts.shardSteps(), len(out))
}

// heap returns the bytes of the live heap after a collection.
func heap() int {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int(m.HeapAlloc)
}
