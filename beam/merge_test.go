package pgncbeam

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/sdf"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"
)

// shipped are the bytes that cross from one step of the pipeline to
// another in a direct run: the records of the ranges (to the settle
// step), their games with diagnostics (to the render step), the plan
// (the render step's side input), and the printed pieces (to the concat
// step).
type shipped struct {
	Records, Meta, Games, Plan, Pieces int
	meta                               [][]byte // the records
	plan                               plan
}

// trackerFunc makes the tracker of a restriction; it may put the
// residuals of its splits on queue, to be processed after.
type trackerFunc func(rest offsetrange.Restriction, queue *[]offsetrange.Restriction) sdf.RTracker

func plainTracker(rest offsetrange.Restriction, _ *[]offsetrange.Restriction) sdf.RTracker {
	return offsetrange.NewTracker(rest)
}

// runDirect runs the pipeline's steps on units in this process, without a
// runner, each restriction of the check tracked by track, and returns the
// pipeline's output and what crossed between its steps.
func runDirect(t testing.TB, units []unit, opts Options, track trackerFunc) ([]byte, shipped) {
	t.Helper()
	ctx := context.Background()
	var indexed []string
	for _, u := range units {
		if err := (&indexFn{Opts: opts}).ProcessElement(ctx, encodeUnit(u), func(s string) { indexed = append(indexed, s) }); err != nil {
			t.Fatal(err)
		}
	}
	var ship shipped
	var meta, games [][]byte
	fn := &checkRangesFn{Opts: opts}
	for _, enc := range indexed {
		queue := fn.SplitRestriction(enc, fn.CreateInitialRestriction(enc))
		for len(queue) > 0 {
			rest := queue[0]
			queue = queue[1:]
			rt := sdf.NewLockRTracker(track(rest, &queue))
			err := fn.ProcessElement(ctx, rt, enc, func(_ int, b []byte) { meta = append(meta, b); ship.Meta += len(b) },
				func(b []byte) { games = append(games, b); ship.Games += len(b) })
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	ship.Records, ship.meta = len(meta), meta
	var plans, pieces [][]byte
	emitPiece := func(b []byte) { pieces = append(pieces, b); ship.Pieces += len(b) }
	if err := (&settleFn{Opts: opts}).ProcessElement(ctx, 0, iterate(meta), func(b []byte) { plans = append(plans, b) }, emitPiece); err != nil {
		t.Fatal(err)
	}
	if len(plans) != 1 {
		t.Fatalf("%d plans", len(plans))
	}
	ship.Plan = len(plans[0])
	if err := decodeGob(plans[0], &ship.plan); err != nil {
		t.Fatal(err)
	}
	render := &renderFn{Opts: opts}
	for _, g := range games {
		if err := render.ProcessElement(ctx, g, iterate(plans), emitPiece); err != nil {
			t.Fatal(err)
		}
	}
	out, err := (&concatFn{}).ProcessElement(ctx, 0, iterate(pieces))
	if err != nil {
		t.Fatal(err)
	}
	return out, ship
}

// iterate is an iterator over elements, as a runner hands a group or a
// side input to a DoFn.
func iterate(elems [][]byte) func(*[]byte) bool {
	next := 0
	return func(b *[]byte) bool {
		if next == len(elems) {
			return false
		}
		*b, next = elems[next], next+1
		return true
	}
}

// TestFooledGroupAlone: a frame group whose first sync point lies inside
// a comment is read again alone, from where the group before ended, not
// the whole file; the output is what pgnc check prints.
func TestFooledGroupAlone(t *testing.T) {
	pgnc := pgncBinary(t)
	seam, boundary := seamInComment(t)
	data, err := os.ReadFile(seam)
	if err != nil {
		t.Fatal(err)
	}
	fooled := manyFrames(t, string(bytes.Repeat(data, 3)), int(boundary))
	for _, json := range []bool{false, true} {
		opts := Options{RangeSize: 64, JSON: json}
		args := []string{"check", "-q", fooled}
		if json {
			args = append(args, "--format", "json")
		}
		want, _ := exec.Command(pgnc, args...).Output()
		units, err := Expand([]string{fooled}, opts)
		if err != nil {
			t.Fatal(err)
		}
		out, ship := runDirect(t, units, opts, plainTracker)
		got, sum, err := SplitOutput(out)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("json %v: output differs from pgnc check:\n%s", json, firstDifference(got, want))
		}
		replaced := 0
		for _, e := range ship.plan {
			if e.Replaced {
				replaced++
			}
		}
		if sum.Reread == 0 || replaced != sum.Reread || len(ship.plan) < 4 {
			t.Errorf("json %v: %d groups, %d read again, %d replaced; want each fooled group read again alone", json, len(ship.plan), sum.Reread, replaced)
		}
	}
}
