package pgncbeam

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/fsouza/fake-gcs-server/fakestorage"
	"github.com/klauspost/compress/zstd"
	"github.com/pgnc/pgnc/beam/internal/testinput"
)

func TestMain(m *testing.M) {
	ptest.MainWithDefault(m, "prism")
}

// onPrism runs a pipeline on the local prism runner.
func onPrism(ctx context.Context, p *beam.Pipeline) error {
	_, err := prism.Execute(ctx, p)
	return err
}

// pgncBinary builds the pgnc command of the module beside this one.
func pgncBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "pgnc")
	build := exec.Command("go", "build", "-o", bin, "./cmd/pgnc")
	build.Dir = ".." // in its own module, with its own dependencies
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building pgnc: %v\n%s", err, out)
	}
	return bin
}

// runPipeline runs the pipeline on args on the prism runner and returns
// its report and summary.
func runPipeline(t *testing.T, args []string, opts Options) ([]byte, Summary) {
	t.Helper()
	inputs, err := Expand(args)
	if err != nil {
		t.Fatal(err)
	}
	out, err := Run(context.Background(), inputs, opts, "", onPrism)
	if err != nil {
		t.Fatal(err)
	}
	report, sum, err := SplitOutput(out)
	if err != nil {
		t.Fatal(err)
	}
	return report, sum
}

// checkBoth runs pgnc check and the pipeline on args and fails on any
// difference in output or exit status.
func checkBoth(t *testing.T, pgnc string, args []string, opts Options, flags ...string) Summary {
	t.Helper()
	cmd := exec.Command(pgnc, append(append([]string{"check", "-q"}, flags...), args...)...)
	want, err := cmd.Output()
	wantFailed := err != nil
	got, sum := runPipeline(t, args, opts)
	if !bytes.Equal(got, want) {
		t.Errorf("%v %v (ranges of %d): pipeline output differs from pgnc check:\n%s", flags, args, opts.RangeSize, firstDifference(got, want))
	}
	if failed := sum.Total.Errors > 0 || len(sum.Failures) > 0; failed != wantFailed {
		t.Errorf("%v: pipeline found errors: %v, pgnc check failed: %v", args, failed, wantFailed)
	}
	return sum
}

// firstDifference shows the lines around the first difference of a and b.
func firstDifference(a, b []byte) string {
	la, lb := strings.SplitAfter(string(a), "\n"), strings.SplitAfter(string(b), "\n")
	for i := range max(len(la), len(lb)) {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n got %q\nwant %q", i+1, x, y)
		}
	}
	return "(none)"
}

// seamInComment is testinput.SeamInComment in a temporary directory.
func seamInComment(t *testing.T) (path string, boundary int64) {
	t.Helper()
	path, boundary, err := testinput.SeamInComment(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return path, boundary
}

// TestSameAsCheck: the pipeline prints what pgnc check prints, byte for
// byte, with the same exit status, on the project's test files, a file
// whose range seam is fooled by a comment, pzstd and bzip2 files read
// whole, a file that is not PGN, and the shared corpus when it is there.
func TestSameAsCheck(t *testing.T) {
	pgnc := pgncBinary(t)
	files, _ := filepath.Glob("../testdata/*.pgn")
	compressed, _ := filepath.Glob("../testdata/compressed/*.pgn.*")
	notPGN := filepath.Join(t.TempDir(), "picture.pgn")
	os.WriteFile(notPGN, []byte("\x89PNG\r\n\x1a\nnot a game"), 0o644)
	seam, boundary := seamInComment(t)
	inputs := append(append(append([]string{}, files...), compressed...), notPGN, seam)
	for _, format := range []string{"text", "json"} {
		for _, size := range []int64{4096, DefaultRangeSize} {
			opts := Options{RangeSize: size, JSON: format == "json"}
			checkBoth(t, pgnc, inputs, opts, "--format", format)
		}
	}
	checkBoth(t, pgnc, inputs, Options{RangeSize: 4096, MaxErrors: 2}, "--max-errors", "2")
	checkBoth(t, pgnc, inputs, Options{RangeSize: 4096, Ignore: "PGN321", WarnAsError: "PGN305"}, "--ignore", "PGN321", "--warn-as-error", "PGN305")

	// The range before the false game start mends the seam; nothing is
	// read again after the check.
	sum := checkBoth(t, pgnc, []string{seam}, Options{RangeSize: boundary})
	if sum.Mended == 0 || sum.Reread != 0 {
		t.Errorf("a range started inside a comment: %d seams mended, %d files read again; want the seam mended: %+v", sum.Mended, sum.Reread, sum)
	}

	corpus := "../../shared/corpus/edge"
	if _, err := os.Stat(corpus); err != nil {
		t.Logf("shared corpus not found at %s: only the project's files were compared", corpus)
		return
	}
	checkBoth(t, pgnc, []string{corpus}, Options{RangeSize: 64 << 10})
	// The bulk corpus, 110 MB of games few of which have a diagnostic:
	// the merge ships and prints those few.
	bulk := "../../shared/corpus/bulk"
	if _, err := os.Stat(bulk); err != nil {
		t.Logf("bulk corpus not found at %s", bulk)
		return
	}
	for _, size := range []int64{1 << 20, DefaultRangeSize} {
		checkBoth(t, pgnc, []string{bulk}, Options{RangeSize: size})
	}
	checkBoth(t, pgnc, []string{bulk}, Options{RangeSize: 1 << 20, JSON: true, MaxErrors: 3}, "--format", "json", "--max-errors", "3")
	checkBoth(t, pgnc, []string{bulk}, Options{RangeSize: 1 << 20, MaxErrors: 3}, "--max-errors", "3")
}

// TestMissingInput: a path that does not exist is one clear error before
// the pipeline starts.
func TestMissingInput(t *testing.T) {
	_, err := Expand([]string{"no/such/file.pgn"})
	if err == nil || !strings.Contains(err.Error(), "no/such/file.pgn") {
		t.Errorf("error %v, want one naming the path", err)
	}
	in, err := Expand([]string{t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := expandUnits(context.Background(), in); err == nil || !strings.Contains(err.Error(), "no PGN file") {
		t.Errorf("empty directory: %v", err)
	}
}

// TestGCS: objects in a Cloud Storage bucket, served by an emulator on
// loopback and read in ranges through the official client, check as
// pgnc check checks the same files in a directory.
func TestGCS(t *testing.T) {
	pgnc := pgncBinary(t)
	dir := t.TempDir()
	seam, _ := seamInComment(t)
	sources := map[string]string{"a-mistakes.pgn": "../testdata/mistakes.pgn", "b-broken.pgn": "../testdata/broken.pgn",
		"c-seam.pgn": seam, "d-sample.pgn.zst": "../testdata/compressed/sample.pgn.zst", "notes.txt": "../testdata/tiny.pgn"}
	var objects []fakestorage.Object
	for name, from := range sources {
		data, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		objects = append(objects, fakestorage.Object{ObjectAttrs: fakestorage.ObjectAttrs{BucketName: "games", Name: "dump/" + name}, Content: data})
	}
	server, err := fakestorage.NewServerWithOptions(fakestorage.Options{InitialObjects: objects, Scheme: "http", Host: "127.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	defer server.Stop()
	t.Setenv("STORAGE_EMULATOR_HOST", strings.TrimPrefix(server.URL(), "http://"))

	want, _ := exec.Command(pgnc, "check", "-q", dir).Output()
	want = bytes.ReplaceAll(want, []byte(dir+"/"), []byte("gs://games/dump/"))
	got, sum := runPipeline(t, []string{"gs://games/dump/"}, Options{RangeSize: 4096})
	if !bytes.Equal(got, want) {
		t.Errorf("gs:// differs from pgnc check on the same files:\n%s", firstDifference(got, want))
	}
	if len(sum.Files) != 4 {
		t.Errorf("%d files checked, want the 4 PGN objects: %+v", len(sum.Files), sum.Files)
	}
	if _, sum := runPipeline(t, []string{"gs://games/dump/[ab]-*.pgn"}, Options{RangeSize: 4096}); len(sum.Files) != 2 || sum.Files[1].Name != "gs://games/dump/b-broken.pgn" {
		t.Errorf("a gs:// pattern: %+v", sum.Files)
	}
	if _, err := Expand([]string{"gs://games/dump/missing.pgn"}); err == nil || !strings.Contains(err.Error(), "missing.pgn") {
		t.Errorf("a missing object: %v", err)
	}
}

// manyFrames is testinput.ManyFrames in a temporary directory.
func manyFrames(t *testing.T, text string, size int) string {
	t.Helper()
	path, err := testinput.ManyFrames(t.TempDir(), text, size)
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// TestFrameGroups: a zstd file of many frames is read in groups of frames
// and prints what pgnc check prints for it, text and JSON (whose offsets
// count in the decoded text); where a group's first sync point lies inside
// a comment, the group before mends the seam.
func TestFrameGroups(t *testing.T) {
	pgnc := pgncBinary(t)
	text := cleanGames(t)
	path := manyFrames(t, strings.Repeat(text, 4), 1000)
	units := expandArgs(t, path)
	if len(units) != 1 || !units[0].Zstd {
		t.Fatalf("units %+v, want one zstd file to index", units)
	}
	groups, err := frameGroups(context.Background(), units[0], 4096/4)
	if err != nil {
		t.Fatal(err)
	}
	if len(groups) < 4 || len(groups[3].Frames) == 0 {
		t.Fatalf("%d units, want frame groups", len(groups))
	}
	for _, format := range []string{"text", "json"} {
		sum := checkBoth(t, pgnc, []string{path}, Options{RangeSize: 4096, JSON: format == "json"}, "--format", format)
		if sum.Reread != 0 {
			t.Errorf("%s: %d files read again whole", format, sum.Reread)
		}
	}
	seam, boundary := seamInComment(t)
	data, _ := os.ReadFile(seam)
	fooled := manyFrames(t, string(data), int(boundary))
	if sum := checkBoth(t, pgnc, []string{fooled}, Options{RangeSize: 64}); sum.Mended != 1 || sum.Reread != 0 {
		t.Errorf("a group that starts inside a comment: %d seams mended, %d files read again; want 1 and 0", sum.Mended, sum.Reread)
	}
}

// TestREADMECommand: the README's commands for pgnc-beam build it and
// check the sample as pgnc check does, exit code included.
func TestREADMECommand(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), "cd beam && go build ./cmd/pgnc-beam\n./pgnc-beam check ../testdata/mistakes.pgn") {
		t.Fatal("the README's pgnc-beam commands are not the ones this test runs")
	}
	bin := filepath.Join(t.TempDir(), "pgnc-beam")
	if out, err := exec.Command("go", "build", "-o", bin, "./cmd/pgnc-beam").CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/pgnc-beam: %v\n%s", err, out)
	}
	got, err := exec.Command(bin, "check", "../testdata/mistakes.pgn").Output()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Errorf("pgnc-beam check: %v, want exit 1", err)
	}
	want, _ := exec.Command(pgncBinary(t), "check", "-q", "../testdata/mistakes.pgn").Output()
	if !bytes.Equal(got, want) {
		t.Errorf("pgnc-beam printed:\n%s", firstDifference(got, want))
	}
}

// TestCutShort: a compressed file cut short reports the games before the
// cut, then the error (exit 2 for pgnc check, a failure in the summary).
func TestCutShort(t *testing.T) {
	pgnc := pgncBinary(t)
	text, err := os.ReadFile("../testdata/mistakes.pgn")
	if err != nil {
		t.Fatal(err)
	}
	var games bytes.Buffer
	for i := range 3000 { // games that differ, so that the frame has many blocks
		games.WriteString(strings.Replace(string(text), "Adams, Jane", fmt.Sprintf("Player %d", i*7919%10007), 1))
	}
	enc, _ := zstd.NewWriter(nil)
	data := enc.EncodeAll(games.Bytes(), nil) // one frame of 3.9 MB
	path := filepath.Join(t.TempDir(), "cut.pgn.zst")
	os.WriteFile(path, data[:len(data)*2/3], 0o644)
	sum := checkBoth(t, pgnc, []string{path}, Options{})
	if len(sum.Failures) != 1 || !strings.Contains(sum.Failures[0], "cut.pgn.zst: ") {
		t.Errorf("failures %q, want the file's error", sum.Failures)
	}
	// Cut before its first game: no game, and no file counted.
	sample, _ := os.ReadFile("../testdata/compressed/sample.pgn.zst")
	early := filepath.Join(t.TempDir(), "early.pgn.zst")
	os.WriteFile(early, sample[:530], 0o644)
	checkBoth(t, pgnc, []string{early, "../testdata/tiny.pgn"}, Options{})
}

// TestGlobs: a pattern names the files it matches, in name order, as the
// shell would; one that matches nothing is an error.
func TestGlobs(t *testing.T) {
	pgnc := pgncBinary(t)
	want, _ := filepath.Glob("../testdata/*.pgn")
	units := expandArgs(t, "../testdata/*.pgn")
	var got []string
	for _, u := range units {
		got = append(got, u.Name)
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("the pattern names %v, want %v", got, want)
	}
	checkBoth(t, pgnc, want, Options{RangeSize: 4096})
	in, _ := Expand([]string{"../testdata/*.nothing"})
	if _, err := expandUnits(context.Background(), in); err == nil || !strings.Contains(err.Error(), "no file matches") {
		t.Errorf("a pattern that matches nothing: %v", err)
	}
}

// expandArgs returns the units of the files args name, found as the
// pipeline finds them (expandUnits).
func expandArgs(t testing.TB, args ...string) []unit {
	t.Helper()
	in, err := Expand(args)
	if err != nil {
		t.Fatal(err)
	}
	units, err := expandUnits(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	return units
}

// cleanGames is the project's test files whose comments all close, one
// after another: text whose every range seam holds.
func cleanGames(t *testing.T) string {
	t.Helper()
	var text strings.Builder
	for _, name := range []string{"../testdata/mistakes.pgn", "../testdata/sample.pgn", "../testdata/repeats.pgn"} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		text.Write(data)
		text.WriteString("\n")
	}
	return text.String()
}
