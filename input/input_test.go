package input

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"io"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/klauspost/compress/zstd"
)

const pgn = "[Event \"x\"]\n\n1. e4 e5 *\n"

func gzipped(t *testing.T, s string) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.Bytes()
}

func zstded(t *testing.T, s string) []byte {
	var b bytes.Buffer
	w, err := zstd.NewWriter(&b)
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte(s))
	w.Close()
	return b.Bytes()
}

// bzip2 of pgn, made with the bzip2 command (the standard library reads
// bzip2 but cannot write it).
var bzipped = []byte{
	0x42, 0x5a, 0x68, 0x39, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59, 0x44, 0xf5,
	0x0f, 0xbe, 0x00, 0x00, 0x07, 0xdf, 0x80, 0x00, 0x10, 0x50, 0x11, 0x26,
	0x00, 0x02, 0x00, 0x00, 0x0a, 0x02, 0x01, 0x05, 0x40, 0x20, 0x00, 0x21,
	0xa8, 0x1a, 0x31, 0x36, 0xa7, 0xa8, 0x53, 0x00, 0x04, 0xd2, 0x6f, 0xa3,
	0x1c, 0x84, 0xe2, 0x5c, 0x83, 0x8a, 0x60, 0x99, 0x26, 0xf8, 0xbb, 0x92,
	0x29, 0xc2, 0x84, 0x82, 0x27, 0xa8, 0x7d, 0xf0,
}

func TestReader(t *testing.T) {
	cases := map[string][]byte{
		"":      []byte(pgn),
		"gzip":  gzipped(t, pgn),
		"zstd":  append(zstded(t, pgn[:10]), zstded(t, pgn[10:])...), // two frames, as pzstd writes
		"bzip2": bzipped,
	}
	for format, data := range cases {
		r, got, err := Reader(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%q: %v", format, err)
		}
		text, err := io.ReadAll(r)
		r.Close()
		if err != nil || got != format || string(text) != pgn {
			t.Errorf("%q: format %q, text %q, %v", format, got, text, err)
		}
	}
	r, _, err := Reader(strings.NewReader(""))
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(r); len(b) != 0 {
		t.Error("empty input is not empty")
	}
}

func utf16Bytes(s string, order binary.AppendByteOrder, bom []byte) []byte {
	out := append([]byte(nil), bom...)
	for _, u := range utf16.Encode([]rune(s)) {
		out = order.AppendUint16(out, u)
	}
	return out
}

// TestUTF16: UTF-16 with a byte order mark is decoded, surrogate pairs
// included; broken units become U+FFFD.
func TestUTF16(t *testing.T) {
	text := "[White \"Réti ♔ 𝄞\"]\n\n1. e4 *\n"
	for name, data := range map[string][]byte{
		"utf-16le": utf16Bytes(text, binary.LittleEndian, []byte{0xff, 0xfe}),
		"utf-16be": utf16Bytes(text, binary.BigEndian, []byte{0xfe, 0xff}),
	} {
		r, format, err := Reader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(r)
		if err != nil || format != name || string(got) != text {
			t.Errorf("%s: format %q, text %q, %v", name, format, got, err)
		}
	}
	// A lone high surrogate, then an odd final byte.
	data := []byte{0xff, 0xfe, 'a', 0, 0x00, 0xd8, 'b', 0, 'c'}
	r, _, _ := Reader(bytes.NewReader(data))
	got, _ := io.ReadAll(r)
	if string(got) != "a\uFFFDb\uFFFD" {
		t.Errorf("broken UTF-16 decodes to %q", got)
	}
}
