package pgncbeam

import (
	"context"
	"encoding/binary"
	"io"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/klauspost/compress/zstd"

	"github.com/pgnc/pgnc/internal/input"
)

func init() {
	register.DoFn3x1[context.Context, string, func(string), error](&indexFn{})
	register.Emitter1[string]()
}

// A zstd file of many frames, as pzstd writes the lichess dumps, is read
// in frame groups: a unit decodes the frame before its group (to judge the
// first line, as a range does with the text before it), its own frames,
// and as many frames after them as its last game needs, and reads the
// games that start in its group's text (reader.NewRange over the decoded
// text). Offsets in the decoded text of the file are not known to a unit;
// it reports how long its group decodes to, and the last step adds up.

// indexFn cuts a zstd file of many frames (unit.Zstd) in frame groups of
// about RangeSize/4 compressed bytes (zstd shrinks PGN about four times),
// found by indexFrames; a file of one frame, or one that is not a sequence
// of whole frames (cut short, say), is read whole, as pgnc check reads
// it, which reports where it ends. Other units pass as they are.
type indexFn struct {
	Opts Options
}

func (fn *indexFn) ProcessElement(ctx context.Context, encoded string, emit func(string)) error {
	u := decodeUnit(encoded)
	if !u.Zstd {
		emit(encoded)
		return nil
	}
	units, err := frameGroups(ctx, u, fn.Opts.rangeSize()/4)
	if err != nil {
		return err
	}
	for _, g := range units {
		emit(encodeUnit(g))
	}
	return nil
}

// frameGroups returns the units of the zstd file of u: its frame groups
// of about size compressed bytes, or u read whole.
func frameGroups(ctx context.Context, u unit, size int64) ([]unit, error) {
	u.Zstd = false
	src, err := openSource(ctx, u.Path)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	frames, err := indexFrames(src, src.Size())
	if err != nil || len(frames) < 2 {
		u.Whole = true
		return []unit{u}, nil
	}
	var units []unit
	firsts := groupFrames(frames, size)
	for seq, first := range firsts {
		next := len(frames)
		if seq+1 < len(firsts) {
			next = firsts[seq+1]
		}
		after := len(frames)
		if seq+2 < len(firsts) {
			after = firsts[seq+2]
		}
		g := u
		g.Seq, g.Group, g.Prev = seq, next-first, first > 0
		g.Frames = frames[max(first-1, 0):after]
		units = append(units, g)
	}
	return units, nil
}

// pzstd puts before each data frame a skippable frame of 4 bytes that
// holds the data frame's compressed size.
const (
	skippableMagic = 0x184d2a50
	zstdMagic      = 0xfd2fb528
	pzstdHeader    = 12 // the skippable frame: magic, length 4, size
	frameHead      = 18 // a data frame's magic and longest header
)

// indexFrames returns the data frames of a zstd file of size bytes, as
// input.ZstdFrames does. Where each data frame follows a skippable frame
// that holds its compressed size, as pzstd writes them, it reads once per
// frame: the skippable frame and the data frame's header together. A file
// written otherwise, or whose sizes do not add up to the file's, is read
// by input.ZstdFrames, which reads the header of every block.
func indexFrames(r io.ReaderAt, size int64) ([]input.Frame, error) {
	var frames []input.Frame
	var buf [pzstdHeader + frameHead]byte
	for off := int64(0); off < size; {
		n, err := r.ReadAt(buf[:], off)
		if err != nil && err != io.EOF {
			return nil, err
		}
		b := buf[:n]
		if n < pzstdHeader+5 || binary.LittleEndian.Uint32(b) != skippableMagic || binary.LittleEndian.Uint32(b[4:]) != 4 ||
			binary.LittleEndian.Uint32(b[pzstdHeader:]) != zstdMagic {
			return input.ZstdFrames(r, size)
		}
		at, frameSize := off+pzstdHeader, int64(binary.LittleEndian.Uint32(b[8:]))
		window, ok := input.FrameWindow(b[pzstdHeader+4:])
		if !ok || window > input.MaxWindow || at+frameSize > size {
			return input.ZstdFrames(r, size) // which says what is wrong
		}
		frames = append(frames, input.Frame{Offset: at, Size: frameSize, Window: window})
		off = at + frameSize
	}
	return frames, nil
}

// groupFrames cuts frames into groups of about size compressed bytes, and
// returns the index of each group's first frame.
func groupFrames(frames []input.Frame, size int64) []int {
	var firsts []int
	var sum int64
	for i, f := range frames {
		if i == 0 || sum >= size {
			firsts = append(firsts, i)
			sum = 0
		}
		sum += f.Size
	}
	return firsts
}

// decodedText is the decoded text of frames from a first one on, read at
// offsets: the frames decoded so far are held, and more are decoded as
// reads reach past them.
type decodedText struct {
	src    io.ReaderAt
	frames []input.Frame // not decoded yet
	dec    *zstd.Decoder
	text   []byte
	err    error
}

func newDecodedText(src io.ReaderAt, frames []input.Frame) (*decodedText, error) {
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(input.MaxWindow))
	if err != nil {
		return nil, err
	}
	return &decodedText{src: src, frames: frames, dec: dec}, nil
}

// decodeNext decodes one more frame, and returns its decoded length.
func (d *decodedText) decodeNext() (int, error) {
	if len(d.frames) == 0 {
		return 0, io.EOF
	}
	f := d.frames[0]
	d.frames = d.frames[1:]
	compressed := make([]byte, f.Size)
	if _, err := d.src.ReadAt(compressed, f.Offset); err != nil && err != io.EOF {
		return 0, err
	}
	before := len(d.text)
	text, err := d.dec.DecodeAll(compressed, d.text)
	if err != nil {
		return 0, err
	}
	d.text = text
	return len(d.text) - before, nil
}

// ReadAt reads the decoded text, decoding frames as far as it needs.
func (d *decodedText) ReadAt(p []byte, off int64) (int, error) {
	for int64(len(d.text)) < off+int64(len(p)) && d.err == nil {
		_, d.err = d.decodeNext()
	}
	if off >= int64(len(d.text)) {
		if d.err == nil || d.err == io.EOF {
			return 0, io.EOF
		}
		return 0, d.err
	}
	n := copy(p, d.text[off:])
	if n < len(p) {
		if d.err != io.EOF {
			return n, d.err
		}
		return n, io.EOF
	}
	return n, nil
}

func (d *decodedText) Close() { d.dec.Close() }
