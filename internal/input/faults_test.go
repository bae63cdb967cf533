package input

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// TestShortFaults: a compressed file whose fault comes within its first
// BinarySample bytes of text reads as a long one does: the text before the
// fault, then an error that says what is wrong and where.
func TestShortFaults(t *testing.T) {
	sample := string(readFile(t, "../../testdata/sample.pgn"))
	gz := gzipped(sample)
	badCRC := bytes.Clone(gz)
	badCRC[len(badCRC)-8] ^= 0xff
	zst := zstded(t, sample)
	for _, c := range []struct {
		name string
		data []byte
		text string // what is read before the error: all of it, or a prefix of sample
		err  string
	}{
		{"gzip cut short", gz[:500], "", "gzip: the compressed data ends early, after "},
		{"gzip, then other bytes", append(bytes.Clone(gz), "garbage"...), sample,
			"gzip: the bytes at offset " + strconv.Itoa(len(gz)) + " (67 61 72 62) are not a gzip member: something else follows the file's 1 member, after 1129 decompressed bytes"},
		{"gzip, two members, then a byte", append(append(bytes.Clone(gz), gz...), 'x'), sample + sample,
			"gzip: the bytes at offset " + strconv.Itoa(2*len(gz)) + " (78) are not a gzip member: something else follows the file's 2 members"},
		{"gzip with a bad CRC", badCRC, sample, "gzip: the member at offset 0 fails its CRC-32 check: the file is damaged, after 1129 decompressed bytes"},
		{"zstd without its checksum", zst[:len(zst)-4], sample, "zstd: the compressed data ends early, after 1129 decompressed bytes: is the file cut short?"},
		{"zstd cut in its block", zst[:len(zst)/2], "", "zstd: the compressed data ends early, after 0 decompressed bytes"},
	} {
		r, _, err := Reader(bytes.NewReader(c.data))
		if err != nil {
			t.Errorf("%s: %v at open", c.name, err)
			continue
		}
		got, err := io.ReadAll(r)
		if c.text != "" && string(got) != c.text || !strings.HasPrefix(sample+sample, string(got)) || err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: %d bytes, %v", c.name, len(got), err)
		}
	}
	// A zstd file of many frames with its last checksum missing, from a
	// file on any number of workers: every byte, then the error.
	text := strings.Repeat(sample, 400)
	framed := append(append(zstded(t, text[:100000]), zstded(t, text[100000:200000])...), zstded(t, text[200000:])...)
	cut := framed[:len(framed)-4]
	for _, workers := range []int{1, 3} {
		r, _, err := File(bytes.NewReader(cut), int64(len(cut)), workers)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(r)
		var short *CutShortError
		if string(got) != text || !errors.As(err, &short) {
			t.Errorf("%d workers: %d of %d bytes, %v", workers, len(got), len(text), err)
		}
	}
}

// TestNotUTF16: UTF-32 and random bytes after a UTF-16 byte order mark are
// refused as not PGN text, not decoded into errors by the hundred.
func TestNotUTF16(t *testing.T) {
	rng := rand.New(rand.NewSource(45))
	noise := make([]byte, 3000)
	rng.Read(noise)
	utf32 := func(order binary.AppendByteOrder, bom []byte) []byte {
		out := bytes.Clone(bom)
		for _, r := range pgn {
			out = order.AppendUint32(out, uint32(r))
		}
		return out
	}
	for _, c := range []struct {
		name string
		data []byte
		what string
	}{
		{"utf-32le", utf32(binary.LittleEndian, []byte{0xff, 0xfe, 0, 0}), "UTF-32 text"},
		{"utf-32be", utf32(binary.BigEndian, []byte{0, 0, 0xfe, 0xff}), "UTF-32 text"},
		{"ff fe noise", append([]byte{0xff, 0xfe}, noise...), "binary data"},
		{"fe ff noise", append([]byte{0xfe, 0xff}, noise...), "binary data"},
		{"ff fe noise in gzip", gzipped("\xff\xfe" + string(noise)), "binary data"},
	} {
		_, _, err := Reader(bytes.NewReader(c.data))
		var e *NotPGNError
		if !errors.As(err, &e) || e.What != c.what {
			t.Errorf("%s: %v, want %q", c.name, err, c.what)
		}
	}
	// UTF-16 text in another script is still text: tags and moves are ASCII.
	text := "[Event \"Чемпионат СССР по шахматам, финал\"]\n[White \"Ботвинник, Михаил\"]\n\n1. e4 {Лучший ход по Ботвиннику, как он писал в своих книгах} e5 *\n"
	r, _, err := Reader(bytes.NewReader(utf16Bytes(text, binary.LittleEndian, []byte{0xff, 0xfe})))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := io.ReadAll(r); string(got) != text {
		t.Errorf("Cyrillic UTF-16: %q", got)
	}
}

// TestLoneSurrogates: each lone surrogate is noted with its offsets in the
// decoded and the UTF-16 text, and handed out once, in order.
func TestLoneSurrogates(t *testing.T) {
	// BOM, "a", lone high, "b", lone low, high + "c", "é", pair.
	data := []byte{0xff, 0xfe, 'a', 0, 0x00, 0xd8, 'b', 0, 0x00, 0xdc, 0x01, 0xd8, 'c', 0, 0xe9, 0, 0x34, 0xd8, 0x1e, 0xdd}
	r, _, err := Reader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(r)
	if want := "a\uFFFDb\uFFFD\uFFFDcé𝄞"; string(got) != want || err != nil {
		t.Fatalf("decoded %q, %v; want %q", got, err, want)
	}
	want := []surrogate{{At: 1, Source: 4, Unit: 0xd800}, {At: 5, Source: 8, Unit: 0xdc00}, {At: 8, Source: 10, Unit: 0xd801}}
	first := loneSurrogates(r, 5)
	rest := loneSurrogates(r, 1<<40)
	if len(first) != 1 || first[0] != want[0] || len(rest) != 2 || rest[0] != want[1] || rest[1] != want[2] {
		t.Errorf("got %+v then %+v, want %+v", first, rest, want)
	}
	if again := loneSurrogates(r, 1<<40); len(again) != 0 {
		t.Errorf("handed out again: %+v", again)
	}
	if s := loneSurrogates(strings.NewReader(pgn), 100); s != nil {
		t.Errorf("not UTF-16: %+v", s)
	}
}
