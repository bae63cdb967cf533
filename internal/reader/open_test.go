package reader

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/input"
	"github.com/pgnc/pgnc/internal/testfiles"
)

// report reads every game of rd and describes it the way pgnc check
// prints it, with byte offsets: the reference for comparing readings. The
// error that ends the reading, if any, ends the report.
func report(rd *Reader) string {
	defer rd.Close()
	var b strings.Builder
	for g, err := range rd.All() {
		if err != nil {
			fmt.Fprintf(&b, "error: %v\n", err)
			break
		}
		if g.Index > 0 || g.Skipped > 0 { // text between games is cut where pieces end
			fmt.Fprintf(&b, "game %d: %d plies, %d skipped\n", g.Index, g.Plies, g.Skipped)
		}
		for _, d := range g.Diags {
			fmt.Fprintf(&b, "@%d-%d ", g.File.Base()+d.Start, g.File.Base()+d.End)
			diag.WriteText(&b, g.File, d, diag.English)
		}
	}
	return b.String()
}

// openBytes reads data as a file through OpenFile.
func openBytes(data []byte, workers int) *Reader {
	return OpenFile(bytes.NewReader(data), int64(len(data)), "x", Options{Workers: workers, PieceSize: 700, RangeSize: 900, ReuseMemory: true})
}

// TestOpenFile: a file read by its content, compressed in any format or
// in zstd frames cut anywhere, gives the report of the plain file, on any
// number of workers.
func TestOpenFile(t *testing.T) {
	for _, path := range testfiles.PGN("../../testdata") {
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		want := report(openBytes(text, 1))
		if strings.Contains(want, "error: ") {
			t.Fatalf("%s: %s", path, want)
		}
		forms := map[string][]byte{
			"gzip":   testfiles.Gzip(text),
			"xz":     testfiles.XZ(text),
			"frames": testfiles.Framed(text, []int{len(text) / 3, len(text) / 3, len(text) / 2, len(text) - 1}),
		}
		for name, data := range forms {
			for workers := 1; workers <= 3; workers++ {
				if got := report(openBytes(data, workers)); got != want {
					t.Errorf("%s, %s, %d workers:\n%s\nwant\n%s", path, name, workers, got, want)
				}
			}
		}
	}
	sample, _ := os.ReadFile("../../testdata/sample.pgn")
	pz, _ := os.ReadFile("../../testdata/compressed/sample.pgn.zst")
	if got, want := report(openBytes(pz, 2)), report(openBytes(sample, 2)); got != want {
		t.Errorf("pzstd file:\n%s\nwant\n%s", got, want)
	}
}

// TestOpenFileNotPGN: binary data and zip archives fail from Next.
func TestOpenFileNotPGN(t *testing.T) {
	var notPGN *input.NotPGNError
	for _, data := range [][]byte{make([]byte, 1000), testfiles.Gzip(make([]byte, 1000)), []byte("7z\xbc\xaf\x27\x1c\x00\x04")} {
		if _, err := openBytes(data, 2).Next(); !errors.As(err, &notPGN) {
			t.Errorf("% x…: %v", data[:4], err)
		}
	}
	if _, err := openBytes([]byte("PK\x03\x04rest"), 1).Next(); err != input.ErrZipStream {
		t.Errorf("zip: %v", err)
	}
}

// FuzzOpenFrames: a file cut into zstd frames anywhere reads as the plain
// file does, for any number of workers.
func FuzzOpenFrames(f *testing.F) {
	for _, seed := range testfiles.Seeds() {
		f.Add(seed, []byte{40, 3}, uint8(1))
	}
	f.Fuzz(func(t *testing.T, src string, cutBytes []byte, workers uint8) {
		var cuts []int
		at := 0
		for _, c := range cutBytes[:min(len(cutBytes), 16)] {
			at += int(c) * (len(src)/256 + 1)
			cuts = append(cuts, at)
		}
		want := report(openBytes([]byte(src), 1))
		got := report(openBytes(testfiles.Framed([]byte(src), cuts), int(workers%4)+1))
		if strings.HasPrefix(want, "error: ") {
			// Refused whole (binary, or the first bytes of a known
			// format): the frames are refused too, perhaps in other
			// words.
			if !strings.HasPrefix(got, "error: ") {
				t.Fatalf("plain text refused (%s) but its frames read as\n%s", want, got)
			}
			return
		}
		if got != want {
			t.Fatalf("frames at %v, %d workers:\n%s\nwant\n%s", cuts, int(workers%4)+1, got, want)
		}
	})
}
