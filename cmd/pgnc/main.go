// Command pgnc checks PGN files, reporting every problem the way a compiler
// does.
//
// Exit codes: 0 when no errors were found, 1 when errors were found (or
// warnings, with --strict), 2 on usage or I/O errors.
package main

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/i18n"
	"github.com/pgnc/pgnc/internal/input"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/internal/pgnreuse"
	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/internal/report"
	"github.com/pgnc/pgnc/pgn"
	"github.com/spf13/pflag"
	"golang.org/x/term"
	"golang.org/x/text/language"
)

// version says which pgnc this is: the module version and the VCS revision
// that the build recorded, or "(devel)" for a build without them.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(devel)"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var revision, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if revision != "" {
		v += " (" + revision[:min(len(revision), 12)] + modified + ")"
	}
	return v
}

// Exit codes.
const (
	exitClean    = 0
	exitProblems = 1
	exitUsage    = 2
)

func main() {
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "check":
			tuneGC(checkGCPercent)
		case "fmt", "convert":
			tuneGC(gcPercent)
		}
	}
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// usage is the key of pgnc's usage in the catalogs of internal/i18n.
const usage = "help"

// checkUsage is the key of check's usage in the catalogs of internal/i18n.
const checkUsage = "help.check"

// versionUsage and helpUsage are the keys of the usages of pgnc version
// and pgnc help in the catalogs of internal/i18n.
const (
	versionUsage = "help.version"
	helpUsage    = "help.help"
)

// run is main without the process: it returns the exit code. A failed
// write to standard output (a full disk, a closed pipe) is reported once and
// makes the exit code 2, whatever the command found.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &checkedWriter{w: stdout}
	code := runCommand(args, stdin, out, stderr)
	if out.err != nil && code != exitUsage { // exit code 2 comes with its own message
		msg.Fprintf(stderr, "pgnc: %v\n", out.err)
		code = exitUsage
	}
	return code
}

// checkedWriter remembers the first error of its writer and writes nothing
// after it, so that the command's output stops there and run can say so.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err != nil {
		var pathErr *fs.PathError
		if errors.As(err, &pathErr) {
			err = pathErr.Err // "no space left on device", without the file's name
		}
		c.err = msg.Errorf("writing standard output: %w", err)
	}
	return n, c.err
}

// msg prints pgnc's messages in the language of the run: runCommand sets
// it before the command starts.
var msg = i18n.New(language.English)

// runCommand runs the command that args name, in the language that --lang
// or the locale asks for.
func runCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	args, lang, missing := langFlag(args)
	tag, known := i18n.Choose(lang, os.Getenv)
	msg = i18n.New(tag)
	switch {
	case missing:
		msg.Fprintf(stderr, "pgnc: %v\n", msg.Errorf("flag needs an argument: %s", "--lang"))
		return exitUsage
	case !known:
		msg.Fprintf(stderr, "pgnc: --lang %q: pgnc speaks %s\n", lang, "en, es")
		return exitUsage
	}
	if len(args) == 0 {
		printUsage(stderr, msg.Help(usage), nil)
		return exitUsage
	}
	switch args[0] {
	case "check":
		return runCheck(args[1:], stdin, stdout, stderr)
	case "board":
		return runBoard(args[1:], stdin, stdout, stderr)
	case "fmt":
		return runFmt(args[1:], stdin, stdout, stderr)
	case "convert":
		return runConvert(args[1:], stdin, stdout, stderr)
	case "play":
		return runPlay(args[1:], stdin, stdout, stderr)
	case "select":
		return runSelect(args[1:], stdin, stdout, stderr)
	case "dedupe":
		return runDedupe(args[1:], stdin, stdout, stderr)
	case "explain":
		return runExplain(args[1:], stdout, stderr)
	case "lsp":
		return runLSP(args[1:], lang, stdin, stdout, stderr)
	case "version", "--version":
		if len(args) > 1 && isHelpFlag(args[1]) {
			printUsage(stdout, msg.Help(versionUsage), nil)
			return exitClean
		}
		msg.Fprintf(stdout, "pgnc %s\n", version())
		return exitClean
	case "help", "-h", "-help", "--help":
		if len(args) > 1 && args[0] == "help" {
			switch args[1] {
			case "check":
				printUsage(stdout, msg.Help(checkUsage), newCheckFlags(stdout).set)
				return exitClean
			case "board":
				printUsage(stdout, msg.Help(boardUsage), newBoardFlags(stdout).set)
				return exitClean
			case "convert":
				printUsage(stdout, msg.Help(convertUsage), newConvertFlags(stdout).set)
				return exitClean
			case "fmt":
				printUsage(stdout, msg.Help(fmtUsage), newFmtFlags(stdout).set)
				return exitClean
			case "play":
				printUsage(stdout, msg.Help(playUsage), newPlayFlags(stdout).set)
				return exitClean
			case "select":
				printUsage(stdout, msg.Help(selectUsage), newSelectFlags(stdout).set)
				return exitClean
			case "dedupe":
				printUsage(stdout, msg.Help(dedupeUsage), newDedupeFlags(stdout).set)
				return exitClean
			case "version":
				printUsage(stdout, msg.Help(versionUsage), nil)
				return exitClean
			case "explain":
				printUsage(stdout, msg.Help(explainUsage), nil)
				return exitClean
			case "lsp":
				printUsage(stdout, msg.Help(lspUsage), newLSPFlags(stdout))
				return exitClean
			case "codes":
				printCodes(stdout)
				return exitClean
			case "help", "-h", "-help", "--help":
				printUsage(stdout, msg.Help(helpUsage), nil)
				return exitClean
			}
			msg.Fprintf(stderr, "pgnc help: unknown command %q\n", args[1])
			return exitUsage
		}
		printUsage(stdout, msg.Help(usage), nil)
		return exitClean
	}
	msg.Fprintf(stderr, "pgnc: unknown command %q\nRun 'pgnc help' for usage.\n", args[0])
	return exitUsage
}

// isHelpFlag reports whether arg asks for a command's help.
func isHelpFlag(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help"
}

// checkFlags are the options of pgnc check.
type checkFlags struct {
	set       *pflag.FlagSet
	syntax    bool
	strict    bool
	format    string
	maxErrors int
	jobs      int
	quiet     bool

	maxDepth, maxGameBytes int
	maxRepeats             int
	encoding               encodingFlag
	codes                  codeFlags
	severity               string
	statistics             bool
	eco                    bool   // check the ECO tags against the openings the moves reach (PGN330)
	fix, diff              bool   // --fix, --diff (fix.go)
	fixOnly                string // --fix-only
}

func newCheckFlags(out io.Writer) *checkFlags {
	f := &checkFlags{set: pflag.NewFlagSet("check", pflag.ContinueOnError)}
	f.set.SetOutput(out)
	f.set.BoolVar(&f.syntax, "syntax", false, msg.Sprintf("stop after the grammar: lexical and syntax checks only, no move replay"))
	f.set.BoolVar(&f.strict, "strict", false, msg.Sprintf("fail (exit 1) on warnings too; not on those that --severity error leaves out"))
	f.set.StringVar(&f.severity, "severity", "warning", msg.Sprintf("the least severity shown: warning (everything) or error (errors only; the summary counts the warnings left out)"))
	f.set.BoolVar(&f.statistics, "statistics", false, msg.Sprintf("print, instead of each diagnostic, one line per code: count, code, severity and meaning, most frequent first (json: one object per code)"))
	f.set.StringVar(&f.format, "format", "text", msg.Sprintf("output format: text, json (one object per line), sarif (SARIF 2.1.0) or github (GitHub Actions annotations)"))
	addFixFlags(f)
	f.set.IntVar(&f.maxErrors, "max-errors", 0, msg.Sprintf("stop reporting after this many errors (0: no limit); counting goes on"))
	addJobsFlag(f.set, &f.jobs, msg.Sprintf("check with this many goroutines (at least 1; more than 4 per core counts as 4 per core); output order stays that of the input"))
	f.set.BoolVarP(&f.quiet, "quiet", "q", false, msg.Sprintf("no progress bar (it shows only when standard error is a terminal)"))
	f.set.IntVar(&f.maxDepth, "max-depth", parser.DefaultMaxDepth, msg.Sprintf("deepest variation nesting read, at most %d; deeper variations are skipped (PGN214)", parser.DepthCap))
	f.set.IntVar(&f.maxGameBytes, "max-game-bytes", reader.DefaultMaxGameBytes, msg.Sprintf("most bytes read without a game boundary before the input is cut (PGN215), at least %d", minGameBytes))
	f.set.IntVar(&f.maxRepeats, "max-repeats", diag.DefaultRepeats, msg.Sprintf("most diagnostics of one code shown per game; the rest are counted (PGN901, PGN902); 0: no limit"))
	f.set.BoolVar(&f.eco, "eco", false, msg.Sprintf("warn where a game's ECO tag disagrees with the opening its moves reach, named by position from the lichess opening names (PGN330)"))
	f.codes.add(f.set)
	addEncodingFlag(f.set, &f.encoding)
	return f
}

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newCheckFlags(stderr)
	flags.set.Usage = func() {
		printUsage(stdout, msg.Help(checkUsage), flags.set)
	}
	if code, ok := parseFlags(flags.set, "check", args, stderr); !ok {
		return code
	}
	if !checkFormatValid(flags, stderr) {
		return exitUsage
	}
	if flags.severity != "warning" && flags.severity != "error" {
		msg.Fprintf(stderr, "pgnc check: unknown severity %q (want warning or error)\n", flags.severity)
		return exitUsage
	}
	if !jobsValid("check", &flags.jobs, stderr) || !atLeast("check", "max-errors", flags.maxErrors, 0, stderr) ||
		!atLeast("check", "max-depth", flags.maxDepth, 1, stderr) || !atLeast("check", "max-repeats", flags.maxRepeats, 0, stderr) ||
		!atLeast("check", "max-game-bytes", flags.maxGameBytes, minGameBytes, stderr) {
		return exitUsage
	}
	codes, err := flags.codes.policy()
	if err != nil {
		msg.Fprintf(stderr, "pgnc check: %v\n", err)
		return exitUsage
	}
	if flags.maxDepth > parser.DepthCap {
		msg.Fprintf(stderr, "pgnc check: --max-depth %d is above %d, the deepest nesting every pass is tested to run through\n", flags.maxDepth, parser.DepthCap)
		return exitUsage
	}
	args = inputArgs(flags.set.Args(), stdin)
	if len(args) == 0 {
		msg.Fprintf(stderr, "pgnc check: no input files (use - for standard input)\n")
		return exitUsage
	}
	prog := newProgress(stderr, flags.quiet)
	stdout, stderr, shared := prog.writers(stdout, stderr)
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	c := checker{flags: flags, out: out, stderr: stderr, progress: prog, flushGames: shared, codes: codes,
		report: report.New(out, report.Options{JSON: flags.format == "json", SARIF: flags.format == "sarif", GitHub: flags.format == "github", ToolVersion: sarifVersion(flags.format), MaxErrors: flags.maxErrors, Syntax: flags.syntax, Codes: codes, Language: msg.Language(),
			ErrorsOnly: flags.severity == "error", Statistics: flags.statistics})}
	defer c.progress.finish()
	if flags.fix {
		if code, done := c.fix(args, stdin); done {
			return code
		}
	}
	for _, arg := range args {
		c.checkArg(arg, stdin)
	}
	if err := c.report.Summary(); err != nil {
		c.ioError(err)
	}
	switch {
	case c.ioFailed:
		return exitUsage
	case c.report.Errors > 0 || (flags.strict && c.report.Warnings > 0):
		return exitProblems
	}
	return exitClean
}

// langFlag takes --lang out of args, wherever it stands before "--": every
// command takes it, and it must be known before any of them prints.
func langFlag(args []string) (rest []string, lang string, missing bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return append(rest, args[i:]...), lang, false
		case a == "--lang":
			if i+1 == len(args) {
				return rest, "", true
			}
			lang = args[i+1]
			i++
		case strings.HasPrefix(a, "--lang="):
			lang = strings.TrimPrefix(a, "--lang=")
		default:
			rest = append(rest, a)
		}
	}
	return rest, lang, false
}

// inputArgs returns the inputs that args name: args, or, when there are
// none and standard input is not a terminal (a pipe, a file), "-".
func inputArgs(args []string, stdin io.Reader) []string {
	if len(args) > 0 {
		return args
	}
	if f, ok := stdin.(*os.File); stdin == nil || ok && term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return []string{"-"}
}

// parseFlags parses a command's arguments: flags may come before or after
// the file names, and "--" ends them. On -h or --help it has printed the
// usage and returns exit code 0; on a bad flag it says what is wrong and
// returns exit code 2; ok says to go on.
func parseFlags(set *pflag.FlagSet, command string, args []string, stderr io.Writer) (code int, ok bool) {
	err := set.Parse(args)
	switch {
	case err == nil:
		return 0, true
	case errors.Is(err, pflag.ErrHelp):
		return exitClean, false
	}
	msg.Fprintf(stderr, "pgnc %s: %v\nRun 'pgnc help %s' for usage.\n", command, flagError(err), command)
	return exitUsage, false
}

// flagError says what is wrong with the flags in the language of the run:
// the errors of pflag are English.
func flagError(err error) error {
	var notExist *pflag.NotExistError
	var required *pflag.ValueRequiredError
	var invalid *pflag.InvalidValueError
	var syntax *pflag.InvalidSyntaxError
	switch {
	case errors.As(err, &notExist):
		if s := notExist.GetSpecifiedShortnames(); s != "" {
			return msg.Errorf("unknown flag %s in -%s", notExist.GetSpecifiedName(), s)
		}
		return msg.Errorf("unknown flag: --%s", notExist.GetSpecifiedName())
	case errors.As(err, &required):
		return msg.Errorf("flag needs an argument: %s", "--"+required.GetFlag().Name)
	case errors.As(err, &invalid):
		var number *strconv.NumError
		if cause := errors.Unwrap(invalid); cause != nil && !errors.As(cause, &number) {
			return msg.Errorf("invalid value %q for --%s: %v", invalid.GetValue(), invalid.GetFlag().Name, cause)
		}
		return msg.Errorf("invalid value %q for --%s", invalid.GetValue(), invalid.GetFlag().Name)
	case errors.As(err, &syntax):
		return msg.Errorf("bad flag syntax: %s", syntax.GetSpecifiedFlag())
	}
	return err
}

// printUsage prints a command's help text and then, unless set is nil, its
// flags, as pflag's PrintDefaults does but with the "(default …)" notes in
// the language of the run.
func printUsage(w io.Writer, text string, set *pflag.FlagSet) {
	io.WriteString(w, text)
	if set != nil {
		io.WriteString(w, strings.ReplaceAll(set.FlagUsages(), " (default ", msg.Sprintf(" (default ")))
	}
}

// jobsValid reports whether -j is at least 1, and says so on stderr when
// it is not. More than maxJobs counts as maxJobs: each goroutine takes
// memory for its channels and buffers, and past a few per core they only
// wait for each other, so a huge -j (2147483648 asked for gigabytes of
// channel at once) would cost memory and time and gain nothing. A script
// written for a bigger machine still runs.
func jobsValid(command string, jobs *int, stderr io.Writer) bool {
	if *jobs < 1 {
		msg.Fprintf(stderr, "pgnc %s: -j %d: give at least 1 goroutine\n", command, *jobs)
		return false
	}
	*jobs = min(*jobs, maxJobs())
	return true
}

// addJobsFlag defines -j, --jobs, with usage as its help. Its default is
// runtime.GOMAXPROCS(0), one goroutine per core the process may use; the
// help says so in words rather than giving this machine's number, so that
// it reads the same everywhere (docs/cli.md is made from it).
func addJobsFlag(set *pflag.FlagSet, jobs *int, usage string) {
	set.IntVarP(jobs, "jobs", "j", runtime.GOMAXPROCS(0), usage)
	set.Lookup("jobs").DefValue = msg.Sprintf("one per core")
}

// maxJobs is the most goroutines -j gives a command: 4 per core that the
// process may use.
func maxJobs() int { return 4 * runtime.GOMAXPROCS(0) }

// minGameBytes is the least --max-game-bytes takes: 64 KiB, the piece of
// input that the reader parses at once when it builds models (fmt, board,
// play). A smaller limit would be raised to the piece size anyway; check,
// which parses 256 KiB at a time, raises a limit below that to it, and
// PGN215 names the limit it cut at. A real game takes a few kilobytes.
const minGameBytes = 64 << 10

// atLeast reports whether the value of the flag --name of command is at
// least least, and says so on stderr when it is not.
func atLeast(command, name string, value, least int, stderr io.Writer) bool {
	if value < least {
		msg.Fprintf(stderr, "pgnc %s: --%s %d is below %d, the least it takes\n", command, name, value, least)
		return false
	}
	return true
}

// checker accumulates the results of one pgnc check run.
type checker struct {
	flags    *checkFlags
	codes    report.Codes // --ignore and --warn-as-error
	report   *report.Report
	out      *bufio.Writer
	stderr   io.Writer
	ioFailed bool
	progress *progress // nil unless standard error is a terminal
	// flushGames writes each game's report as it is made, whole lines
	// that the progress bar on the same terminal goes below.
	flushGames bool
}

// checkArg checks the inputs that arg names: a file, a directory of PGN
// files, a zip archive's .pgn members, or standard input.
func (c *checker) checkArg(arg string, stdin io.Reader) {
	if c.flags.eco && !c.flags.syntax {
		c.checkArgECO(arg, stdin)
		return
	}
	var rd *pgn.Reader
	failed := false // the report could not be written
	opts := c.pgnOptions(arg, func(s pgn.Stray) {
		if !failed && (len(s.Diags) > 0 || s.Skipped > 0) {
			failed = !c.reportGame(report.Game{Located: s.Diags, Skip: s.Skipped})
		}
	})
	if arg == "-" {
		rd = pgn.NewReader(stdin, opts...)
	} else {
		var err error
		if rd, err = pgn.Open(arg, opts...); err != nil {
			c.ioError(err)
			return
		}
	}
	defer rd.Close()
	for in, err := range rd.Inputs() {
		if err != nil {
			c.inputError(inputErr(err))
			continue
		}
		c.report.Files++
		failed = false
		for g, err := range in.Games() {
			if failed {
				break
			}
			if err != nil {
				var read *pgn.InputError
				if errors.As(err, &read) {
					err = msg.Errorf("%s: %w", read.Source, read.Err)
				}
				c.ioError(err)
				break
			}
			if failed = !c.reportGame(report.Game{Index: g.Index, Tags: g.Tags, Plies: g.Plies, Located: g.Diags, Skip: g.Skipped}); failed {
				break
			}
		}
	}
}

// reportGame reports g, a game or the text between two, and counts a game
// on the progress bar; false says the report could not be written.
func (c *checker) reportGame(g report.Game) bool {
	errs, err := c.report.Game(g)
	if err != nil {
		c.ioError(err)
		return false
	}
	if c.flushGames {
		c.out.Flush()
	}
	if g.Index > 0 {
		c.progress.game(errs)
	}
	return true
}

// pgnOptions are the options of the reader of arg that the flags ask for;
// stray gets the text between games.
func (c *checker) pgnOptions(arg string, stray func(pgn.Stray)) []pgn.Option {
	mode := pgn.Diagnostics
	if c.flags.syntax {
		mode = pgn.Syntax
	}
	opts := []pgn.Option{pgn.WithMode(mode), pgn.WithWorkers(c.flags.jobs), pgn.WithCatalog(msg.Diag),
		pgn.WithLimits(pgn.Limits{MaxGameBytes: c.flags.maxGameBytes, MaxDepth: c.flags.maxDepth, MaxRepeats: repeatsOption(c.flags.maxRepeats)}),
		pgn.WithEncoding(pgnEncodings[c.flags.encoding.enc]), pgn.WithPieceLetters(c.flags.encoding.letters.lang),
		pgn.WithSkipped(skippedWarning(arg, c.stderr)), pgn.WithStray(stray), pgnreuse.Option().(pgn.Option)}
	if c.progress != nil {
		opts = append(opts, pgn.WithProgress(&progressCount{p: c.progress}))
	}
	return opts
}

// pgnEncodings maps the values of --encoding to pgn's.
var pgnEncodings = map[parser.Encoding]pgn.Encoding{parser.Auto: pgn.Auto, parser.UTF8: pgn.UTF8, parser.Latin1: pgn.Latin1}

// checkArgECO is checkArg for --eco, which names the openings from the
// syntax tree's main line (checkOpening), on the reader's workers: package
// pgn hands out no tree.
func (c *checker) checkArgECO(arg string, stdin io.Reader) {
	o := openOptions{jobs: c.flags.jobs, progress: c.progress, stderr: c.stderr}
	eachInput(arg, stdin, o, func(in *input.Source, err error) {
		if err != nil {
			c.inputError(err)
			return
		}
		defer in.Close()
		if file, size, ok := in.ReaderAt(); ok {
			c.checkGames(reader.NewFile(file, size, in.Name, c.readOptions()), in.Name, true, nil)
			return
		}
		c.checkGames(reader.New(in, in.Name, c.readOptions()), in.Name, false, in.Warnings)
	})
}

// readOptions are the reader options the flags ask for.
func (c *checker) readOptions() reader.Options {
	o := reader.Options{
		SyntaxOnly: c.flags.syntax, ReuseText: true, InParts: true, SkipComments: true, ReplayWhileParsing: true, Workers: c.flags.jobs,
		MaxDepth: c.flags.maxDepth, MaxGameBytes: c.flags.maxGameBytes, Encoding: c.flags.encoding.enc,
		MaxRepeats: repeatsOption(c.flags.maxRepeats), Language: c.flags.encoding.letters.lang, Catalog: msg.Diag,
	}
	if c.flags.eco && !c.flags.syntax {
		// The openings are named from the main line's moves in the
		// syntax tree, which the streaming replay would leave out.
		o.ReplayWhileParsing = false
		o.Prepare = func(g *reader.Game) []byte {
			checkOpening(g)
			return nil
		}
	}
	return o
}

// repeatsOption turns --max-repeats, where 0 means no limit, into
// reader.Options.MaxRepeats, where a negative value does.
func repeatsOption(flag int) int {
	if flag <= 0 {
		return -1
	}
	return flag
}

// checkGames reports the games of rd, the input named name. With byOffset, the progress bar
// follows the offsets of the games, not the reads. lost, when not nil,
// gives the warnings about characters the decoding of the input lost
// (input.Source.Warnings), which each game reports with its own.
func (c *checker) checkGames(rd *reader.Reader, name string, byOffset bool, lost func(f *diag.File, end int) diag.List) {
	defer rd.Close()
	c.report.Files++
	var lastFile *diag.File
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			c.ioError(msg.Errorf("%s: %w", name, err))
			return
		}
		if byOffset && g.File != lastFile {
			lastFile = g.File
			c.progress.reached(int64(g.File.Base() + len(g.File.Src())))
		}
		diags := g.Diags
		if lost != nil {
			// A game takes those up to its end; text outside games
			// those up to its last diagnostic, or to the end of the
			// piece when it ends it.
			end := g.File.Base() + len(g.File.Src())
			if g.Index > 0 {
				end = g.File.Base() + g.To
			} else if len(g.Diags) > 0 {
				end = g.File.Base() + g.Diags[len(g.Diags)-1].End
			}
			if more := lost(g.File, end); len(more) > 0 {
				diags = append(diags[:len(diags):len(diags)], more...)
			}
		}
		locate := func(i int) diag.Located { return diag.LocateStart(g.File, diags[i]) }
		if c.flags.format != "text" { // the others give ends and fixes
			locate = func(i int) diag.Located { return diag.Locate(g.File, diags[i]) }
		}
		errs, err := c.report.Game(report.Game{Index: g.Index, Tags: g.Tags, Plies: g.Plies, Diags: diags, Locate: locate, Skip: g.Skipped})
		if err != nil {
			c.ioError(err)
			return
		}
		if c.flushGames {
			c.out.Flush()
		}
		if g.Index > 0 {
			c.progress.game(errs)
		}
	}
}

// inputError reports an input that could not be opened: one that is not
// PGN text gets one diagnostic (PGN116), other failures are I/O errors.
// Either way the exit code is 2.
func (c *checker) inputError(err error) {
	var named *input.OpenError
	var notPGN *input.NotPGNError
	if !errors.As(err, &named) || !errors.As(err, &notPGN) {
		c.ioError(err)
		return
	}
	c.ioFailed = true
	if err := c.report.NotPGN(named.Name, notPGN); err != nil {
		c.ioError(err)
	}
}

func (c *checker) ioError(err error) {
	c.ioFailed = true
	c.out.Flush()
	msg.Fprintf(c.stderr, "pgnc: %v\n", err)
}
