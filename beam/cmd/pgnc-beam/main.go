// Command pgnc-beam checks PGN files as an Apache Beam pipeline and prints
// what pgnc check prints for them. With no --runner it runs on prism, the
// local runner, in the process; --runner=dataflow, flink, spark or
// universal (with their options) runs it on a cluster, whose workers start
// this same binary as a worker (--worker=true, given by the runner's boot
// loader). See the README's section on running beyond one machine.
//
// Usage:
//
//	pgnc-beam check [flags] FILE|DIR...
//
// Exit codes are those of pgnc check: 0 clean, 1 problems found, 2 usage
// or I/O error.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/vet" // --runner=vet
	"github.com/apache/beam/sdks/v2/go/pkg/beam/util/grpcx"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	pgncbeam "github.com/pgnc/pgnc/beam"
	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/san"
)

const (
	exitClean    = 0
	exitProblems = 1
	exitUsage    = 2
)

const usage = "usage: pgnc-beam check [flags] FILE|DIR..."

// minGameBytes is the least --max-game-bytes takes, as in pgnc check.
const minGameBytes = 64 << 10

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run runs the command line args. A runner's boot loader starts the
// binary with flags only (--worker=true --id=... --control_endpoint=...):
// those are a worker's, which beam.Init turns into the SDK harness before
// anything else looks at them.
func run(args []string, stdout, stderr io.Writer) int {
	switch {
	case len(args) > 0 && args[0] == "check":
		return runCheck(args[1:], stdout, stderr)
	case len(args) > 0 && isHelpFlag(args[0]):
		fmt.Fprintln(stdout, usage)
		return exitClean
	case len(args) > 0 && strings.HasPrefix(args[0], "-"):
		return runWorker(args, stderr)
	}
	fmt.Fprintln(stderr, usage)
	return exitUsage
}

func isHelpFlag(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help"
}

// runWorker runs the SDK harness for the runner that started the binary
// with args, its flags. beam.Init serves the runner and does not return in
// worker mode.
func runWorker(args []string, stderr io.Writer) int {
	flag.CommandLine.Init("pgnc-beam", flag.ContinueOnError)
	flag.CommandLine.SetOutput(stderr)
	if err := flag.CommandLine.Parse(args); err != nil {
		fmt.Fprintln(stderr, usage)
		return exitUsage
	}
	if w := flag.Lookup("worker"); w == nil || w.Value.String() != "true" {
		fmt.Fprintf(stderr, "pgnc-beam: flags before the command are those of a worker, started by a runner with --worker=true\n%s\n", usage)
		return exitUsage
	}
	go exitWithParent(os.Getppid(), time.Second)
	beam.Init()
	return exitUsage // the harness stopped without ending the process
}

// exitWithParent ends the process once its parent, the boot loader that
// started it, is gone. The SDK harness waits, after its last job, to be
// ended with its container; a runner that starts workers as processes
// (prism's PROCESS environment) ends the boot loader only, and the worker
// would stay on, sleeping, for ever.
func exitWithParent(parent int, every time.Duration) {
	for {
		time.Sleep(every)
		if os.Getppid() != parent {
			os.Exit(0)
		}
	}
}

// checkFlags are the flags of pgnc-beam check, defined once on
// flag.CommandLine, which holds Beam's own (--runner, --endpoint,
// --project, --worker_binary, ...): Beam hands the flags set there to the
// job as its pipeline options.
type checkFlags struct {
	opts                    pgncbeam.Options
	format, output, summary string
	encoding, pieceLetters  string
	maxRepeats              int
	strict, verbose, print  bool
	names                   []string
}

var flags = defineCheckFlags(flag.CommandLine)

func defineCheckFlags(set *flag.FlagSet) *checkFlags {
	f := &checkFlags{}
	before := map[string]bool{}
	set.VisitAll(func(fl *flag.Flag) { before[fl.Name] = true })
	set.StringVar(&f.format, "format", "text", "output format: text or json (one object per line)")
	set.IntVar(&f.opts.MaxErrors, "max-errors", 0, "stop reporting after this many errors (0: no limit); counting goes on")
	set.BoolVar(&f.opts.Syntax, "syntax", false, "stop after the grammar: lexical and syntax checks only, no move replay")
	set.BoolVar(&f.strict, "strict", false, "fail (exit 1) on warnings too")
	set.StringVar(&f.opts.Ignore, "ignore", "", "comma-separated codes (PGN304 or 304) to leave out: not printed, not counted")
	set.StringVar(&f.opts.WarnAsError, "warn-as-error", "", "comma-separated warning codes to report, count and fail on as errors")
	set.IntVar(&f.opts.MaxDepth, "max-depth", parser.DefaultMaxDepth, fmt.Sprintf("deepest variation nesting read, at most %d; deeper variations are skipped (PGN214)", parser.DepthCap))
	set.IntVar(&f.opts.MaxGameBytes, "max-game-bytes", reader.DefaultMaxGameBytes, fmt.Sprintf("most bytes read without a game boundary before the input is cut (PGN215), at least %d", minGameBytes))
	set.IntVar(&f.maxRepeats, "max-repeats", diag.DefaultRepeats, "most diagnostics of one code shown per game; the rest are counted (PGN901, PGN902); 0: no limit")
	set.StringVar(&f.encoding, "encoding", "auto", "how tag values and comments are read: auto (UTF-8; a game that is not UTF-8 is read as Windows-1252, with a warning), utf8 (bytes that are not UTF-8 are errors) or latin1 (Windows-1252)")
	set.StringVar(&f.pieceLetters, "piece-letters", "", "the language of the piece letters of every game: "+languageCodes()+"; by default a game with letters that are not English is read in the one language that has them all")
	set.Int64Var(&f.opts.RangeSize, "range-size", pgncbeam.DefaultRangeSize, "bytes of a plain file per work unit")
	set.StringVar(&f.output, "output", "", "where the pipeline writes its report, in shards OUTPUT-00000-of-00002.txt (.jsonl for json) and OUTPUT-summary.json, OUTPUT without a .txt or .jsonl ending: a path the workers can write (gs://... on a cluster); required unless the runner runs in this process (prism without --endpoint, direct)")
	set.BoolVar(&f.print, "print", true, "print the report, the shards joined in order, once the job is done (--print=false: only the exit code, from the summary)")
	set.StringVar(&f.summary, "summary", "", "write the counts, per file and in all, as JSON to this file")
	set.BoolVar(&f.verbose, "verbose", false, "show the runner's progress messages on standard error")
	set.VisitAll(func(fl *flag.Flag) {
		if !before[fl.Name] {
			f.names = append(f.names, fl.Name)
		}
	})
	return f
}

// reset gives the flags of the command their defaults again, for a
// second run in one process (the tests).
func (f *checkFlags) reset(set *flag.FlagSet) {
	for _, name := range f.names {
		fl := set.Lookup(name)
		fl.Value.Set(fl.DefValue)
	}
}

// languageCodes lists the languages of --piece-letters, "de (German), ...".
func languageCodes() string {
	var codes []string
	for _, l := range san.Languages {
		codes = append(codes, l.Code+" ("+l.Name+")")
	}
	return strings.Join(codes, ", ")
}

// parseArgs parses args with set and returns the files they name. Flags
// may come before or after the file names, as in pgnc check; "--" ends
// them.
func parseArgs(set *flag.FlagSet, args []string) ([]string, error) {
	var files []string
	for {
		if err := set.Parse(args); err != nil {
			return nil, err
		}
		rest := set.Args()
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" && !isValueOf(set, args[:n-1]) {
			return append(files, rest...), nil
		}
		if len(rest) == 0 {
			return files, nil
		}
		files = append(files, rest[0])
		args = rest[1:]
	}
}

// isValueOf reports whether the argument after before is the value of a
// flag: before ends in a flag that takes one, without "=".
func isValueOf(set *flag.FlagSet, before []string) bool {
	if len(before) == 0 {
		return false
	}
	last := before[len(before)-1]
	name := strings.TrimLeft(last, "-")
	if !strings.HasPrefix(last, "-") || name == "" || strings.Contains(name, "=") {
		return false
	}
	f := set.Lookup(name)
	if f == nil {
		return false
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return !ok || !b.IsBoolFlag()
}

// dialTimeout is how long a job server gets to accept a connection before
// the job is submitted.
var dialTimeout = 5 * time.Second

func runCheck(args []string, stdout, stderr io.Writer) int {
	set := flag.CommandLine
	set.Init("pgnc-beam check", flag.ContinueOnError)
	set.SetOutput(stderr)
	set.Usage = func() {
		fmt.Fprintln(stderr, usage)
		set.PrintDefaults()
	}
	flags.reset(set)
	files, err := parseArgs(set, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return exitClean
	case err != nil:
		return exitUsage // the flag package has said what is wrong
	}
	opts := flags.opts
	if flags.format != "text" && flags.format != "json" {
		fmt.Fprintf(stderr, "pgnc-beam check: unknown format %q (want text or json)\n", flags.format)
		return exitUsage
	}
	opts.JSON = flags.format == "json"
	// The bounds of pgnc check.
	for _, limit := range []struct {
		name         string
		value, least int
	}{{"max-errors", opts.MaxErrors, 0}, {"max-depth", opts.MaxDepth, 1}, {"max-repeats", flags.maxRepeats, 0}, {"max-game-bytes", opts.MaxGameBytes, minGameBytes}} {
		if limit.value < limit.least {
			fmt.Fprintf(stderr, "pgnc-beam check: --%s %d is below %d, the least it takes\n", limit.name, limit.value, limit.least)
			return exitUsage
		}
	}
	if opts.MaxDepth > parser.DepthCap {
		fmt.Fprintf(stderr, "pgnc-beam check: --max-depth %d is above %d, the deepest nesting every pass is tested to run through\n", opts.MaxDepth, parser.DepthCap)
		return exitUsage
	}
	if opts.MaxRepeats = flags.maxRepeats; opts.MaxRepeats == 0 {
		opts.MaxRepeats = -1 // no limit
	}
	if _, ok := parser.ParseEncoding(strings.ToLower(flags.encoding)); !ok {
		fmt.Fprintf(stderr, "pgnc-beam check: unknown encoding %q (want auto, utf8 or latin1)\n", flags.encoding)
		return exitUsage
	}
	opts.Encoding = strings.ToLower(flags.encoding)
	if opts.PieceLetters = strings.ToLower(flags.pieceLetters); opts.PieceLetters != "" && san.LanguageOf(opts.PieceLetters) == nil {
		fmt.Fprintf(stderr, "pgnc-beam check: unknown language %q (want %s)\n", flags.pieceLetters, languageCodes())
		return exitUsage
	}
	if len(files) == 0 {
		fmt.Fprintln(stderr, "pgnc-beam check: no input files")
		return exitUsage
	}
	output := flags.output
	if output != "" && !strings.Contains(output, "://") {
		// A worker started by a boot loader runs in a directory of its own.
		if output, err = filepath.Abs(output); err != nil {
			fmt.Fprintf(stderr, "pgnc-beam check: --output: %v\n", err)
			return exitUsage
		}
	}
	job, err := newJobPlan(set, output)
	if err != nil {
		fmt.Fprintf(stderr, "pgnc-beam check: %v\n", err)
		return exitUsage
	}
	if bin, err := defaultWorkerBinary(job, set.Lookup("worker_binary").Value.String(), runtime.GOOS, runtime.GOARCH); err != nil {
		fmt.Fprintf(stderr, "pgnc-beam check: --worker_binary: %v\n", err)
		return exitUsage
	} else if bin != "" {
		set.Set("worker_binary", bin)
	}
	if !flags.verbose {
		// Quiet the runner's progress messages (prism logs the end of a job
		// as warnings): the SDK's logger, set up by beam.Init, and prism's,
		// which logs through slog's default.
		beamlog.LogLevel = "warn"
		slog.SetLogLoggerLevel(slog.LevelError)
	}
	beam.Init()
	if !flags.verbose {
		// Prism logs the end of every job as an error too; a job that
		// fails comes back from Run.
		slog.SetDefault(slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelError + 4})))
	}
	if job.endpoint != "" {
		if err := reachable(job.endpoint); err != nil {
			fmt.Fprintf(stderr, "pgnc-beam: no job server answers at %s (--endpoint): %v\n", job.endpoint, err)
			return exitUsage
		}
	}
	units, err := pgncbeam.Expand(files)
	if err != nil {
		fmt.Fprintf(stderr, "pgnc-beam: %v\n", err)
		return exitUsage
	}
	if len(units) == 0 {
		fmt.Fprintln(stderr, "pgnc-beam check: no input files")
		return exitUsage
	}
	ctx := context.Background()
	if !job.report {
		if err := pgncbeam.Launch(ctx, units, opts, job.output, beamx.Run); err != nil {
			fmt.Fprintf(stderr, "pgnc-beam: %v\n", err)
			return exitUsage
		}
		if job.async {
			fmt.Fprintf(stderr, "pgnc-beam: the job is submitted (--async); its report goes to %s and %s\n",
				pgncbeam.ShardPattern(job.output, opts.JSON), pgncbeam.SummaryName(job.output))
		}
		return exitClean
	}
	out, err := pgncbeam.Run(ctx, units, opts, job.output, beamx.Run)
	if err != nil {
		fmt.Fprintf(stderr, "pgnc-beam: %v\n", err)
		return exitUsage
	}
	text, sum, err := pgncbeam.SplitOutput(out)
	if err != nil {
		fmt.Fprintf(stderr, "pgnc-beam: reading the report %s: %v\n", job.output, err)
		return exitUsage
	}
	if !flags.print {
		text = nil
	}
	if _, err := stdout.Write(text); err != nil {
		fmt.Fprintf(stderr, "pgnc-beam: writing standard output: %v\n", err)
		return exitUsage
	}
	if flags.summary != "" {
		data, _ := json.MarshalIndent(sum, "", "  ")
		if err := os.WriteFile(flags.summary, append(data, '\n'), 0o644); err != nil {
			fmt.Fprintf(stderr, "pgnc-beam: %v\n", err)
			return exitUsage
		}
	}
	for _, failure := range sum.Failures {
		fmt.Fprintf(stderr, "pgnc-beam: %s\n", failure)
	}
	switch {
	case len(sum.Failures) > 0 || sum.NotPGN > 0:
		return exitUsage
	case sum.Total.Errors > 0 || flags.strict && sum.Total.Warnings > 0:
		return exitProblems
	}
	return exitClean
}

// jobPlan is what the runner flags make of a run.
type jobPlan struct {
	output   string // where the report goes; "" for a temporary file
	report   bool   // the runner runs the job and waits for it: read the report
	async    bool   // the job is only submitted
	endpoint string // a job server to reach before submitting, if any
	remote   bool   // the workers run outside this process
}

// newJobPlan reads Beam's runner flags on set. A runner outside this
// process needs --output, a path its workers write and this command reads
// back; one that does not run the job (vet, dot, Dataflow's --dry_run)
// writes no report; a portable runner (universal, flink, spark, or prism
// with --endpoint) needs a job server at --endpoint.
func newJobPlan(set *flag.FlagSet, output string) (jobPlan, error) {
	value := func(name string) string {
		if f := set.Lookup(name); f != nil {
			return f.Value.String()
		}
		return ""
	}
	runner := strings.ToLower(value("runner"))
	endpoint := value("endpoint")
	plan := jobPlan{output: output, report: true, async: value("async") == "true"}
	local := false
	switch runner {
	case "", "prism":
		local = endpoint == ""
		plan.endpoint = endpoint
	case "direct":
		local = true
	case "universal", "flink", "spark":
		if endpoint == "" {
			return plan, fmt.Errorf("--runner=%s needs --endpoint, the host:port of its job server", runner)
		}
		plan.endpoint = endpoint
	case "dataflow":
		plan.report = value("dry_run") != "true"
	case "vet", "dot":
		plan.report = false
	default:
		return plan, fmt.Errorf("unknown runner %q (want prism, direct, dataflow, flink, spark, universal, vet or dot)", runner)
	}
	plan.remote = !local
	if plan.async {
		if local {
			return plan, errors.New("--async needs a runner outside this process, which runs the job after the command ends")
		}
		plan.report = false
	}
	if plan.report || plan.async {
		if output == "" && !local {
			return plan, fmt.Errorf("--runner=%s needs --output: a path the workers can write and this command can read back (gs://bucket/report.txt on a cluster)", runner)
		}
	}
	return plan, nil
}

// defaultWorkerBinary returns the worker binary to give a job whose
// workers run outside this process when --worker_binary is not given
// (given): this very binary, if it is built for linux/amd64, the platform
// of the SDK's boot loader in the runners' containers. Without one, the
// SDK compiles the workers from the source of the main package, which an
// installed pgnc-beam does not have at hand.
func defaultWorkerBinary(job jobPlan, given, goos, goarch string) (string, error) {
	if !job.remote || given != "" || goos != "linux" || goarch != "amd64" {
		return "", nil
	}
	return os.Executable()
}

// reachable reports whether a job server answers at endpoint, host:port,
// within dialTimeout: whether it accepts a connection and speaks gRPC over
// it. The SDK waits two minutes for one before it gives up.
func reachable(endpoint string) error {
	if _, _, err := net.SplitHostPort(endpoint); err != nil {
		return nil // not host:port (a gRPC target name): the SDK dials it
	}
	conn, err := net.DialTimeout("tcp", endpoint, dialTimeout)
	if err != nil {
		return err
	}
	conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), dialTimeout)
	defer cancel()
	cc, err := grpcx.Dial(ctx, endpoint, dialTimeout)
	if err != nil {
		return fmt.Errorf("it accepts connections but does not answer as a gRPC server within %v", dialTimeout)
	}
	return cc.Close()
}
