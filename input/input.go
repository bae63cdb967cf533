// Package input opens PGN input that may be compressed or in UTF-16: zstd
// (including the multi-frame files pzstd writes), gzip and bzip2 are
// recognised by their magic bytes, UTF-16 by its byte order mark, whatever
// the file is called.
package input

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"io"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/klauspost/compress/zstd"
)

// Magic numbers of the supported formats.
var (
	zstdMagic  = []byte{0x28, 0xb5, 0x2f, 0xfd}
	gzipMagic  = []byte{0x1f, 0x8b}
	bzip2Magic = []byte("BZh")
)

// Plain reports whether a file that starts with head (its first four bytes,
// or all of a shorter file) is text that Reader passes on as it is.
func Plain(head []byte) bool {
	for _, magic := range [][]byte{zstdMagic, gzipMagic, {0xff, 0xfe}, {0xfe, 0xff}} {
		if bytes.HasPrefix(head, magic) {
			return false
		}
	}
	return !isBzip2(head)
}

func isBzip2(head []byte) bool {
	return bytes.HasPrefix(head, bzip2Magic) && len(head) == 4 && head[3] >= '1' && head[3] <= '9'
}

// Reader returns a reader of the decompressed contents of r, or of r itself
// when it is not compressed, and a short name of the format ("" for none).
// Close releases the decoder.
func Reader(r io.Reader) (io.ReadCloser, string, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, err := br.Peek(4)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, "", err
	}
	switch {
	case bytes.HasPrefix(head, zstdMagic):
		d, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true))
		if err != nil {
			return nil, "", fmt.Errorf("zstd: %v", err)
		}
		return d.IOReadCloser(), "zstd", nil
	case bytes.HasPrefix(head, gzipMagic):
		z, err := gzip.NewReader(br) // reads every member of a multi-member file
		if err != nil {
			return nil, "", fmt.Errorf("gzip: %v", err)
		}
		return z, "gzip", nil
	case isBzip2(head):
		return io.NopCloser(bzip2.NewReader(br)), "bzip2", nil
	case bytes.HasPrefix(head, []byte{0xff, 0xfe}):
		br.Discard(2)
		return io.NopCloser(&utf16Reader{r: br, order: binary.LittleEndian}), "utf-16le", nil
	case bytes.HasPrefix(head, []byte{0xfe, 0xff}):
		br.Discard(2)
		return io.NopCloser(&utf16Reader{r: br, order: binary.BigEndian}), "utf-16be", nil
	}
	return io.NopCloser(br), "", nil
}

// utf16Reader decodes UTF-16 into UTF-8. Unpaired surrogates and a final
// odd byte become U+FFFD, which the parser then reports where they stand.
type utf16Reader struct {
	r       *bufio.Reader
	order   binary.ByteOrder
	pending []byte // encoded output not yet returned
	pair    [2]byte
	held    uint16 // a unit read ahead after a lone high surrogate
	holding bool
}

func (u *utf16Reader) Read(p []byte) (int, error) {
	for len(u.pending) < len(p) {
		r, err := u.next()
		if err != nil {
			if len(u.pending) > 0 {
				break
			}
			return 0, err
		}
		u.pending = utf8.AppendRune(u.pending, r)
	}
	n := copy(p, u.pending)
	u.pending = u.pending[:copy(u.pending, u.pending[n:])]
	return n, nil
}

// next decodes one character.
func (u *utf16Reader) next() (rune, error) {
	unit, err := u.unit()
	if err != nil {
		return 0, err
	}
	if !utf16.IsSurrogate(rune(unit)) {
		return rune(unit), nil
	}
	if unit >= 0xdc00 { // a low surrogate first
		return utf8.RuneError, nil
	}
	low, err := u.unit()
	if err != nil {
		return utf8.RuneError, nil
	}
	if r := utf16.DecodeRune(rune(unit), rune(low)); r != utf8.RuneError {
		return r, nil
	}
	u.held, u.holding = low, true // not a low surrogate: decode it next
	return utf8.RuneError, nil
}

func (u *utf16Reader) unit() (uint16, error) {
	if u.holding {
		u.holding = false
		return u.held, nil
	}
	n, err := io.ReadFull(u.r, u.pair[:])
	switch {
	case n == 1:
		return uint16(utf8.RuneError), nil
	case err != nil:
		return 0, err
	}
	return u.order.Uint16(u.pair[:]), nil
}
