package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/pgnc/pgnc/input"
	"github.com/pgnc/pgnc/parser"
)

// open opens a named input, or standard input for "-", decompressing zstd,
// gzip and bzip2 by their magic bytes. It returns the format found ("" for
// plain text) so that callers can refuse to rewrite a compressed file.
func open(name string, stdin io.Reader) (io.ReadCloser, string, error) {
	return openWithProgress(name, stdin, nil)
}

// openWithProgress is open that also starts a progress bar for the input.
func openWithProgress(name string, stdin io.Reader, p *progress) (io.ReadCloser, string, error) {
	var raw io.Reader = stdin
	var file *os.File
	size := int64(-1)
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, "", err
		}
		raw, file = f, f
		if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
			size = info.Size()
		}
	}
	p.begin(name, size)
	raw = p.wrap(raw)
	r, format, err := input.Reader(raw)
	if err != nil {
		if file != nil {
			file.Close()
		}
		return nil, "", err
	}
	return closeBoth{r, file}, format, nil
}

// openPlain opens a regular file that is neither compressed nor UTF-16,
// which can be read in ranges (reader.NewFile). It reports false for any
// other input, which open reads as a stream, errors included.
func openPlain(name string) (*os.File, int64, bool) {
	f, err := os.Open(name)
	if err != nil {
		return nil, 0, false
	}
	info, err := f.Stat()
	if err == nil && info.Mode().IsRegular() {
		head := make([]byte, 4)
		n, _ := f.ReadAt(head, 0)
		if input.Plain(head[:n]) {
			return f, info.Size(), true
		}
	}
	f.Close()
	return nil, 0, false
}

// closeBoth closes the decoder and then the file under it.
type closeBoth struct {
	io.ReadCloser
	file *os.File
}

func (c closeBoth) Close() error {
	err := c.ReadCloser.Close()
	if c.file != nil {
		if ferr := c.file.Close(); err == nil {
			err = ferr
		}
	}
	return err
}

// encodingFlag is the --encoding flag of the commands that read PGN text.
type encodingFlag struct{ enc parser.Encoding }

func (e *encodingFlag) String() string { return e.enc.String() }

func (e *encodingFlag) Set(name string) error {
	enc, ok := parser.ParseEncoding(strings.ToLower(name))
	if !ok {
		return fmt.Errorf("unknown encoding %q (want auto, utf8 or latin1)", name)
	}
	e.enc = enc
	return nil
}

// addEncodingFlag defines --encoding on set.
func addEncodingFlag(set *flag.FlagSet, e *encodingFlag) {
	set.Var(e, "encoding", "how tag values and comments are read: auto (UTF-8; a game that is not UTF-8 is read as Windows-1252, with a warning), utf8 (bytes that are not UTF-8 are errors) or latin1 (Windows-1252)")
}
