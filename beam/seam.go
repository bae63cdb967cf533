package pgncbeam

import (
	"context"
	"io"
	"math"

	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/internal/report"
)

// A seam between two ranges is fooled where the first sync point of the
// range after it (reader.Sync, from the bytes around it alone) lies inside
// the last game of the range before, in a comment that quotes a game, say:
// the range after reads games that are none, from the false start on,
// until its reading meets that of a serial read at a game start both
// find. The range before, which owns the seam, mends it where it happens:
// it reads on past its own end (its tail past the seam) up to that game
// start, and reads the text from the false start to it as the range after
// does, to take away what that range counts there. The settle step then
// only adds up, and the render step leaves out the games the range after
// reads before the meeting point (planEntry.SkipBefore): nothing is
// parsed after the check.

// mendSeam mends the seam at seamAt, in the offsets of src, the text that
// res was read from (a plain file, or a frame group's decoded text), if
// the first sync point at or after seamAt lies before where res stopped
// reading. Where no meeting point is found within a bound, res is left as
// it is, and the settle step, finding the seam does not hold, reads the
// file again whole.
//
// whole says src ends where the input does (a plain file), so that
// two readings that both reach its end meet there; a frame group's text
// ends with the frames it was given.
func mendSeam(src io.ReaderAt, name string, seamAt int64, whole bool, res *unitResult, opts Options, codes report.Codes) error {
	if res.Err != "" {
		return nil
	}
	end := res.End + res.Prev // where res stopped reading
	falseStart, err := reader.Sync(src, seamAt, math.MaxInt64)
	if err != nil || falseStart >= end {
		return err
	}
	bound := 4*opts.rangeSize() + 1<<20
	meet, ok := meetingPoint(src, name, falseStart, end, bound, whole, opts)
	if !ok {
		return nil
	}
	ro := opts.readOptions()
	tail := reader.NewRange(src, name, end, meet, ro)
	defer tail.Close()
	more := readRecords(tail, name, codes, opts.JSON)
	mirror := reader.NewRange(src, name, falseStart, meet, ro)
	defer mirror.Close()
	theirs := readRecords(mirror, name, codes, opts.JSON)
	if more.Err != "" || theirs.Err != "" || tail.End() != meet || mirror.End() != meet {
		return nil
	}
	for _, g := range more.Games {
		if g.Index > 0 {
			g.Index += res.Count.Games
		}
		for i := range g.Diags {
			g.Diags[i] = g.Diags[i].Shift(res.Lines)
		}
		res.Games = append(res.Games, g)
	}
	res.Records += more.Records
	res.Count.add(more.Count)
	res.Count.sub(theirs.Count)
	res.Lines += tail.Lines() - mirror.Lines()
	res.Mended, res.Seam, res.Mirror = true, falseStart-res.Prev, theirs.Count
	res.End = meet - res.Prev
	return nil
}

// meetingPoint returns the first game start at or after end, at a sync
// point, at which a reading from falseStart and one from end both start a
// game, or, if whole, the end of src where both readings reach it; it
// gives up bound bytes after end.
func meetingPoint(src io.ReaderAt, name string, falseStart, end, bound int64, whole bool, opts Options) (int64, bool) {
	ro := opts.readOptions()
	ro.SyntaxOnly = true // where games start does not depend on the moves
	truth := reader.NewRange(src, name, end, math.MaxInt64, ro)
	defer truth.Close()
	theirs := reader.NewRange(src, name, falseStart, math.MaxInt64, ro)
	defer theirs.Close()
	next := func(rd *reader.Reader) int64 {
		for {
			g, err := rd.Next()
			if err != nil {
				return -1 // io.EOF, or an error that the check reports
			}
			if g.Index > 0 {
				return int64(g.File.Base() + g.From)
			}
		}
	}
	t, m := next(truth), next(theirs)
	for t >= 0 && m >= 0 && t-end <= bound {
		switch {
		case t == m:
			if at, err := reader.Sync(src, t, t+1); err == nil && at == t {
				return t, true
			}
			t, m = next(truth), next(theirs)
		case t < m:
			t = next(truth)
		default:
			m = next(theirs)
		}
	}
	if whole && t < 0 && m < 0 && truth.End() == theirs.End() {
		return truth.End(), true // both read to the end of the text
	}
	return 0, false
}

// mendPlain mends the seam at the end of a step of a plain file, the last
// of its restriction, which ends at r.End.
func mendPlain(r unit, res *unitResult, opts Options) error {
	if r.End >= r.Size || res.Err != "" {
		return nil // the last range reads to the end of the file
	}
	codes, err := report.ParseCodes(opts.Ignore, opts.WarnAsError)
	if err != nil {
		return err
	}
	f, err := openSource(context.Background(), r.Path)
	if err != nil {
		return err
	}
	defer f.Close()
	return mendSeam(f, r.Name, r.End, true, res, opts, codes)
}
