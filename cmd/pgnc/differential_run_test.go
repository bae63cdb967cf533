package main

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pgnc/pgnc/export"
	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/internal/testfiles"
)

// TestRandomInputsIndependentOfJobs runs the comparison of
// TestOutputIndependentOfJobs on PGNC_DIFF_INPUTS random glues of awkward
// fragments (unset: 0), from PGNC_DIFF_SEED.
func TestRandomInputsIndependentOfJobs(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("PGNC_DIFF_INPUTS"))
	if n == 0 {
		t.Skip("PGNC_DIFF_INPUTS is not set")
	}
	seed, _ := strconv.ParseUint(os.Getenv("PGNC_DIFF_SEED"), 10, 64)
	r := rand.New(rand.NewPCG(seed, 4))
	dir := t.TempDir()
	failed := 0
	for i := range n {
		src := []byte(nastyInput(r, 20+r.IntN(2000)))
		for _, args := range differentialCommands {
			if diff := runEveryWay(t, dir, args, src, everyWay); diff != "" {
				failed++
				t.Errorf("input %d %q: %s", i, src, diff)
				break
			}
		}
	}
	t.Logf("%d of %d inputs differ", failed, n)
}

// differentialCommands are the commands whose standard output must not
// depend on -j nor on how the input is read.
var differentialCommands = [][]string{
	{"fmt"},
	{"convert", "--to", "ndjson"},
	{"convert", "--to", "uci"},
	{"convert", "--to", "fen"},
	{"check", "--format", "json"},
}

// nastyInputs are inputs whose games end and start in awkward places.
var nastyInputs = []string{
	"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. Kxe8 René",
	"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. Kxe8 Ren\xe9",
	"1. e4 * Be3\n",
	"(\n1.\n\n[Event \"n\"]\n",
	"1. e4 *   junk here\n\n  [Event \"x\"]\r\n\r\n1. d4 d5 *\r\n",
	"[Event \"a\"]\r\n\r\n1. e4 e5 *\r\n\r\n[Event \"b\"]\r\n\r\n1. Kxe8 *\r\n\r\n[Event \"c\"]\r\n\r\n1. d4 *\r\n",
	"[Event \"a\"]\r\r1. e4 e5 *\r\r[Event \"b\"]\r\r1. Kxe8 *\r",
	"1. e4 * 1. d4 * 1. c4 * junk 1. Nf3 *",
	"%escape\n[Event \"a\"]\n%inside\n1. e4 *\n% after\n",
	"\ufeff  [Event \"a\"]\n1. e4 {unterminated\n\n[Event \"b\"]\n1. d4 *\n",
	"*\n*\n*\n)\n(\n*\n[\n]\n",
	"  1. e4 Kxe8 *\n  1. e4 Kxe8 *\n\n   stray\n1. d4 *",
	"[f k \"\"{\"]\n*3", // a tag name of two words: no repair of quotes
	"[f\xe9k\"\"{\"]\n*3",
}

// nastyFragments are glued at random into long inputs, so that the reader
// cuts them into pieces at many different places.
var nastyFragments = []string{
	"[Event \"e\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n",
	"[Event \"x\"]\n\n1. e4 Kxe8 *\n\n",
	"1. e4 * ", "1. d4 d5 *", "Be3 ", "René", "Ren\xe9", "caf\xe9 ", "\r\n", "\r", "\n", "\n\n", "  ", "\t",
	"{a comment} ", "{unterminated ", "(", ")", "1. ", "[Event \"n\"]\n", "[Event \"y\"]\r\n\r\n1. c4 c5 1/2-1/2\r\n\r\n",
	"%escape line\n", "junk ", "$1 ", "1-0\n", "[", "]", "\"", ";comment\n", "\ufeff",
}

// nastyInput glues fragments at random up to about size bytes.
func nastyInput(r *rand.Rand, size int) string {
	var b strings.Builder
	for b.Len() < size {
		b.WriteString(nastyFragments[r.IntN(len(nastyFragments))])
	}
	return b.String()
}

// onlyReader hides that a reader is a file, so that run reads it as a
// stream, as it reads a pipe.
type onlyReader struct{ io.Reader }

// way is one way to run a command: with -j jobs, reading a file, standard
// input or a gzip file.
type way struct{ jobs, how string }

// everyWay is every way to run a command, -j1 on a file first.
var everyWay = func() []way {
	var ways []way
	for _, jobs := range []string{"1", "2", "3"} {
		for _, how := range []string{"file", "stdin", "gzip"} {
			ways = append(ways, way{jobs, how})
		}
	}
	return ways
}()

// runEveryWay runs args on src in each of ways and returns a description
// of the first run whose exit code or standard output differs from that
// of the first, with the input's name written NAME, or "".
func runEveryWay(t testing.TB, dir string, args []string, src []byte, ways []way) string {
	t.Helper()
	path := filepath.Join(dir, "in.pgn")
	gz := path + ".gz"
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(gz, testfiles.Gzip(src), 0o644); err != nil {
		t.Fatal(err)
	}
	normal := strings.NewReplacer(gz, "NAME", path, "NAME", "<stdin>", "NAME", `\u003cstdin\u003e`, "NAME")
	var want string
	for i, w := range ways {
		full := append(append([]string(nil), args...), "-j", w.jobs)
		var stdin io.Reader = strings.NewReader("")
		switch w.how {
		case "file":
			full = append(full, path)
		case "stdin":
			full, stdin = append(full, "-"), onlyReader{bytes.NewReader(src)}
		case "gzip":
			full = append(full, gz)
		}
		var out, errs bytes.Buffer
		code := run(full, stdin, &out, &errs)
		if code == exitUsage {
			return fmt.Sprintf("%v: exit 2: %s", full, errs.String())
		}
		got := fmt.Sprintf("exit %d\n%s", code, normal.Replace(out.String()))
		if i == 0 {
			want = got
		} else if got != want {
			return fmt.Sprintf("pgnc %s: -j %s, %s differs from -j %s, %s:\n%s", strings.Join(args, " "), w.jobs, w.how, ways[0].jobs, ways[0].how, firstDifference(got, want))
		}
	}
	return ""
}

// firstDifference shows where a and b start to differ.
func firstDifference(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(i-120, 0)
	return fmt.Sprintf("at byte %d:\n got: %q\nwant: %q", i, a[from:min(i+120, len(a))], b[from:min(i+120, len(b))])
}

// TestOutputIndependentOfJobs: every command writes the same bytes for
// every -j and every way of reading the input, for the files of testdata,
// the edge files of the shared corpus, hand-made inputs and long random
// glues of awkward fragments, which the reader cuts into pieces.
func TestOutputIndependentOfJobs(t *testing.T) {
	inputs := map[string][]byte{}
	for i, src := range nastyInputs {
		inputs[fmt.Sprintf("nasty %d", i)] = []byte(src)
	}
	r := rand.New(rand.NewPCG(45, 1))
	for i := range 3 {
		inputs[fmt.Sprintf("random glue %d", i)] = []byte(nastyInput(r, 150<<10))
	}
	for _, path := range testfiles.PGN("../../testdata") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		inputs[path] = data
	}
	const edge = "../../../shared/corpus/edge"
	if _, err := os.Stat(edge); err != nil {
		t.Logf("skipping the corpus edge files: %v", err)
	} else if !testfiles.IsExtended() {
		t.Logf("skipping the corpus edge files: %s=1 runs them", testfiles.ExtendedVar)
	} else {
		for _, path := range testfiles.PGN(edge) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			inputs[path] = data
		}
	}
	dir := t.TempDir()
	for name, src := range inputs {
		start := time.Now()
		ways := everyWay
		if strings.HasPrefix(name, edge) {
			// Four ways, which cover each -j and each way of reading,
			// keep the corpus to a minute.
			ways = []way{{"1", "file"}, {"2", "stdin"}, {"3", "gzip"}, {"2", "file"}}
		}
		for _, args := range differentialCommands {
			if diff := runEveryWay(t, dir, args, src, ways); diff != "" {
				t.Errorf("%s: %s", name, diff)
			}
		}
		if os.Getenv("DIFF_TIMES") != "" {
			t.Logf("%s: %d bytes, %v", name, len(src), time.Since(start))
		}
	}
	t.Logf("%d inputs", len(inputs))
}

// FuzzOutputIndependentOfJobs: for any input, as it is or, with how at
// least 128, glued to itself past the size of a piece, every command
// writes the same bytes with -j1 from a file as in another way, which how
// chooses (two ways per input keep each run under the fuzzer's time
// limit). A parallel reader cuts even a short input at its sync points.
func FuzzOutputIndependentOfJobs(f *testing.F) {
	for i, src := range nastyInputs {
		f.Add(src, uint8(i))
	}
	f.Add(nastyInput(rand.New(rand.NewPCG(45, 2)), 300), uint8(128+4)) // glued past a piece
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, src string, how uint8) {
		if src == "" || len(src) > 4096 {
			return
		}
		long := []byte(src)
		if how >= 128 { // past a piece of fmt and convert (64 KiB with models)
			long = []byte(strings.Repeat(src, (64<<10)/len(src)+1))
		}
		ways := []way{everyWay[0], everyWay[1+int(how)%(len(everyWay)-1)]}
		for _, args := range differentialCommands {
			if diff := runEveryWay(t, dir, args, long, ways); diff != "" {
				t.Fatal(diff)
			}
		}
	})
}

// formatPieces formats src with formatStream, the reader cutting it into
// pieces of piece bytes on workers goroutines.
func formatPieces(src string, piece, workers int) string {
	var out strings.Builder
	formatStream("x", strings.NewReader(src), &out, export.Options{}, reader.Options{PieceSize: piece, Workers: workers}, defaultCodes, io.Discard)
	return out.String()
}

// FuzzFormatPieces: fmt writes the same bytes however the reader cuts the
// input into pieces, on one worker or several.
func FuzzFormatPieces(f *testing.F) {
	for _, src := range nastyInputs {
		f.Add(src, uint8(3))
	}
	r := rand.New(rand.NewPCG(45, 3))
	for range 8 {
		f.Add(nastyInput(r, 2000), uint8(40))
	}
	f.Fuzz(func(t *testing.T, src string, piece uint8) {
		if len(src) > 16<<10 {
			return // long inputs make minimizing slow
		}
		size := max(int(piece)+1, len(src)/256)
		want := formatPieces(src, len(src)+1, 1)
		for workers := 1; workers <= 3; workers++ {
			if got := formatPieces(src, size, workers); got != want {
				t.Fatalf("pieces of %d, %d workers: %s", size, workers, firstDifference(got, want))
			}
		}
	})
}
