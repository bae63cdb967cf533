package testfiles

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"sync"

	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"
)

// encoders are zstd encoders with the header options Framed varies: a
// checksum or not, one segment or not. Encoders are costly to make.
var encoders struct {
	sync.Mutex
	by map[[2]bool]*zstd.Encoder
}

func encoder(crc, singleSegment bool) *zstd.Encoder {
	if encoders.by == nil {
		encoders.by = map[[2]bool]*zstd.Encoder{}
	}
	key := [2]bool{crc, singleSegment}
	if e := encoders.by[key]; e != nil {
		return e
	}
	e, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderCRC(crc), zstd.WithSingleSegment(singleSegment), zstd.WithEncoderConcurrency(1))
	if err != nil {
		panic(err) // only invalid options fail
	}
	encoders.by[key] = e
	return e
}

// Framed compresses the parts of data cut at cuts (offsets in data, in
// order; out-of-range cuts are clamped) as separate zstd frames, each
// behind a skippable frame as pzstd writes them. The header options vary
// from frame to frame: content size in the header or not, one segment or
// not, a checksum or not.
func Framed(data []byte, cuts []int) []byte {
	encoders.Lock()
	defer encoders.Unlock()
	var out []byte
	from := 0
	for i, to := range append(cuts, len(data)) {
		to = min(max(to, from), len(data))
		enc := encoder(i%2 == 0, i%3 == 0)
		var frame []byte
		if i%4 == 1 { // a stream: no content size in the header
			var b bytes.Buffer
			enc.Reset(&b)
			enc.Write(data[from:to])
			enc.Close()
			frame = b.Bytes()
		} else {
			frame = enc.EncodeAll(data[from:to], nil)
		}
		out = append(out, 0x50, 0x2a, 0x4d, 0x18, 4, 0, 0, 0)
		out = binary.LittleEndian.AppendUint32(out, uint32(len(frame)))
		out = append(out, frame...)
		from = to
	}
	return out
}

// Gzip compresses data into one gzip member.
func Gzip(data []byte) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write(data)
	w.Close()
	return b.Bytes()
}

// XZ compresses data into one xz stream.
func XZ(data []byte) []byte {
	var b bytes.Buffer
	w, err := xz.NewWriter(&b)
	if err != nil {
		panic(err) // only invalid options fail
	}
	w.Write(data)
	w.Close()
	return b.Bytes()
}
