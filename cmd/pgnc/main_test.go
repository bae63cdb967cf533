package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	if os.Getenv("PGNC_TEST_MAIN") == "1" { // the test binary as pgnc, for tests that signal it
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	testscript.Main(m, map[string]func(){
		"pgnc": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the real pgnc command over the scripts in
// testdata/script, which compare its exact output and exit codes.
func TestScripts(t *testing.T) {
	testdata, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: "../../testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("TESTDATA", testdata)
			return nil
		},
	})
}

// fullDisk takes limit bytes, then fails as a full disk does.
type fullDisk struct{ limit int }

func (d *fullDisk) Write(p []byte) (int, error) {
	if len(p) > d.limit {
		n := d.limit
		d.limit = 0
		return n, &fs.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.ENOSPC}
	}
	d.limit -= len(p)
	return len(p), nil
}

// TestWriteErrors: a failed write to standard output is reported once and
// makes the exit code 2, for every command, however much was written first.
func TestWriteErrors(t *testing.T) {
	sample := filepath.Join("..", "..", "testdata", "sample.pgn")
	broken := filepath.Join("..", "..", "testdata", "broken.pgn")
	for _, args := range [][]string{
		{"check", broken}, {"check", "-j1", sample}, {"check", "--format", "json", broken},
		{"fmt", sample}, {"convert", "--to", "ndjson", sample}, {"convert", "--to", "json", sample},
		{"convert", "--to", "uci", sample}, {"board", "--all", sample}, {"version"},
	} {
		for _, limit := range []int{0, 10} {
			var stderr strings.Builder
			code := run(args, nil, &fullDisk{limit: limit}, &stderr)
			if code != exitUsage || strings.Count(stderr.String(), "pgnc: writing standard output: no space left on device\n") != 1 {
				t.Errorf("%v, %d bytes: exit %d: %q", args, limit, code, stderr.String())
			}
		}
	}
	if f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0); err == nil {
		defer f.Close()
		var stderr strings.Builder
		if code := run([]string{"check", sample}, nil, f, &stderr); code != exitUsage || stderr.String() != "pgnc: writing standard output: no space left on device\n" {
			t.Errorf("/dev/full: exit %d: %q", code, stderr.String())
		}
	}
}
