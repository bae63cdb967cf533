// Package input opens PGN input that may be compressed, archived or in
// UTF-16, and refuses input that is not text. Formats are recognised by
// their first bytes, whatever the file is called: zstd (plain frames,
// skippable frames and the many-frame files pzstd writes), gzip (several
// members), bzip2 (several streams), xz, and zip archives, whose .pgn
// members are read in archive order (Zip). After decompression a UTF-16
// byte order mark is decoded, and binary data is refused (NotPGNError).
//
// Each is the way in: it opens what a command-line argument names
// (standard input, a file, every PGN file below a directory, every .pgn
// member of a zip archive) as Sources, decoded text to read as a stream or,
// for plain text files, in byte ranges. Reader and File decode one stream
// or file.
package input

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"
)

// Format names what the first bytes of an input say it is. The empty
// Format is text, passed on as it is.
type Format string

// The formats Reader decodes.
const (
	Text    Format = ""
	Zstd    Format = "zstd"
	Gzip    Format = "gzip"
	Bzip2   Format = "bzip2"
	XZ      Format = "xz"
	Zip     Format = "zip"
	UTF16LE Format = "utf-16le"
	UTF16BE Format = "utf-16be"
)

// HeadSize is how many first bytes Detect looks at: enough for the tar
// header's magic at offset 257.
const HeadSize = 512

// signature is a known file format recognised by bytes at an offset.
type signature struct {
	at    int
	magic string
	// format is set for the formats that are read; notPGN refuses the
	// others.
	format Format
	notPGN *NotPGNError
	// binary says the magic also starts ordinary words ("BM", "MZ"): it
	// counts only when binary bytes follow.
	binary bool
}

// packed and other make the error for a known format that pgnc does not
// read: an archive or a compressed file, to unpack first, or anything else.
func packed(what string) *NotPGNError { return &NotPGNError{What: what, Fix: "unpack it first"} }
func other(what string) *NotPGNError  { return &NotPGNError{What: what, Fix: "is it the right file?"} }

// utf32 refuses text in UTF-32, known by its byte order mark.
var utf32 = &NotPGNError{What: "UTF-32 text", Fix: "convert it to UTF-8 first (iconv -f UTF-32 -t UTF-8)"}

// signatures lists the formats recognised by their first bytes. Skippable
// zstd frames (magic 0x184D2A50 to 0x184D2A5F) are matched in Detect.
var signatures = []signature{
	{0, "\x28\xb5\x2f\xfd", Zstd, nil, false},
	{0, "\x1f\x8b", Gzip, nil, false},
	{0, "\xfd7zXZ\x00", XZ, nil, false},
	{0, "PK\x03\x04", Zip, nil, false},
	{0, "PK\x05\x06", Zip, nil, false}, // an empty archive
	{0, "\xff\xfe\x00\x00", "", utf32, false},
	{0, "\x00\x00\xfe\xff", "", utf32, false},
	{0, "\xff\xfe", UTF16LE, nil, false},
	{0, "\xfe\xff", UTF16BE, nil, false},
	{0, "7z\xbc\xaf\x27\x1c", "", packed("a 7-Zip archive"), false},
	{0, "Rar!\x1a\x07", "", packed("a RAR archive"), false},
	{0, "\x04\x22\x4d\x18", "", packed("an LZ4 file"), false},
	{0, "\x89LZO", "", packed("an LZO file"), false},
	{0, "LZIP", "", packed("an lzip file"), false},
	{0, "MSCF", "", packed("a Microsoft cabinet"), false},
	{257, "ustar", "", packed("a tar archive"), false},
	{0, "%PDF-", "", other("a PDF document"), false},
	{0, "\x89PNG\r\n\x1a\n", "", other("a PNG image"), false},
	{0, "\xff\xd8\xff", "", other("a JPEG image"), false},
	{0, "GIF87a", "", other("a GIF image"), false},
	{0, "GIF89a", "", other("a GIF image"), false},
	{0, "BM", "", other("a BMP image"), true},
	{0, "II*\x00", "", other("a TIFF image"), false},
	{0, "MM\x00*", "", other("a TIFF image"), false},
	{0, "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "", other("a Microsoft Office document"), false},
	{0, "{\\rtf", "", other("an RTF document"), false},
	{0, "\x7fELF", "", other("an executable"), false},
	{0, "MZ", "", other("an executable"), true},
	{0, "\xcf\xfa\xed\xfe", "", other("an executable"), false},
	{0, "\xce\xfa\xed\xfe", "", other("an executable"), false},
	{0, "\xca\xfe\xba\xbe", "", other("an executable or Java class"), false},
	{0, "\x00asm", "", other("a WebAssembly module"), false},
	{0, "SQLite format 3\x00", "", other("an SQLite database"), false},
}

// Detect names the format of an input from head, its first HeadSize
// bytes (or all of a shorter input): the format Reader decodes, or, for a
// known format that is not PGN, a *NotPGNError that says what it is ("a
// 7-Zip archive").
func Detect(head []byte) (Format, error) {
	if isSkippableZstd(head) {
		return Zstd, nil
	}
	if bytes.HasPrefix(head, []byte("BZh")) && len(head) >= 4 && head[3] >= '1' && head[3] <= '9' {
		return Bzip2, nil
	}
	for _, s := range signatures {
		switch {
		case len(head) < s.at+len(s.magic) || string(head[s.at:s.at+len(s.magic)]) != s.magic:
		case s.binary && !Binary(head):
		case s.notPGN != nil:
			return Text, s.notPGN
		default:
			return s.format, nil
		}
	}
	return Text, nil
}

// isSkippableZstd reports whether head starts with a skippable zstd frame,
// as every frame of a pzstd file does.
func isSkippableZstd(head []byte) bool {
	return len(head) >= 4 && head[0]&0xf0 == 0x50 && string(head[1:4]) == "\x2a\x4d\x18"
}

// BinarySample is how many first bytes of decoded text Binary judges.
const BinarySample = 8 << 10

// Binary reports whether sample, the first bytes of decoded text, is
// binary data rather than text: it holds more than eight NUL bytes, or
// more than eight control bytes (other than tab, line breaks, form feed
// and escape) that make up more than a tenth of it. A few stray control
// bytes in a PGN file leave it text; the parser reports them where they
// stand.
func Binary(sample []byte) bool {
	nul, control := 0, 0
	for _, b := range sample {
		switch {
		case b == 0:
			nul++
		case b < 0x20 && b != '\t' && b != '\n' && b != '\v' && b != '\f' && b != '\r' && b != 0x1b:
			control++
		}
	}
	bad := nul + control
	return nul > 8 || bad > 8 && bad*10 > len(sample)
}

// NotPGNError says that an input is not PGN text: a known format that pgnc
// does not read, binary data, or a zip archive where it cannot be read.
type NotPGNError struct {
	What string // "a 7-Zip archive", "binary data", …
	Fix  string // what to do instead
}

func (e *NotPGNError) Error() string { return "it is " + e.What + ", not PGN text; " + e.Fix }

// ErrBinary refuses binary data (see Binary).
var ErrBinary = other("binary data")

// ErrZipStream is returned by Reader for a zip archive: its directory is
// at its end, so it is read from a file (Zip), not from a stream.
var ErrZipStream = &NotPGNError{What: "a zip archive", Fix: "a zip archive is read from a named file, not from standard input or a pipe: name the file, or unzip it first"}

// Reader returns a reader of the decoded text of r and the format it was
// in: decompressed, and decoded from UTF-16 when it starts with a byte order
// mark (also inside a compressed file). It fails with a *NotPGNError for an
// input that is not text, and with ErrZipStream for a zip archive. Close
// releases the decoder.
func Reader(r io.Reader) (io.ReadCloser, Format, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, err := br.Peek(HeadSize)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, "", err
	}
	format, err := Detect(head)
	if err != nil {
		return nil, "", err
	}
	var dec io.Reader
	var closer io.Closer
	var guard *xzGuard
	switch format {
	case Zip:
		return nil, format, ErrZipStream
	case Zstd:
		d := newZstd(br)
		dec, closer = zstdText{d}, closerFunc(func() error { d.Close(); return nil })
	case Gzip:
		z, err := newGzipMembers(br) // reads every member of a multi-member file
		if err != nil {
			return nil, format, fmt.Errorf("gzip: %v", err)
		}
		dec, closer = z, z
	case Bzip2:
		dec = bzip2.NewReader(br) // reads every stream of a multi-stream file
	case XZ:
		g := newXZGuard(br)
		x, err := xz.NewReader(g) // reads every stream of a multi-stream file
		if err != nil {
			return nil, format, fmt.Errorf("xz: %v", err)
		}
		dec, guard = x, g
	default:
		return TextReader(br, nil)
	}
	dec = &decoder{r: dec, format: format, guard: guard}
	text, textFormat, err := TextReader(dec, closer)
	if err != nil {
		if closer != nil {
			closer.Close()
		}
		return nil, format, err
	}
	if textFormat != "" {
		format += "+" + textFormat
	}
	return text, format, nil
}

// TextReader returns a reader of the text in r, which has been decompressed:
// decoded from UTF-16 when it starts with a byte order mark. It fails with
// a *NotPGNError when r holds a compressed file again, a known format that is
// not PGN, or binary data. Closing the result closes c.
func TextReader(r io.Reader, c io.Closer) (io.ReadCloser, Format, error) {
	br, ok := r.(*bufio.Reader)
	if !ok || br.Size() < BinarySample {
		br = bufio.NewReaderSize(r, 64<<10)
	}
	head, readErr := br.Peek(BinarySample)
	if readErr != nil && readErr != io.EOF && readErr != bufio.ErrBufferFull {
		// The input fails within its first BinarySample bytes (a short
		// compressed file cut short): what came before the failure is
		// judged and read as any text is, and then the failure.
		br = bufio.NewReaderSize(io.MultiReader(bytes.NewReader(head), failing{readErr}), BinarySample)
	}
	format, err := Detect(head)
	switch {
	case err != nil:
		return nil, "", err
	case format == UTF16LE || format == UTF16BE:
		var order binary.ByteOrder = binary.LittleEndian
		if format == UTF16BE {
			order = binary.BigEndian
		}
		if binaryUTF16(head[2:], order) {
			return nil, "", ErrBinary
		}
		br.Discard(2)
		return readCloser{&utf16Reader{r: br, order: order, in: 2}, c}, format, nil
	case format != Text:
		return nil, "", &NotPGNError{What: "a " + string(format) + " file inside a compressed file", Fix: "unpack it first"}
	case Binary(head):
		return nil, "", ErrBinary
	}
	return readCloser{br, c}, Text, nil
}

// failing is a reader that fails with err.
type failing struct{ err error }

func (f failing) Read([]byte) (int, error) { return 0, f.err }

// CutShortError is a compressed file that ends before its data does,
// most likely a download cut short.
type CutShortError struct {
	Format Format
	Where  CutShort
	// At is how many bytes were decompressed (DataEndsEarly), or the
	// offset of the frame or header cut (the others); Into, for
	// HeaderCut, how many bytes of the header the file holds.
	At, Into int64
}

// CutShort says where a compressed file ends early.
type CutShort uint8

const (
	DataEndsEarly CutShort = iota // the decompressor ran out of data
	HeaderCut                     // within a zstd frame header
	SkippableCut                  // within a skippable zstd frame
	FrameCut                      // within a zstd frame
)

func (e *CutShortError) Error() string {
	switch e.Where {
	case HeaderCut:
		return fmt.Sprintf("%s: the file ends %d bytes into a frame header at offset %d: is it cut short?", e.Format, e.Into, e.At)
	case SkippableCut:
		return fmt.Sprintf("%s: a skippable frame at offset %d runs past the end of the file: is it cut short?", e.Format, e.At)
	case FrameCut:
		return fmt.Sprintf("%s: the frame at offset %d runs past the end of the file: is it cut short?", e.Format, e.At)
	}
	return fmt.Sprintf("%s: the compressed data ends early, after %d decompressed bytes: is the file cut short?", e.Format, e.At)
}

// decoder says which decompressor failed and how far it got: a stream that
// ends early is a file cut short, not the end of the input.
type decoder struct {
	r      io.Reader
	format Format
	n      int64 // bytes decoded so far
	guard  *xzGuard
}

func (d *decoder) Read(p []byte) (int, error) {
	n, err := d.r.Read(p)
	d.n += int64(n)
	switch {
	case err == nil || err == io.EOF:
	case d.guard != nil && d.guard.err != nil:
		tooBig := *d.guard.err.(*WindowError)
		tooBig.After = d.n
		err = &tooBig
	case errors.Is(err, io.ErrUnexpectedEOF):
		err = &CutShortError{Format: d.format, Where: DataEndsEarly, At: d.n}
	case errors.Is(err, zstd.ErrWindowSizeExceeded), errors.Is(err, zstd.ErrDecoderSizeExceeded):
		err = &WindowError{Format: d.format, At: -1, After: d.n}
	default:
		err = fmt.Errorf("%s: %v, after %d decompressed bytes", d.format, err, d.n)
	}
	return n, err
}

// closerFunc is a function that closes something.
type closerFunc func() error

func (f closerFunc) Close() error { return f() }

// readCloser joins a reader and what closing it closes.
type readCloser struct {
	io.Reader
	c io.Closer
}

func (rc readCloser) Close() error {
	if rc.c == nil {
		return nil
	}
	return rc.c.Close()
}

// IsPGNName reports whether a file found in a directory is PGN, possibly
// compressed or archived: name.pgn, name.pgn.zst, .gz, .bz2 or .xz, or a
// zip archive (which is read when it holds a .pgn member). Files named on
// the command line are read whatever their names.
func IsPGNName(path string) bool {
	name := strings.ToLower(filepath.Base(path))
	if strings.HasSuffix(name, ".zip") {
		return true
	}
	for _, ext := range []string{".zst", ".gz", ".bz2", ".xz"} {
		name = strings.TrimSuffix(name, ext)
	}
	return strings.HasSuffix(name, ".pgn")
}
