package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/pgnc/pgnc/check"
	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/export"
	"github.com/pgnc/pgnc/parser"
)

const fmtUsage = `Usage: pgnc fmt [flags] FILE...

Fmt rewrites PGN in the standard's export format: the Seven Tag Roster first
and in order, other tags in ASCII order, canonical SAN, move numbers where the
standard puts them, suffix annotations as NAGs, lines of less than 80
characters. Without -w or -l it writes to standard output ("-" reads standard
input). A game with errors is copied through unchanged, and its errors are
reported on standard error. Text between games (escape lines, stray text) is
kept as it is.

Flags:
`

type fmtFlags struct {
	set          *flag.FlagSet
	write, list  bool
	check        bool
	width        int
	strip        string
	keepSuffixes bool
}

func newFmtFlags(out io.Writer) *fmtFlags {
	f := &fmtFlags{set: flag.NewFlagSet("fmt", flag.ContinueOnError)}
	f.set.SetOutput(out)
	f.set.BoolVar(&f.write, "w", false, "rewrite each FILE in place (atomically: a temporary file is renamed over it)")
	f.set.BoolVar(&f.list, "l", false, "list the files whose formatting differs, write nothing else")
	f.set.BoolVar(&f.check, "check", false, "exit 1 when a file is not in export format")
	f.set.IntVar(&f.width, "width", 79, "longest movetext line")
	f.set.StringVar(&f.strip, "strip", "", "comma-separated parts to leave out: comments, variations, nags, clock")
	f.set.BoolVar(&f.keepSuffixes, "keep-suffixes", false, "write suffix annotations as written (!?) instead of as NAGs ($5)")
	return f
}

func (f *fmtFlags) options() (export.Options, error) {
	opts := export.Options{Width: f.width, KeepSuffixes: f.keepSuffixes}
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
			return opts, fmt.Errorf("unknown --strip part %q (want comments, variations, nags or clock)", part)
		}
	}
	return opts, nil
}

func runFmt(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFmtFlags(stderr)
	flags.set.Usage = func() {
		fmt.Fprint(stderr, fmtUsage)
		flags.set.PrintDefaults()
	}
	if err := flags.set.Parse(args); err != nil {
		return exitUsage
	}
	opts, err := flags.options()
	if err != nil {
		fmt.Fprintf(stderr, "pgnc fmt: %v\n", err)
		return exitUsage
	}
	if flags.set.NArg() == 0 {
		fmt.Fprintln(stderr, "pgnc fmt: no input files (use - for standard input)")
		return exitUsage
	}
	code := exitClean
	for _, name := range flags.set.Args() {
		var src []byte
		if name == "-" {
			if flags.write {
				fmt.Fprintln(stderr, "pgnc fmt: -w cannot rewrite standard input")
				return exitUsage
			}
			src, err = io.ReadAll(stdin)
		} else {
			src, err = os.ReadFile(name)
		}
		if err != nil {
			fmt.Fprintf(stderr, "pgnc: %v\n", err)
			code = exitUsage
			continue
		}
		out, errors := formatSource(name, string(src), opts, stderr)
		if errors > 0 && code == exitClean {
			code = exitProblems
		}
		changed := !bytes.Equal(out, src)
		switch {
		case flags.list:
			if changed {
				fmt.Fprintln(stdout, name)
			}
		case flags.write:
			if changed {
				if err := writeAtomically(name, out); err != nil {
					fmt.Fprintf(stderr, "pgnc: %v\n", err)
					code = exitUsage
				}
			}
		case flags.check:
		default:
			stdout.Write(out)
		}
		if flags.check && changed && code == exitClean {
			fmt.Fprintf(stderr, "%s: not in export format\n", name)
			code = exitProblems
		}
	}
	return code
}

// formatSource formats a whole file. Games with errors are copied through
// unchanged; their diagnostics go to stderr. It returns the output and the
// number of errors.
func formatSource(name, src string, opts export.Options, stderr io.Writer) ([]byte, int) {
	db, diags := parser.Parse(src)
	games, rules := check.Database(db)
	diags = append(diags, rules...)
	diags.Sort()
	failed := map[int]bool{}
	file := diag.NewFile(name, src)
	errors := 0
	for _, d := range diags {
		if d.Severity() != diag.Error {
			continue
		}
		errors++
		failed[d.Game] = true
		diag.WriteText(stderr, file, d, diag.English)
	}
	var b strings.Builder
	prev := 0
	escapes := db.Escapes
	for i, g := range db.Games {
		keepBetween(&b, src[prev:g.From])
		prev = g.To
		if failed[g.Index] || !games[i].Complete {
			b.WriteString(strings.TrimRight(src[g.From:g.To], " \t\r\n"))
			b.WriteString("\n\n")
			continue
		}
		// Escape lines inside the game are kept, before it.
		for len(escapes) > 0 && escapes[0].From < g.To {
			if escapes[0].From >= g.From {
				b.WriteString("%" + strings.TrimRight(escapes[0].Text, "\r") + "\n")
			}
			escapes = escapes[1:]
		}
		export.Game(&b, games[i], opts)
	}
	keepBetween(&b, src[prev:])
	return []byte(b.String()), errors
}

// keepBetween copies text between games when it holds more than white space
// (escape lines, stray text): fmt never drops input.
func keepBetween(b *strings.Builder, text string) {
	if t := strings.Trim(text, " \t\r\n\v\ufeff"); t != "" {
		b.WriteString(t)
		b.WriteString("\n")
	}
}

// writeAtomically replaces path by data through a temporary file in the same
// directory, so that the original is never half written.
func writeAtomically(path string, data []byte) error {
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".pgnc-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // fails harmlessly after the rename
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(info.Mode().Perm()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
