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
	if filepath.Base(os.Args[0]) != "pgnc" {
		// The tests that call run speak English, whatever the locale of the
		// machine; the scripts, which run the command as "pgnc", set
		// theirs.
		for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
			os.Unsetenv(name)
		}
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

// TestREADMEFirstCommand: the README's first command checks the sample it
// names, exits 1 as the README says, and prints the diagnostic and the
// summary line that the README shows, to the byte.
func TestREADMEFirstCommand(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	const command = "go run ./cmd/pgnc check testdata/mistakes.pgn\n"
	if !strings.Contains(text, "```sh\n"+command) {
		t.Fatalf("the README's first command is not %q", command)
	}
	var out, stderr strings.Builder
	code := run([]string{"check", "../../testdata/mistakes.pgn"}, nil, &out, &stderr)
	if code != exitProblems || stderr.Len() > 0 {
		t.Errorf("exit %d, want 1: %s", code, stderr.String())
	}
	printed := strings.ReplaceAll(out.String(), "../../testdata/", "testdata/") // as run from the repository's root
	lines := strings.Split(strings.TrimSuffix(printed, "\n"), "\n")
	if summary := lines[len(lines)-1]; !strings.Contains(text, "`"+summary+"`") {
		t.Errorf("the README does not show the summary line %q", summary)
	}
	start := strings.Index(text, "```\ntestdata/mistakes.pgn:")
	if start < 0 {
		t.Fatal("the README shows no diagnostic of testdata/mistakes.pgn")
	}
	shown := text[start+4 : start+4+strings.Index(text[start+4:], "```")]
	if !strings.Contains(printed, shown) {
		t.Errorf("the README's diagnostic is not what pgnc prints:\n%s", shown)
	}
}
