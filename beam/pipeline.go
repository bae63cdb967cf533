// Package pgncbeam checks PGN files as an Apache Beam pipeline, so that a
// check of many large files runs on a cluster (Dataflow, Flink, Spark) or,
// by default, on the local prism runner, and prints exactly what pgnc
// check prints for the same files.
//
// The pipeline's steps:
//
//  1. index: a zstd file of many frames is cut in frame groups, its frames
//     found from pzstd's skippable frames (frames.go); other inputs pass.
//  2. check, after a Reshuffle: the work units are checked in parallel, a
//     plain file in byte ranges of Options.RangeSize (sdf.go), each read
//     from its first sync point to the first sync point after its end
//     (reader.NewRange), a frame group over its decoded text, another
//     compressed file whole. Each step of a unit emits a small record of
//     counts and seams (rangeMeta), whatever the number of its games, and
//     the games that have a diagnostic to print, if any (rangeGames).
//  3. settle: the records of all units, one per step, go to one key; it
//     orders them, verifies every seam (a range must start where the one
//     before ended), reads again a range whose seam was fooled (a false
//     game start inside a comment), and works out for each range the
//     line numbers, game indexes, offsets and errors of the ranges before
//     it: the plan, one element, which the next step reads as a side
//     input. It also prints what belongs to no range: inputs that are
//     not PGN, ranges read again, and the summary.
//  4. render: the games of each range with diagnostics are printed through
//     package report, as pgnc check prints them, each range on its own.
//  5. concat: the printed pieces, keyed by their place in the output, are
//     put in order and joined, the report that pgnc check prints.
//
// Only steps 3 and 5 see everything, and neither holds anything per game:
// step 3 holds one record per step of RangeSize/8 bytes, step 5 the
// printed diagnostics, the size of the output.
package pgncbeam

import (
	"bytes"
	"context"
	"encoding/binary"
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
	"github.com/pgnc/pgnc/internal/i18n"
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
	// ShardSteps is how many steps of units (planEntry.Ordinal) print to
	// one shard of the report (run.go); 0: DefaultShardSteps.
	ShardSteps int
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
	// Zstd marks a zstd file whose frames are not indexed yet: the index
	// step (indexFn) cuts it in frame groups, or makes it Whole.
	Zstd bool `json:",omitempty"`
	// A frame group of a zstd file (frames.go): Frames are the frame
	// before the group when Prev is set, the Group frames of the group,
	// and the frames of the next group, which its last game may need.
	Frames []input.Frame `json:",omitempty"`
	Prev   bool          `json:",omitempty"`
	Group  int           `json:",omitempty"`
	// Member is 1 + the index of a zip archive's member, read whole
	// (zip.go); 0 for a file. NoMember marks a zip archive without a .pgn
	// member, which pgnc check passes over in a directory.
	Member   int  `json:",omitempty"`
	NoMember bool `json:",omitempty"`
}

// key names the results of a unit: its file and its place in it, the
// first offset of a step of a plain file, or a frame group's Seq.
func (u unit) key() rangeKey {
	if u.ranged() {
		return rangeKey{File: u.File, Pos: u.Start}
	}
	return rangeKey{File: u.File, Pos: int64(u.Seq)}
}

// rangeKey names the results of one step of a unit (unit.key).
type rangeKey struct {
	File int
	Pos  int64
}

// gameResult is what printing needs of one game, relative to its range.
type gameResult struct {
	Index   int            // 1-based in the range; 0 for text outside games
	At      int64          // where it starts, in the offsets of its range's reader
	Players []model.Tag    // the White and Black tags, which name the game
	Diags   []diag.Located // lines counted from the range's first
}

// counts are the counts of report.Report for some games: what the
// summary adds up. Errors counts the errors of games and of the text
// between them (ErrorsOutside), not inputs that are not PGN.
type counts struct {
	Games, GamesWithErrors, Errors, ErrorsOutside, Warnings, Plies, Skipped int
}

func (c *counts) sub(d counts) {
	c.add(counts{-d.Games, -d.GamesWithErrors, -d.Errors, -d.ErrorsOutside, -d.Warnings, -d.Plies, -d.Skipped})
}

func (c *counts) add(d counts) {
	c.Games += d.Games
	c.GamesWithErrors += d.GamesWithErrors
	c.Errors += d.Errors
	c.ErrorsOutside += d.ErrorsOutside
	c.Warnings += d.Warnings
	c.Plies += d.Plies
	c.Skipped += d.Skipped
}

// game counts one game as report.Report.Game counts it, and reports
// whether it has a diagnostic to print.
func (c *counts) game(codes report.Codes, index, plies, skipped int, diags diag.List) bool {
	if index > 0 {
		c.Games++
	}
	c.Plies += plies
	c.Skipped += skipped
	shown, counted := false, false
	for _, d := range diags {
		if !codes.Shown(d) {
			continue
		}
		shown = true
		if !codes.IsError(d) {
			c.Warnings++
			continue
		}
		c.Errors++
		if index == 0 {
			c.ErrorsOutside++
		} else if !counted {
			counted = true
			c.GamesWithErrors++
		}
	}
	return shown
}

// unitResult is the check of one step of a unit: what the settle step
// needs of it (rangeMeta), and its games with a diagnostic shown.
type unitResult struct {
	rangeMeta
	Games []gameResult
}

// rangeMeta is what the settle step needs of one step of a unit: where it
// started and ended, and its counts, but none of its games.
type rangeMeta struct {
	Unit  unit
	Start int64 // where reading started: a sync point at or after Unit.Start
	End   int64 // where it stopped: the first game after the range
	Lines int   // line breaks between Start and End
	// Of a frame group: Start and End count from the group's first byte
	// of decoded text, and the offsets of Games from the first byte of the
	// frame before it, Prev bytes earlier; Decoded is the group's length.
	Prev, Decoded int64
	Records       int // games read, and pieces of text outside games
	Count         counts
	// Err is the error that ended the reading early, after Games.
	Err string
	// Mended says the range mended the seam at its end (seam.go): the
	// range after it starts at Seam, inside this range's last game, and
	// reads games that are none until End, where this range's reading
	// ended and the next's meets it. This range's End, Lines and Count
	// take those of the text from its own end to End, less those the
	// next range reads from Seam to End (Mirror), so that the counts of
	// all ranges add up to a serial read's, and the games the next range
	// reads before End are not printed.
	Mended bool   `json:",omitempty"`
	Seam   int64  `json:",omitempty"`
	Mirror counts `json:",omitempty"`
	// Unopened says the input could not be opened (a zip member with a
	// method of compression that Go does not read, say): Err says why,
	// and it is not counted as a file, as in pgnc check.
	Unopened bool `json:",omitempty"`
}

// rangeGames are the games of one step of a unit that have a diagnostic
// to print: the element that the render step prints.
type rangeGames struct {
	Key   rangeKey
	Name  string
	Games []gameResult
}

func init() {
	register.DoFn6x1[context.Context, int, func(*[]byte) bool, func([]byte), func([]byte), func(int), error](&settleFn{})
	register.DoFn4x1[context.Context, []byte, func(*[]byte) bool, func([]byte), error](&renderFn{})
	register.Iter1[[]byte]()
	register.Emitter1[int]()
}

// Build adds the check of the files that inputs name to the pipeline
// under s, which writes its report to output in shards, and its summary
// (run.go).
func Build(s beam.Scope, inputs []Input, opts Options, output string) {
	units := addExpand(s, inputs) // expand.go
	s = s.Scope("pgnc.check")
	// Reshuffles spread the files over workers before their frames are
	// indexed, and the units over workers before they are checked, on a
	// runner that does not split bundles as they run.
	indexed := beam.ParDo(s, &indexFn{Opts: opts}, beam.Reshuffle(s, units))
	meta, games := beam.ParDo2(s, &checkRangesFn{Opts: opts}, beam.Reshuffle(s, indexed))
	plan, settled, layout := beam.ParDo3(s, &settleFn{Opts: opts}, beam.GroupByKey(s, meta))
	rendered := beam.ParDo(s, &renderFn{Opts: opts}, games, beam.SideInput{Input: plan})
	pieces := beam.Flatten(s, rendered, settled)
	shards := beam.GroupByKey(s, beam.ParDo(s, &shardKeyFn{Steps: opts.shardSteps()}, pieces))
	beam.ParDo0(s, &writeShardFn{Output: output, JSON: opts.JSON}, shards, beam.SideInput{Input: layout})
}

func encodeUnit(u unit) string {
	b, err := json.Marshal(u)
	if err != nil {
		panic(err) // a unit is plain data
	}
	return string(b)
}

// checkUnit checks u, reading a range of a plain file or of a frame
// group's text from from, where the range before ended when a seam did
// not hold, or, with from < 0, from the first sync point of the range.
// It counts every game, and keeps those with a diagnostic to print.
func checkUnit(u unit, from int64, opts Options) (unitResult, error) {
	res := unitResult{rangeMeta: rangeMeta{Unit: u}}
	if u.NotPGN != nil {
		return res, nil
	}
	codes, err := report.ParseCodes(opts.Ignore, opts.WarnAsError)
	if err != nil {
		return res, err
	}
	f, err := openSource(context.Background(), u.Path)
	if err != nil {
		return res, err
	}
	defer f.Close()
	var rd *reader.Reader
	var d *decodedText // the text of a frame group
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
		if d, err = newDecodedText(f, u.Frames); err != nil {
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
		if from >= 0 {
			start += from
		} else if start, err = reader.Sync(d, start, end); err != nil {
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
	read := readRecords(rd, u.Name, codes, opts.JSON)
	res.Records, res.Count, res.Games, res.Err = read.Records, read.Count, read.Games, read.Err
	if !u.Whole {
		res.End, res.Lines = rd.End()-res.Prev, rd.Lines()
	}
	if len(u.Frames) > 0 && len(u.Frames) > u.Group+btoi(u.Prev) {
		// A group before another: its seam is mended here, if the next
		// group's first sync point lies inside this group's last game.
		if err := mendSeam(d, u.Name, res.Prev+res.Decoded, false, &res, opts, codes); err != nil {
			return res, err
		}
	}
	return res, nil
}

// records is what reading the games of a range gives: the pieces read
// (games and text outside them), their counts, and the games with a
// diagnostic to print.
type records struct {
	Records int
	Count   counts
	Games   []gameResult
	Err     string // the error that ended the reading early
}

// readRecords reads the games of rd to its end, counting every game and
// keeping those with a diagnostic to print.
func readRecords(rd *reader.Reader, name string, codes report.Codes, json bool) records {
	var res records
	for {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			// A compressed file cut short, say: the games before are
			// reported, and then the error, as pgnc check does.
			res.Err = fmt.Sprintf("%s: %v", name, err)
			break
		}
		res.Records++
		if !res.Count.game(codes, g.Index, g.Plies, g.Skipped, g.Diags) {
			continue // nothing to print: the counts say all of it
		}
		gr := gameResult{Index: g.Index, At: int64(g.File.Base() + g.From)}
		if g.Index == 0 && len(g.Diags) > 0 {
			gr.At = int64(g.File.Base() + g.Diags[0].Start)
		}
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
	return res
}

func encodeGob(v any) ([]byte, error) {
	var b bytes.Buffer
	err := gob.NewEncoder(&b).Encode(v)
	return b.Bytes(), err
}

func decodeGob(b []byte, v any) error {
	return gob.NewDecoder(bytes.NewReader(b)).Decode(v)
}

// planEntry is what printing the games of one range needs of the ranges
// before it: the lines and games of its file before it, how far its
// offsets move, and the errors printed before it, in all files, for
// --max-errors. Replaced marks a range that the settle step read again
// and printed itself.
type planEntry struct {
	Ordinal      int // its place in the output
	Lines, Games int
	Shift        int64
	ErrorsBefore int
	Replaced     bool
	// SkipBefore: the games of the range that start before it, in its
	// reader's offsets, are not printed (seamPlan); 0 for none.
	SkipBefore int64
}

// plan is the settle step's output that the render step reads.
type plan map[rangeKey]planEntry

// piece is a part of the output, at its place in it.
func piece(ordinal int, text []byte) []byte {
	b := make([]byte, 8, 8+len(text))
	binary.BigEndian.PutUint64(b, uint64(ordinal))
	return append(b, text...)
}

// settleFn orders the records of the ranges, verifies the seams, reads
// again where one was fooled, and emits the plan and the pieces of the
// output that are not the games of a range: inputs that are not PGN,
// ranges read again, and the summary at the end.
type settleFn struct {
	Opts Options
}

func (fn *settleFn) ProcessElement(ctx context.Context, _ int, records func(*[]byte) bool, emitPlan, emitPiece func([]byte), emitShards func(int)) error {
	var all []unitResult
	var b []byte
	for records(&b) {
		var m rangeMeta
		if err := decodeGob(b, &m); err != nil {
			return err
		}
		all = append(all, unitResult{rangeMeta: m})
	}
	sortResults(all)
	p, pieces, sum, err := settle(ctx, all, fn.Opts)
	if err != nil {
		return err
	}
	enc, err := encodeGob(p)
	if err != nil {
		return err
	}
	emitPlan(enc)
	for _, pc := range pieces {
		emitPiece(pc)
	}
	// Every shard is written, if only empty (run.go).
	steps := fn.Opts.shardSteps()
	for i := range sum.Shards {
		emitPiece(piece(i*steps, nil))
	}
	emitShards(sum.Shards)
	line, err := json.Marshal(sum)
	if err != nil {
		return err
	}
	emitPiece(piece(math.MaxInt, append(line, '\n')))
	return nil
}

// sortResults puts results in file order, and the ranges of a file in
// order.
func sortResults(all []unitResult) {
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
}

// Summary is the last line of the pipeline's output: the counts of the
// check, per file and in all, as JSON.
type Summary struct {
	Files []FileCounts `json:"files"`
	Total FileCounts   `json:"total"`
	// Reread counts the files read again whole because a seam did not
	// hold and could not be mended; Mended counts the seams, fooled by a
	// false game start, that the range before mended (seam.go).
	Reread int `json:"reread"`
	Mended int `json:"mended"`
	// Failures are the errors that ended the reading of a file early,
	// after its games before them were reported (exit code 2).
	Failures []string `json:"failures,omitempty"`
	// NotPGN counts the inputs that are not PGN text (exit code 2, as in
	// pgnc check).
	NotPGN int `json:"not_pgn,omitempty"`
	// Shards is the number of shards of the report (run.go).
	Shards int `json:"shards"`
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

func fileCounts(name string, c counts) FileCounts {
	return FileCounts{Name: name, Games: c.Games, GamesWithErrors: c.GamesWithErrors, Errors: c.Errors,
		Warnings: c.Warnings, Plies: c.Plies, Skipped: c.Skipped}
}

// settle goes through the ranges of every file in order (results, sorted
// by sortResults; the games of a range are those it kept, if any): it
// verifies each seam, reads a range again from where the one before ended
// where a seam did not hold, and works out the plan. It returns the
// pieces of the output it prints itself: inputs that are not PGN, the
// ranges read again, and the summary's text.
func settle(ctx context.Context, results []unitResult, opts Options) (plan, [][]byte, Summary, error) {
	codes, err := report.ParseCodes(opts.Ignore, opts.WarnAsError)
	if err != nil {
		return nil, nil, Summary{}, err
	}
	p := plan{}
	var pieces [][]byte
	var sum Summary
	var total counts
	files, notPGN := 0, 0 // notPGN: errors of inputs that are not PGN
	printed := 0          // errors of games before, in all files: what --max-errors counts
	ordinal := 0
	// render prints a range that settle read again, in place of the
	// games that the render step would have printed for it.
	render := func(res *unitResult, e planEntry) error {
		text, err := renderRange(opts, codes, res.Unit.Name, res.Games, e)
		if err == nil && len(text) > 0 {
			pieces = append(pieces, piece(e.Ordinal, text))
		}
		return err
	}
	for i := 0; i < len(results); {
		file := results[i].Unit.File
		j := i
		for j < len(results) && results[j].Unit.File == file {
			j++
		}
		ranges := results[i:j]
		i = j
		if ranges[0].Unopened {
			sum.Failures = append(sum.Failures, ranges[0].Err)
			continue
		}
		files++
		name := ranges[0].Unit.Name
		if u := ranges[0].Unit; u.NotPGN != nil {
			var b bytes.Buffer
			r := report.New(&b, report.Options{JSON: opts.JSON, Codes: codes})
			if err := r.NotPGN(u.Name, u.NotPGN); err != nil {
				return nil, nil, sum, err
			}
			pieces = append(pieces, piece(ordinal, b.Bytes()))
			ordinal++
			notPGN++
			sum.NotPGN++
			sum.Files = append(sum.Files, FileCounts{Name: name, Errors: 1})
			continue
		}
		whole := false // the file was read again whole
		seams, ok := walkSeams(ranges)
		if !ok {
			// A seam did not hold, and the range before could not mend it
			// (seam.go): the file is read again whole, as one reader would.
			for _, r := range ranges {
				p[r.Unit.key()] = planEntry{Replaced: true}
			}
			u := ranges[0].Unit
			u.Whole, u.Frames, u.Prev, u.Group, u.Start, u.End = true, nil, false, 0, 0, 0
			again, err := checkUnit(u, -1, opts)
			if err != nil {
				return nil, nil, sum, err
			}
			ranges, whole = []unitResult{again}, true
			seams = make([]seamPlan, 1)
		}
		var fc counts
		lines, games := 0, 0
		var base int64 // of the decoded text of a frame group
		for k := range ranges {
			e := planEntry{Ordinal: ordinal, Lines: lines, Games: games, Shift: base - ranges[k].Prev,
				ErrorsBefore: printed + seams[k].extra, SkipBefore: seams[k].skip}
			ordinal++
			if whole {
				rereads.Inc(ctx, 1)
				sum.Reread++
				if err := render(&ranges[k], e); err != nil {
					return nil, nil, sum, err
				}
			} else {
				p[ranges[k].Unit.key()] = e
			}
			if ranges[k].Mended {
				sum.Mended++
			}
			base += ranges[k].Decoded
			if ranges[k].Err != "" {
				// A file that fails once read counts, as in pgnc check,
				// even before its first game.
				sum.Failures = append(sum.Failures, ranges[k].Err)
			}
			lines += ranges[k].Lines
			games += ranges[k].Count.Games
			printed += ranges[k].Count.Errors
			fc.add(ranges[k].Count)
		}
		total.add(fc)
		sum.Files = append(sum.Files, fileCounts(name, fc))
	}
	sum.Total = fileCounts("", total)
	sum.Total.Errors += notPGN
	if opts.JSON {
		sum.Shards = max(1, (ordinal+opts.shardSteps()-1)/opts.shardSteps())
		return p, pieces, sum, nil
	}
	// The summary's text, as report.Report.Summary prints it after the
	// games: only counts go into it, and what --max-errors did not print.
	var b bytes.Buffer
	if hidden := total.Errors + notPGN - min(printed, opts.MaxErrors); opts.MaxErrors > 0 && hidden > 0 {
		if _, err := i18n.New(report.Options{}.Language).Fprintf(&b, "stopped printing errors after --max-errors %d: %d more errors not shown\n", opts.MaxErrors, hidden); err != nil {
			return nil, nil, sum, err
		}
	}
	r := report.New(&b, report.Options{Syntax: opts.Syntax, Codes: codes})
	r.Files, r.Games, r.GamesWithErrors, r.Errors, r.ErrorsOutside = files, total.Games, total.GamesWithErrors, total.Errors+notPGN, total.ErrorsOutside+notPGN
	r.Warnings, r.Skipped, r.Plies = total.Warnings, total.Skipped, total.Plies
	if err := r.Summary(); err != nil {
		return nil, nil, sum, err
	}
	pieces = append(pieces, piece(ordinal, b.Bytes()))
	sum.Shards = ordinal/opts.shardSteps() + 1
	return p, pieces, sum, nil
}

// seamPlan is what the render of one range needs of the seams before it:
// the games it reads before skip, in its reader's offsets, are not
// printed (a seam that the range before mended: they are no games), and
// extra errors are to be added to those counted before it, for
// --max-errors: the errors of those games, which the range before took
// away from its own count.
type seamPlan struct {
	skip  int64
	extra int
}

// walkSeams verifies that each range of a file starts where the one
// before ended, or, where the one before mended the seam between them
// (unitResult.Mended), at the false start it names, and returns what the
// render of each range needs of the seams (seamPlan). A range of a plain
// file in which no game starts, which the one before read past, holds
// nothing, and its seam holds. It reports false where a seam does not
// hold: the file is then read again whole. It only compares offsets and
// adds up counts; it reads nothing.
func walkSeams(ranges []unitResult) ([]seamPlan, bool) {
	out := make([]seamPlan, len(ranges))
	var base int64                   // where the decoded text of a frame group starts in the file's
	want, alt := int64(0), int64(-1) // where the next range is to start, in the file's offsets
	cover := int64(-1)               // the end of the text a mend covers, while it lasts
	pending := 0                     // the errors of that text not yet met
	for k := range ranges {
		r := &ranges[k]
		at := base + r.Start
		if k > 0 {
			if len(r.Unit.Frames) == 0 && !r.Mended && r.Start >= r.Unit.End && r.Records == 0 && at <= want {
				r.Start, r.End = want, want // no game starts in it
				continue
			}
			switch {
			case alt >= 0 && at != alt, alt < 0 && at != want:
				return nil, false
			}
		}
		if cover >= 0 {
			if at >= cover || r.Mended {
				return nil, false
			}
			out[k] = seamPlan{skip: cover - base + r.Prev, extra: pending}
			if pending -= r.Count.Errors; base+r.End >= cover {
				cover, pending = -1, 0
			}
		}
		want, alt = base+r.End, -1
		if r.Mended {
			alt, cover, pending = base+r.Seam, want, r.Mirror.Errors
		}
		base += r.Decoded
	}
	return out, cover < 0
}

// renderRange prints the games of one range as pgnc check prints them,
// placed by e: with --max-errors, it prints what the errors before it
// leave to print.
func renderRange(opts Options, codes report.Codes, name string, games []gameResult, e planEntry) ([]byte, error) {
	ro := report.Options{JSON: opts.JSON, Syntax: opts.Syntax, Codes: codes}
	if opts.MaxErrors > 0 {
		if e.ErrorsBefore >= opts.MaxErrors {
			return nil, nil
		}
		ro.MaxErrors = opts.MaxErrors - e.ErrorsBefore
	}
	var b bytes.Buffer
	r := report.New(&b, ro)
	for _, g := range games {
		if g.At < e.SkipBefore {
			continue // no game: the range before read this text (seam.go)
		}
		index := g.Index
		if index > 0 {
			index += e.Games
		}
		var diags diag.List
		for _, l := range g.Diags {
			diags = append(diags, l.Diagnostic)
		}
		locate := func(i int) diag.Located {
			l := g.Diags[i].Shift(e.Lines)
			l.File = name
			l.Offset += int(e.Shift)
			l.EndOffset += int(e.Shift)
			for k := range l.LocatedFixes { // Shift copied them
				l.LocatedFixes[k].Offset += int(e.Shift)
				l.LocatedFixes[k].EndOffset += int(e.Shift)
			}
			if l.Game != 0 {
				l.Game = index
			}
			return l
		}
		if _, err := r.Game(report.Game{Index: index, Tags: g.Players, Diags: diags, Locate: locate}); err != nil {
			return nil, err
		}
	}
	return b.Bytes(), nil
}

// renderFn prints the games of a range with diagnostics, placed by the
// plan (a side input, the settle step's output), unless settle read the
// range again and printed it itself.
type renderFn struct {
	Opts  Options
	plan  plan
	codes report.Codes
}

func (fn *renderFn) ProcessElement(ctx context.Context, b []byte, side func(*[]byte) bool, emit func([]byte)) error {
	if fn.plan == nil {
		var enc []byte
		if !side(&enc) {
			return errors.New("the plan of the ranges is missing")
		}
		var p plan
		if err := decodeGob(enc, &p); err != nil {
			return err
		}
		codes, err := report.ParseCodes(fn.Opts.Ignore, fn.Opts.WarnAsError)
		if err != nil {
			return err
		}
		fn.plan, fn.codes = p, codes
	}
	var rg rangeGames
	if err := decodeGob(b, &rg); err != nil {
		return err
	}
	e, ok := fn.plan[rg.Key]
	if !ok {
		return fmt.Errorf("%s: the range at %d is not in the plan", rg.Name, rg.Key.Pos)
	}
	if e.Replaced {
		return nil
	}
	text, err := renderRange(fn.Opts, fn.codes, rg.Name, rg.Games, e)
	if err != nil || len(text) == 0 {
		return err
	}
	emit(piece(e.Ordinal, text))
	return nil
}

// SplitOutput returns the report in out, the pipeline's output, and the
// summary in the line of JSON that ends it.
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
