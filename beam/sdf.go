package pgncbeam

import (
	"context"
	"encoding/json"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/sdf"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

func init() {
	register.DoFn4x1[context.Context, *sdf.LockRTracker, string, func([]byte), error](&checkRangesFn{})
	register.Emitter1[[]byte]()
}

// checkRangesFn checks a plain file as a splittable DoFn: its restriction
// is a byte range of the file, first split into ranges of RangeSize and
// split further as the runner likes while it runs. It reads in steps of
// an eighth of RangeSize, claiming each step's first offset, and each step
// reads from where the one before ended to the first sync point after the
// step's end, or after the restriction's end where the runner moved it:
// the place the next restriction starts from. Each step is a result of
// its own, and the last step puts them in order and verifies every seam as
// for any range. Other units (frame groups, files read whole, files that
// are not PGN) are one claim at offset 0.
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

func (fn *checkRangesFn) ProcessElement(ctx context.Context, rt *sdf.LockRTracker, encoded string, emit func([]byte)) error {
	u := decodeUnit(encoded)
	rest := rt.GetRestriction().(offsetrange.Restriction)
	if !u.ranged() {
		if !rt.TryClaim(rest.Start) {
			return nil
		}
		return emitResult(u, -1, fn.Opts, emit)
	}
	step := max(fn.Opts.rangeSize()/8, 1)
	from := int64(-1) // the first step starts at the sync point of its offset
	for pos := rest.Start; rt.TryClaim(pos); {
		end := min(pos+step, rt.GetRestriction().(offsetrange.Restriction).End)
		r := u
		r.Start, r.End = pos, end
		synced := from < 0 // the step starts from the sync point of pos
		res, err := checkUnit(r, from, fn.Opts)
		if err != nil {
			return err
		}
		if err := emitEncoded(res, emit); err != nil {
			return err
		}
		from, pos = res.End, end
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

func emitResult(u unit, from int64, opts Options, emit func([]byte)) error {
	res, err := checkUnit(u, from, opts)
	if err != nil {
		return err
	}
	return emitEncoded(res, emit)
}

func emitEncoded(res unitResult, emit func([]byte)) error {
	b, err := encodeResult(res)
	if err != nil {
		return err
	}
	emit(b)
	return nil
}

func (o Options) rangeSize() int64 {
	if o.RangeSize <= 0 {
		return DefaultRangeSize
	}
	return o.RangeSize
}
