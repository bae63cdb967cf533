package main

import (
	"bufio"
	"encoding/binary"
	"io"
	"os"
	"strings"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/dedupe"
	"github.com/pgnc/pgnc/internal/input"
	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/internal/report"
	"github.com/spf13/pflag"
)

// dedupeUsage is the key of dedupe's usage in the catalogs of internal/i18n.
const dedupeUsage = "help.dedupe"

type dedupeFlags struct {
	set          *pflag.FlagSet
	duplicates   string
	output       string
	count        bool
	report       bool
	kind, keep   string
	memory       int
	tempDir      string
	hashOnly     bool
	jobs         int
	quiet        bool
	maxGameBytes int
	encoding     encodingFlag
}

func newDedupeFlags(out io.Writer) *dedupeFlags {
	f := &dedupeFlags{set: pflag.NewFlagSet("dedupe", pflag.ContinueOnError)}
	f.set.SetOutput(out)
	f.set.StringVar(&f.kind, "kind", "exact", msg.Sprintf("what makes two games duplicates: exact, moves, contained or fuzzy (see above)"))
	f.set.StringVar(&f.keep, "keep", "first", msg.Sprintf("which copy is kept: first, longest (most main-line plies, then most bytes) or most-annotated (most comments, NAGs and variation moves); ties go to the first"))
	f.set.StringVarP(&f.duplicates, "duplicates", "d", "", msg.Sprintf("write the duplicates, byte for byte, to this file"))
	f.set.StringVarP(&f.output, "output", "o", "", msg.Sprintf("write the games kept to this file instead of standard output"))
	f.set.BoolVar(&f.count, "count", false, msg.Sprintf("print how many games were read, kept and duplicated, of each kind, instead of the games"))
	f.set.BoolVar(&f.report, "report", false, msg.Sprintf("print one line per duplicate, file:line: duplicate (kind) of file:line, instead of the games"))
	f.set.IntVar(&f.memory, "memory", dedupe.DefaultBudget>>20, msg.Sprintf("MiB of memory for the records of the games; past it they are sorted on disk"))
	f.set.StringVar(&f.tempDir, "temp-dir", "", msg.Sprintf("directory of the temporary files of the sort on disk (default: the system's, $TMPDIR)"))
	f.set.BoolVar(&f.hashOnly, "hash-only", false, msg.Sprintf("compare the 128-bit hashes alone, not the moves too: less memory and disk a game (not with --kind contained)"))
	addJobsFlag(f.set, &f.jobs, msg.Sprintf("read with this many goroutines (at least 1; more than 4 per core counts as 4 per core); the output order stays that of the input"))
	f.set.BoolVarP(&f.quiet, "quiet", "q", false, msg.Sprintf("no progress bar (it shows only when standard error is a terminal)"))
	f.set.IntVar(&f.maxGameBytes, "max-game-bytes", reader.DefaultMaxGameBytes, msg.Sprintf("most bytes read without a game boundary, at least %d; input past such a cut cannot be copied through, so dedupe then fails (exit 2)", minGameBytes))
	addEncodingFlag(f.set, &f.encoding)
	return f
}

func runDedupe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newDedupeFlags(stderr)
	flags.set.Usage = func() {
		printUsage(stdout, msg.Help(dedupeUsage), flags.set)
	}
	if code, ok := parseFlags(flags.set, "dedupe", args, stderr); !ok {
		return code
	}
	kind, ok := dedupe.Kinds[flags.kind]
	if !ok {
		msg.Fprintf(stderr, "pgnc dedupe: unknown kind %q (want exact, moves, contained or fuzzy)\n", flags.kind)
		return exitUsage
	}
	keep, ok := dedupe.Keeps[flags.keep]
	if !ok {
		msg.Fprintf(stderr, "pgnc dedupe: unknown --keep %q (want first, longest or most-annotated)\n", flags.keep)
		return exitUsage
	}
	if !jobsValid("dedupe", &flags.jobs, stderr) || !atLeast("dedupe", "max-game-bytes", flags.maxGameBytes, minGameBytes, stderr) ||
		!atLeast("dedupe", "memory", flags.memory, 1, stderr) {
		return exitUsage
	}
	args = inputArgs(flags.set.Args(), stdin)
	if len(args) == 0 {
		msg.Fprintf(stderr, "pgnc dedupe: no input files (use - for standard input)\n")
		return exitUsage
	}
	opts := dedupe.Options{Kind: kind, Keep: keep, HashOnly: flags.hashOnly, Budget: int64(flags.memory) << 20, Dir: flags.tempDir}
	d := &deduper{flags: flags, stderr: stderr, dd: dedupe.New(opts), opts: opts}
	defer d.dd.Close()
	prog := newProgress(stderr, flags.quiet)
	defer prog.finish()
	stdout, d.stderr, _ = prog.writers(stdout, stderr)
	d.progress = prog

	// The games are read twice: once to find the duplicates, once to
	// write what is kept. Standard input is kept in a temporary file for
	// the second reading.
	writing := flags.output != "" || flags.duplicates != "" || !flags.count && !flags.report
	var spool *os.File
	if writing && containsDash(args) {
		var err error
		if spool, err = os.CreateTemp(flags.tempDir, "pgnc-dedupe-*.stdin"); err != nil {
			msg.Fprintf(d.stderr, "pgnc: %v\n", err)
			return exitUsage
		}
		os.Remove(spool.Name())
		defer spool.Close()
		stdin = io.TeeReader(stdin, spool)
	}
	for _, arg := range args {
		d.scanArg(arg, stdin)
	}
	prog.finish()
	if d.failed {
		return exitUsage
	}
	if err := d.dd.Finish(); err != nil {
		msg.Fprintf(d.stderr, "pgnc: %v\n", err)
		return exitUsage
	}
	if flags.count || flags.report {
		out := bufio.NewWriter(stdout)
		if flags.report {
			d.printReport(out)
		}
		if flags.count {
			d.printCount(out)
		}
		if err := out.Flush(); err != nil {
			return exitUsage // run reports it
		}
	}
	if writing && !d.write(args, stdin, spool, stdout) {
		return exitUsage
	}
	if d.notCompared > 0 {
		return exitProblems
	}
	return exitClean
}

func containsDash(args []string) bool {
	for _, a := range args {
		if a == "-" {
			return true
		}
	}
	return false
}

// deduper is one run of pgnc dedupe.
type deduper struct {
	flags    *dedupeFlags
	opts     dedupe.Options
	dd       *dedupe.Deduper
	stderr   io.Writer
	progress *progress
	names    []string // the inputs read, by number
	counts   []uint64 // the games of each input, compared or not
	seq      uint64   // games read so far
	// notCompared counts the games with errors, which are kept as they
	// are and compared with none.
	notCompared uint64
	failed      bool
}

// scanOptions are the reader options of the first reading.
func (d *deduper) scanOptions() reader.Options {
	opts := d.opts
	return reader.Options{Model: true, ReuseMemory: true, Workers: d.flags.jobs, Encoding: d.flags.encoding.enc, Language: d.flags.encoding.letters.lang,
		MaxGameBytes: d.flags.maxGameBytes, Catalog: msg.Diag, InParts: true, PartSize: wholeGameLimit,
		Prepare: func(g *reader.Game) []byte {
			if g.Model == nil || !g.Model.Complete || dedupeErrors(g.Diags) {
				return nil
			}
			k, _ := dedupe.NewGame(g.Model, g.To-g.From, opts, nil)
			b := make([]byte, 24, 24+len(k.Key))
			binary.LittleEndian.PutUint64(b, k.Rank)
			binary.LittleEndian.PutUint64(b[8:], k.Exact)
			binary.LittleEndian.PutUint64(b[16:], k.Names)
			return append(b, k.Key...)
		}}
}

// dedupeErrors reports whether ds holds an error.
func dedupeErrors(ds diag.List) bool {
	for _, d := range ds {
		if (report.Codes{}).IsError(d) {
			return true
		}
	}
	return false
}

// scanArg reads the games of the inputs arg names and adds them to the
// Deduper.
func (d *deduper) scanArg(arg string, stdin io.Reader) {
	eachInput(arg, stdin, openOptions{jobs: d.flags.jobs, progress: d.progress, stderr: d.stderr}, func(in *input.Source, err error) {
		if err != nil {
			d.fail(err)
			return
		}
		defer in.Close()
		file := uint32(len(d.names))
		d.names = append(d.names, in.Name)
		d.counts = append(d.counts, 0)
		rd := reader.New(in, in.Name, d.scanOptions())
		defer rd.Close()
		for {
			g, err := rd.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				d.fail(msg.Errorf("%s: %w", in.Name, err))
				return
			}
			if g.Unread > 0 {
				d.fail(msg.Errorf("%s: %d bytes after a game cut at --max-game-bytes (%d) were skipped unread, and dedupe cannot copy through what it has not read: raise --max-game-bytes", in.Name, g.Unread, d.flags.maxGameBytes))
				return
			}
			errs := 0
			for _, dg := range g.Diags {
				if (report.Codes{}).IsError(dg) {
					errs++
					dg.Detail = report.Where(msg.Diag, g.Index, g.Tags) + "\n" + dg.Detail
					diag.WriteText(d.stderr, g.File, dg, msg.Diag)
				}
			}
			if g.Index == 0 {
				continue
			}
			d.progress.game(errs)
			d.seq++
			d.counts[file]++
			if g.Prepared == nil {
				d.notCompared++
				continue
			}
			p := g.Prepared
			k := dedupe.Game{Rank: binary.LittleEndian.Uint64(p), Exact: binary.LittleEndian.Uint64(p[8:]), Names: binary.LittleEndian.Uint64(p[16:]), Key: p[24:]}
			line := g.File.Position(g.From).Line
			if err := d.dd.Add(k, d.seq, dedupe.Loc{File: file, Line: uint32(line)}); err != nil {
				d.fail(err)
				return
			}
		}
	})
}

func (d *deduper) fail(err error) {
	d.failed = true
	d.progress.finish()
	msg.Fprintf(d.stderr, "pgnc: %v\n", err)
}

// where names a game's place, file:line.
func (d *deduper) where(l dedupe.Loc) string {
	return msg.Sprintf("%s:%d", diag.Printable(d.names[l.File]), l.Line)
}

func (d *deduper) printReport(out io.Writer) {
	d.dd.Dups(func(dup dedupe.Dup) error {
		_, err := msg.Fprintf(out, "%s: duplicate (%s) of %s\n", d.where(dup.Loc), dup.Kind, d.where(dup.OfLoc))
		return err
	})
}

func (d *deduper) printCount(out io.Writer) {
	c := d.dd.Counts()
	msg.Fprintf(out, "%d games: %d kept, %d duplicates (%d exact, %d fuzzy, %d moves, %d contained), %d not compared (errors)\n",
		d.seq, c.Kept+d.notCompared, d.seq-c.Kept-d.notCompared, c.Dups[dedupe.Exact], c.Dups[dedupe.Fuzzy], c.Dups[dedupe.Moves], c.Dups[dedupe.Contained], d.notCompared)
	if runs, bytes := d.dd.Spilled(); runs > 0 {
		msg.Fprintf(out, "sorted on disk: %d runs, %d bytes of temporary files\n", runs, bytes)
	}
}

// write reads the inputs again and writes the games kept to the output
// and the duplicates to --duplicates, each game's text as it is in the
// input followed by a blank line. It reports whether all went well.
func (d *deduper) write(args []string, stdin io.Reader, spool *os.File, stdout io.Writer) bool {
	var kept, dups *bufio.Writer
	var files []*os.File
	open := func(name string) *bufio.Writer {
		f, err := os.Create(name)
		if err != nil {
			d.fail(err)
			return nil
		}
		files = append(files, f)
		return bufio.NewWriterSize(f, 1<<16)
	}
	switch {
	case d.flags.output != "":
		kept = open(d.flags.output)
	case !d.flags.count && !d.flags.report:
		kept = bufio.NewWriterSize(stdout, 1<<16)
	}
	if d.flags.duplicates != "" {
		dups = open(d.flags.duplicates)
	}
	if d.failed {
		return false
	}
	if spool != nil {
		if _, err := spool.Seek(0, io.SeekStart); err != nil {
			d.fail(err)
			return false
		}
		stdin = spool
	}
	next := make(chan dedupe.Dup, 1024)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		defer close(next)
		d.dd.Dups(func(dup dedupe.Dup) error {
			select {
			case next <- dup:
				return nil
			case <-stop:
				return io.EOF
			}
		})
	}()
	nextDup, more := <-next
	var seq uint64
	file := 0
	opts := reader.Options{SyntaxOnly: true, ReuseText: true, Workers: d.flags.jobs, Encoding: d.flags.encoding.enc, MaxGameBytes: d.flags.maxGameBytes, Catalog: msg.Diag}
	for _, arg := range args {
		eachInput(arg, stdin, openOptions{jobs: d.flags.jobs}, func(in *input.Source, err error) {
			if err != nil || d.failed {
				if err == nil {
					in.Close()
				} else {
					d.fail(err)
				}
				return
			}
			defer in.Close()
			rd := reader.New(in, in.Name, opts)
			defer rd.Close()
			var games uint64
			for {
				g, err := rd.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					d.fail(msg.Errorf("%s: %w", in.Name, err))
					return
				}
				if g.Index == 0 {
					continue
				}
				seq++
				games++
				w := kept
				if more && nextDup.Seq == seq {
					w = dups
					nextDup, more = <-next
				}
				if w != nil {
					text := g.File.Src()[g.From:g.To]
					eol := "\n"
					if strings.Contains(text, "\r\n") {
						eol = "\r\n"
					}
					w.WriteString(text)
					w.WriteString(eol)
					w.WriteString(eol)
				}
			}
			if file >= len(d.counts) || games != d.counts[file] {
				d.fail(msg.Errorf("%s: the input changed while dedupe read it: read again, it holds other games", in.Name))
			}
			file++
		})
	}
	for _, w := range []*bufio.Writer{kept, dups} {
		if w != nil {
			if err := w.Flush(); err != nil && !d.failed {
				d.fail(err)
			}
		}
	}
	for _, f := range files {
		if err := f.Close(); err != nil && !d.failed {
			d.fail(err)
		}
	}
	return !d.failed
}
