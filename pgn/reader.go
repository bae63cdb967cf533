package pgn

import (
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"strings"

	"github.com/pgnc/pgnc/input"
	"github.com/pgnc/pgnc/reader"
)

// Reader reads the games of one input: a file, every PGN file below a
// directory, the members of a zip archive, or a stream. It is not safe for
// use by several goroutines at once.
type Reader struct {
	cfg     config
	sources func(yield func(source, error) bool)
	current *reader.Reader
	closer  io.Closer
	stray   []Stray
	// strayOpen says that the last Stray may grow: no game came after it.
	strayOpen bool
}

// source is one input of a Reader: a file or stream, not yet opened.
type source struct {
	name string
	// open opens it; closing the closer releases the file after the
	// reader.
	open func(reader.Options) (*reader.Reader, io.Closer, error)
}

// Open returns a Reader of the games in the file or directory at path. It
// reads what pgnc check reads: PGN text in UTF-8, Latin-1 or UTF-16, plain
// or compressed (gzip, bzip2, xz, zstd, with the frames of a pzstd file
// decoded on every worker), and every PGN file below a directory, in name
// order. It fails only when path cannot be opened; problems inside the
// input come out of Games.
func Open(path string, opts ...Option) (*Reader, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	rd := &Reader{cfg: newConfig(opts)}
	if !info.IsDir() {
		rd.sources = func(yield func(source, error) bool) { yield(fileSource(path), nil) }
		return rd, nil
	}
	rd.sources = func(yield func(source, error) bool) {
		for path, err := range pgnFiles(path) {
			var s source
			if err == nil {
				s = fileSource(path)
			}
			if !yield(s, err) {
				return
			}
		}
	}
	return rd, nil
}

// NewReader returns a Reader of the games in r, decoded as Open decodes a
// file: a compressed stream is decompressed. Diagnostics name the stream
// "<stdin>" unless WithName says otherwise.
func NewReader(r io.Reader, opts ...Option) *Reader {
	rd := &Reader{cfg: newConfig(opts)}
	name := rd.cfg.name
	rd.sources = func(yield func(source, error) bool) {
		yield(source{name: name, open: func(o reader.Options) (*reader.Reader, io.Closer, error) { return streamReader(r, name, o) }}, nil)
	}
	return rd
}

// Games returns the games of the input in input order, each once. An error
// that ends the reading of one input (a file that cannot be read, a
// compressed stream cut short) comes with a nil Game; the other inputs of a
// directory are still read after it. Text between games that belongs to
// none is not a game: see Stray.
func (rd *Reader) Games() iter.Seq2[*Game, error] {
	return func(yield func(*Game, error) bool) {
		for src, err := range rd.sources {
			if err != nil {
				if !yield(nil, err) {
					return
				}
				continue
			}
			if !rd.readSource(src, yield) {
				return
			}
		}
	}
}

// readSource yields the games of one input; false means the caller stopped.
func (rd *Reader) readSource(src source, yield func(*Game, error) bool) bool {
	r, closer, err := src.open(rd.cfg.readerOptions())
	if err != nil {
		return yield(nil, &InputError{Source: src.name, Err: err})
	}
	rd.current, rd.closer = r, closer
	defer rd.Close()
	cat := rd.cfg.catalog
	for {
		g, err := r.Next()
		if err == io.EOF {
			return true
		}
		if err != nil {
			return yield(nil, &InputError{Source: src.name, Err: err})
		}
		rd.addStray(g, src.name)
		if g.Index == 0 {
			continue
		}
		rd.strayOpen = false
		if !yield(newGame(g, src.name, cat), nil) {
			return false
		}
	}
}

// addStray keeps what the reader read outside games: g is a pseudo-game of
// the reader (Index 0) with diagnostics, skipped bytes or the text after
// the last game, or a game whose Gap holds more than white space. What
// stands between two games makes one Stray.
func (rd *Reader) addStray(g *reader.Game, name string) {
	text := strings.TrimSpace(g.Gap)
	if text == "" && (g.Index > 0 || len(g.Diags) == 0 && g.Skipped == 0) {
		return
	}
	var diags []Diagnostic
	skipped := 0
	if g.Index == 0 {
		diags, skipped = located(g.File, name, 0, g.Diags, rd.cfg.catalog), g.Skipped
	}
	if n := len(rd.stray); n > 0 && rd.strayOpen {
		s := &rd.stray[n-1]
		s.Text = strings.TrimSpace(s.Text + "\n" + text)
		s.Skipped += skipped
		s.Diags = append(s.Diags, diags...)
	} else {
		rd.stray = append(rd.stray, Stray{Source: name, Text: text, Skipped: skipped, Diags: diags})
	}
	rd.strayOpen = g.Index == 0 // a game closes the text between games
}

// Stray returns the text found between games so far that belongs to no
// game, with its diagnostics, in input order: after Games has run to its
// end, all of it.
func (rd *Reader) Stray() []Stray { return rd.stray }

// Close releases the input being read, when Games stopped before its end.
// Closing a Reader that has nothing open does nothing.
func (rd *Reader) Close() error {
	var err error
	if rd.current != nil {
		rd.current.Close()
		rd.current = nil
	}
	if rd.closer != nil {
		err = rd.closer.Close()
		rd.closer = nil
	}
	return err
}

// InputError is a failure to read one input.
type InputError struct {
	Source string // the input's name
	Err    error
}

func (e *InputError) Error() string { return e.Source + ": " + e.Err.Error() }

// Unwrap returns the cause.
func (e *InputError) Unwrap() error { return e.Err }

// fileSource is the file at path, read by its content.
func fileSource(path string) source {
	return source{name: path, open: func(o reader.Options) (*reader.Reader, io.Closer, error) {
		f, err := os.Open(path)
		if err != nil {
			return nil, nil, err
		}
		info, err := f.Stat()
		if err != nil {
			f.Close()
			return nil, nil, err
		}
		return reader.OpenFile(f, info.Size(), path, o), f, nil
	}}
}

// streamReader reads the stream r, decompressed.
func streamReader(r io.Reader, name string, o reader.Options) (*reader.Reader, io.Closer, error) {
	text, _, err := input.Reader(r)
	if err != nil {
		return nil, nil, err
	}
	return reader.New(text, name, o), text, nil
}

// pgnFiles yields the PGN files below dir, in name order.
func pgnFiles(dir string) iter.Seq2[string, error] {
	return func(yield func(string, error) bool) {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				if !yield("", err) {
					return filepath.SkipAll
				}
				return nil
			}
			if !d.IsDir() && input.IsPGNName(path) && !yield(path, nil) {
				return filepath.SkipAll
			}
			return nil
		})
		if err != nil {
			yield("", err)
		}
	}
}
