package pgncbeam

import (
	"context"
	"encoding/json"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/sdf"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

func init() {
	register.DoFn5x1[context.Context, *sdf.LockRTracker, string, func(int, []byte), func([]byte), error](&checkRangesFn{})
	register.Emitter1[[]byte]()
	register.Emitter2[int, []byte]()
}

// The pipeline's counters (beam.NewCounter), which a runner shows with
// the job: games read (plies replayed, errors and warnings counted), bytes
// of text checked, the ranges that a step read again to end where the
// runner moved its restriction's end (tails), the seams fooled by a false
// game start that the range before mended (mended, seam.go), and the
// files that the settle step read again whole because a seam could not be
// mended (rereads).
var (
	gamesRead    = beam.NewCounter("pgnc", "games")
	pliesRead    = beam.NewCounter("pgnc", "plies")
	errorsRead   = beam.NewCounter("pgnc", "errors")
	warningsRead = beam.NewCounter("pgnc", "warnings")
	bytesRead    = beam.NewCounter("pgnc", "bytes")
	tails        = beam.NewCounter("pgnc", "tails_reread")
	mended       = beam.NewCounter("pgnc", "seams_mended")
	rereads      = beam.NewCounter("pgnc", "seams_reread")
)

// checkRangesFn checks a plain file as a splittable DoFn: its restriction
// is a byte range of the file, first split into ranges of RangeSize and
// split further as the runner likes while it runs. It reads in steps of
// an eighth of RangeSize, claiming each step's first offset, and each step
// reads from where the one before ended to the first sync point after the
// step's end, or after the restriction's end where the runner moved it:
// the place the next restriction starts from. A step that the runner cut
// short while it read (its restriction now ends before where the step
// chose to end) reads its tail again, to end where the next restriction
// starts, so that a late split leaves no seam for the settle step to
// mend. Other units (frame groups, files read whole, files that are not
// PGN) are one claim at offset 0.
//
// Each step emits the record of its counts and seams under key 0 (meta),
// and its games with a diagnostic to print, if any (games).
type checkRangesFn struct {
	Opts Options
}

func (fn *checkRangesFn) CreateInitialRestriction(encoded string) offsetrange.Restriction {
	u := decodeUnit(encoded)
	if !u.ranged() {
		return offsetrange.Restriction{Start: 0, End: 1}
	}
	return offsetrange.Restriction{Start: 0, End: max(u.Size, 1)}
}

func (fn *checkRangesFn) SplitRestriction(encoded string, rest offsetrange.Restriction) []offsetrange.Restriction {
	if !decodeUnit(encoded).ranged() {
		return []offsetrange.Restriction{rest}
	}
	return rest.SizedSplits(fn.Opts.rangeSize())
}

func (fn *checkRangesFn) RestrictionSize(_ string, rest offsetrange.Restriction) float64 {
	return rest.Size()
}

func (fn *checkRangesFn) CreateTracker(rest offsetrange.Restriction) *sdf.LockRTracker {
	return sdf.NewLockRTracker(offsetrange.NewTracker(rest))
}

func (fn *checkRangesFn) ProcessElement(ctx context.Context, rt *sdf.LockRTracker, encoded string, meta func(int, []byte), games func([]byte)) error {
	u := decodeUnit(encoded)
	rest := rt.GetRestriction().(offsetrange.Restriction)
	if !u.ranged() {
		if !rt.TryClaim(rest.Start) {
			return nil
		}
		res, err := checkUnit(u, -1, fn.Opts)
		if err != nil {
			return err
		}
		return emitResult(ctx, res, meta, games)
	}
	step := max(fn.Opts.rangeSize()/8, 1)
	restEnd := func() int64 { return rt.GetRestriction().(offsetrange.Restriction).End }
	// read checks the step r from from, and again, to end where the
	// restriction does now, where the runner split it while the step read.
	read := func(r unit, from int64) (unit, unitResult, error) {
		for {
			res, err := checkUnit(r, from, fn.Opts)
			if err != nil {
				return r, res, err
			}
			end := restEnd()
			if end >= r.End {
				return r, res, nil
			}
			// The runner split the restriction while the step read, at end:
			// the next restriction starts at the first sync point after
			// it, which the step is to end at.
			r.End = end
			tails.Inc(ctx, 1)
		}
	}
	// A step is emitted once the claim after it is tried: if that fails,
	// the step is the last of the restriction, whose end no split can move
	// any more, and it owns the seam there (mendSeam).
	var last *unitResult
	var lastUnit unit
	var lastFrom int64
	from := int64(-1) // the first step starts at the sync point of pos
	for pos := rest.Start; ; {
		claimed := rt.TryClaim(pos)
		if last != nil {
			if !claimed {
				if restEnd() < lastUnit.End {
					// Split after the step was read: read its tail again.
					var err error
					if lastUnit, *last, err = read(lastUnit, lastFrom); err != nil {
						return err
					}
				}
				if err := mendPlain(lastUnit, last, fn.Opts); err != nil {
					return err
				}
			}
			if err := emitResult(ctx, *last, meta, games); err != nil {
				return err
			}
		}
		if !claimed {
			break
		}
		r := u
		r.Start, r.End = pos, min(pos+step, restEnd())
		r, res, err := read(r, from)
		if err != nil {
			return err
		}
		last, lastUnit, lastFrom = &res, r, from
		synced := from < 0 // the step started from the sync point of pos
		from, pos = res.End, r.End
		if synced && res.Start >= r.End {
			from = -1 // no sync point in the step: the next finds its own
		}
	}
	return rt.GetError()
}

// ranged reports whether u is a plain file read in ranges.
func (u unit) ranged() bool { return !u.Whole && u.NotPGN == nil && len(u.Frames) == 0 }

func decodeUnit(encoded string) unit {
	var u unit
	if err := json.Unmarshal([]byte(encoded), &u); err != nil {
		panic(err) // Build encoded it
	}
	return u
}

// emitResult emits the record of res and its games with diagnostics,
// and adds its counts to the pipeline's counters.
func emitResult(ctx context.Context, res unitResult, meta func(int, []byte), games func([]byte)) error {
	b, err := encodeGob(res.rangeMeta)
	if err != nil {
		return err
	}
	meta(0, b)
	if len(res.Games) > 0 {
		b, err := encodeGob(rangeGames{Key: res.Unit.key(), Name: res.Unit.Name, Games: res.Games})
		if err != nil {
			return err
		}
		games(b)
	}
	if res.Mended {
		mended.Inc(ctx, 1)
	}
	gamesRead.Inc(ctx, int64(res.Count.Games))
	pliesRead.Inc(ctx, int64(res.Count.Plies))
	errorsRead.Inc(ctx, int64(res.Count.Errors))
	warningsRead.Inc(ctx, int64(res.Count.Warnings))
	if !res.Unit.Whole {
		bytesRead.Inc(ctx, res.End-res.Start)
	}
	return nil
}

func (o Options) rangeSize() int64 {
	if o.RangeSize <= 0 {
		return DefaultRangeSize
	}
	return o.RangeSize
}
