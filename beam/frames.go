package pgncbeam

import (
	"io"

	"github.com/klauspost/compress/zstd"

	"github.com/pgnc/pgnc/internal/input"
)

// A zstd file of many frames, as pzstd writes the lichess dumps, is read
// in frame groups: a unit decodes the frame before its group (to judge the
// first line, as a range does with the text before it), its own frames,
// and as many frames after them as its last game needs, and reads the
// games that start in its group's text (reader.NewRange over the decoded
// text). Offsets in the decoded text of the file are not known to a unit;
// it reports how long its group decodes to, and the last step adds up.

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
