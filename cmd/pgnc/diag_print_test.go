package main

import (
	"cmp"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/internal/report"
	"github.com/pgnc/pgnc/pgn"
)

// TestLibraryPrintsAsCheck: a program that reads games with the reader and
// prints each diagnostic located, with its Where, through
// diag.Located.WriteText prints byte for byte what pgnc check prints
// before its summary line, in text, and what pgnc check --format json
// prints through WriteJSON.
func TestLibraryPrintsAsCheck(t *testing.T) {
	paths, err := filepath.Glob("../../testdata/*.pgn")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no PGN files in testdata: %v", err)
	}
	for _, path := range paths {
		for _, json := range []bool{false, true} {
			args := []string{"check", path}
			if json {
				args = []string{"check", "--format", "json", path}
			}
			var out, stderr strings.Builder
			if code := run(args, nil, &out, &stderr); code == exitUsage || stderr.Len() > 0 {
				t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
			}
			want := out.String()
			if !json {
				want = want[:strings.LastIndex(strings.TrimSuffix(want, "\n"), "\n")+1] // the summary line is the report's
				if filepath.Base(path) == "mistakes.pgn" && !strings.Contains(want, "\n    in game 1 (") {
					t.Fatalf("pgnc check prints no game line for %s:\n%s", path, want)
				}
			}

			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for g, err := range reader.New(f, path, reader.Options{}).All() {
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range g.Diags {
					if json {
						err = diag.Locate(g.File, d).WriteJSON(&b, diag.English)
					} else {
						l := diag.LocateStart(g.File, d)
						l.Where = report.Where(diag.English, g.Index, g.Tags)
						err = l.WriteText(&b, diag.English)
					}
					if err != nil {
						t.Fatal(err)
					}
				}
			}
			f.Close()
			if b.String() != want {
				t.Errorf("%v: the library prints\n%s\npgnc check prints\n%s", args, b.String(), want)
			}
			if got := printThroughPGN(t, path, json); got != want {
				t.Errorf("%v: package pgn prints\n%s\npgnc check prints\n%s", args, got, want)
			}
		}
	}
}

// printThroughPGN prints the diagnostics of the file at path as a user of
// package pgn does, those of games and of the text between them in input
// order.
func printThroughPGN(t *testing.T, path string, json bool) string {
	r, err := pgn.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var diags []pgn.Diagnostic
	for g, err := range r.Games() {
		if err != nil {
			t.Fatal(err)
		}
		diags = append(diags, g.Diags...)
	}
	for _, s := range r.Stray() {
		diags = append(diags, s.Diags...)
	}
	slices.SortStableFunc(diags, func(a, b pgn.Diagnostic) int { return cmp.Compare(a.Offset, b.Offset) })
	var b strings.Builder
	for _, d := range diags {
		if json {
			d.WriteJSON(&b, diag.English)
		} else {
			d.WriteText(&b, diag.English)
		}
	}
	return b.String()
}
