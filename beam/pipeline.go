// Package pgncbeam checks PGN files as an Apache Beam pipeline, so that a
// check of many large files runs on a cluster (Dataflow, Flink, Spark) or,
// by default, on the local prism runner, and prints exactly what pgnc
// check prints for the same files.
//
// The pipeline has two steps. The first checks work units in parallel: a
// plain file in byte ranges of Options.RangeSize, each read from its first
// sync point to the first sync point after its end (reader.NewRange), and
// a compressed file whole. The second, for all units at once, puts the
// ranges of each file in order, verifies every seam (a range must start
// where the one before ended), reads again from the end of the range
// before where a seam was fooled (a false game start inside a comment,
// say), shifts line numbers and game indexes by what the ranges before
// hold, and prints through package report, as pgnc check does.
package pgncbeam

import (
	"bytes"
	"context"
	"encoding/gob"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/input"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/internal/report"
	"github.com/pgnc/pgnc/model"
	"github.com/pgnc/pgnc/san"
)

// DefaultRangeSize is the default of Options.RangeSize: big enough that a
// worker spends its time checking, not starting, small enough that a
// monthly lichess dump of tens of GB spreads over hundreds of workers.
const DefaultRangeSize = 32 << 20

// Options are those of pgnc check that pgnc-beam takes, and the size of
// the work units. The zero value checks as pgnc check does by default.
type Options struct {
	JSON         bool   // one JSON object per diagnostic, no summary
	MaxErrors    int    // print no more errors than this (0: all)
	Syntax       bool   // lexical and syntax checks only, no move replay
	Ignore       string // --ignore: codes left out
	WarnAsError  string // --warn-as-error: warnings counted as errors
	MaxDepth     int    // reader.Options.MaxDepth
	MaxGameBytes int    // reader.Options.MaxGameBytes
	RangeSize    int64  // bytes of a plain file per work unit; 0: DefaultRangeSize
	// Encoding, PieceLetters and MaxRepeats are --encoding (a name
	// parser.ParseEncoding reads; "": auto), --piece-letters (a code
	// san.LanguageOf knows; "": by the game) and reader.Options.MaxRepeats
	// (0: diag.DefaultRepeats, below 0: no limit). The command checks them.
	Encoding     string
	PieceLetters string
	MaxRepeats   int
}

func (o Options) readOptions() reader.Options {
	enc, _ := parser.ParseEncoding(o.Encoding)
	return reader.Options{SyntaxOnly: o.Syntax, MaxDepth: o.MaxDepth, MaxGameBytes: o.MaxGameBytes, ReuseMemory: true, InParts: true, SkipComments: true, ReplayWhileParsing: true,
		Encoding: enc, Language: san.LanguageOf(o.PieceLetters), MaxRepeats: o.MaxRepeats}
}

// unit is one work unit: a byte range of a plain file, or a whole file.
type unit struct {
	File       int    // the file's place among the inputs
	Path       string // where it is read
	Name       string // the name diagnostics print
	Seq        int    // the range's place in the file
	Start, End int64  // the range; Start is moved to a sync point
	Whole      bool   // a compressed file, read as a stream
	NotPGN     *input.NotPGNError
	Size       int64
	// A frame group of a zstd file (frames.go): Frames are the frame
	// before the group when Prev is set, the Group frames of the group,
	// and the frames of the next group, which its last game may need.
	Frames []input.Frame
	Prev   bool
	Group  int
	// Member is 1 + the index of a zip archive's member, read whole
	// (zip.go); 0 for a file.
	Member int
}

// gameResult is what printing needs of one game, relative to its range.
type gameResult struct {
	Index   int         // 1-based in the range; 0 for text outside games
	Players []model.Tag // the White and Black tags, which name the game
	Plies   int
	Skipped int
	Diags   []diag.Located // lines counted from the range's first
}

// unitResult is the check of one unit.
type unitResult struct {
	Unit  unit
	Start int64 // where reading started: a sync point at or after Unit.Start
	End   int64 // where it stopped: the first game after the range
	Lines int   // line breaks between Start and End
	Games []gameResult
	// Of a frame group: Start and End count from the group's first byte
	// of decoded text, and the offsets of Games from the first byte of the
	// frame before it, Prev bytes earlier; Decoded is the group's length.
	Prev, Decoded int64
	// Err is the error that ended the reading early, after Games.
	Err string
}

func init() {
	register.DoFn3x2[context.Context, int, func(*[]byte) bool, []byte, error](&mergeFn{})
	register.Function1x2(keyAll)
	register.Iter1[[]byte]()
}

// Expand turns the command's arguments into work units: files and
// gs:// objects as they are, directories and gs:// prefixes ending in "/"
// into the PGN files below them (input.IsPGNName), in the order pgnc
// check reads them. A path that cannot be read is an error.
func Expand(args []string, opts Options) ([]unit, error) {
	ctx := context.Background()
	size := opts.RangeSize
	if size <= 0 {
		size = DefaultRangeSize
	}
	var units []unit
	file := 0
	add := func(path string) error {
		src, err := openSource(ctx, path)
		if err != nil {
			return err
		}
		defer src.Close()
		head := make([]byte, 512)
		n, err := src.ReadAt(head, 0)
		if err != nil && err != io.EOF {
			return fmt.Errorf("%s: %w", path, err)
		}
		format, err := input.Detect(head[:n])
		var notPGN *input.NotPGNError
		switch {
		case errors.As(err, &notPGN):
			units = append(units, unit{File: file, Path: path, Name: path, NotPGN: notPGN})
		case err != nil:
			return fmt.Errorf("%s: %w", path, err)
		case format == input.Zip:
			members, err := zipUnits(src, path, file)
			if err != nil {
				return err
			}
			units = append(units, members...)
			file += len(members) - 1
		case format == input.Zstd:
			frames, err := input.ZstdFrames(src, src.Size())
			if err != nil || len(frames) < 2 {
				// One frame, or a file cut short: read whole, as pgnc
				// check reads it, which reports where it ends.
				units = append(units, unit{File: file, Path: path, Name: path, Whole: true, Size: src.Size()})
				break
			}
			firsts := groupFrames(frames, size/4) // zstd shrinks PGN about four times
			for seq, first := range firsts {
				next := len(frames)
				if seq+1 < len(firsts) {
					next = firsts[seq+1]
				}
				after := len(frames)
				if seq+2 < len(firsts) {
					after = firsts[seq+2]
				}
				u := unit{File: file, Path: path, Name: path, Seq: seq, Size: src.Size(), Group: next - first, Prev: first > 0}
				u.Frames = frames[max(first-1, 0):after]
				units = append(units, u)
			}
		case format != input.Text:
			units = append(units, unit{File: file, Path: path, Name: path, Whole: true, Size: src.Size()})
		default:
			// One unit: the splittable DoFn cuts it in ranges (sdf.go).
			units = append(units, unit{File: file, Path: path, Name: path, Start: 0, End: src.Size(), Size: src.Size()})
		}
		file++
		return nil
	}
	for _, arg := range args {
		paths, err := listInputs(ctx, arg)
		if err != nil {
			return nil, err
		}
		if len(paths) == 0 {
			return nil, fmt.Errorf("%s: no PGN file in this directory (.pgn, compressed, or in a zip archive)", arg)
		}
		for _, path := range paths {
			if err := add(path); err != nil {
				return nil, err
			}
		}
	}
	absPaths(units)
	return units, nil
}

// Build adds the check of units to the pipeline under s and returns the
// collection of the report: one element, the bytes pgnc check prints,
// followed by a line of JSON with the counts (see Summary).
func Build(s beam.Scope, units []unit, opts Options) beam.PCollection {
	var encoded []string
	for _, u := range units {
		b, err := json.Marshal(u)
		if err != nil {
			panic(err) // a unit is plain data
		}
		encoded = append(encoded, string(b))
	}
	s = s.Scope("pgnc.check")
	results := beam.ParDo(s, &checkRangesFn{Opts: opts}, beam.CreateList(s, encoded))
	grouped := beam.GroupByKey(s, beam.ParDo(s, keyAll, results))
	return beam.ParDo(s, &mergeFn{Opts: opts}, grouped)
}

// keyAll puts every unit's result under one key: the merge needs them all,
// in order, to print as one machine would.
func keyAll(b []byte) (int, []byte) { return 0, b }

// checkUnit checks u, reading a range of a plain file from from, where
// the range before ended when a seam did not hold, or, with from < 0, from
// the first sync point of the range.
func checkUnit(u unit, from int64, opts Options) (unitResult, error) {
	res := unitResult{Unit: u}
	if u.NotPGN != nil {
		return res, nil
	}
	f, err := openSource(context.Background(), u.Path)
	if err != nil {
		return res, err
	}
	defer f.Close()
	var rd *reader.Reader
	switch {
	case u.Member > 0:
		var c io.Closer
		if rd, c = openMember(f, &res, opts); rd == nil {
			return res, nil // res says why
		}
		defer c.Close()
	case u.Whole:
		rd = reader.OpenFile(f, u.Size, u.Name, opts.readOptions())
	case len(u.Frames) > 0:
		d, err := newDecodedText(f, u.Frames)
		if err != nil {
			return res, err
		}
		defer d.Close()
		if u.Prev {
			n, err := d.decodeNext()
			if err != nil {
				return res, fmt.Errorf("%s: %w", u.Name, err)
			}
			res.Prev = int64(n)
		}
		for range u.Group {
			n, err := d.decodeNext()
			if err != nil {
				return res, fmt.Errorf("%s: %w", u.Name, err)
			}
			res.Decoded += int64(n)
		}
		start, end := res.Prev, res.Prev+res.Decoded
		if len(u.Frames) == u.Group+btoi(u.Prev) {
			end = math.MaxInt64 // the last group reads to the end
		}
		if start, err = reader.Sync(d, start, end); err != nil {
			return res, err
		}
		res.Start = start - res.Prev
		rd = reader.NewRange(d, u.Name, start, end, opts.readOptions())
	default:
		end := u.End
		if end >= u.Size {
			end = u.Size + 1 // the last range reads to the end
		}
		if from < 0 {
			if from, err = reader.Sync(f, u.Start, end); err != nil {
				return res, err
			}
		}
		res.Start = from
		rd = reader.NewRange(f, u.Name, from, end, opts.readOptions())
	}
	defer rd.Close()
	json := opts.JSON
	for {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			// A compressed file cut short, say: the games before are
			// reported, and then the error, as pgnc check does.
			res.Err = fmt.Sprintf("%s: %v", u.Name, err)
			break
		}
		gr := gameResult{Index: g.Index, Plies: g.Plies, Skipped: g.Skipped}
		for _, t := range g.Tags {
			if t.Name == "White" || t.Name == "Black" {
				gr.Players = append(gr.Players, t)
			}
		}
		for _, d := range g.Diags {
			var l diag.Located
			if json {
				l = diag.Locate(g.File, d)
			} else {
				l = diag.LocateStart(g.File, d)
			}
			l.File = "" // the unit's name, which printRange puts back
			gr.Diags = append(gr.Diags, l)
		}
		res.Games = append(res.Games, gr)
	}
	if !u.Whole {
		res.End, res.Lines = rd.End()-res.Prev, rd.Lines()
	}
	return res, nil
}

func encodeResult(r unitResult) ([]byte, error) {
	var b bytes.Buffer
	err := gob.NewEncoder(&b).Encode(r)
	return b.Bytes(), err
}

func decodeResult(b []byte) (unitResult, error) {
	var r unitResult
	err := gob.NewDecoder(bytes.NewReader(b)).Decode(&r)
	return r, err
}

// mergeFn orders the results, verifies the seams, and prints.
type mergeFn struct {
	Opts Options
}

func (fn *mergeFn) ProcessElement(ctx context.Context, _ int, results func(*[]byte) bool) ([]byte, error) {
	var all []unitResult
	var b []byte
	for results(&b) {
		r, err := decodeResult(b)
		if err != nil {
			return nil, err
		}
		all = append(all, r)
	}
	sort.Slice(all, func(i, j int) bool {
		a, b := all[i].Unit, all[j].Unit
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Seq != b.Seq {
			return a.Seq < b.Seq // frame groups
		}
		return a.Start < b.Start // the steps of the ranges of a plain file
	})
	var out bytes.Buffer
	sum, err := Print(&out, all, fn.Opts)
	if err != nil {
		return nil, err
	}
	line, err := json.Marshal(sum)
	if err != nil {
		return nil, err
	}
	out.Write(line)
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// Summary is the last line of the pipeline's output: the counts of the
// check, per file and in all, as JSON.
type Summary struct {
	Files []FileCounts `json:"files"`
	Total FileCounts   `json:"total"`
	// Reread counts the ranges read again because their seam did not hold.
	Reread int `json:"reread"`
	// Failures are the errors that ended the reading of a file early,
	// after its games before them were reported (exit code 2).
	Failures []string `json:"failures,omitempty"`
	// NotPGN counts the inputs that are not PGN text (exit code 2, as in
	// pgnc check).
	NotPGN int `json:"not_pgn,omitempty"`
}

// FileCounts are the counts of one file, or of all.
type FileCounts struct {
	Name            string `json:"name,omitempty"`
	Games           int    `json:"games"`
	GamesWithErrors int    `json:"games_with_errors"`
	Errors          int    `json:"errors"`
	Warnings        int    `json:"warnings"`
	Plies           int    `json:"plies"`
	Skipped         int    `json:"skipped"`
}

// Print verifies the seams of results, the checks of every unit in order,
// and prints what pgnc check prints. A range that does not start where
// the one before ended is read again from there.
func Print(w io.Writer, results []unitResult, opts Options) (Summary, error) {
	codes, err := report.ParseCodes(opts.Ignore, opts.WarnAsError)
	if err != nil {
		return Summary{}, err
	}
	r := report.New(w, report.Options{JSON: opts.JSON, MaxErrors: opts.MaxErrors, Syntax: opts.Syntax, Codes: codes})
	var sum Summary
	for i := 0; i < len(results); {
		file := results[i].Unit.File
		j := i
		for j < len(results) && results[j].Unit.File == file {
			j++
		}
		ranges := results[i:j]
		before := *r
		if ranges[0].Unit.NotPGN != nil {
			if err := r.NotPGN(ranges[0].Unit.Name, ranges[0].Unit.NotPGN); err != nil {
				return sum, err
			}
			sum.NotPGN++
		} else {
			r.Files++
			if !framesHold(ranges) {
				// A frame group's seam did not hold: the file is read
				// again whole, as one reader would.
				u := ranges[0].Unit
				u.Whole, u.Frames = true, nil
				again, err := checkUnit(u, -1, opts)
				if err != nil {
					return sum, err
				}
				ranges = []unitResult{again}
				sum.Reread++
			}
			lines, games := 0, 0
			var base int64 // of the decoded text of a frame group
			for k := range ranges {
				unsynced := ranges[k].Start >= ranges[k].Unit.End && len(ranges[k].Games) == 0
				if k > 0 && len(ranges[k].Unit.Frames) == 0 && unsynced && ranges[k-1].End >= ranges[k].Start {
					// No game starts in the range (Sync found no sync
					// point before its end), and the one before read
					// past it: it holds nothing, and the seam holds.
					ranges[k].Start, ranges[k].End = ranges[k-1].End, ranges[k-1].End
				}
				if k > 0 && len(ranges[k].Unit.Frames) == 0 && ranges[k].Start != ranges[k-1].End {
					// The seam did not hold: read the range again from
					// where the one before ended, as one reader would.
					again, err := checkUnit(ranges[k].Unit, ranges[k-1].End, opts)
					if err != nil {
						return sum, err
					}
					ranges[k] = again
					sum.Reread++
				}
				if err := printRange(r, &ranges[k], lines, games, base-ranges[k].Prev); err != nil {
					return sum, err
				}
				base += ranges[k].Decoded
				if ranges[k].Err != "" {
					// A file that fails once read counts, as in pgnc check,
					// even before its first game.
					sum.Failures = append(sum.Failures, ranges[k].Err)
				}
				lines += ranges[k].Lines
				for _, g := range ranges[k].Games {
					if g.Index > 0 {
						games++
					}
				}
			}
		}
		sum.Files = append(sum.Files, FileCounts{Name: ranges[0].Unit.Name, Games: r.Games - before.Games,
			GamesWithErrors: r.GamesWithErrors - before.GamesWithErrors, Errors: r.Errors - before.Errors,
			Warnings: r.Warnings - before.Warnings, Plies: r.Plies - before.Plies, Skipped: r.Skipped - before.Skipped})
		i = j
	}
	if err := r.Summary(); err != nil {
		return sum, err
	}
	sum.Total = FileCounts{Games: r.Games, GamesWithErrors: r.GamesWithErrors, Errors: r.Errors, Warnings: r.Warnings, Plies: r.Plies, Skipped: r.Skipped}
	return sum, nil
}

// framesHold reports whether the seams of the frame groups of one file
// hold: each group starts where the one before ended, counted in the
// decoded text of the file.
func framesHold(ranges []unitResult) bool {
	var base int64
	for k := range ranges {
		if len(ranges[k].Unit.Frames) == 0 {
			return true // not frame groups
		}
		if k > 0 && base+ranges[k].Start != base-ranges[k-1].Decoded+ranges[k-1].End {
			return false
		}
		base += ranges[k].Decoded
	}
	return true
}

// printRange prints the games of one range, whose first line follows lines
// lines of the file and whose first game follows games games; shift moves
// its offsets into the whole file's (for a frame group, its decoded text).
func printRange(r *report.Report, res *unitResult, lines, games int, shift int64) error {
	for _, g := range res.Games {
		index := g.Index
		if index > 0 {
			index += games
		}
		var diags diag.List
		for _, l := range g.Diags {
			diags = append(diags, l.Diagnostic)
		}
		locate := func(i int) diag.Located {
			l := g.Diags[i].Shift(lines)
			l.File = res.Unit.Name
			l.Offset += int(shift)
			l.EndOffset += int(shift)
			if l.Game != 0 {
				l.Game = index
			}
			return l
		}
		if _, err := r.Game(report.Game{Index: index, Tags: g.Players, Plies: g.Plies, Diags: diags, Locate: locate, Skip: g.Skipped}); err != nil {
			return err
		}
	}
	return nil
}

// Errors returns the number of errors in the summary line that ends out,
// the pipeline's output, and the output without it.
func SplitOutput(out []byte) (report []byte, sum Summary, err error) {
	out = bytes.TrimSuffix(out, []byte("\n"))
	i := bytes.LastIndexByte(out, '\n')
	err = json.Unmarshal(out[i+1:], &sum)
	if i < 0 {
		return nil, sum, err
	}
	return out[:i+1], sum, err
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
