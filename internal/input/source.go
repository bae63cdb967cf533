package input

import (
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/pgnc/pgnc/diag"
)

// Source is one PGN input that Each opens, decoded to text: a file, a
// member of a zip archive, or standard input. Its text is read as a
// stream (Read) or, for a plain text file, in byte ranges on several
// goroutines (ReaderAt). The caller closes each Source it is given.
type Source struct {
	// Name is what diagnostics call the input: the path as Each found
	// it, "<stdin>", or "archive.zip:member.pgn" for a member of a zip
	// archive.
	Name string
	// Path is the file the input was read from: the archive for a zip
	// member, "" for standard input. A plain text file (Format Text)
	// with a Path is the file itself, which a formatter may rewrite.
	Path string
	// Format is what the input was stored as: Text for plain text, the
	// compression and the text's encoding ("gzip", "zstd+utf-16le",
	// UTF16LE), or Zip for a member of a zip archive.
	Format Format

	text  io.ReadCloser // the decoded text; for file, made by the first Read
	under io.Closer     // closed after text: the file, the zip member
	// file, when not nil, is a plain text file of size bytes that can be
	// read in byte ranges (ReaderAt).
	file     *sizedFile
	size     int64
	progress Progress // counts what Read reads of file
	closed   bool
}

// Read reads the decoded text of the input, in order.
func (s *Source) Read(p []byte) (int, error) {
	if s.text == nil {
		if s.closed {
			return 0, os.ErrClosed
		}
		// A plain text file, read as a stream: its first bytes were
		// judged when it was opened.
		text, _, err := TextReader(io.NewSectionReader(countedAt(s.file, s.progress), 0, s.size), nil)
		if err != nil {
			text = readCloser{failing{err}, nil}
		}
		s.text = text
	}
	return s.text.Read(p)
}

// ReaderAt returns the input as a file of size bytes that can be read in
// byte ranges, on several goroutines at once, when it is a plain text file
// named by its path (reader.NewFile reads it so); ok is false for an input
// read only as a stream: standard input, a compressed file, UTF-16 text, a
// member of a zip archive. Read the input either through ReaderAt or
// through Read, not both. A read that ends before size fails with a
// *ShrunkError: another process cut the file. Options.Progress does not
// count what is read through ReaderAt: the caller knows how far it got.
func (s *Source) ReaderAt() (r io.ReaderAt, size int64, ok bool) {
	if s.file == nil {
		return nil, 0, false
	}
	return s.file, s.size, true
}

// Close releases the input's decoder and closes its file. Closing a
// Source again does nothing.
func (s *Source) Close() error {
	if s.closed {
		return nil
	}
	s.closed = true
	var err error
	if s.text != nil {
		err = s.text.Close()
		s.text = nil
	}
	if s.under != nil {
		if uerr := s.under.Close(); err == nil {
			err = uerr
		}
	}
	return err
}

// Warnings returns what the decoding of the text lost before offset end
// of the text, as warnings placed in f, a piece of the text that holds
// them (f.Base is its offset in the text): a PGN118 for each lone UTF-16
// surrogate decoded as U+FFFD. Each is returned once, so that the games
// of a text read in order report those in them. It may be called while
// another goroutine reads the Source; it returns nothing for text that
// was not UTF-16.
func (s *Source) Warnings(f *diag.File, end int) diag.List {
	if s.file != nil {
		return nil // plain text
	}
	var list diag.List
	for _, u := range loneSurrogates(s.text, int64(end)) {
		at := max(int(u.At)-f.Base(), 0)
		list = append(list, diag.Diagnostic{Code: diag.LoneSurrogate, Start: at, End: min(at+len("\uFFFD"), len(f.Src())),
			Args: []diag.Arg{diag.ValueArg("unit", fmt.Sprintf("%04X", u.Unit)), diag.ValueArg("offset", fmt.Sprint(u.Source))}})
	}
	return list
}

// file is what a file opened by Each offers.
type file interface {
	io.ReaderAt
	io.Reader
	io.Closer
}

// sizedFile is a regular file that held size bytes when it was opened.
// Reading it is expected to reach that size: a file that ends earlier was
// cut while it was read (ShrunkError). A file that grows is read to its
// new end.
type sizedFile struct {
	file
	size int64
}

func (f *sizedFile) ReadAt(p []byte, off int64) (int, error) {
	n, err := f.file.ReadAt(p, off)
	if err == io.EOF && off+int64(n) < f.size {
		err = &ShrunkError{Size: f.size, End: off + int64(n)}
	}
	return n, err
}

// noClose is standard input read as a file: it stays open.
type noClose struct{ *os.File }

func (noClose) Close() error { return nil }

// shared is a file that several sources read, the members of a zip
// archive: it is closed when the last of its holders closes it.
type shared struct {
	mu      sync.Mutex
	holders int
	c       io.Closer
}

func (s *shared) hold() {
	s.mu.Lock()
	s.holders++
	s.mu.Unlock()
}

func (s *shared) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.holders--; s.holders == 0 {
		return s.c.Close()
	}
	return nil
}

// closers closes several things in order and returns the first error.
type closers []io.Closer

func (cs closers) Close() error {
	var first error
	for _, c := range cs {
		if err := c.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// Progress is told how far Each has read its inputs: a progress bar, say.
type Progress interface {
	// Begin says that Each starts reading the input name, of size bytes
	// as stored (-1 when unknown: standard input, a pipe).
	Begin(name string, size int64)
	// Read counts n more bytes of the input read as stored, before
	// decompression. The frames of a zstd file decoded on several
	// goroutines are counted from each of them.
	Read(n int)
}

// counted returns r, whose reads p counts.
func counted(r io.Reader, p Progress) io.Reader {
	if p == nil {
		return r
	}
	return progressReader{r, p}
}

type progressReader struct {
	r io.Reader
	p Progress
}

func (c progressReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.p.Read(n)
	return n, err
}

// countedAt returns r, whose reads p counts.
func countedAt(r io.ReaderAt, p Progress) io.ReaderAt {
	if p == nil {
		return r
	}
	return progressReaderAt{r, p}
}

type progressReaderAt struct {
	r io.ReaderAt
	p Progress
}

func (c progressReaderAt) ReadAt(b []byte, off int64) (int, error) {
	n, err := c.r.ReadAt(b, off)
	c.p.Read(n)
	return n, err
}
