package input

import (
	"bytes"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/pgnc/pgnc/internal/testfiles"
)

// decodeFrames reads the frames of data on workers goroutines.
func decodeFrames(t testing.TB, data []byte, workers int) ([]byte, error) {
	frames, err := ZstdFrames(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	fr := NewFrameReader(bytes.NewReader(data), frames, workers)
	defer fr.Close()
	return io.ReadAll(fr)
}

// someText is text of n bytes that compresses a little: raw, RLE and
// compressed blocks all appear.
func someText(n int) []byte {
	rng := rand.New(rand.NewSource(int64(n)))
	var b bytes.Buffer
	for b.Len() < n {
		switch rng.Intn(3) {
		case 0:
			b.WriteString("[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n\n")
		case 1:
			b.Write(bytes.Repeat([]byte{'-'}, rng.Intn(300)))
		case 2:
			noise := make([]byte, rng.Intn(2000))
			rng.Read(noise)
			b.Write(noise)
		}
	}
	return b.Bytes()[:n]
}

// TestZstdFrames: the frame walk finds every data frame, whatever its
// header holds, and each decodes on its own.
func TestZstdFrames(t *testing.T) {
	data := someText(3 << 20)
	cuts := []int{0, 1, 1000, 1000, 200000, 2 << 20}
	file := testfiles.Framed(data, cuts)
	frames, err := ZstdFrames(bytes.NewReader(file), int64(len(file)))
	if err != nil {
		t.Fatal(err)
	}
	if len(frames) != len(cuts)+1 {
		t.Fatalf("%d frames, want %d", len(frames), len(cuts)+1)
	}
	dec, _ := zstd.NewReader(nil)
	var all []byte
	for _, f := range frames {
		part, err := dec.DecodeAll(file[f.Offset:f.Offset+f.Size], nil)
		if err != nil {
			t.Fatalf("frame at %d: %v", f.Offset, err)
		}
		all = append(all, part...)
	}
	if !bytes.Equal(all, data) {
		t.Error("the frames do not decode to the data")
	}
	// pzstd's own output.
	pz := readFile(t, "../../testdata/compressed/sample.pgn.zst")
	frames, err = ZstdFrames(bytes.NewReader(pz), int64(len(pz)))
	if err != nil || len(frames) != 2 || frames[0].Offset != 12 {
		t.Errorf("pzstd file: %v, %v", frames, err)
	}
}

// TestZstdFramesCut: a file cut anywhere but between frames, or followed
// by bytes that are not zstd, is refused with the offset named.
func TestZstdFramesCut(t *testing.T) {
	file := testfiles.Framed(someText(100000), []int{30000, 60000})
	whole, _ := ZstdFrames(bytes.NewReader(file), int64(len(file)))
	ends := map[int64]bool{0: true}
	for _, f := range whole {
		ends[f.Offset] = true // after the skippable frame before it
		ends[f.Offset+f.Size] = true
	}
	for n := int64(0); n < int64(len(file)); n++ {
		frames, err := ZstdFrames(bytes.NewReader(file[:n]), n)
		if ends[n] != (err == nil) {
			t.Fatalf("cut at %d: %d frames, %v", n, len(frames), err)
		}
	}
	_, err := ZstdFrames(bytes.NewReader(append(file, "junk at the end"...)), int64(len(file)+15))
	if err == nil || !strings.Contains(err.Error(), "no frame starts at offset") {
		t.Errorf("junk after the frames: %v", err)
	}
}

// TestFrameReader: decoding frames in parallel gives the text of a serial
// decode for any number of workers, frames bigger than what a frame may
// hold ahead included; a broken frame is an error after the text before.
func TestFrameReader(t *testing.T) {
	data := someText(maxChunksAhead*chunkSize*2 + 12345)
	file := testfiles.Framed(data, []int{5, 5, chunkSize, chunkSize + 1, 3 * chunkSize, len(data) - 10})
	for workers := 1; workers <= 4; workers++ {
		got, err := decodeFrames(t, file, workers)
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("%d workers: %d bytes, %v", workers, len(got), err)
		}
	}
	// Closing early stops the workers.
	frames, _ := ZstdFrames(bytes.NewReader(file), int64(len(file)))
	fr := NewFrameReader(bytes.NewReader(file), frames, 3)
	if _, err := io.ReadFull(fr, make([]byte, 100)); err != nil {
		t.Fatal(err)
	}
	fr.Close()
	// A corrupt block in the last frame.
	last := frames[len(frames)-1]
	bad := bytes.Clone(file)
	for i := last.Offset + 10; i < last.Offset+last.Size-4; i++ {
		bad[i] ^= 0x5a
	}
	got, err := decodeFrames(t, bad, 2)
	if err == nil || !strings.HasPrefix(err.Error(), "zstd: ") || !bytes.HasPrefix(data, got) {
		t.Errorf("corrupt frame: %d bytes, %v", len(got), err)
	}
}

// TestPzstd runs pzstd on corpus files, cut into pieces big enough for
// several frames, and compares the parallel decode with the files.
func TestPzstd(t *testing.T) {
	testfiles.Extended(t)
	if _, err := exec.LookPath("pzstd"); err != nil {
		t.Skip("pzstd is not installed (Debian package zstd)")
	}
	paths, _ := filepath.Glob("../../../shared/corpus/bulk/*/*.pgn")
	if len(paths) == 0 {
		t.Skip("the corpus is absent: ../../shared/corpus/bulk")
	}
	var text []byte
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if text = append(text, data...); len(text) > 9<<20 {
			break
		}
	}
	dir := t.TempDir()
	plain := filepath.Join(dir, "corpus.pgn")
	os.WriteFile(plain, text, 0o644)
	out, err := exec.Command("pzstd", "-q", "-1", "-p", "2", plain, "-o", plain+".zst").CombinedOutput()
	if err != nil {
		t.Fatalf("pzstd: %v: %s", err, out)
	}
	file := readFile(t, plain+".zst")
	frames, err := ZstdFrames(bytes.NewReader(file), int64(len(file)))
	if err != nil || len(frames) < 3 {
		t.Fatalf("%d frames, %v", len(frames), err)
	}
	for _, workers := range []int{1, 2, 5} {
		got, err := decodeFrames(t, file, workers)
		if err != nil || !bytes.Equal(got, text) {
			t.Errorf("%d workers: %d bytes of %d, %v", workers, len(got), len(text), err)
		}
	}
}

// FuzzFrames: any data cut into frames anywhere decodes in parallel to
// itself, for any number of workers.
func FuzzFrames(f *testing.F) {
	f.Add([]byte("[Event \"x\"]\n\n1. e4 *\n"), []byte{3, 9}, uint8(2))
	f.Add(someText(5000), []byte{0, 0, 255, 17}, uint8(3))
	f.Fuzz(func(t *testing.T, data, cutBytes []byte, workers uint8) {
		var cuts []int
		at := 0
		for _, c := range cutBytes[:min(len(cutBytes), 16)] {
			at += int(c) * (len(data)/256 + 1)
			cuts = append(cuts, at)
		}
		file := testfiles.Framed(data, cuts)
		got, err := decodeFrames(t, file, int(workers%8)+1)
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("%d bytes of %d, %v", len(got), len(data), err)
		}
	})
}
