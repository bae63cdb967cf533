package pgncbeam

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/sdf"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"
)

// shipped are the bytes that cross from one step of the pipeline to
// another in a direct run: the records of the ranges (to the settle
// step), their games with diagnostics (to the render step), the plan
// (the render step's side input), and the printed pieces (to the
// writers of the shards).
type shipped struct {
	Records, Meta, Games, Plan, Pieces int
	Units                              int      // the units, as JSON, that the number step holds
	MaxShard                           int      // the pieces of the largest shard, which one writer holds
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
//
// beforeSettle, if given, runs after the check and before the settle step.
func runDirect(t testing.TB, units []unit, opts Options, track trackerFunc, beforeSettle ...func()) ([]byte, shipped) {
	t.Helper()
	ctx := context.Background()
	var indexed []string
	for _, u := range units {
		if err := (&indexFn{Opts: opts}).ProcessElement(ctx, encodeUnit(u), func(s string) { indexed = append(indexed, s) }); err != nil {
			t.Fatal(err)
		}
	}
	var ship shipped
	for _, u := range units {
		ship.Units += len(encodeUnit(u))
	}
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
	for _, f := range beforeSettle {
		f()
	}
	var plans, pieces [][]byte
	emitPiece := func(b []byte) { pieces = append(pieces, b); ship.Pieces += len(b) }
	shards := 0
	if err := (&settleFn{Opts: opts}).ProcessElement(ctx, 0, iterate(meta), func(b []byte) { plans = append(plans, b) }, emitPiece, func(n int) { shards = n }); err != nil {
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
	// The shards, each joined in order, one after another, then the
	// summary's line.
	byShard := map[int][][]byte{}
	key := &shardKeyFn{Steps: opts.shardSteps()}
	size := map[int]int{}
	for _, pc := range pieces {
		k, b := key.ProcessElement(pc)
		byShard[k] = append(byShard[k], b)
		if size[k] += len(b); k != summaryShard {
			ship.MaxShard = max(ship.MaxShard, size[k])
		}
	}
	if len(byShard) != shards+1 {
		t.Fatalf("%d shards and the summary, want %d and the summary", len(byShard)-1, shards)
	}
	var out []byte
	for k := range shards {
		out = append(out, joinPieces(iterate(byShard[k]))...)
	}
	out = append(out, joinPieces(iterate(byShard[summaryShard]))...)
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

// TestFooledSeamsMended: a range or a frame group whose first sync point
// lies inside a comment of the game before is mended by the range before
// it, which owns the seam: the steps after the check read nothing (the
// input is gone when they run), and the output is what pgnc check prints.
func TestFooledSeamsMended(t *testing.T) {
	pgnc := pgncBinary(t)
	seam, boundary := seamInComment(t)
	data, err := os.ReadFile(seam)
	if err != nil {
		t.Fatal(err)
	}
	plain := filepath.Join(t.TempDir(), "seams.pgn")
	os.WriteFile(plain, bytes.Repeat(data, 3), 0o644)
	frames := manyFrames(t, string(bytes.Repeat(data, 3)), int(boundary))
	for _, c := range []struct {
		path string
		size int64
	}{{plain, boundary}, {frames, 64}} {
		for _, json := range []bool{false, true} {
			opts := Options{RangeSize: c.size, JSON: json, MaxErrors: 0}
			args := []string{"check", "-q", c.path}
			if json {
				args = append(args, "--format", "json")
			}
			want, _ := exec.Command(pgnc, args...).Output()
			units := expandArgs(t, c.path)
			moved := c.path + ".gone"
			out, ship := runDirect(t, units, opts, plainTracker, func() { os.Rename(c.path, moved) })
			os.Rename(moved, c.path)
			got, sum, err := SplitOutput(out)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s json %v: output differs from pgnc check:\n%s", c.path, json, firstDifference(got, want))
			}
			if sum.Mended == 0 || sum.Reread != 0 || len(ship.plan) < 4 {
				t.Errorf("%s json %v: %d ranges, %d seams mended, %d files read again; want every fooled seam mended", c.path, json, len(ship.plan), sum.Mended, sum.Reread)
			}
		}
	}
	// --max-errors counts the errors of the games before the seam as a
	// serial read does, not those the range after reads before it meets.
	for _, n := range []int{1, 3, 5, 8} {
		want, _ := exec.Command(pgnc, "check", "-q", "--max-errors", fmt.Sprint(n), plain).Output()
		opts := Options{RangeSize: boundary, MaxErrors: n}
		units := expandArgs(t, plain)
		out, _ := runDirect(t, units, opts, plainTracker)
		if got, _, _ := SplitOutput(out); !bytes.Equal(got, want) {
			t.Errorf("--max-errors %d: output differs from pgnc check:\n%s", n, firstDifference(got, want))
		}
	}
}
