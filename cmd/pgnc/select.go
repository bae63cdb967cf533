package main

import (
	"bufio"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/export"
	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/input"
	"github.com/pgnc/pgnc/internal/query"
	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/model"
	"github.com/spf13/pflag"
)

// selectUsage is the key of select's usage in the catalogs of internal/i18n.
const selectUsage = "help.select"

type selectFlags struct {
	set      *pflag.FlagSet
	format   string
	count    bool
	invert   bool
	first    int
	dir      string
	split    int
	splitBy  string
	jobs     int
	encoding encodingFlag
}

func newSelectFlags(out io.Writer) *selectFlags {
	f := &selectFlags{set: pflag.NewFlagSet("select", pflag.ContinueOnError)}
	f.set.SetOutput(out)
	f.set.StringVar(&f.format, "format", "", msg.Sprintf("how selected games are written: as they stand in the input (the default), pgn (the export format) or ndjson (one JSON object a line)"))
	f.set.BoolVar(&f.count, "count", false, msg.Sprintf("write only how many games were selected and read"))
	f.set.BoolVarP(&f.invert, "invert", "v", false, msg.Sprintf("select the games for which QUERY does not hold"))
	f.set.IntVar(&f.first, "first", 0, msg.Sprintf("stop after this many selected games (0: no limit)"))
	f.set.StringVarP(&f.dir, "output", "o", "", msg.Sprintf("write the selected games into files in this directory (with --split or --split-by)"))
	f.set.IntVar(&f.split, "split", 0, msg.Sprintf("with -o: files of this many games each, 1.pgn, 2.pgn, …"))
	f.set.StringVar(&f.splitBy, "split-by", "", msg.Sprintf("with -o: one file per value of this tag, named after the value"))
	addJobsFlag(f.set, &f.jobs, msg.Sprintf("read with this many goroutines (at least 1; more than 4 per core counts as 4 per core); the output order stays that of the input"))
	addEncodingFlag(f.set, &f.encoding)
	return f
}

func runSelect(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newSelectFlags(stderr)
	flags.set.Usage = func() {
		printUsage(stdout, msg.Help(selectUsage), flags.set)
	}
	if code, ok := parseFlags(flags.set, "select", args, stderr); !ok {
		return code
	}
	args = flags.set.Args()
	switch {
	case len(args) == 0:
		msg.Fprintf(stderr, "pgnc select: no QUERY: pgnc select QUERY FILE...; 'pgnc help select' lists the terms\n")
		return exitUsage
	case flags.format != "" && flags.format != "pgn" && flags.format != "ndjson":
		msg.Fprintf(stderr, "pgnc select: --format %q is not pgn or ndjson\n", flags.format)
		return exitUsage
	case (flags.split > 0 || flags.splitBy != "") && flags.dir == "":
		msg.Fprintf(stderr, "pgnc select: --split and --split-by write into a directory: give it with -o DIR\n")
		return exitUsage
	case flags.dir != "" && (flags.split > 0) == (flags.splitBy != ""):
		msg.Fprintf(stderr, "pgnc select: -o DIR takes --split N or --split-by TAG, one of them\n")
		return exitUsage
	case flags.dir != "" && flags.count:
		msg.Fprintf(stderr, "pgnc select: --count writes no games; leave out -o\n")
		return exitUsage
	case !atLeast("select", "first", flags.first, 0, stderr) || !atLeast("select", "split", flags.split, 0, stderr) || !jobsValid("select", &flags.jobs, stderr):
		return exitUsage
	}
	q, err := query.Parse(args[0])
	if err != nil {
		var qe *query.Error
		if errors.As(err, &qe) {
			printQueryError(stderr, qe)
		}
		return exitUsage
	}
	inputs := inputArgs(args[1:], stdin)
	if len(inputs) == 0 {
		msg.Fprintf(stderr, "pgnc select: no input files (use - for standard input)\n")
		return exitUsage
	}
	out := bufio.NewWriterSize(stdout, 1<<16)
	defer out.Flush()
	s := &selector{flags: flags, q: q, out: out, stderr: stderr}
	if flags.dir != "" {
		if err := os.MkdirAll(flags.dir, 0o755); err != nil {
			msg.Fprintf(stderr, "pgnc: %v\n", err)
			return exitUsage
		}
		s.files = &splitFiles{dir: flags.dir, ext: ".pgn", open: map[string]*splitFile{}, created: map[string]bool{}}
		if flags.format == "ndjson" {
			s.files.ext = ".ndjson"
		}
	}
	code := exitClean
	for _, arg := range inputs {
		if s.done() {
			break
		}
		eachInput(arg, stdin, openOptions{jobs: flags.jobs, stderr: stderr}, func(in *input.Source, err error) {
			if err != nil {
				msg.Fprintf(stderr, "pgnc: %v\n", err)
				code = exitUsage
				return
			}
			defer in.Close()
			if s.done() {
				return
			}
			if err := s.read(in); err != nil {
				msg.Fprintf(stderr, "pgnc: %s: %v\n", diag.Printable(in.Name), err)
				code = exitUsage
			}
		})
	}
	if s.files != nil {
		if err := s.files.close(); err != nil && s.err == nil {
			s.err = err
		}
	}
	if s.err != nil {
		msg.Fprintf(stderr, "pgnc: %v\n", s.err)
		return exitUsage
	}
	if flags.count {
		msg.Fprintf(out, "selected: %d\nread: %d\n", s.selected, s.read_)
	}
	if s.untestedGames > 0 && code == exitClean {
		code = exitProblems
	}
	return code
}

// printQueryError prints a query that does not parse as a compiler
// does: the message, the query, and a caret under the fault.
func printQueryError(w io.Writer, e *query.Error) {
	line, caret := e.Caret()
	msg.Fprintf(w, "query:1:%d: error: %s\n", e.Column(), queryMessage(e))
	fmt.Fprintf(w, "  %s\n  %s\n", line, caret)
}

// queryMessage returns the message of a query's error in the language of
// the run.
func queryMessage(e *query.Error) string {
	a := func(i int) string {
		if i < len(e.Args) {
			return e.Args[i]
		}
		return ""
	}
	switch e.Code {
	case query.ErrEmpty:
		return msg.Sprintf("the query is empty: give a term, such as white ~ \"Carlsen\"")
	case query.ErrChar:
		return msg.Sprintf("unexpected character '%s'", a(0))
	case query.ErrOpenString:
		return msg.Sprintf("the string is not closed: a \" is missing")
	case query.ErrExpectValue:
		return msg.Sprintf("expected a value after '%s'", a(0))
	case query.ErrExpectNumber:
		return msg.Sprintf("expected a number after '%s'", a(0))
	case query.ErrEnd:
		return msg.Sprintf("the query ends after '%s': a term or a value is missing", a(0))
	case query.ErrUnclosed:
		return msg.Sprintf("'(' is not closed: a ')' is missing")
	case query.ErrUnexpected:
		return msg.Sprintf("unexpected '%s' after '%s'", a(0), a(1))
	case query.ErrUnexpectedFirst:
		return msg.Sprintf("unexpected '%s' at the start of the query", a(0))
	case query.ErrUnknown:
		return msg.Sprintf("unknown term '%s'; 'pgnc help select' lists the terms", a(0))
	case query.ErrUnknownSuggest:
		return msg.Sprintf("unknown term '%s'; did you mean '%s'?", a(0), a(1))
	case query.ErrNeedsCompare:
		return msg.Sprintf("'%s' needs a comparison, such as %s", a(0), a(1))
	case query.ErrNoCompare:
		return msg.Sprintf("'%s' takes no comparison", a(0))
	case query.ErrBadOp:
		return msg.Sprintf("'%s' does not take '%s'", a(0), a(1))
	case query.ErrNotNumber:
		return msg.Sprintf("'%s' is not a number", a(0))
	case query.ErrRegexp:
		return msg.Sprintf("bad regular expression: %s", a(0))
	case query.ErrFEN:
		return msg.Sprintf("bad FEN: %s", queryDetail(e))
	case query.ErrPattern:
		return msg.Sprintf("bad pattern: %s", queryDetail(e))
	case query.ErrMaterial:
		return msg.Sprintf("bad material: %s", queryDetail(e))
	case query.ErrMove:
		return msg.Sprintf("move '%s' of the sequence: %s", a(0), a(1))
	case query.ErrDate:
		return msg.Sprintf("'%s' is not a date: write YYYY, YYYY.MM or YYYY.MM.DD, where ?? may stand for a part", a(0))
	case query.ErrECO:
		return msg.Sprintf("'%s' is not an ECO code (A00 to E99)", a(0))
	case query.ErrWhere:
		return msg.Sprintf("'%s' applies to position, pattern, material, to move, eval and clock terms, not to this one", a(0))
	case query.ErrSide:
		return msg.Sprintf("'to move' takes white or black, not '%s'", a(0))
	case query.ErrCode:
		return msg.Sprintf("'%s' is not a diagnostic code such as PGN301", a(0))
	case query.ErrClock:
		return msg.Sprintf("'%s' is not a clock time such as 1:30:00 or a number of seconds", a(0))
	}
	return e.Error()
}

// selector writes the games a query selects.
type selector struct {
	flags    *selectFlags
	q        *query.Query
	out      *bufio.Writer
	files    *splitFiles // -o DIR
	selected int
	read_    int
	err      error // writing the output failed
	stderr   io.Writer
	// untestedGames counts the games too long to test (untested).
	untestedGames int
	games         sync.Pool
	tags          sync.Pool // of *model.Tags, for skipMovetext
}

// done reports whether selecting is over: --first reached, or the output
// failed.
func (s *selector) done() bool {
	return s.err != nil || s.flags.first > 0 && s.selected >= s.flags.first
}

// picked is what Prepare returns for a game the query selects, when the
// game is written as it stands (or only counted).
var picked = []byte{1}

// readOptions are the reader options the query and the format need: the
// tag section alone for a query on tags whose games are written as they
// stand.
func (s *selector) readOptions() reader.Options {
	// A game too long to hold whole is read in parts, and not tested
	// (untested).
	opts := reader.Options{Workers: s.flags.jobs, Encoding: s.flags.encoding.enc, Language: s.flags.encoding.letters.lang, Catalog: msg.Diag, Prepare: s.prepare,
		InParts: true, PartSize: wholeGameLimit}
	switch {
	case s.q.Needs() == query.NeedTags && s.flags.format == "":
		opts.SyntaxOnly, opts.ReuseText, opts.SkipComments = true, true, true
		opts.SkipMovetext = func([]*ast.TagPair) int { return 0 }
	case s.q.Positional() && s.flags.format == "":
		// The positions of the check's replay, without a model, most of
		// them replayed as the games are parsed; read writes each game
		// before it asks for the next, so the text's memory is reused.
		// Comments are left out of the trees: no positional term reads
		// them.
		opts.ReuseText, opts.ReplayWhileParsing, opts.SkipComments, opts.SkipMovetext = true, true, true, s.skipMovetext
		opts.NewWatcher = func() reader.PositionWatcher { return query.NewWatch(s.q) }
		opts.Prepare, opts.PrepareWatched = nil, s.prepareWatched
	default:
		opts.Model, opts.ReuseMemory = true, true
		opts.SkipMovetext = s.skipMovetext
	}
	return opts
}

// skipMovetext says, on a reader's worker, how much of a game's movetext
// the query needs (reader.Options.SkipMovetext): none when the tags decide
// that the game is not selected, or that it is and its bytes are written
// as they stand; the first moves only for a positional query that looks no
// further, such as starts; otherwise all of it.
func (s *selector) skipMovetext(pairs []*ast.TagPair) int {
	var match, decided bool
	if s.q.ReadsTags() {
		tags, _ := s.tags.Get().(*model.Tags)
		if tags == nil {
			tags = new(model.Tags)
		}
		*tags = (*tags)[:0]
		for _, t := range pairs {
			*tags = append(*tags, model.Tag{Name: t.Name, Value: t.Value})
		}
		match, decided = s.q.DecideByTags(*tags)
		clear(*tags)
		s.tags.Put(tags)
	}
	switch {
	case decided && (match == s.flags.invert || s.flags.format == ""):
		return 0
	case !decided && s.flags.format == "" && s.q.Positional():
		return s.q.MovesNeeded()
	}
	return -1
}

// prepare tests a game on a reader's worker and, when it is selected,
// renders it in the output format: nil for a game not selected.
func (s *selector) prepare(g *reader.Game) []byte { return s.test(g, nil) }

// prepareWatched is prepare for a game whose main line w watched.
func (s *selector) prepareWatched(g *reader.Game, w reader.PositionWatcher) []byte {
	return s.test(g, w.(*query.Watch))
}

// test is prepare, with the positions of w where it is not nil.
func (s *selector) test(g *reader.Game, w *query.Watch) []byte {
	if g.AST.Parts > 0 {
		return s.untested(g)
	}
	qg, _ := s.games.Get().(*query.Game)
	if qg == nil {
		qg = new(query.Game)
	}
	if w != nil {
		qg.ResetWatched(g.Tags, g.Diags, w, g.AST)
	} else {
		qg.Reset(g.Tags, g.Model, g.Diags)
	}
	selected := s.q.Match(qg) != s.flags.invert
	qg.Reset(nil, nil, nil)
	s.games.Put(qg)
	if !selected {
		return nil
	}
	return s.render(g)
}

// render renders g, a selected game, in the output format: picked when
// it is written as it stands or only counted.
func (s *selector) render(g *reader.Game) []byte {
	if s.flags.count || s.flags.format == "" {
		return picked
	}
	complete := g.Model != nil && g.Model.Complete && !g.AST.Broken
	b := takeBuffer()
	switch {
	case s.flags.format == "ndjson" && complete:
		return export.AppendJSONAfterIndex(b, g.Model, g.File.Base())
	case s.flags.format == "ndjson":
		return export.AppendJSONErrorAfterIndex(b, msg.Sprintf("its moves could not be replayed"), g.Tags, g.File.Base()+g.From, g.File.Base()+g.To)
	case complete:
		return export.AppendGame(b, g.Model, export.Options{})
	}
	// A game that cannot be replayed is written as it stands.
	return append(append(b, g.File.Src()[g.From:g.To]...), "\n\n"...)
}

// untested stands for test for a game too long to hold whole, which the
// reader checked in parts (reader.Options.InParts): with neither its moves
// nor, when its tag section is the long part, all its tags, the query
// cannot be tested, and the game is taken as not matching. It gets PGN904,
// which read reports.
func (s *selector) untested(g *reader.Game) []byte {
	g.Diags = append(g.Diags[:len(g.Diags):len(g.Diags)], tooLong(g))
	if !s.flags.invert {
		return nil
	}
	return s.render(g) // not complete: it has no model
}

// read selects the games of one input.
func (s *selector) read(in *input.Source) error {
	var rd *reader.Reader
	if file, size, ok := in.ReaderAt(); ok {
		rd = reader.NewFile(file, size, in.Name, s.readOptions())
	} else {
		rd = reader.New(in, in.Name, s.readOptions())
	}
	defer rd.Close()
	for !s.done() {
		g, err := rd.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if g.Index == 0 {
			continue
		}
		s.read_++
		for _, d := range g.Diags {
			if d.Code == diag.TooLong {
				d.Game = g.Index
				diag.WriteText(s.stderr, g.File, d, msg.Diag)
				msg.Fprintf(s.stderr, "pgnc select: game %d of %s is not tested, too long to hold: it is taken as not matching the query\n", g.Index, diag.Printable(in.Name))
				s.untestedGames++
			}
		}
		if g.Prepared == nil {
			continue
		}
		s.selected++
		if s.flags.count {
			continue
		}
		w := io.Writer(s.out)
		if s.files != nil {
			name := strconv.Itoa((s.selected-1)/max(s.flags.split, 1) + 1)
			if s.flags.splitBy != "" {
				value, ok := g.Tags.Lookup(s.flags.splitBy)
				name = safeName(value, ok)
			}
			if w, err = s.files.writer(name); err != nil {
				s.err = err
				return nil
			}
		}
		s.write(w, g)
	}
	return nil
}

// write writes one selected game.
func (s *selector) write(w io.Writer, g *reader.Game) {
	var err error
	switch s.flags.format {
	case "":
		if _, err = io.WriteString(w, g.File.Src()[g.From:g.To]); err == nil {
			_, err = io.WriteString(w, "\n\n")
		}
	case "ndjson":
		if _, err = io.WriteString(w, `{"index":`+strconv.Itoa(g.Index)); err == nil {
			if _, err = w.Write(g.Prepared); err == nil {
				_, err = io.WriteString(w, "\n")
			}
		}
		giveBuffer(g.Prepared)
	default:
		_, err = w.Write(g.Prepared)
		giveBuffer(g.Prepared)
	}
	if err != nil && s.err == nil {
		s.err = err
	}
}

// safeName returns the name of the file of a tag's value: the value where
// it is letters, digits, "-", "_" and inner "."; otherwise those with "_"
// for the rest and a hash of the value, so that two values never share a
// file. A game without the tag goes to "_none".
func safeName(value string, ok bool) string {
	if !ok {
		return "_none"
	}
	var b strings.Builder
	for i, r := range value {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.' && i > 0:
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
		if b.Len() >= 80 {
			break
		}
	}
	name := b.String()
	if name == value && name != "" && name != "_none" && !strings.HasSuffix(name, ".") {
		return name
	}
	h := fnv.New32a()
	h.Write([]byte(value))
	return fmt.Sprintf("%s-%08x", name, h.Sum32())
}

// splitFiles are the files of -o DIR, opened as games come and kept open,
// up to maxOpen of them at a time: beyond that they are all closed, and
// reopened for appending.
type splitFiles struct {
	dir     string
	ext     string
	open    map[string]*splitFile
	created map[string]bool
}

type splitFile struct {
	f *os.File
	w *bufio.Writer
}

const maxOpen = 128

// writer returns the writer of file name, created empty the first time.
func (sf *splitFiles) writer(name string) (io.Writer, error) {
	if f, ok := sf.open[name]; ok {
		return f.w, nil
	}
	if len(sf.open) >= maxOpen {
		if err := sf.close(); err != nil {
			return nil, err
		}
	}
	mode := os.O_WRONLY | os.O_CREATE | os.O_APPEND
	if !sf.created[name] {
		mode = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		sf.created[name] = true
	}
	f, err := os.OpenFile(filepath.Join(sf.dir, name+sf.ext), mode, 0o644)
	if err != nil {
		return nil, err
	}
	file := &splitFile{f: f, w: bufio.NewWriterSize(f, 1<<16)}
	sf.open[name] = file
	return file.w, nil
}

// close flushes and closes the open files.
func (sf *splitFiles) close() error {
	var first error
	for name, f := range sf.open {
		if err := f.w.Flush(); err != nil && first == nil {
			first = err
		}
		if err := f.f.Close(); err != nil && first == nil {
			first = err
		}
		delete(sf.open, name)
	}
	return first
}
