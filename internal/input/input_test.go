package input

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/klauspost/compress/zstd"
	"github.com/pgnc/pgnc/internal/testfiles"
)

const pgn = "[Event \"x\"]\n\n1. e4 e5 *\n"

func gzipped(s string) []byte { return testfiles.Gzip([]byte(s)) }

func zstded(t testing.TB, s string) []byte {
	var b bytes.Buffer
	w, err := zstd.NewWriter(&b, zstd.WithEncoderLevel(zstd.SpeedFastest))
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte(s))
	w.Close()
	return b.Bytes()
}

func xzed(s string) []byte { return testfiles.XZ([]byte(s)) }

// skippable is a skippable zstd frame holding data, with the magic number
// 0x184D2A5n.
func skippable(n byte, data []byte) []byte {
	out := []byte{0x50 | n, 0x2a, 0x4d, 0x18}
	out = binary.LittleEndian.AppendUint32(out, uint32(len(data)))
	return append(out, data...)
}

func readFile(t *testing.T, path string) []byte {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestReader: every format is recognised by content and decoded whole,
// including the multi-part files parallel compressors write.
func TestReader(t *testing.T) {
	sample := string(readFile(t, "../../testdata/sample.pgn"))
	cases := []struct {
		name   string
		data   []byte
		format Format
		text   string
	}{
		{"text", []byte(pgn), Text, pgn},
		{"gzip", gzipped(pgn), Gzip, pgn},
		{"gzip members", append(gzipped(pgn[:10]), gzipped(pgn[10:])...), Gzip, pgn},
		{"zstd", zstded(t, pgn), Zstd, pgn},
		{"zstd frames", append(zstded(t, pgn[:10]), zstded(t, pgn[10:])...), Zstd, pgn},
		{"zstd skippable frames", bytes.Join([][]byte{skippable(0, []byte{1, 2, 3, 4}), zstded(t, pgn[:10]), skippable(0xf, nil), zstded(t, pgn[10:]), skippable(7, []byte("x"))}, nil), Zstd, pgn},
		{"pzstd", readFile(t, "../../testdata/compressed/sample.pgn.zst"), Zstd, sample},
		{"bzip2 streams", readFile(t, "../../testdata/compressed/sample.pgn.bz2"), Bzip2, sample},
		{"xz", xzed(pgn), XZ, pgn},
		{"xz streams", append(xzed(pgn[:10]), xzed(pgn[10:])...), XZ, pgn},
		{"utf-16 in gzip", gzipped(string(utf16Bytes(pgn, binary.LittleEndian, []byte{0xff, 0xfe}))), Gzip + "+" + UTF16LE, pgn},
		{"empty", nil, Text, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, format, err := Reader(bytes.NewReader(c.data))
			if err != nil {
				t.Fatal(err)
			}
			text, err := io.ReadAll(r)
			r.Close()
			if err != nil || format != c.format || string(text) != c.text {
				t.Errorf("format %q, text %q, %v; want %q", format, text, err, c.format)
			}
		})
	}
}

// TestNotPGN: known formats that are not PGN, and binary data, are refused
// with one error that names them; text with a few control bytes is not.
func TestNotPGN(t *testing.T) {
	var zipped bytes.Buffer
	zw := zip.NewWriter(&zipped)
	w, _ := zw.Create("a.pgn")
	w.Write([]byte(pgn))
	zw.Close()
	tar := make([]byte, 1024)
	copy(tar, "a.pgn")
	copy(tar[257:], "ustar\x0000")
	cases := []struct {
		name string
		data []byte
		what string
	}{
		{"7z", []byte("7z\xbc\xaf\x27\x1c\x00\x04rest"), "a 7-Zip archive"},
		{"rar", []byte("Rar!\x1a\x07\x01\x00rest"), "a RAR archive"},
		{"pdf", []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), "a PDF document"},
		{"png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), "a PNG image"},
		{"elf", []byte("\x7fELF\x02\x01\x01\x00"), "an executable"},
		{"exe", append([]byte("MZ\x90\x00\x03\x00\x00\x00"), make([]byte, 64)...), "an executable"},
		{"office", []byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1\x00\x00"), "a Microsoft Office document"},
		{"tar", tar, "a tar archive"},
		{"nul bytes", make([]byte, 4096), "binary data"},
		{"control bytes", bytes.Repeat([]byte("ab\x01\x02\x03"), 100), "binary data"},
		{"binary in gzip", gzipped(string(make([]byte, 1000))), "binary data"},
		{"7z in zstd", zstded(t, "7z\xbc\xaf\x27\x1c\x00\x04rest"), "a 7-Zip archive"},
		{"gzip in gzip", gzipped(string(gzipped(pgn))), "a gzip file inside a compressed file"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := Reader(bytes.NewReader(c.data))
			var e *NotPGNError
			if !errors.As(err, &e) || e.What != c.what {
				t.Errorf("got %v, want %q", err, c.what)
			}
		})
	}
	if _, _, err := Reader(bytes.NewReader(zipped.Bytes())); err != ErrZipStream {
		t.Errorf("a zip stream: %v", err)
	}
	// Text that starts like a format but is not one, and text with a few
	// stray control bytes, pass.
	for _, text := range []string{
		"MZ is not a program\n" + pgn,
		"BM\n" + pgn,
		pgn + "\x00\x01" + strings.Repeat(pgn, 20),
	} {
		r, _, err := Reader(strings.NewReader(text))
		if err != nil {
			t.Errorf("%q: %v", text[:10], err)
			continue
		}
		if got, _ := io.ReadAll(r); string(got) != text {
			t.Errorf("%q read back as %q", text[:10], got)
		}
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
	for name, data := range map[Format][]byte{
		UTF16LE: utf16Bytes(text, binary.LittleEndian, []byte{0xff, 0xfe}),
		UTF16BE: utf16Bytes(text, binary.BigEndian, []byte{0xfe, 0xff}),
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

// TestCutShort: a compressed file cut short is an error that says so,
// after the text decoded before the cut; it is not taken for the end.
func TestCutShort(t *testing.T) {
	text := strings.Repeat(pgn, 20000)
	sample := string(readFile(t, "../../testdata/sample.pgn"))
	for _, c := range []struct {
		name string
		data []byte
		text string
	}{
		{"gzip", gzipped(text), text},
		{"zstd", zstded(t, text), text},
		{"xz", xzed(text), text},
		{"bzip2", readFile(t, "../../testdata/compressed/sample.pgn.bz2"), sample},
	} {
		cut := c.data[:len(c.data)*2/3]
		r, _, err := Reader(bytes.NewReader(cut))
		if err == nil {
			var got []byte
			got, err = io.ReadAll(r)
			if !strings.HasPrefix(c.text, string(got)) {
				t.Errorf("%s: the text before the cut is not the file's", c.name)
			}
		}
		if err == nil || !strings.Contains(err.Error(), "is the file cut short?") {
			t.Errorf("%s cut short: %v", c.name, err)
		}
	}
}
