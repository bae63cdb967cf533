// Command pgnc-beam checks PGN files as an Apache Beam pipeline and prints
// what pgnc check prints for them. With no --runner it runs on prism, the
// local runner, in the process; --runner=dataflow, flink or spark (with
// their options) runs it on a cluster. See the README's section on running
// beyond one machine.
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
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	pgncbeam "github.com/pgnc/pgnc/beam"
)

const (
	exitClean    = 0
	exitProblems = 1
	exitUsage    = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run parses the arguments with the flag package, which holds Beam's own
// flags (--runner, --project, --worker_binary, ...) as well.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "check" {
		fmt.Fprintln(stderr, "usage: pgnc-beam check [flags] FILE|DIR...")
		return exitUsage
	}
	var opts pgncbeam.Options
	var format, output, summary string
	var strict, verbose bool
	flag.StringVar(&format, "format", "text", "output format: text or json (one object per line)")
	flag.IntVar(&opts.MaxErrors, "max-errors", 0, "stop reporting after this many errors (0: no limit); counting goes on")
	flag.BoolVar(&opts.Syntax, "syntax", false, "stop after the grammar: lexical and syntax checks only, no move replay")
	flag.BoolVar(&strict, "strict", false, "fail (exit 1) on warnings too")
	flag.StringVar(&opts.Ignore, "ignore", "", "comma-separated codes (PGN304 or 304) to leave out: not printed, not counted")
	flag.StringVar(&opts.WarnAsError, "warn-as-error", "", "comma-separated warning codes to report, count and fail on as errors")
	flag.IntVar(&opts.MaxDepth, "max-depth", 0, "deepest variation nesting read (0: as pgnc check)")
	flag.IntVar(&opts.MaxGameBytes, "max-game-bytes", 0, "most bytes read without a game boundary (0: as pgnc check)")
	flag.Int64Var(&opts.RangeSize, "range-size", pgncbeam.DefaultRangeSize, "bytes of a plain file per work unit")
	flag.StringVar(&output, "output", "", "where the pipeline writes its report (a local path, or gs://... on a cluster); printed and removed when not given")
	flag.StringVar(&summary, "summary", "", "write the counts, per file and in all, as JSON to this file")
	flag.BoolVar(&verbose, "verbose", false, "show the runner's progress messages on standard error")
	flag.CommandLine.SetOutput(stderr)
	if err := flag.CommandLine.Parse(args[1:]); err != nil {
		return exitUsage
	}
	if format != "text" && format != "json" {
		fmt.Fprintf(stderr, "pgnc-beam check: unknown format %q (want text or json)\n", format)
		return exitUsage
	}
	opts.JSON = format == "json"
	if !verbose {
		// Quiet the runner's progress messages (prism logs the end of a job
		// as warnings): the SDK's logger, set up
		// by beam.Init, and prism's, which logs through slog's default.
		beamlog.LogLevel = "warn"
		slog.SetLogLoggerLevel(slog.LevelError)
	}
	beam.Init()
	if !verbose {
		// Prism logs the end of every job as an error too; a job that
		// fails comes back from Run.
		slog.SetDefault(slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelError + 4})))
	}
	units, err := pgncbeam.Expand(flag.Args(), opts)
	if err != nil {
		fmt.Fprintf(stderr, "pgnc-beam: %v\n", err)
		return exitUsage
	}
	if len(units) == 0 {
		fmt.Fprintln(stderr, "pgnc-beam check: no input files")
		return exitUsage
	}
	ctx := context.Background()
	out, err := pgncbeam.Run(ctx, units, opts, output, beamx.Run)
	if err != nil {
		fmt.Fprintf(stderr, "pgnc-beam: %v\n", err)
		return exitUsage
	}
	text, sum, err := pgncbeam.SplitOutput(out)
	if err != nil {
		fmt.Fprintf(stderr, "pgnc-beam: reading the report: %v\n", err)
		return exitUsage
	}
	if _, err := stdout.Write(text); err != nil {
		fmt.Fprintf(stderr, "pgnc-beam: writing standard output: %v\n", err)
		return exitUsage
	}
	if summary != "" {
		data, _ := json.MarshalIndent(sum, "", "  ")
		if err := os.WriteFile(summary, append(data, '\n'), 0o644); err != nil {
			fmt.Fprintf(stderr, "pgnc-beam: %v\n", err)
			return exitUsage
		}
	}
	for _, failure := range sum.Failures {
		fmt.Fprintf(stderr, "pgnc-beam: %s\n", failure)
	}
	switch {
	case len(sum.Failures) > 0:
		return exitUsage
	case sum.Total.Errors > 0 || strict && sum.Total.Warnings > 0:
		return exitProblems
	}
	return exitClean
}
