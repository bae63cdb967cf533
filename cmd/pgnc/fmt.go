package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/export"
	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/charset"
	"github.com/pgnc/pgnc/internal/input"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/internal/report"
	"github.com/spf13/pflag"
)

// fmtUsage is the key of fmt's usage in the catalogs of internal/i18n.
const fmtUsage = "help.fmt"

type fmtFlags struct {
	set          *pflag.FlagSet
	write, list  bool
	check        bool
	diff         bool
	quiet        bool
	width        int
	strip        string
	keepSuffixes bool
	jobs         int
	maxGameBytes int
	encoding     encodingFlag
	spelling     spellingFlags
	codes        codeFlags
	eco          bool // add or correct the ECO and Opening tags
}

// readOptions are the reader options the flags ask for. With --eco, its
// Prepare gives each game fmt writes out its ECO and Opening tags (see
// formatGames).
func (f *fmtFlags) readOptions() reader.Options {
	o := reader.Options{Workers: f.jobs, Encoding: f.encoding.enc, Language: f.encoding.letters.lang, MaxGameBytes: f.maxGameBytes, Catalog: msg.Diag,
		InParts: true, PartSize: wholeGameLimit}
	if f.eco {
		o.Prepare = func(g *reader.Game) []byte {
			setOpening(g.Model)
			return nil
		}
	}
	return o
}

// wholeGameLimit is how many tag pairs or elements of movetext a game may
// have for fmt and convert to hold it whole, its tree and model taking
// about 250 bytes each: a longer game is checked in parts
// (reader.Options.InParts) and left as it is, with PGN904, so that no game
// costs gigabytes. Real games have a few hundred.
const wholeGameLimit = 1 << 20

// tooLong is the diagnostic of a game that was checked in parts, which fmt
// and convert leave as it is.
func tooLong(g *reader.Game) diag.Diagnostic {
	return diag.Diagnostic{Code: diag.TooLong, Start: g.AST.From, End: g.AST.From, Game: g.Index, Args: []diag.Arg{diag.ValueArg("limit", strconv.Itoa(wholeGameLimit))}}
}

func newFmtFlags(out io.Writer) *fmtFlags {
	f := &fmtFlags{set: pflag.NewFlagSet("fmt", pflag.ContinueOnError)}
	f.set.SetOutput(out)
	f.set.BoolVarP(&f.write, "write", "w", false, msg.Sprintf("rewrite each FILE in place (atomically: a temporary file is renamed over it); a file that another program changed meanwhile is left as it is (exit 2)"))
	f.set.BoolVarP(&f.list, "list", "l", false, msg.Sprintf("list the files whose formatting differs, write nothing else"))
	f.set.BoolVar(&f.check, "check", false, msg.Sprintf("exit 1 when a file is not in export format"))
	f.set.BoolVarP(&f.diff, "diff", "d", false, msg.Sprintf("print a unified diff (FILE.orig to FILE) for each file whose formatting differs, write nothing else"))
	f.set.BoolVarP(&f.quiet, "quiet", "q", false, msg.Sprintf("no progress bar (it shows only when standard error is a terminal)"))
	f.set.IntVar(&f.width, "width", 79, msg.Sprintf("longest movetext line"))
	f.set.StringVar(&f.strip, "strip", "", msg.Sprintf("comma-separated parts to leave out: comments, variations, nags, clock"))
	f.set.BoolVar(&f.keepSuffixes, "keep-suffixes", false, msg.Sprintf("write suffix annotations as written (!?) instead of as NAGs ($5)"))
	f.set.BoolVar(&f.eco, "eco", false, msg.Sprintf("add or correct the ECO and Opening tags: the opening the moves reach, named by position from the lichess opening names"))
	addJobsFlag(f.set, &f.jobs, msg.Sprintf("format with this many goroutines (at least 1; more than 4 per core counts as 4 per core); the output order stays that of the input"))
	f.set.IntVar(&f.maxGameBytes, "max-game-bytes", reader.DefaultMaxGameBytes, msg.Sprintf("most bytes read without a game boundary, at least %d; input past such a cut cannot be copied through, so fmt then fails (exit 2) and -w leaves the file as it is", minGameBytes))
	addEncodingFlag(f.set, &f.encoding)
	f.spelling.add(f.set)
	f.codes.add(f.set)
	return f
}

func (f *fmtFlags) options() (export.Options, error) {
	opts := export.Options{Width: f.width, KeepSuffixes: f.keepSuffixes}
	f.spelling.apply(&opts)
	for _, part := range strings.Split(f.strip, ",") {
		switch strings.TrimSpace(part) {
		case "":
		case "comments":
			opts.StripComments = true
		case "variations":
			opts.StripVariations = true
		case "nags":
			opts.StripNAGs = true
		case "clock":
			opts.StripClock = true
		default:
			return opts, msg.Errorf("unknown --strip part %q (want comments, variations, nags or clock)", part)
		}
	}
	return opts, nil
}

func runFmt(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFmtFlags(stderr)
	flags.set.Usage = func() {
		printUsage(stdout, msg.Help(fmtUsage), flags.set)
	}
	if code, ok := parseFlags(flags.set, "fmt", args, stderr); !ok {
		return code
	}
	opts, err := flags.options()
	if err != nil {
		msg.Fprintf(stderr, "pgnc fmt: %v\n", err)
		return exitUsage
	}
	if !jobsValid("fmt", &flags.jobs, stderr) || !atLeast("fmt", "max-game-bytes", flags.maxGameBytes, minGameBytes, stderr) {
		return exitUsage
	}
	codes, err := flags.codes.policy()
	if err != nil {
		msg.Fprintf(stderr, "pgnc fmt: %v\n", err)
		return exitUsage
	}
	args = inputArgs(flags.set.Args(), stdin)
	if len(args) == 0 {
		msg.Fprintf(stderr, "pgnc fmt: no input files (use - for standard input)\n")
		return exitUsage
	}
	if flags.write {
		defer removeOnSignal()()
	}
	progress := newProgress(stderr, flags.quiet)
	defer progress.finish()
	stdout, stderr, _ = progress.writers(stdout, stderr)
	code := exitClean
	for _, arg := range args {
		if arg == "-" && flags.write {
			msg.Fprintf(stderr, "pgnc fmt: -w cannot rewrite standard input\n")
			return exitUsage
		}
		if info, err := os.Stat(arg); err == nil && !info.IsDir() && !info.Mode().IsRegular() && (flags.write || flags.list) {
			// Opening a FIFO would wait for a writer.
			msg.Fprintf(stderr, "pgnc: %s is not a regular file; -w and -l read regular files only\n", arg)
			code = exitUsage
			continue
		}
		eachInput(arg, stdin, openOptions{jobs: flags.jobs, progress: progress, stderr: stderr}, func(in *input.Source, err error) {
			if err == nil {
				defer in.Close()
			}
			var res fmtResult
			if err == nil {
				res, err = fmtOne(in, stdout, stderr, flags, opts, codes, progress)
			}
			if err != nil {
				progress.finish()
				msg.Fprintf(stderr, "pgnc: %v\n", err)
				code = exitUsage
				return
			}
			name := diag.Printable(in.Name)
			if res.errs > 0 && flags.comparing() {
				// The games with errors are copied through: the file
				// cannot be put in export format by fmt, and is not
				// listed or diffed, which would say that fmt -w fixes it.
				progress.finish()
				msg.Fprintf(stderr, "%s: cannot be formatted: %d errors\n", name, res.errs)
				code = exitUsage
				return
			}
			if res.errs > 0 && code == exitClean {
				code = exitProblems
			}
			if !res.changed {
				return
			}
			if flags.list {
				fmt.Fprintln(stdout, name)
			}
			if flags.diff {
				stdout.Write(res.diff)
			}
			if flags.check {
				progress.finish()
				msg.Fprintf(stderr, "%s: not in export format\n", name)
				if code == exitClean {
					code = exitProblems
				}
			}
		})
	}
	return code
}

// comparing reports whether fmt compares each file with its export format
// (-l, -d, --check) rather than only writing it.
func (f *fmtFlags) comparing() bool { return f.list || f.diff || f.check }

// fmtResult is what fmtOne found of one input.
type fmtResult struct {
	errs    int    // errors in its games
	changed bool   // its export format differs from it (-w, -l, -d, --check)
	diff    []byte // for -d, the diff from its decoded text to its export format
}

// fmtOne formats one input. Without -w, -l, -d or --check it streams to
// stdout. Otherwise it compares the SHA-256 of the decoded input with that
// of the output, and -w writes a temporary file next to the input and
// renames it over the input when they differ. -d builds the diff as the
// games go (see differ) and holds it until the end, since a file with
// errors, found at any game, is not diffed.
func fmtOne(in *input.Source, stdout, stderr io.Writer, flags *fmtFlags, opts export.Options, codes report.Codes, p *progress) (res fmtResult, err error) {
	if flags.write && (in.Format != input.Text || in.Path == "") {
		how := msg.Sprintf("%s-compressed files", in.Format)
		switch {
		case in.Format == input.Zip:
			how = msg.Sprintf("members of zip archives")
		case in.Format == input.UTF16LE || in.Format == input.UTF16BE:
			how = msg.Sprintf("UTF-16 files") // fmt writes UTF-8
		case in.Path == "":
			how = msg.Sprintf("standard input")
		}
		return res, msg.Errorf("%s: -w does not rewrite %s; write to standard output instead", in.Name, how)
	}
	if !flags.write && !flags.comparing() {
		out := bufio.NewWriter(stdout)
		res.errs, err = formatGames(in.Name, in, out, opts, flags.readOptions(), codes, stderr, p, nil)
		if ferr := out.Flush(); err == nil {
			err = ferr
		}
		return res, err
	}
	inSum, outSum := sha256.New(), sha256.New()
	var sink io.Writer = outSum
	var tmp *os.File
	var target string
	var info fs.FileInfo
	if flags.write {
		if target, info, err = rewritable(in.Path); err != nil {
			return res, err
		}
		// A rename works only within one file system: the temporary
		// file is made next to the file it replaces.
		if tmp, err = createTemp(filepath.Dir(target)); err != nil {
			return res, err
		}
		defer forgetTemp(tmp.Name()) // after a rename, nothing is left to remove
		defer tmp.Close()
		sink = io.MultiWriter(tmp, outSum)
	}
	var read byteCount // what replace checks the file still holds
	var seen io.Writer = io.MultiWriter(inSum, &read)
	var d *differ
	var mark func(end int64)
	if flags.diff {
		name := diag.Printable(in.Name)
		d = &differ{hunks: hunkWriter{header: "diff " + name + ".orig " + name + "\n--- " + name + ".orig\n+++ " + name + "\n"}}
		seen, sink = io.MultiWriter(seen, oldWriter{d}), io.MultiWriter(sink, newWriter{d})
	}
	out := bufio.NewWriter(sink)
	if d != nil {
		mark = func(end int64) {
			out.Flush() // an error stays, for the Flush below
			d.mark(end)
		}
	}
	if res.errs, err = formatGames(in.Name, io.TeeReader(in, seen), out, opts, flags.readOptions(), codes, stderr, p, mark); err != nil {
		return res, err
	}
	if err := out.Flush(); err != nil {
		return res, err
	}
	if res.changed = !bytes.Equal(inSum.Sum(nil), outSum.Sum(nil)); res.changed && d != nil && res.errs == 0 {
		res.diff = d.result()
	}
	if !res.changed || !flags.write {
		return res, nil
	}
	return res, replace(target, info, int64(read), tmp)
}

// formatStream formats the games of in onto out, one at a time, so that
// memory stays flat. Games with errors are copied through unchanged; their
// diagnostics go to stderr. Text between games is kept (see keeper). It
// returns the number of errors. The games are written out on the reader's
// workers (reader.Options.Prepare), which reuse the memory of trees and
// models, and only copied to out here, in order. What fmt writes depends
// only on the input, never on how the reader cut it into pieces: the text
// between games and the games copied through are written here, in input
// order, from the reader's Gap and the games' spans.
func formatStream(name string, in io.Reader, out io.Writer, opts export.Options, read reader.Options, codes report.Codes, stderr io.Writer) (int, error) {
	return formatGames(name, in, out, opts, read, codes, stderr, nil, nil)
}

// formatGames is formatStream, counting the games and their errors on p
// (which may be nil), and calling mark, when not nil, after each game it
// formats with the offset in the input where the game ends (see differ).
// read.Prepare, when set, is called on the reader's workers for each game
// that is formatted, before it is written out, to change its model (fmt
// --eco); what it returns is not used.
func formatGames(name string, in io.Reader, out io.Writer, opts export.Options, read reader.Options, codes report.Codes, stderr io.Writer, p *progress, mark func(end int64)) (int, error) {
	read.Model, read.ReuseMemory = true, true
	change := read.Prepare
	// fmt writes UTF-8 only: text it copies is transcoded from
	// Windows-1252 where the game was read as such, and counted for one
	// warning at the end.
	var transcoded int
	utf8Text := func(text string) string {
		if read.Encoding == parser.Latin1 || !utf8.ValidString(text) {
			if decoded := charset.Decode(text); decoded != text {
				transcoded++
				return decoded
			}
		}
		return text
	}
	defer func() {
		if transcoded > 0 {
			msg.Fprintf(stderr, "pgnc fmt: %s: %d texts that were not UTF-8 copied as UTF-8, read as Windows-1252 (Latin-1)\n", name, transcoded)
		}
	}()
	read.Prepare = func(g *reader.Game) []byte {
		if g.AST.Parts > 0 {
			g.Diags = append(g.Diags, tooLong(g))
		}
		what, ok := "", exportable(g, codes)
		if ok {
			if what = exportLoses(g.AST); what == "" && hasCode(g.Diags, diag.DuplicateTag) {
				what = diag.Phrase("a second tag of one name")
			}
			if what != "" {
				g.Diags = append(g.Diags, diag.Diagnostic{Code: diag.CopiedUnchanged, Start: g.AST.From, End: g.AST.From, Game: g.Index, Args: []diag.Arg{diag.PhraseArg("what", what)}})
			}
		}
		if !ok || what != "" {
			return nil // copied through by formatStream, in order
		}
		if change != nil {
			change(g)
		}
		b := takeBuffer()
		for _, e := range g.Escapes {
			b = append(append(append(b, '%'), strings.TrimRight(e, "\r")...), '\n')
		}
		return export.AppendGame(b, g.Model, opts)
	}
	rd := reader.New(in, name, read)
	defer rd.Close()
	errors := 0
	kept := keeper{out: out, lineInRun: true}
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return errors, kept.flush()
		}
		if err != nil {
			return errors, err
		}
		gameErrors := 0
		for _, d := range g.Diags {
			isError := codes.IsError(d)
			if isError {
				gameErrors++
			}
			if isError || (d.Code == diag.CopiedUnchanged || d.Code == diag.TooLong) && codes.Shown(d) {
				d.Detail = report.Where(codes.Catalog(), g.Index, g.Tags) + "\n" + d.Detail
				diag.WriteText(stderr, g.File, d, codes.Catalog())
			}
		}
		errors += gameErrors
		if g.Index > 0 {
			p.game(gameErrors)
		}
		if g.Unread > 0 {
			return errors, msg.Errorf("%s: %d bytes after a game cut at --max-game-bytes (%d) were skipped unread, and fmt cannot copy through what it has not read: raise --max-game-bytes", name, g.Unread, read.MaxGameBytes)
		}
		if err := kept.text(utf8Text(g.Gap)); err != nil {
			return errors, err
		}
		switch {
		case g.Index == 0: // text after the last game of a piece, or diagnostics outside games
		case g.Prepared == nil: // a game copied through
			if err := kept.game(utf8Text(g.File.Src()[g.From:g.To])); err != nil {
				return errors, err
			}
		default:
			if err := kept.flush(); err != nil {
				return errors, err
			}
			if _, err := out.Write(g.Prepared); err != nil {
				return errors, err
			}
			giveBuffer(g.Prepared)
			if mark != nil {
				mark(int64(g.File.Base() + g.To))
			}
		}
		if err := kept.text(utf8Text(g.After)); err != nil {
			return errors, err
		}
	}
}

// keeper writes what fmt does not format: the text between formatted games
// (stray text, escape lines outside games) and the games copied through,
// exactly as they are, in runs. A run is all the input between two
// formatted games, or before the first or after the last; one that holds
// more than white space is written from its first character that is not
// blank to its last, then a line break, and a blank line after it when it
// holds a game, as after a formatted game. Copied games and the text
// between them are thus copied byte for byte, line breaks (LF, CRLF, CR)
// included, and a game cut short in the middle of a word is followed by
// the rest of the word, as in the input. Stray text keeps the blanks that
// start its line when that line starts in the run (after a line break, or
// at the start of the input, past a byte order mark); a copied game starts
// at its first character. The runs are the same however the reader cuts
// the input into pieces: it hands out every byte, in Gap, After and the
// games' spans.
type keeper struct {
	out     io.Writer
	started bool // the run's first character that is not blank is written
	// lineInRun says that the current line of the run started in it;
	// indent holds the blanks on it, while started is not set.
	lineInRun bool
	indent    string
	held      string // the blanks after the last character written
	games     bool   // the run holds a game
}

// isBlank reports whether r is white space between games.
func isBlank(r rune) bool { return strings.ContainsRune(" \t\r\n\v\ufeff", r) }

// text adds text that is not a game's to the run.
func (k *keeper) text(text string) error {
	if text == "" {
		return nil
	}
	if !k.started {
		first := strings.IndexFunc(text, func(r rune) bool { return !isBlank(r) })
		lead := text
		if first >= 0 {
			lead = text[:first]
		}
		if i := strings.LastIndexAny(lead, "\r\n"); i >= 0 {
			k.lineInRun, k.indent = true, lead[i+1:]
		} else {
			k.indent += lead
		}
		if first < 0 {
			return nil
		}
		k.started, text = true, text[first:]
		if k.lineInRun {
			text = strings.TrimLeft(k.indent, "\ufeff") + text // a byte order mark is not text
		}
		k.indent = ""
	}
	return k.write(text, false)
}

// game adds the text of a game copied through to the run.
func (k *keeper) game(text string) error {
	if !k.started {
		k.started, k.indent, k.held = true, "", ""
	}
	return k.write(text, true)
}

// write writes text, holding back the blanks at its end.
func (k *keeper) write(text string, game bool) error {
	end := len(strings.TrimRightFunc(text, isBlank))
	if end == 0 {
		k.held += text
		return nil
	}
	if _, err := io.WriteString(k.out, k.held); err != nil {
		return err
	}
	_, err := io.WriteString(k.out, text[:end])
	k.held, k.games = text[end:], k.games || game
	return err
}

// flush ends the run: the next starts after a formatted game.
func (k *keeper) flush() error {
	started, games := k.started, k.games
	*k = keeper{out: k.out}
	switch {
	case games:
		_, err := io.WriteString(k.out, "\n\n")
		return err
	case started:
		_, err := io.WriteString(k.out, "\n")
		return err
	}
	return nil
}

// exportable reports whether g, read with its model, can be written in the
// export format: it has no error (as codes counts errors) and its main line
// was replayed whole.
func exportable(g *reader.Game, codes report.Codes) bool {
	if g.Model == nil || !g.Model.Complete {
		return false
	}
	for _, d := range g.Diags {
		if codes.IsError(d) {
			return false
		}
	}
	return true
}

// exportLoses says what of g the export format, written from the model,
// would lose, or "" for nothing: a NAG before the first move of a line,
// the comments of a variation without moves, or a game of neither tags nor
// moves (text before the first game, read as a game of comments).
func exportLoses(g *ast.Game) string {
	if len(g.Tags) == 0 && !hasMove(g.Moves) {
		return diag.Phrase("text without tags or moves")
	}
	return lineLoses(g.Moves)
}

// lineLoses is exportLoses for one line of movetext.
func lineLoses(line []ast.Element) string {
	moved := false
	for _, e := range line {
		switch e := e.(type) {
		case *ast.Move:
			moved = true
		case *ast.NAG:
			if !moved {
				return diag.Phrase("a NAG before the first move")
			}
		case *ast.Variation:
			if len(e.Elements) > 0 && !hasMove(e.Elements) {
				return diag.Phrase("a variation without moves")
			}
			if what := lineLoses(e.Elements); what != "" {
				return what
			}
		}
	}
	return ""
}

// hasCode reports whether ds holds a diagnostic of code.
func hasCode(ds diag.List, code diag.Code) bool {
	for _, d := range ds {
		if d.Code == code {
			return true
		}
	}
	return false
}

// hasMove reports whether a line of movetext holds a move.
func hasMove(line []ast.Element) bool {
	for _, e := range line {
		if _, ok := e.(*ast.Move); ok {
			return true
		}
	}
	return false
}
