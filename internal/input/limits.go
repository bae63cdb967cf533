package input

import (
	"fmt"
)

// MaxWindow is the largest history a compressed file may ask its decoder
// to keep: the window of a zstd frame, the dictionary of an xz block. It is
// 128 MiB, the zstd command's own default limit (zstd -d refuses more
// unless given --long or --memory) and twice the dictionary of xz -9. A
// decoder allocates what the header declares before it decodes anything,
// so an 80-byte file could otherwise ask for gigabytes.
const MaxWindow = 128 << 20

// frameOverhead is what one zstd frame decoder holds besides its window:
// the two blocks of room its history ring keeps ahead (2 × 128 KiB and a
// little), its block buffers, and the decoded chunks it may hand over
// before they are read (maxChunksAhead × chunkSize).
const frameOverhead = 1<<20 + maxChunksAhead*chunkSize

// frameMemory bounds the memory the frame decoders of one file take
// together: the goroutines that NewFrameReader starts are as many as fit in
// it, each costing its window plus frameOverhead, whatever -j asks.
const frameMemory = MaxWindow

// FrameWorkers returns how many goroutines decode frames at once: at most
// workers, and no more than fit in frameMemory given the largest window of
// frames, but at least one.
func FrameWorkers(frames []Frame, workers int) int {
	var window uint64
	for _, f := range frames {
		window = max(window, f.Window)
	}
	return max(1, min(workers, int(frameMemory/(window+frameOverhead))))
}

// WindowError is a compressed file that asks for a window (zstd) or
// dictionary (xz) above MaxWindow: it is refused before anything is
// allocated for it.
type WindowError struct {
	Format Format
	// At is the offset of the frame or block header in the compressed
	// file, or -1 when it is not known (a stream).
	At int64
	// Size is the window asked for, or 0 when it is not known.
	Size uint64
	// After is how many bytes were decompressed before it, or -1 when
	// none had been read yet.
	After int64
}

func (e *WindowError) Error() string {
	what, unit, hint := "frame", "window", "zstd --long=28 and above make such frames: decompress it with zstd -d --long=31 first"
	if e.Format == XZ {
		what, unit, hint = "block", "dictionary", "decompress it with xz -d first"
	}
	where := "a " + what
	if e.At >= 0 {
		where = fmt.Sprintf("the %s at offset %d", what, e.At)
	}
	asks := "a " + unit + " larger than"
	if e.Size > 0 {
		asks = fmt.Sprintf("a %s %s, more than", sizeName(e.Size), unit)
	}
	after := ""
	if e.After >= 0 {
		after = fmt.Sprintf(", after %d decompressed bytes", e.After)
	}
	return fmt.Sprintf("%s: %s asks for %s pgnc's limit of %s%s; %s", e.Format, where, asks, sizeName(MaxWindow), after, hint)
}

// sizeName writes a size in bytes in the largest binary unit that leaves
// at most one decimal: "512 MiB", "1.5 GiB".
func sizeName(n uint64) string {
	units := []string{"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	i, f := 0, float64(n)
	for f >= 1024 && i < len(units)-1 {
		f /= 1024
		i++
	}
	if i == 0 {
		return fmt.Sprintf("%d bytes", n)
	}
	s := fmt.Sprintf("%.1f", f)
	if s[len(s)-2:] == ".0" {
		s = s[:len(s)-2]
	}
	return s + " " + units[i]
}
