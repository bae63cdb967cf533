package pgn

import (
	"errors"
	"io"
	"iter"
	"os"
	"strings"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/input"
	"github.com/pgnc/pgnc/internal/reader"
)

// Reader reads the games of one input: a file, every PGN file below a
// directory, the members of a zip archive, or a stream. It is not safe for
// use by several goroutines at once.
type Reader struct {
	cfg     config
	reread  *rereader // for Game.Full
	sources func(yield func(*input.Source, error) bool)
	current *reader.Reader
	closer  io.Closer
	stray   []Stray
	// strayOpen says that the last Stray may grow: no game came after it.
	strayOpen bool
	// game is the Game handed out again and again when memory is reused (package pgnreuse).
	game *Game
}

// source is one input of a Reader, opened.
type source struct {
	*input.Source
	// lost gives the warnings about characters the decoding lost, up to
	// an offset (input.Source.Warnings); nil for an input read in ranges.
	lost func(f *diag.File, end int) diag.List
	// ranges says the input is a plain file read in ranges, whose
	// progress the offsets of its pieces give; counted is the offset told.
	ranges  bool
	counted int
}

// open returns the reader of the games of s.
func (s *source) open(o reader.Options) *reader.Reader {
	if file, size, ok := s.ReaderAt(); ok {
		s.ranges = true
		return reader.NewFile(file, size, s.Name, o)
	}
	s.lost = s.Warnings
	return reader.New(s, s.Name, o)
}

// Open returns a Reader of the games in the file or directory at path. It
// reads what pgnc check reads: PGN text in UTF-8, Latin-1 or UTF-16, plain
// or compressed (gzip, bzip2, xz, zstd, with the frames of a pzstd file
// decoded on every worker), and every PGN file below a directory, in name
// order. It fails only when path cannot be opened; problems inside the
// input come out of Games.
func Open(path string, opts ...Option) (*Reader, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, err
	}
	return newReader(path, nil, opts), nil
}

// NewReader returns a Reader of the games in r, decoded as Open decodes a
// file: a compressed stream is decompressed, and a zip archive read from a
// file is read member by member. Diagnostics name the stream "<stdin>"
// unless WithName says otherwise.
func NewReader(r io.Reader, opts ...Option) *Reader {
	return newReader("-", r, opts)
}

func newReader(arg string, stdin io.Reader, opts []Option) *Reader {
	rd := &Reader{cfg: newConfig(opts)}
	rd.sources = func(yield func(*input.Source, error) bool) {
		for src, err := range input.Each(arg, stdin, rd.cfg.inputOptions()) {
			if arg == "-" {
				rd.rename(src, err)
			}
			if !yield(src, err) {
				if src != nil {
					src.Close()
				}
				return
			}
		}
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
		for in, err := range rd.Inputs() {
			if err != nil {
				if !yield(nil, err) {
					return
				}
				continue
			}
			for g, err := range in.Games() {
				if !yield(g, err) {
					return
				}
			}
		}
	}
}

// Input is one input of a Reader: a file, a file below a directory, a
// member of a zip archive, or the stream of NewReader.
type Input struct {
	// Name is what the input's games (Game.Source) and diagnostics call
	// it.
	Name string

	rd  *Reader
	src *input.Source // nil once read or passed
}

// Inputs returns the inputs of the reader in order, each opened and not yet
// read: its games come from its Games method, inside the loop. An input
// that cannot be opened comes as an error, and the others follow. A caller
// that wants one input of several, or to know how many there are, reads
// the games of the ones it wants and passes the others over: each input is
// closed when the loop moves past it, and one passed over is not read
// beyond the first bytes that say what it holds.
func (rd *Reader) Inputs() iter.Seq2[*Input, error] {
	return func(yield func(*Input, error) bool) {
		for src, err := range rd.sources {
			if err != nil {
				if !yield(nil, err) {
					return
				}
				continue
			}
			in := &Input{Name: src.Name, rd: rd, src: src}
			rd.closer = src
			more := yield(in, nil)
			in.src = nil
			rd.Close()
			if !more {
				return
			}
		}
	}
}

// Games returns the games of the input in input order, as Reader.Games
// does. The input is read once: Games yields nothing when called again, or
// after the loop over Inputs has moved past the input.
func (in *Input) Games() iter.Seq2[*Game, error] {
	return func(yield func(*Game, error) bool) {
		src := in.src
		if src == nil {
			return
		}
		in.src = nil
		in.rd.readSource(src, yield)
	}
}

// rename gives a stream and its errors the name of WithName; a member of a
// zip archive read from the stream keeps its own after the archive's.
func (rd *Reader) rename(src *input.Source, err error) {
	const stdin = "<stdin>"
	if src != nil {
		src.Name = rd.cfg.name + strings.TrimPrefix(src.Name, stdin)
	}
	var open *input.OpenError
	if errors.As(err, &open) {
		open.Name = rd.cfg.name + strings.TrimPrefix(open.Name, stdin)
	}
}

// readSource yields the games of one input; false means the caller stopped.
func (rd *Reader) readSource(in *input.Source, yield func(*Game, error) bool) bool {
	src := source{Source: in}
	o := rd.cfg.readerOptions()
	r := src.open(o)
	rd.current, rd.closer = r, in
	defer rd.Close()
	cat := rd.cfg.catalog
	for {
		g, err := r.Next()
		if err == io.EOF {
			rd.endStray()
			return true
		}
		if err != nil {
			rd.endStray()
			return yield(nil, &InputError{Source: src.Name, Err: err})
		}
		src.count(g, rd.cfg.progress)
		src.addLost(g)
		rd.addStray(g, src.Name, o.ReuseText)
		if g.Index == 0 {
			continue
		}
		rd.endStray()
		var game *Game
		if o.ReuseText {
			if rd.game == nil {
				rd.game = new(Game)
			}
			game = rd.game
		}
		game = fillGame(game, g, src.Name, cat, rd.cfg.mode == Full)
		if rd.cfg.mode != Full {
			if rd.reread == nil {
				rd.reread = newRereader(rd.cfg)
			}
			game.reread, game.file, game.from, game.to = rd.reread, g.File, g.From, g.To
		}
		if !yield(game, nil) {
			return false
		}
	}
}

// addStray keeps what the reader read outside games: g is a pseudo-game of
// the reader (Index 0) with diagnostics, skipped bytes or the text after
// the last game, or a game whose Gap holds more than white space. What
// stands between two games makes one Stray. With reused, the reader
// reuses g's memory, and the Stray takes copies.
func (rd *Reader) addStray(g *reader.Game, name string, reused bool) {
	text := strings.TrimSpace(g.Gap)
	if text == "" && (g.Index > 0 || len(g.Diags) == 0 && g.Skipped == 0) {
		return
	}
	var diags []Diagnostic
	skipped := 0
	if g.Index == 0 {
		diags, skipped = appendLocated(nil, g, rd.cfg.catalog), g.Skipped
	}
	if reused {
		text = strings.Clone(text)
		for i := range diags {
			diags[i] = cloneLocated(diags[i])
		}
	}
	if n := len(rd.stray); n > 0 && rd.strayOpen {
		s := &rd.stray[n-1]
		s.Text = strings.TrimSpace(s.Text + "\n" + text)
		s.Skipped += skipped
		s.Diags = append(s.Diags, diags...)
	} else {
		rd.stray = append(rd.stray, Stray{Source: name, Text: text, Skipped: skipped, Diags: diags})
	}
	rd.strayOpen = true
}

// endStray closes the last Stray: a game or the end of the input follows
// it. WithStray's function gets it then.
func (rd *Reader) endStray() {
	rd.strayOpen = false
	if f := rd.cfg.stray; f != nil && len(rd.stray) > 0 {
		s := rd.stray[0]
		rd.stray = rd.stray[:0]
		f(s)
	}
}

// Stray returns the text found between games so far that belongs to no
// game, with its diagnostics, in input order: after Games has run to its
// end, all of it. With WithStray it returns nothing: its function has
// them.
func (rd *Reader) Stray() []Stray {
	if rd.cfg.stray != nil {
		return nil
	}
	return rd.stray
}

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

// count tells p, for an input read in ranges, that the piece g comes in
// has been read.
func (s *source) count(g *reader.Game, p Progress) {
	if p == nil || !s.ranges {
		return
	}
	if end := g.File.Base() + len(g.File.Src()); end > s.counted {
		p.Read(end - s.counted)
		s.counted = end
	}
}

// addLost adds to g's diagnostics the warnings about characters that the
// decoding lost in it: a game takes those up to its end, text outside games
// those up to its last diagnostic, or to the end of the piece when it ends
// it (as pgnc check does).
func (s *source) addLost(g *reader.Game) {
	if s.lost == nil {
		return
	}
	base := g.File.Base()
	end := base + len(g.File.Src())
	if g.Index > 0 {
		end = base + g.To
	} else if len(g.Diags) > 0 {
		end = base + g.Diags[len(g.Diags)-1].End
	}
	if more := s.lost(g.File, end); len(more) > 0 {
		g.Diags = append(g.Diags[:len(g.Diags):len(g.Diags)], more...)
	}
}
