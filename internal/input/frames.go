package input

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// Frame is one zstd frame of a file: where its bytes are, header included.
// Skippable frames are not listed.
type Frame struct {
	Offset int64 // of the frame's magic number in the file
	Size   int64 // compressed bytes, header to checksum
	// Window is the history the frame's header asks the decoder to keep:
	// its window size, or for a single-segment frame its content size.
	Window uint64
}

// ZstdFrames walks the frame headers of a zstd file of size bytes and
// returns its data frames in order, skipping skippable frames (which pzstd
// puts before each frame). It reads the 3-byte header of each block and
// decodes nothing. It fails, naming the offset, where the file is not a
// sequence of whole frames: a cut download or bytes that are not zstd. A
// frame whose window is above MaxWindow fails with a *WindowError, the
// frames before it returned.
func ZstdFrames(r io.ReaderAt, size int64) ([]Frame, error) {
	var frames []Frame
	var buf [18]byte // the longest frame header: magic, descriptor, window, dictionary, content size
	for off := int64(0); off < size; {
		n, err := r.ReadAt(buf[:8], off)
		if n < 8 && size-off < 8 || err != nil && err != io.EOF {
			if err == nil || err == io.EOF {
				return frames, &CutShortError{Format: Zstd, Where: HeaderCut, At: off, Into: size - off}
			}
			return frames, err
		}
		magic := binary.LittleEndian.Uint32(buf[:4])
		if magic&0xfffffff0 == 0x184d2a50 { // skippable
			end := off + 8 + int64(binary.LittleEndian.Uint32(buf[4:8]))
			if end > size {
				return frames, &CutShortError{Format: Zstd, Where: SkippableCut, At: off}
			}
			off = end
			continue
		}
		if magic != 0xfd2fb528 {
			return frames, fmt.Errorf("zstd: no frame starts at offset %d (bytes % x)", off, buf[:4])
		}
		end, window, err := frameEnd(r, size, off)
		if err != nil {
			return frames, err
		}
		if window > MaxWindow {
			return frames, &WindowError{Format: Zstd, At: off, Size: window, After: -1}
		}
		frames = append(frames, Frame{Offset: off, Size: end - off, Window: window})
		off = end
	}
	return frames, nil
}

// frameEnd returns the offset just past the zstd frame at off and the
// frame's window (see Frame): it reads the frame header, then block
// headers to the last block, then the checksum if the frame has one.
func frameEnd(r io.ReaderAt, size, off int64) (int64, uint64, error) {
	cut := func() (int64, uint64, error) {
		return 0, 0, &CutShortError{Format: Zstd, Where: FrameCut, At: off}
	}
	var hd [14]byte // descriptor, window descriptor, dictionary ID, content size
	n, err := r.ReadAt(hd[:], off+4)
	if n < 1 {
		return cut()
	}
	descriptor := hd[0]
	singleSegment := descriptor>>5&1 == 1
	headerSize := int64(1)
	if !singleSegment {
		headerSize++ // window descriptor
	}
	headerSize += []int64{0, 1, 2, 4}[descriptor&3] // dictionary ID
	switch descriptor >> 6 {                        // content size
	case 0:
		if singleSegment {
			headerSize++
		}
	case 1:
		headerSize += 2
	case 2:
		headerSize += 4
	case 3:
		headerSize += 8
	}
	if descriptor>>3&1 == 1 {
		return 0, 0, fmt.Errorf("zstd: the frame at offset %d sets a reserved bit", off)
	}
	if int64(n) < headerSize {
		if err != nil && err != io.EOF {
			return 0, 0, err
		}
		return cut()
	}
	window, _ := FrameWindow(hd[:headerSize]) // whole, its reserved bit tested above
	pos := off + 4 + headerSize
	var bh [3]byte
	for {
		if _, err := r.ReadAt(bh[:], pos); err != nil {
			if err == io.EOF {
				return cut()
			}
			return 0, 0, err
		}
		h := uint32(bh[0]) | uint32(bh[1])<<8 | uint32(bh[2])<<16
		last, kind, blockSize := h&1 == 1, h>>1&3, int64(h>>3)
		pos += 3
		switch kind {
		case 0, 2: // raw, compressed
			pos += blockSize
		case 1: // one byte repeated
			pos++
		case 3:
			return 0, 0, fmt.Errorf("zstd: a reserved block type at offset %d", pos-3)
		}
		if pos > size {
			return cut()
		}
		if last {
			break
		}
	}
	if descriptor>>2&1 == 1 {
		pos += 4 // checksum
	}
	if pos > size {
		return cut()
	}
	return pos, window, nil
}

// FrameWindow returns the window of a zstd frame whose header, magic
// number left out, starts header (as Frame gives it): the window
// descriptor's size, or for a single-segment frame its content size (at
// least 1 KiB, as decoders take it). It reports false where the header is
// cut short or sets a reserved bit.
func FrameWindow(header []byte) (uint64, bool) {
	if len(header) < 1 {
		return 0, false
	}
	descriptor := header[0]
	if descriptor>>3&1 == 1 {
		return 0, false
	}
	if descriptor>>5&1 == 0 {
		if len(header) < 2 {
			return 0, false
		}
		exponent, mantissa := uint64(header[1]>>3), uint64(header[1]&7)
		base := uint64(1) << (10 + exponent)
		return base + base/8*mantissa, true
	}
	at := 1 + []int{0, 1, 2, 4}[descriptor&3]
	width := []int{1, 2, 4, 8}[descriptor>>6]
	if len(header) < at+width {
		return 0, false
	}
	fcs := header[at:]
	var content uint64
	switch descriptor >> 6 {
	case 0:
		content = uint64(fcs[0])
	case 1:
		content = uint64(binary.LittleEndian.Uint16(fcs)) + 256
	case 2:
		content = uint64(binary.LittleEndian.Uint32(fcs))
	case 3:
		content = binary.LittleEndian.Uint64(fcs)
	}
	return max(content, 1<<10), true
}

// chunkSize is the size of the pieces decoded frames are handed over in.
const chunkSize = 1 << 20

// maxChunksAhead bounds the decoded chunks one frame holds before they
// are read: a frame that decodes to more waits, so that memory stays
// bounded however big a frame is.
const maxChunksAhead = 4

var chunks = sync.Pool{New: func() any { b := make([]byte, chunkSize); return &b }}

// FrameReader decodes the frames of a zstd file on several goroutines and
// reads their text back in file order. It holds at most workers+1 frames
// in flight and at most maxChunksAhead MiB of the decoded text of each.
type FrameReader struct {
	units   chan *frameUnit // frames in file order, as decoding starts
	current *frameUnit
	chunk   *[]byte // the chunk being read
	rest    []byte  // its bytes not yet read
	err     error
	read    int64 // decoded bytes read so far
	done    chan struct{}
	once    sync.Once
	wg      sync.WaitGroup
}

// frameUnit is the decoded text of one frame, handed over in chunks.
type frameUnit struct {
	offset int64 // of the frame in the file
	chunks chan *[]byte
	err    error // valid once chunks is closed
}

// NewFrameReader returns a reader of the decoded text of frames (from
// ZstdFrames) of r, decoded on FrameWorkers(frames, workers) goroutines.
func NewFrameReader(r io.ReaderAt, frames []Frame, workers int) *FrameReader {
	workers = FrameWorkers(frames, workers)
	fr := &FrameReader{units: make(chan *frameUnit, workers), done: make(chan struct{})}
	jobs := make(chan int)
	units := make([]*frameUnit, len(frames))
	for i := range units {
		units[i] = &frameUnit{offset: frames[i].Offset, chunks: make(chan *[]byte, maxChunksAhead)}
	}
	fr.wg.Add(1 + workers)
	go func() { // hands frames out in order; the units channel bounds how far ahead
		defer fr.wg.Done()
		defer close(fr.units)
		defer close(jobs)
		for i, u := range units {
			select {
			case fr.units <- u:
			case <-fr.done:
				return
			}
			select {
			case jobs <- i:
			case <-fr.done:
				return
			}
		}
	}()
	for range workers {
		go func() {
			defer fr.wg.Done()
			d := newZstd(nil)
			defer d.Close()
			for i := range jobs {
				u := units[i]
				u.err = fr.decode(d, io.NewSectionReader(r, frames[i].Offset, frames[i].Size), u)
				close(u.chunks)
			}
		}()
	}
	return fr
}

// decode decodes one frame into u's chunks.
func (fr *FrameReader) decode(d *zstd.Decoder, src io.Reader, u *frameUnit) error {
	if err := d.Reset(src); err != nil {
		return err
	}
	for {
		c := chunks.Get().(*[]byte)
		n, err := Fill(zstdText{d}, *c)
		if n > 0 {
			*c = (*c)[:n]
			select {
			case u.chunks <- c:
			case <-fr.done:
				return nil
			}
		} else {
			chunks.Put(c)
		}
		switch err {
		case nil:
		case io.EOF:
			return nil
		default:
			return err
		}
	}
}

// Fill reads from r until buf is full or r fails. Unlike io.ReadFull it
// passes r's error on as it is: io.ErrUnexpectedEOF from a decoder says
// that a compressed file is cut short, not that the input ended.
func Fill(r io.Reader, buf []byte) (int, error) {
	n := 0
	for n < len(buf) {
		k, err := r.Read(buf[n:])
		n += k
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// Read reads decoded text in file order.
func (fr *FrameReader) Read(p []byte) (int, error) {
	for len(fr.rest) == 0 {
		if fr.err != nil {
			return 0, fr.err
		}
		if fr.chunk != nil {
			*fr.chunk = (*fr.chunk)[:cap(*fr.chunk)]
			chunks.Put(fr.chunk)
			fr.chunk = nil
		}
		if fr.current == nil {
			u, ok := <-fr.units
			if !ok {
				fr.err = io.EOF
				continue
			}
			fr.current = u
		}
		c, ok := <-fr.current.chunks
		if !ok {
			if fr.current.err != nil {
				fr.err = fmt.Errorf("zstd: %v, in the frame at offset %d, after %d decompressed bytes", fr.current.err, fr.current.offset, fr.read)
			}
			fr.current = nil
			continue
		}
		fr.chunk, fr.rest = c, *c
	}
	n := copy(p, fr.rest)
	fr.rest = fr.rest[n:]
	fr.read += int64(n)
	return n, nil
}

// Close stops the decoding goroutines and waits for them.
func (fr *FrameReader) Close() error {
	fr.once.Do(func() { close(fr.done) })
	fr.wg.Wait()
	return nil
}

// File returns a reader of the decoded text of a file of size bytes, as
// Reader does, except that a zstd file of several frames is decoded on
// workers goroutines (NewFrameReader). A zstd frame whose window is above
// MaxWindow is refused (*WindowError) before anything is decoded. A file
// that is not a sequence of whole frames (cut short, say) is read by the
// stream decoder, which reads what it can and then says what is wrong.
func File(r io.ReaderAt, size int64, workers int) (io.ReadCloser, Format, error) {
	head := make([]byte, HeadSize)
	n, err := r.ReadAt(head, 0)
	if err != nil && err != io.EOF {
		return nil, "", err
	}
	if format, _ := Detect(head[:n]); format == Zstd {
		frames, err := ZstdFrames(r, size)
		var tooBig *WindowError
		if errors.As(err, &tooBig) {
			return readCloser{failing{err}, nil}, format, nil
		}
		if err == nil && len(frames) > 1 && FrameWorkers(frames, workers) > 1 {
			fr := NewFrameReader(r, frames, workers)
			text, textFormat, err := TextReader(fr, fr)
			if err != nil {
				fr.Close()
				return nil, format, err
			}
			if textFormat != Text {
				format += "+" + textFormat
			}
			return text, format, nil
		}
	}
	return Reader(io.NewSectionReader(r, 0, size))
}

// newZstd returns a zstd decoder of r that decodes on the calling
// goroutine and refuses frames whose window is above MaxWindow.
func newZstd(r io.Reader) *zstd.Decoder {
	d, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true), zstd.WithDecoderMaxWindow(MaxWindow))
	if err != nil {
		panic(err) // only invalid options fail; a stream's header is read on the first Read
	}
	return d
}

// zstdText reads the text of a zstd decoder to its last byte: when the
// file ends where the checksum after a frame's last block should be, the
// decoder fails before it hands the block's text over, and holds it for
// the next Read. zstdText hands that text over first, and then the error
// (the file is cut short), so that the games of a whole block are read
// before the fault after them. A checksum that is there and wrong says the
// text is not what was compressed: it is not handed over.
type zstdText struct{ d *zstd.Decoder }

func (z zstdText) Read(p []byte) (int, error) {
	n, err := z.d.Read(p)
	if errors.Is(err, io.ErrUnexpectedEOF) && n < len(p) {
		// Called again after an error, the decoder hands over what it
		// holds and fails again once it holds nothing.
		for k := 1; k > 0 && n < len(p); n += k {
			k, _ = z.d.Read(p[n:])
		}
		if n == len(p) {
			return n, nil // the error comes again on the next Read
		}
	}
	return n, err
}
