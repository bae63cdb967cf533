package main

import (
	"archive/zip"
	"bytes"
	"flag"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	pgncOnce sync.Once
	pgncDir  string
	pgncErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if pgncDir != "" {
		os.RemoveAll(pgncDir)
	}
	os.Exit(code)
}

// pgncBinary builds pgnc from the root module, once.
func pgncBinary(t *testing.T) string {
	t.Helper()
	pgncOnce.Do(func() {
		if pgncDir, pgncErr = os.MkdirTemp("", "pgnc-beam-test-"); pgncErr != nil {
			return
		}
		cmd := exec.Command("go", "build", "-o", pgncDir+string(filepath.Separator), "./cmd/pgnc")
		cmd.Dir = "../../.."
		if out, err := cmd.CombinedOutput(); err != nil {
			pgncErr = &buildError{err, out}
		}
	})
	if pgncErr != nil {
		t.Fatal(pgncErr)
	}
	return filepath.Join(pgncDir, "pgnc")
}

type buildError struct {
	err error
	out []byte
}

func (e *buildError) Error() string {
	return "go build ./cmd/pgnc: " + e.err.Error() + "\n" + string(e.out)
}

// runCommand runs the command's run in this process and gives Beam's
// flags that it set (--runner, --endpoint, ...) their values back.
func runCommand(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	saved := map[string]string{}
	flag.CommandLine.VisitAll(func(f *flag.Flag) { saved[f.Name] = f.Value.String() })
	defer flag.CommandLine.VisitAll(func(f *flag.Flag) {
		if f.Value.String() != saved[f.Name] {
			f.Value.Set(saved[f.Name])
		}
	})
	var out, errs bytes.Buffer
	code = run(args, &out, &errs)
	return out.String(), errs.String(), code
}

// writeFiles writes the files of a test into a new directory and returns
// it.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// writeZip writes a zip archive of members, in order, to path.
func writeZip(t *testing.T, path string, members ...[2]string) {
	t.Helper()
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for _, m := range members {
		w, err := z.Create(m[0])
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(m[1]))
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

const (
	// mixedPGN has a game in Windows-1252 and one in UTF-8.
	mixedPGN = "[Event \"Bundesliga\"]\n[Site \"M\xfcnchen\"]\n[White \"H\xfcbner, Robert\"]\n[Black \"Nunn, John\"]\n[Result \"1-0\"]\n\n1. e4 {Er \xf6ffnet} e5 1-0\n\n" +
		"[Event \"Bundesliga\"]\n[Site \"München\"]\n[White \"Nunn, John\"]\n[Black \"Hübner, Robert\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n"
	// lettersPGN has piece letters that German and Czech read differently.
	lettersPGN = "[Event \"?\"]\n[Result \"*\"]\n\n1. e3 e6 2. Se2 Se7 *\n"
	// repeatsPGN has the same warning many times in one game.
	repeatsPGN = "[Event \"?\"]\n[Result \"*\"]\n\n1. e4 {a} {b} {c} {d} {e} e5 $1 $1 $1 $1 $1 *\n"
)

// TestSameAsCheck: pgnc-beam check prints what pgnc check prints, and
// exits as it does, with the flags they share: --encoding,
// --piece-letters, --max-repeats, zip archives, and flags after the files.
func TestSameAsCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("builds pgnc (-short)")
	}
	pgnc := pgncBinary(t)
	dir := writeFiles(t, map[string]string{"mixed.pgn": mixedPGN, "letters.pgn": lettersPGN, "repeats.pgn": repeatsPGN})
	writeZip(t, filepath.Join(dir, "games.zip"), [2]string{"a/letters.pgn", lettersPGN}, [2]string{"notes.txt", "not a game"}, [2]string{"b/mixed.pgn", mixedPGN})
	writeZip(t, filepath.Join(dir, "none.zip"), [2]string{"notes.txt", "not a game"})
	// A member stored with a method of compression that Go cannot read.
	var odd bytes.Buffer
	z := zip.NewWriter(&odd)
	z.RegisterCompressor(99, func(w io.Writer) (io.WriteCloser, error) { return nopCloser{w}, nil })
	w, _ := z.CreateHeader(&zip.FileHeader{Name: "odd.pgn", Method: 99})
	w.Write([]byte(lettersPGN))
	w, _ = z.Create("letters.pgn")
	w.Write([]byte(lettersPGN))
	z.Close()
	os.WriteFile(filepath.Join(dir, "odd.zip"), odd.Bytes(), 0o644)
	in := func(name string) string { return filepath.Join(dir, name) }
	for _, args := range [][]string{
		{in("mixed.pgn")},
		{"--encoding", "utf8", in("mixed.pgn")},
		{"--encoding=latin1", in("mixed.pgn")},
		{"--encoding=UTF-8", in("mixed.pgn")},
		{in("letters.pgn")},
		{"--piece-letters", "de", in("letters.pgn")},
		{"--piece-letters=cs", in("letters.pgn")},
		{in("repeats.pgn")},
		{"--max-repeats=0", in("repeats.pgn")},
		{"--max-repeats", "2", in("repeats.pgn")},
		{"--max-repeats", "2", "--format", "json", in("repeats.pgn")},
		{in("repeats.pgn"), "--max-repeats", "2", in("letters.pgn"), "--piece-letters=de"},
		{"--", in("letters.pgn")},
		{in("games.zip")},
		{"--piece-letters=de", in("games.zip"), in("mixed.pgn")},
		{in("none.zip")},
		{"--format=json", in("games.zip")},
		{in("odd.zip"), in("letters.pgn")},
		{dir},
		{"--format=json", dir},
		{"--max-depth=0", in("letters.pgn")},
		{"--max-depth=1", in("letters.pgn")},
		{"--max-depth=100000", in("letters.pgn")},
		{"--max-game-bytes=1000", in("letters.pgn")},
		{"--max-game-bytes=65536", in("letters.pgn")},
	} {
		t.Run(strings.ReplaceAll(strings.Join(args, " "), dir+string(filepath.Separator), ""), func(t *testing.T) {
			got, gotErr, gotCode := runCommand(t, append([]string{"check"}, args...)...)
			cmd := exec.Command(pgnc, append([]string{"check"}, args...)...)
			var want, wantErr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &want, &wantErr
			err := cmd.Run()
			wantCode := 0
			if exit, ok := err.(*exec.ExitError); ok {
				wantCode = exit.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if got != want.String() {
				t.Errorf("pgnc-beam check prints\n%s\npgnc check prints\n%s", got, want.String())
			}
			if gotCode != wantCode {
				t.Errorf("pgnc-beam check exits %d, pgnc check %d; pgnc-beam said:\n%s", gotCode, wantCode, gotErr)
			}
			// What they say on standard error differs in the command's
			// name only.
			if g := strings.ReplaceAll(gotErr, "pgnc-beam", "pgnc"); g != wantErr.String() {
				t.Errorf("pgnc-beam check says\n%s\npgnc check says\n%s", gotErr, wantErr.String())
			}
		})
	}
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// TestFlagErrors: what the command says, and its exit code, for flags
// that cannot run.
func TestFlagErrors(t *testing.T) {
	dead := "localhost:" + strconv.Itoa(freePort(t))
	file := filepath.Join(writeFiles(t, map[string]string{"a.pgn": lettersPGN}), "a.pgn")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "usage: pgnc-beam check"},
		{[]string{"lint", file}, 2, "usage: pgnc-beam check"},
		{[]string{"--help"}, 0, ""},
		{[]string{"check"}, 2, "no input files"},
		{[]string{"check", "--encoding", "ebcdic", file}, 2, `unknown encoding "ebcdic" (want auto, utf8 or latin1)`},
		{[]string{"check", "--piece-letters", "xx", file}, 2, `unknown language "xx" (want `},
		{[]string{"check", "--max-repeats=-1", file}, 2, "--max-repeats -1 is below 0"},
		{[]string{"check", "--max-errors=-1", file}, 2, "--max-errors -1 is below 0"},
		{[]string{"check", "--format=xml", file}, 2, `unknown format "xml"`},
		{[]string{"check", file, "--no-such-flag"}, 2, "flag provided but not defined: -no-such-flag"},
		{[]string{"check", "--runner=nonsense", file}, 2, `unknown runner "nonsense"`},
		{[]string{"check", "--runner=universal", "--endpoint=" + dead, file}, 2, "--runner=universal needs --output"},
		{[]string{"check", "--runner=dataflow", file}, 2, "--runner=dataflow needs --output"},
		{[]string{"check", "--runner=prism", "--endpoint=" + dead, file}, 2, "--runner=prism needs --output"},
		{[]string{"check", "--runner=flink", "--output=/tmp/x", file}, 2, "--runner=flink needs --endpoint"},
		{[]string{"check", "--async", file}, 2, "--async needs a runner outside this process"},
		{[]string{"check", "--runner=universal", "--endpoint=" + dead, "--output=/tmp/report.txt", file}, 2, "no job server answers at " + dead + " (--endpoint)"},
		{[]string{"check", "--runner=spark", "--endpoint=" + dead, "--output=gs://bucket/report.txt", file}, 2, "no job server answers at " + dead},
		{[]string{"--worker=false"}, 2, "flags before the command are those of a worker"},
		{[]string{"--id=1", "--control_endpoint=" + dead}, 2, "started by a runner with --worker=true"},
		{[]string{"--no-such-flag"}, 2, "usage: pgnc-beam check"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			start := time.Now()
			_, stderr, code := runCommand(t, tc.args...)
			if code != tc.code || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, standard error:\n%s\nwant exit %d and %q", code, stderr, tc.code, tc.want)
			}
			if d := time.Since(start); d > 30*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

// TestNoReport: the vet runner and Dataflow's --dry_run run no job, and the
// command reads no report: it exits 0 with nothing on standard output.
func TestNoReport(t *testing.T) {
	file := filepath.Join(writeFiles(t, map[string]string{"a.pgn": lettersPGN}), "a.pgn")
	for _, args := range [][]string{
		{"check", "--runner=vet", file},
		{"check", "--runner=dataflow", "--dry_run", "--project=pgnc-test", "--region=europe-west1", "--staging_location=gs://bucket/staging",
			"--temp_location=gs://bucket/tmp", "--worker_binary=pgnc-beam", file},
	} {
		t.Run(args[1], func(t *testing.T) {
			stdout, stderr, code := runCommand(t, args...)
			if code != 0 || stdout != "" || strings.Contains(stderr, "report") {
				t.Errorf("exit %d, standard output %q, standard error:\n%s", code, stdout, stderr)
			}
		})
	}
}

// TestOutputOnPrism: with --output, prism in this process writes the
// report there, in shards and a summary, and the command prints the
// shards joined; with --print=false it prints nothing and exits as the
// summary says.
func TestOutputOnPrism(t *testing.T) {
	dir := writeFiles(t, map[string]string{"a.pgn": lettersPGN})
	output := filepath.Join(dir, "report.txt")
	stdout, stderr, code := runCommand(t, "check", "--piece-letters=de", "--output="+output, filepath.Join(dir, "a.pgn"))
	if code != 0 || !strings.Contains(stdout, "1 file, 1 game") {
		t.Fatalf("exit %d, standard output:\n%s\nstandard error:\n%s", code, stdout, stderr)
	}
	b, err := os.ReadFile(filepath.Join(dir, "report-00000-of-00001.txt"))
	if err != nil || string(b) != stdout {
		t.Errorf("the report at --output is not what was printed: %v\n%s", err, b)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "report-summary.json")); err != nil || !bytes.Contains(b, []byte(`"games":1`)) {
		t.Errorf("the summary: %v\n%s", err, b)
	}
	stdout, _, code = runCommand(t, "check", "--print=false", "--output="+output, filepath.Join(dir, "a.pgn"))
	if code != 1 || stdout != "" {
		t.Errorf("--print=false: exit %d, standard output %q; want 1 and nothing", code, stdout)
	}
}

// TestParseArgs: flags before and after the files, and "--", which ends
// them unless it is a flag's value.
func TestParseArgs(t *testing.T) {
	for _, tc := range []struct {
		args, files []string
		ignore      string
	}{
		{[]string{"a", "--ignore=301", "b"}, []string{"a", "b"}, "301"},
		{[]string{"--ignore", "301", "a"}, []string{"a"}, "301"},
		{[]string{"a", "--", "--ignore=301"}, []string{"a", "--ignore=301"}, ""},
		{[]string{"--ignore", "--", "a"}, []string{"a"}, "--"},
		{[]string{"--strict", "--", "-"}, []string{"-"}, ""},
		{[]string{"-", "a"}, []string{"-", "a"}, ""},
	} {
		set := flag.NewFlagSet("test", flag.ContinueOnError)
		var ignore string
		var strict bool
		set.StringVar(&ignore, "ignore", "", "")
		set.BoolVar(&strict, "strict", false, "")
		files, err := parseArgs(set, tc.args)
		if err != nil || strings.Join(files, "|") != strings.Join(tc.files, "|") || ignore != tc.ignore {
			t.Errorf("parseArgs(%q) = %q, --ignore %q, %v; want %q, --ignore %q", tc.args, files, ignore, err, tc.files, tc.ignore)
		}
	}
}

// freePort returns a TCP port of the loopback interface that nothing
// listens on.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "localhost:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// TestSilentEndpoint: a server that accepts connections but does not speak
// gRPC fails the check before submission, within dialTimeout.
func TestSilentEndpoint(t *testing.T) {
	l, err := net.Listen("tcp", "localhost:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		for {
			conn, err := l.Accept()
			if err != nil {
				return
			}
			defer conn.Close() // held open, silent, until the listener closes
		}
	}()
	old := dialTimeout
	dialTimeout = 500 * time.Millisecond
	defer func() { dialTimeout = old }()
	file := filepath.Join(writeFiles(t, map[string]string{"a.pgn": lettersPGN}), "a.pgn")
	_, stderr, code := runCommand(t, "check", "--runner=universal", "--endpoint="+l.Addr().String(), "--output=/tmp/report.txt", file)
	if want := "does not answer as a gRPC server within 500ms"; code != 2 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, standard error:\n%s\nwant exit 2 and %q", code, stderr, want)
	}
}

// TestDefaultWorkerBinary: a job whose workers run outside this process
// gets this binary as its workers' when it is built for linux/amd64 and
// --worker_binary is not given.
func TestDefaultWorkerBinary(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		job                 jobPlan
		given, goos, goarch string
		want                string
	}{
		{jobPlan{remote: true}, "", "linux", "amd64", self},
		{jobPlan{remote: true}, "/bin/worker", "linux", "amd64", ""},
		{jobPlan{remote: false}, "", "linux", "amd64", ""},
		{jobPlan{remote: true}, "", "darwin", "arm64", ""},
		{jobPlan{remote: true}, "", "linux", "arm64", ""},
	} {
		if got, err := defaultWorkerBinary(tc.job, tc.given, tc.goos, tc.goarch); got != tc.want || err != nil {
			t.Errorf("defaultWorkerBinary(%+v, %q, %s/%s) = %q, %v; want %q", tc.job, tc.given, tc.goos, tc.goarch, got, err, tc.want)
		}
	}
}
