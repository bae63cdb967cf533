package input

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/testfiles"
	"github.com/ulikunitz/xz"
)

// bigWindow is a zstd frame of text whose header declares a window of 512
// MiB (exponent 19), as zstd --long=29 writes it: one raw last block.
func bigWindow(text string) []byte {
	frame := []byte{0x28, 0xb5, 0x2f, 0xfd, 0x00, 19 << 3} // no checksum, not single-segment
	h := uint32(len(text))<<3 | 1                          // raw, last
	frame = append(frame, byte(h), byte(h>>8), byte(h>>16))
	return append(frame, text...)
}

// TestZstdWindow: a frame that asks for a window above MaxWindow is
// refused before it is decoded, from a stream (after the frames before
// it) and from a file (naming its offset, on any number of workers).
func TestZstdWindow(t *testing.T) {
	small := zstded(t, pgn)
	data := append(bytes.Clone(small), bigWindow(pgn)...)
	r, _, err := Reader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(r)
	var tooBig *WindowError
	if string(got) != pgn || !errors.As(err, &tooBig) || tooBig.After != int64(len(pgn)) || !strings.Contains(err.Error(), "larger than pgnc's limit of 128 MiB") {
		t.Errorf("stream: %q, %v", got, err)
	}
	for _, workers := range []int{1, 4} {
		r, _, err := File(bytes.NewReader(data), int64(len(data)), workers)
		if err == nil {
			_, err = io.ReadAll(r)
		}
		want := "zstd: the frame at offset " + strconv.Itoa(len(small)) + " asks for a 512 MiB window, more than pgnc's limit of 128 MiB"
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("file, %d workers: %v", workers, err)
		}
	}
	// The window of a frame as the walk reads it.
	frames, err := ZstdFrames(bytes.NewReader(small), int64(len(small)))
	if err != nil || len(frames) != 1 || frames[0].Window != max(uint64(len(pgn)), 1<<10) {
		t.Errorf("frames %+v, %v", frames, err)
	}
}

// TestFrameWorkers: the frame decoders of a file take at most
// frameMemory together, whatever the workers asked for.
func TestFrameWorkers(t *testing.T) {
	frames := func(window uint64) []Frame { return []Frame{{Window: 1 << 10}, {Window: window}} }
	for _, c := range []struct {
		window        uint64
		workers, want int
	}{
		{1 << 20, 1, 1},
		{1 << 20, 4, 4},
		{1 << 20, 1000, int(frameMemory / (1<<20 + frameOverhead))},
		{8 << 20, 64, int(frameMemory / (8<<20 + frameOverhead))},
		{64 << 20, 64, 1},
		{MaxWindow, 64, 1},
	} {
		got := FrameWorkers(frames(c.window), c.workers)
		if got != c.want || uint64(got)*(c.window+frameOverhead) > max(frameMemory, MaxWindow+frameOverhead) {
			t.Errorf("window %d, %d workers: %d goroutines, want %d", c.window, c.workers, got, c.want)
		}
	}
}

// withDict returns the xz file data (one block per stream, as testfiles.XZ
// writes) with the dictionary of the block of its stream at offset stream
// set to size byte b, the header's CRC32 made again.
func withDict(t *testing.T, data []byte, stream int, b byte) []byte {
	data = bytes.Clone(data)
	start := stream + 12
	size := (int(data[start]) + 1) * 4
	header := data[start : start+size]
	// flags, no sizes; filter ID 0x21, properties size 1, the dictionary.
	if header[1]&0xc0 != 0 || header[2] != 0x21 || header[3] != 1 {
		t.Fatalf("unexpected block header % x", header)
	}
	header[4] = b
	binary.LittleEndian.PutUint32(header[size-4:], crc32.ChecksumIEEE(header[:size-4]))
	return data
}

// TestXZDictionary: an xz block that asks for a dictionary above MaxWindow
// is refused before the decoder allocates it, in any stream of the file,
// after the text of the streams before it.
func TestXZDictionary(t *testing.T) {
	first := xzed(pgn)
	second := xzed(pgn)
	// 1.5 GiB: bits 37 (3 << 29); 128 MiB: bits 30 (2 << 26).
	for _, c := range []struct {
		name string
		data []byte
		text string
		err  string
	}{
		{"1.5 GiB", withDict(t, first, 0, 37), "", "xz: the block at offset 12 asks for a 1.5 GiB dictionary, more than pgnc's limit of 128 MiB, after 0 decompressed bytes"},
		{"second stream", append(bytes.Clone(first), withDict(t, second, 0, 37)...), pgn, "xz: the block at offset " + strconv.Itoa(len(first)+12) + " asks for a 1.5 GiB dictionary"},
		{"4 GiB", withDict(t, first, 0, 40), "", "asks for a 4 GiB dictionary"},
		{"128 MiB", withDict(t, first, 0, 30), pgn, ""},
	} {
		r, _, err := Reader(bytes.NewReader(c.data))
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(r)
		if string(got) != c.text || (c.err == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: %q, %v", c.name, got, err)
		}
	}
}

// TestXZGuardFollows: the guard follows files of many blocks and streams,
// with padding between streams, to their end, without losing its way.
func TestXZGuardFollows(t *testing.T) {
	text := someText(250 << 10)
	files := map[string][]byte{
		"streams and padding": append(append(testfiles.XZ(text[:1000]), 0, 0, 0, 0), testfiles.XZ(text[1000:])...),
	}
	if _, err := exec.LookPath("xz"); err == nil {
		for _, args := range [][]string{{"-T2", "--block-size=60000"}, {"-6", "--check=sha256"}, {"-0", "--check=none"}} {
			cmd := exec.Command("xz", append(args, "-c")...)
			cmd.Stdin = bytes.NewReader(text)
			out, err := cmd.Output()
			if err != nil {
				t.Fatal(err)
			}
			files["xz "+strings.Join(args, " ")] = out
		}
	} else {
		t.Log("xz is not installed (Debian package xz-utils): only files written in Go are tried")
	}
	for name, data := range files {
		g := newXZGuard(bytes.NewReader(data))
		x, err := xz.NewReader(g)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(x)
		// Past the footer of the last stream, where padding may follow.
		if err != nil || !bytes.Equal(got, text) || g.state != xzStreamPadding || g.off != int64(len(data)) {
			t.Errorf("%s: %d bytes, %v, state %d at %d of %d", name, len(got), err, g.state, g.off, len(data))
		}
	}
}
