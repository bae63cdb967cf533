// Package reader reads PGN from an io.Reader one game at a time, in bounded
// memory: it cuts the input into pieces at game boundaries, parses each piece
// with package parser and, unless asked not to, checks each game with package
// check. Games and diagnostics come out in input order, with positions that
// refer to the whole input.
package reader

import (
	"bytes"
	"errors"
	"io"
	"iter"
	"unsafe"

	"github.com/pgnc/pgnc/ast"
	"github.com/pgnc/pgnc/check"
	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/lexer"
	"github.com/pgnc/pgnc/model"
	"github.com/pgnc/pgnc/parser"
	"github.com/pgnc/pgnc/token"
)

// Options select what the reader does with each game.
type Options struct {
	SyntaxOnly bool // stop after the grammar: no move replay
	Model      bool // build the resolved model of each game (ignored with SyntaxOnly)
	// PieceSize is how many bytes the reader tries to parse at a time; the
	// default is 1 MiB. A single game larger than that is read whole.
	PieceSize int
	// ReuseMemory lets the reader reuse the memory of syntax trees: a Game's
	// AST is then valid only until the next call to Next. The diagnostics,
	// the model and the File stay valid.
	ReuseMemory bool
}

// Game is one game read from the input.
type Game struct {
	AST   *ast.Game   // the syntax tree; offsets index File.Src
	Model *model.Game // the resolved game, when Options.Model is set
	Diags diag.List   // every diagnostic of the game, sorted; offsets index File.Src
	File  *diag.File  // the piece of input the game came from, for printing positions
}

// Reader reads games from an io.Reader.
type Reader struct {
	r      io.Reader
	name   string
	opts   Options
	buf    []byte // read but not yet parsed
	base   int    // offset of buf[0] in the input
	line   int    // lines before buf[0] in the input
	eof    bool
	index  int // games handed out so far
	queue  []*Game
	parser parser.Parser
	err    error
}

// New returns a reader of the input r, which diagnostics call name.
func New(r io.Reader, name string, opts Options) *Reader {
	if opts.PieceSize <= 0 {
		opts.PieceSize = 1 << 20
	}
	rd := &Reader{r: r, name: name, opts: opts}
	rd.parser.ReuseMemory = opts.ReuseMemory
	return rd
}

// Next returns the next game, or io.EOF after the last one. Diagnostics that
// belong to no game (stray text between games) come with a Game whose AST
// is nil.
func (rd *Reader) Next() (*Game, error) {
	for len(rd.queue) == 0 {
		if rd.err != nil {
			return nil, rd.err
		}
		if err := rd.fill(); err != nil {
			rd.err = err
		}
	}
	g := rd.queue[0]
	rd.queue = rd.queue[1:]
	return g, nil
}

// fill reads until a piece can be cut off, then parses it into the queue.
// It returns io.EOF when the input is exhausted and nothing is left.
func (rd *Reader) fill() error {
	for {
		if cut := rd.cut(); cut > 0 {
			rd.parsePiece(cut)
			return nil
		}
		if rd.eof {
			if len(rd.buf) == 0 {
				return io.EOF
			}
			rd.parsePiece(len(rd.buf))
			return nil
		}
		if err := rd.read(); err != nil {
			return err
		}
	}
}

// read appends at least one more chunk of input to buf.
func (rd *Reader) read() error {
	if len(rd.buf) == cap(rd.buf) {
		grown := make([]byte, len(rd.buf), max(2*cap(rd.buf), rd.opts.PieceSize+4096))
		copy(grown, rd.buf)
		rd.buf = grown
	}
	// Fill the free space, so that the boundary scan runs once per
	// doubling of the buffer and not once per short read.
	n, err := io.ReadFull(rd.r, rd.buf[len(rd.buf):cap(rd.buf)])
	rd.buf = rd.buf[:len(rd.buf)+n]
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		rd.eof = true
		return nil
	}
	return err
}

// cut returns where the buffer can be split so that the parse of the part
// before equals the parse of the whole input up to there, or 0 when it
// cannot yet. It waits until the buffer holds a piece's worth of input.
func (rd *Reader) cut() int {
	if len(rd.buf) < rd.opts.PieceSize && !rd.eof {
		return 0
	}
	return Boundary(unsafe.String(unsafe.SliceData(rd.buf), len(rd.buf)), rd.eof)
}

// parsePiece parses buf[:n] and queues its games.
func (rd *Reader) parsePiece(n int) {
	src := string(rd.buf[:n])
	file := &diag.File{Name: rd.name, Src: src, Base: rd.base, BaseLine: rd.line}
	db, diags := rd.parser.Parse(src)
	byGame := make([]diag.List, len(db.Games)+1)
	for _, d := range diags {
		byGame[d.Game] = append(byGame[d.Game], d) // d.Game is 0 outside games
	}
	outside := byGame[0] // in position order, interleaved with the games
	flushOutside := func(before int) {
		n := 0
		for n < len(outside) && outside[n].Start < before {
			n++
		}
		if n > 0 {
			rd.queue = append(rd.queue, &Game{Diags: outside[:n:n], File: file})
			outside = outside[n:]
		}
	}
	defer flushOutside(len(src) + 1)
	for i, g := range db.Games {
		flushOutside(g.From)
		rd.index++
		g.Index = rd.index
		out := &Game{AST: g, File: file, Diags: byGame[i+1]}
		switch {
		case rd.opts.SyntaxOnly:
		case rd.opts.Model:
			m, more := check.Game(g)
			out.Model = m
			out.Diags = append(out.Diags, more...)
		default:
			out.Diags = append(out.Diags, check.Diagnostics(g)...)
		}
		for j := range out.Diags {
			out.Diags[j].Game = g.Index
		}
		out.Diags.Sort()
		rd.queue = append(rd.queue, out)
	}
	rd.line += bytes.Count(rd.buf[:n], []byte{'\n'})
	rd.base += n
	rest := copy(rd.buf, rd.buf[n:])
	rd.buf = rd.buf[:rest]
}

// Boundary returns the offset of the last place in src where a game starts
// whose start the parser would find the same way in any text that begins
// there: a "[" at the start of a line right after a termination marker, or,
// failing that, right after movetext and a blank line. It returns 0 when
// src has no such place. With final set, src is the whole rest of the input.
func Boundary(src string, final bool) int {
	var sc lexer.Scanner
	sc.Reset(src)
	prev := token.EOF
	strong, weak := 0, 0
	for {
		tok := sc.Next()
		switch tok.Kind {
		case token.EOF:
			if strong > 0 {
				return strong
			}
			return weak
		case token.Illegal:
			if src[tok.Start] == '{' {
				// An unterminated comment: the parser ends it before the
				// next line that starts with "[".
				if j := bytesIndex(src[tok.Start:], "\n["); j >= 0 {
					sc.Seek(tok.Start + j + 1)
					prev = token.Comment
					continue
				}
				if !final {
					return max(strong, weak)
				}
			}
			continue
		case token.BOM, token.Escape:
			continue
		case token.LBracket:
			if atLineStart(src, tok.Start) {
				switch {
				case prev == token.Result:
					strong = tok.Start
				case isMovetext(prev) && blankLineBefore(src, tok.Start):
					weak = tok.Start
				}
			}
		}
		prev = tok.Kind
	}
}

func isMovetext(k token.Kind) bool {
	switch k {
	case token.EOF, token.LBracket, token.RBracket, token.String, token.Symbol, token.Illegal:
		return false
	}
	return true
}

func atLineStart(src string, off int) bool { return off == 0 || src[off-1] == '\n' }

// blankLineBefore reports whether the line before the one starting at off
// holds only white space.
func blankLineBefore(src string, off int) bool {
	i := off - 1 // the newline ending the previous line
	for j := i - 1; j >= 0; j-- {
		switch src[j] {
		case '\n':
			return true
		case ' ', '\t', '\r', '\v':
		default:
			return false
		}
	}
	return false
}

func bytesIndex(s, sep string) int {
	return bytes.Index(unsafe.Slice(unsafe.StringData(s), len(s)), []byte(sep))
}

// All returns an iterator over the remaining games, for use with range. It
// stops after the first error, which it yields with a nil game.
func (rd *Reader) All() iter.Seq2[*Game, error] {
	return func(yield func(*Game, error) bool) {
		for {
			g, err := rd.Next()
			if err == io.EOF {
				return
			}
			if !yield(g, err) || err != nil {
				return
			}
		}
	}
}
