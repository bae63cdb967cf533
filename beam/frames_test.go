package pgncbeam

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/pgnc/pgnc/internal/input"
)

// countingReader counts the reads made of a file.
type countingReader struct {
	f     *os.File
	reads atomic.Int64
}

func (c *countingReader) ReadAt(p []byte, off int64) (int, error) {
	c.reads.Add(1)
	return c.f.ReadAt(p, off)
}

// pzstdFile compresses text with pzstd, as the lichess dumps are written,
// or skips the test where pzstd is not installed.
func pzstdFile(t *testing.T, text string) string {
	t.Helper()
	if _, err := exec.LookPath("pzstd"); err != nil {
		t.Skip("pzstd is not installed (Debian package zstd): no pzstd file to index")
	}
	dir := t.TempDir()
	plain := filepath.Join(dir, "games.pgn")
	if err := os.WriteFile(plain, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("pzstd", "-q", "-1", "-p", "2", plain, "-o", plain+".zst").CombinedOutput(); err != nil {
		t.Fatalf("pzstd: %v\n%s", err, out)
	}
	return plain + ".zst"
}

// TestFramesFromSkippable: on a file that pzstd wrote, indexFrames finds
// the frames that input.ZstdFrames finds, with one read per frame where
// input.ZstdFrames reads every block header; and the pipeline checks it
// in frame groups as pgnc check does.
func TestFramesFromSkippable(t *testing.T) {
	path := pzstdFile(t, strings.Repeat(cleanGames(t), 1000)) // 28 MB
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	info, _ := f.Stat()
	blocks := &countingReader{f: f}
	want, err := input.ZstdFrames(blocks, info.Size())
	if err != nil {
		t.Fatal(err)
	}
	skippable := &countingReader{f: f}
	got, err := indexFrames(skippable, info.Size())
	if err != nil {
		t.Fatal(err)
	}
	if len(want) < 2 {
		t.Fatalf("pzstd wrote %d frames, want several", len(want))
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("indexFrames found\n%+v\nwant\n%+v", got, want)
	}
	if n := skippable.reads.Load(); n != int64(len(want)) {
		t.Errorf("indexFrames read %d times for %d frames, want one read per frame", n, len(want))
	}
	t.Logf("%d frames in %d bytes: %d reads of block headers, %d of skippable frames", len(want), info.Size(), blocks.reads.Load(), skippable.reads.Load())

	// A file whose frames have no skippable frames before them is indexed
	// from its block headers.
	data, _ := os.ReadFile(path)
	var bare []byte
	for _, fr := range want {
		bare = append(bare, data[fr.Offset:fr.Offset+fr.Size]...)
	}
	plain := filepath.Join(t.TempDir(), "bare.pgn.zst")
	os.WriteFile(plain, bare, 0o644)
	g, _ := os.Open(plain)
	defer g.Close()
	frames, err := indexFrames(g, int64(len(bare)))
	if err != nil || len(frames) != len(want) {
		t.Errorf("frames without skippable frames: %d, %v; want %d", len(frames), err, len(want))
	}

	// The games of the bulk corpus, few of which have a diagnostic, in
	// frames of pzstd: the pipeline checks them in frame groups.
	names, _ := filepath.Glob("../../shared/corpus/bulk/tcec/*.pgn")
	if len(names) == 0 {
		t.Log("bulk corpus not found at ../../shared/corpus/bulk: the pipeline was not run on a pzstd file")
		return
	}
	var text strings.Builder
	for _, name := range names {
		if text.Len() > 24<<20 {
			break
		}
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		text.Write(b)
	}
	games := pzstdFile(t, text.String())
	pgnc := pgncBinary(t)
	for _, size := range []int64{1 << 20, DefaultRangeSize} {
		sum := checkBoth(t, pgnc, []string{games}, Options{RangeSize: size})
		if sum.Reread != 0 {
			t.Errorf("ranges of %d: %d groups read again", size, sum.Reread)
		}
	}
}

// TestMeasureFrameReads counts the reads that indexing the frames of the
// zstd file that PGNC_BEAM_MEASURE_ZST names takes, from the block
// headers and from pzstd's skippable frames. A measurement; it skips
// without the variable:
//
//	PGNC_BEAM_MEASURE_ZST=bulk.pgn.zst go test -run TestMeasureFrameReads -v .
func TestMeasureFrameReads(t *testing.T) {
	path := os.Getenv("PGNC_BEAM_MEASURE_ZST")
	if path == "" {
		t.Skip("PGNC_BEAM_MEASURE_ZST names no zstd file to measure")
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	info, _ := f.Stat()
	blocks, skippable := &countingReader{f: f}, &countingReader{f: f}
	want, err := input.ZstdFrames(blocks, info.Size())
	if err != nil {
		t.Fatal(err)
	}
	got, err := indexFrames(skippable, info.Size())
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("indexFrames: %v, frames differ: %v", err, !reflect.DeepEqual(got, want))
	}
	t.Logf("%s: %d bytes, %d frames: %d reads of block headers, %d of skippable frames", path, info.Size(), len(want), blocks.reads.Load(), skippable.reads.Load())
}
