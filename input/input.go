// Package input opens PGN input that may be compressed: zstd (including the
// multi-frame files pzstd writes), gzip and bzip2 are recognised by their
// magic bytes, whatever the file is called.
package input

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"
)

// Magic numbers of the supported formats.
var (
	zstdMagic  = []byte{0x28, 0xb5, 0x2f, 0xfd}
	gzipMagic  = []byte{0x1f, 0x8b}
	bzip2Magic = []byte("BZh")
)

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
	case bytes.HasPrefix(head, bzip2Magic) && len(head) == 4 && head[3] >= '1' && head[3] <= '9':
		return io.NopCloser(bzip2.NewReader(br)), "bzip2", nil
	}
	return io.NopCloser(br), "", nil
}
