package input

import (
	"encoding/binary"
	"io"
)

// xzGuard passes an xz file on to the decoder while it follows the file's
// structure (stream headers, block headers, the LZMA2 chunks of each
// block, indexes, footers, stream padding) to read the dictionary size
// each block header declares. The decoder allocates a block's whole
// dictionary when it reads its header, so a header asking for more than
// MaxWindow is held back and the read fails with a *WindowError instead.
// The guard decodes nothing: it reads chunk headers and skips the data
// they announce. On what it does not know (a filter other than LZMA2,
// bytes that break the format) it stops following and lets the decoder
// report the fault.
type xzGuard struct {
	r   io.Reader
	off int64 // bytes passed on
	err error // the *WindowError, once found

	state     xzState
	off0      int64  // offset of the current header (block or stream)
	need      int    // bytes to collect into buf before acting
	buf       []byte // the bytes collected
	skip      int64  // bytes to pass before the next thing
	check     int64  // the size of each block's check, from the stream flags
	blockLen  int64  // bytes of the current block so far, header included
	indexLen  int64  // bytes of the current index so far
	vlis      uint64 // index: numbers still to read
	vliShift  uint
	haveCount bool // index: the record count is read
}

type xzState uint8

const (
	xzStreamHeader xzState = iota
	xzBlockStart
	xzBlockHeader
	xzChunk
	xzChunkHeader
	xzIndex
	xzFooter
	xzStreamPadding
	xzLost // not following any more
)

func newXZGuard(r io.Reader) *xzGuard {
	return &xzGuard{r: r, state: xzStreamHeader, need: 12}
}

func (g *xzGuard) Read(p []byte) (int, error) {
	if g.err != nil {
		return 0, g.err
	}
	n, err := g.r.Read(p)
	for i := 0; i < n; i++ {
		if g.state == xzLost {
			break
		}
		if g.skip > 0 {
			k := min(g.skip, int64(n-i))
			g.skip -= k
			g.blockLen += k
			i += int(k) - 1
			continue
		}
		if g.step(p[i], g.off+int64(i)) {
			// Hold back the header's last byte: the decoder
			// never sees a whole header that asks too much.
			g.off += int64(i)
			return i, g.err
		}
	}
	g.off += int64(n)
	return n, err
}

// step takes the byte at offset off; it reports whether it completes a
// block header that asks for too big a dictionary.
func (g *xzGuard) step(b byte, off int64) bool {
	switch g.state {
	case xzBlockStart:
		if b == 0 { // the index indicator
			g.state, g.indexLen, g.vlis, g.haveCount, g.vliShift = xzIndex, 1, 1, false, 0
			return false
		}
		g.state, g.off0, g.need, g.buf = xzBlockHeader, off, (int(b)+1)*4, append(g.buf[:0], b)
		return false
	case xzChunk:
		g.blockLen++
		switch {
		case b == 0:
			g.skip = (4-g.blockLen%4)%4 + g.check
			g.blockLen = 0
			g.state = xzBlockStart
		case b == 1 || b == 2:
			g.state, g.need, g.buf = xzChunkHeader, 3, append(g.buf[:0], b)
		case b >= 0x80:
			need := 5
			if b>>5&3 >= 2 {
				need = 6 // and a properties byte
			}
			g.state, g.need, g.buf = xzChunkHeader, need, append(g.buf[:0], b)
		default:
			g.state = xzLost
		}
		return false
	case xzIndex:
		g.indexLen++
		v := uint64(b&0x7f) << g.vliShift
		g.vliShift += 7
		if b&0x80 != 0 {
			if g.vliShift > 63 {
				g.state = xzLost
			}
			return false
		}
		g.vliShift = 0
		if !g.haveCount {
			g.haveCount = true
			g.vlis = 2 * v
		} else {
			g.vlis--
		}
		if g.vlis == 0 {
			g.skip = (4-g.indexLen%4)%4 + 4 // padding, CRC32
			g.state, g.need, g.buf = xzFooter, 12, g.buf[:0]
		}
		return false
	case xzStreamPadding:
		if b == 0 {
			return false
		}
		g.state, g.need, g.buf = xzStreamHeader, 12, g.buf[:0]
	}
	if g.state == xzChunk || g.state == xzChunkHeader {
		g.blockLen++
	}
	g.buf = append(g.buf, b)
	if len(g.buf) < g.need {
		return false
	}
	switch g.state {
	case xzStreamHeader:
		if string(g.buf[:6]) != "\xfd7zXZ\x00" {
			g.state = xzLost
			return false
		}
		g.check = []int64{0, 4, 4, 4, 8, 8, 8, 16, 16, 16, 32, 32, 32, 64, 64, 64}[g.buf[7]&0xf]
		g.state = xzBlockStart
	case xzBlockHeader:
		return g.blockHeader()
	case xzChunkHeader:
		if g.buf[0] < 0x80 {
			g.skip = int64(binary.BigEndian.Uint16(g.buf[1:3])) + 1
		} else {
			g.skip = int64(binary.BigEndian.Uint16(g.buf[3:5])) + 1
		}
		g.state = xzChunk
	case xzFooter:
		g.state = xzStreamPadding
	}
	return false
}

// blockHeader reads the block header in buf: its filters, and the
// dictionary size of its LZMA2 filter.
func (g *xzGuard) blockHeader() bool {
	h := g.buf[:len(g.buf)-4] // the CRC32 left out
	pos := 2
	vli := func() uint64 {
		var v uint64
		for shift := uint(0); pos < len(h) && shift < 63; shift += 7 {
			b := h[pos]
			pos++
			v |= uint64(b&0x7f) << shift
			if b&0x80 == 0 {
				return v
			}
		}
		pos = len(h) + 1 // broken
		return 0
	}
	flags := h[1]
	if flags&0x40 != 0 {
		vli() // compressed size
	}
	if flags&0x80 != 0 {
		vli() // uncompressed size
	}
	for range int(flags&3) + 1 {
		id, size := vli(), vli()
		if pos > len(h) || id != 0x21 || size != 1 || pos >= len(h) {
			g.state = xzLost
			return false
		}
		dict := xzDictSize(h[pos])
		pos++
		if dict > MaxWindow {
			g.err = &WindowError{Format: XZ, At: g.off0, Size: dict, After: -1}
			return true
		}
	}
	g.state, g.blockLen = xzChunk, int64(len(g.buf))
	return false
}

// xzDictSize decodes the dictionary size byte of an LZMA2 filter.
func xzDictSize(b byte) uint64 {
	bits := uint64(b & 0x3f)
	if bits >= 40 {
		return 1<<32 - 1 // 40 says 4 GiB - 1; above is invalid
	}
	return (2 | bits&1) << (bits/2 + 11)
}
