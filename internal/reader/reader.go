// Package reader reads PGN from an io.Reader one game at a time, in bounded
// memory: it cuts the input into pieces at game boundaries, parses each piece
// with package parser and, unless asked not to, checks each game with package
// check, on several goroutines if asked. Games and diagnostics come out in
// input order, with positions that refer to the whole input.
package reader

import (
	"bytes"
	"io"
	"iter"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/check"
	"github.com/pgnc/pgnc/internal/input"
	"github.com/pgnc/pgnc/internal/lexer"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/internal/token"
	"github.com/pgnc/pgnc/model"
	"github.com/pgnc/pgnc/san"
)

// Options select what the reader does with each game.
type Options struct {
	SyntaxOnly bool // stop after the grammar: no move replay
	Model      bool // build the resolved model of each game (ignored with SyntaxOnly; see InParts)
	// PieceSize is how many bytes the reader tries to parse at a time; the
	// default is 256 KiB, 64 KiB with Model. A single game larger than that
	// is read whole.
	PieceSize int
	// ReuseMemory lets the reader reuse the memory of syntax trees and
	// models, which keeps memory flat and saves time: a Game's AST and
	// Model are then valid only until the next call to Next, and with
	// Workers > 1 only inside Options.Prepare (they are nil afterwards).
	// The other fields stay valid.
	ReuseMemory bool
	// ReuseText goes further: the reader also reuses the memory that holds
	// the input's text and the Game values themselves, which spares the
	// garbage collector most of its work. A Game and everything it holds
	// (Tags, Gap, Escapes, Diags, File) are then valid only until the next
	// call to Next, which may overwrite them: copy what you keep
	// (strings.Clone). It implies ReuseMemory, and is ignored with Model.
	ReuseText bool
	// Workers is how many goroutines parse and check pieces at once; games
	// still come out in input order. 0 and 1 mean no extra goroutines.
	Workers int
	// MaxGameBytes bounds the memory one game may take: where no game
	// boundary turns up in that many bytes, the input is cut at a line end
	// anyway, with diagnostic PGN215. A comment that no "}" closes within
	// that many bytes is read as unterminated. 0 means DefaultMaxGameBytes.
	MaxGameBytes int
	// RangeSize is how many bytes each worker of NewFile reads at a time;
	// 0 means DefaultRangeSize.
	RangeSize int
	// MaxDepth is passed to the parser (parser.Parser.MaxDepth).
	MaxDepth int
	// Encoding is passed to the parser (parser.Parser.Encoding).
	Encoding parser.Encoding
	// MaxRepeats is how many diagnostics of one code a game keeps, passed
	// to the parser and the checker (parser.Parser.MaxRepeats).
	MaxRepeats int
	// Language is passed to the checker (check.Checker.Language).
	Language *san.Language
	// Catalog is the language of the words in diagnostics' details
	// (check.Checker.Catalog); nil means English.
	Catalog *diag.Catalog
	// InParts has a huge game checked in parts while it is parsed
	// (parser.Parser.Parts), so that the game takes memory for its text
	// and not for its whole syntax tree; the game's AST and Tags then hold
	// only the end of its tag section and movetext (ast.Game.Parts), and
	// it has no Model. It is for callers that need the diagnostics, not
	// the tree, or that leave such a game as it is (pgnc fmt and convert).
	InParts bool
	// NewParts, with InParts and SyntaxOnly, makes for each worker what
	// receives the parts of huge games (parser.Parser.Parts), which a
	// read of the syntax alone otherwise drops: a caller that reads the
	// syntax as events takes a huge game's in parts too (pgn.Visit).
	NewParts func() parser.PartSink
	// PartSize is how many tag pairs or elements of movetext make a game
	// huge for InParts (parser.Parser.PartSize); 0 means
	// parser.DefaultPartSize.
	PartSize int
	// SkipComments leaves out of each game's AST the comments that the
	// check needs no node for (parser.Parser.SkipComments), for callers
	// that use the diagnostics and not the tree's comments. It is ignored
	// with Model, whose moves carry their comments.
	SkipComments bool
	// ReplayWhileParsing replays the main line of each game while it is
	// parsed (parser.Parser.Replayer, check.Stream), for callers that use
	// the diagnostics and not the tree: the moves, move numbers and NAGs
	// of a main line with nothing to report then have no node in the
	// game's AST, which saves the time of building and walking them. The
	// diagnostics and plies are those of a check of the whole tree, but
	// with NewWatcher, which reads positions and not diagnostics: then the
	// games replayed while parsed lack the warnings about notation
	// (check.PositionStream). It is ignored with Model and SyntaxOnly, and
	// with Language set.
	ReplayWhileParsing bool
	// SkipMovetext, when set, is asked with the tag section of each game
	// how much of its movetext is needed (parser.Parser.SkipMovetext): -1
	// all, 0 none, n the first n moves of the main line. It is for callers
	// that decide what they need of a game from its tags or its first
	// moves, as pgnc select does: such a game's AST lacks the rest
	// (AST.UnparsedFrom), only the moves read are replayed, and its span and
	// the games around it stay those of a full parse. With Workers > 1 it
	// runs on the workers, so it must be safe to call from several
	// goroutines at once.
	SkipMovetext func(tags []*ast.TagPair) (keep int)
	// NewWatcher, when set with PrepareWatched, makes a PositionWatcher
	// for each worker, which gets the positions of the main line of every
	// game the worker replays; PrepareWatched then stands for Prepare and
	// gets the watcher with each game: a Prepare that tests positions
	// needs no model. They are not used with Model or SyntaxOnly. With
	// InParts, a game handed out in parts gives the watcher none of its
	// positions or only its first: the caller tells such a game by its
	// AST.Parts. With ReplayWhileParsing, the positions of most games come
	// while their piece is parsed, before any of its games is prepared.
	// A caller that watches positions reads no diagnostics of the check:
	// the games' Diags are then those of the syntax, and the check spares
	// the work of the others.
	NewWatcher     func() PositionWatcher
	PrepareWatched func(*Game, PositionWatcher) []byte
	// Prepare, when set, is called for every game once it is checked, and
	// what it returns becomes the game's Prepared. With Workers > 1 it runs
	// on the workers, so that work done for each game, such as writing it
	// out, runs on every core; it must be safe to call from several
	// goroutines at once. A game's Index is its position in the input
	// everywhere; Prepare runs before it is known (the games of the pieces
	// before may not be read yet), so there Index, AST.Index and
	// Model.Index are 0, and the caller of Next sees the number. Prepare
	// may clear the fields the caller of Next will not need, such as AST
	// and Model, so that their memory is freed before the game is handed
	// out.
	Prepare func(*Game) []byte
}

// A PositionWatcher gets each position of the main lines of a piece's
// games as they are replayed: ply 0 for the start, then the position after
// each move played (check.Checker.Positions). The games of a piece come in
// its order, while it is parsed or later, and a game may start again at
// ply 0: its last start counts. A game that cannot be replayed from its
// start (an unknown variant, a bad FEN) gives none; one with an illegal
// move gives those before it.
type PositionWatcher interface {
	check.PositionWatcher
	// Reset forgets the games watched so far: the parser is about to
	// parse a piece, whose games may reuse their memory.
	Reset()
}

// newParser returns a parser set up as the options say.
func (opts Options) newParser() *parser.Parser {
	return &parser.Parser{ReuseMemory: opts.ReuseMemory, MaxDepth: opts.MaxDepth, Encoding: opts.Encoding, MaxRepeats: opts.MaxRepeats, PartSize: opts.PartSize,
		SkipComments: opts.SkipComments && !opts.Model, SkipMovetext: opts.SkipMovetext}
}

// checker returns a checker set up as the options say.
func (opts Options) checker() check.Checker {
	return check.Checker{MaxRepeats: opts.MaxRepeats, Language: opts.Language, Catalog: opts.Catalog}
}

// DefaultMaxGameBytes is the default for Options.MaxGameBytes: a 50 MB
// comment still fits.
const DefaultMaxGameBytes = 64 << 20

// maxPieceGames bounds the games of one piece, so that a piece of tiny games
// does not take hundreds of times its size in trees and diagnostics.
const maxPieceGames = 2048

// Game is one game read from the input.
type Game struct {
	Index int         // 1-based position of the game in the input; 0 for text outside games, and inside Options.Prepare
	Tags  model.Tags  // the tag section
	AST   *ast.Game   // the syntax tree; offsets index File.Src()
	Model *model.Game // the resolved game when Options.Model is set, up to its first move that cannot be played; nil with Index 0
	Diags diag.List   // every diagnostic of the game, sorted; offsets index File.Src()
	File  *diag.File  // the piece of input the game came from, for printing positions
	// From and To are the offsets of the game's text in File.Src(); both 0
	// outside games.
	From, To int
	// Gap is the input text between the previous game and this one; with
	// Index 0 after the last game, the text after it. Escapes are the "%"
	// escape lines inside the game. Both let a writer keep every byte.
	Gap     string
	Escapes []string
	// After is, for the last game of a piece of the input, the text after
	// it up to the end of the piece when that text is only white space
	// (otherwise a Game of Index 0 holds it, in Gap). Every byte of the
	// input is thus in one game's text, one Gap or one After, in input
	// order, however the input was cut into pieces, but for those Unread
	// and for an input of only white space.
	After string
	// Skipped counts the bytes that error recovery passed over in the game
	// (ast.Game.Skipped); with Index 0, outside games, including input
	// skipped after a cut at MaxGameBytes.
	Skipped int
	// Unread counts, with Index 0, the bytes skipped after a cut at
	// MaxGameBytes: they are in no game's text and no Gap, so a writer
	// that keeps every byte cannot keep them.
	Unread int
	// Plies counts the moves of the main line that the check replayed: all
	// of them, or those before the first that could not be played; 0 with
	// Options.SyntaxOnly.
	Plies int
	// Prepared is what Options.Prepare returned for the game.
	Prepared []byte
}

// Tag returns the value of the first tag named name, or "" when the game
// has none.
func (g *Game) Tag(name string) string { return g.Tags.Tag(name) }

// Reader reads games from an io.Reader.
type Reader struct {
	r       io.Reader
	closer  io.Closer // the decoder NewFile made, closed by Close
	name    string
	opts    Options
	buf     []byte // read but not yet cut into a piece
	base    int    // offset of buf[0] in the input
	line    int    // lines before buf[0] in the input
	col     int    // characters before buf[0] on its line
	eof     bool
	readErr error // the error that ended the input early, if any
	// skipping is set after a cut at MaxGameBytes, until the next line that
	// starts with "[".
	skipping bool
	skipped  int // bytes skipped so far, not yet reported with a piece
	pieces   int // pieces cut so far
	index    int // games numbered so far
	queue    []*Game
	w        *worker
	err      error
	pool     *pool // the goroutines of Workers > 1, started on first use
	// ranged is set for a reader of a range (NewRange): the input ends
	// at the first game at a sync point at or after limit, which stopped
	// records once found.
	ranged  bool
	limit   int
	stopped bool
	// onePiece is set when the rest of a stopped range may be cut as one
	// piece.
	onePiece bool
	files    *filePool // the range workers of NewFile, started on first use
	// scanUntil is where a serial reader goes back to parsing pieces while
	// cutting them, after that found no cut (see parseCut).
	scanUntil int
	lastPiece int // the length of the last piece cut
	// syncFrom is the number of pieces from which a parallel stream reader
	// cuts at sync points (again, after one such cut failed), and
	// syncFails counts the failures.
	syncFrom, syncFails int
	syncCuts            int // pieces cut at sync points, for tests
	// commentsEnd is set while the buffer is searched for a cut after a
	// comment that no "}" closes in it or within MaxGameBytes.
	commentsEnd bool
	// at and braces, for a seekable file, tell a comment that is never
	// closed without reading on (braceFree).
	at     io.ReaderAt
	braces *braceFree
	marks  braceMarks
	// head is the text before buf[0] on its line, up to diag.MaxTail bytes;
	// headCut says the line starts before it.
	head    string
	headCut bool
	// stopTail is the line after the place where a range reader stopped,
	// for the last piece's tail.
	stopTail string
	// held is the pooled memory of the text of the games handed out since
	// the last call to Next that fetched more (Options.ReuseText), given
	// back on the next such call. A range reader of NewFile keeps it
	// instead (keepText): its games are handed out together, later.
	held     []*pieceMemory
	keepText bool
	// bufMem is the pooled memory that holds buf (Options.ReuseText), or
	// nil. A piece that takes most of the buffer takes the buffer with it
	// (see handOver).
	bufMem *pieceMemory
}

// minParseWindow is the least text a serial reader parses at once while it
// looks for a cut.
const minParseWindow = 16 << 10

// New returns a reader of the input r, which diagnostics call name.
func New(r io.Reader, name string, opts Options) *Reader {
	return newReader(r, name, opts, nil)
}

// newReader is New, with w as the reader's worker, or a new one for nil.
func newReader(r io.Reader, name string, opts Options, w *worker) *Reader {
	if opts.PieceSize <= 0 {
		opts.PieceSize = 256 << 10
		if opts.Model || opts.NewWatcher != nil {
			// Models take about 40 times their text; a watcher's positions
			// about 25 times, and stay in the core's cache at this size.
			opts.PieceSize = 64 << 10
		}
	}
	if opts.MaxGameBytes <= 0 {
		opts.MaxGameBytes = DefaultMaxGameBytes
	}
	opts.MaxGameBytes = max(opts.MaxGameBytes, opts.PieceSize)
	opts.ReuseText = opts.ReuseText && !opts.Model
	opts.ReuseMemory = opts.ReuseMemory || opts.ReuseText
	if w == nil {
		w = opts.newWorker()
	}
	return &Reader{r: r, name: name, opts: opts, w: w}
}

// Next returns the next game, or io.EOF after the last one. Diagnostics that
// belong to no game (stray text between games) come with a Game whose Index
// is 0.
func (rd *Reader) Next() (*Game, error) {
	for len(rd.queue) == 0 {
		if !rd.keepText {
			rd.giveBackText() // the caller is done with the games before
		}
		if rd.err != nil {
			return nil, rd.err
		}
		var games []*Game
		var err error
		if rd.files != nil {
			games, err = rd.nextFile()
		} else if rd.opts.Workers > 1 {
			games, err = rd.nextParallel()
		} else {
			var pc piece
			if pc, err = rd.nextPiece(); err == nil {
				games = process(rd.w, pc, rd.name, rd.opts)
				rd.holdText(pc.mem)
			}
		}
		if err != nil {
			rd.err = err
		}
		rd.number(games)
		rd.queue = games
	}
	g := rd.queue[0]
	rd.queue = rd.queue[1:]
	return g, nil
}

// All returns an iterator over the remaining games, for use with range. It
// stops after the first error, which it yields with a nil game.
func (rd *Reader) All() iter.Seq2[*Game, error] {
	return func(yield func(*Game, error) bool) {
		defer rd.Close()
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

// Close stops the worker goroutines of a reader that is abandoned before
// the end of its input. It is safe to call at any time, and more than once.
func (rd *Reader) Close() {
	if rd.pool != nil {
		// The pool's goroutine may be reading the input: the caller
		// closes it once Close returns, so Close waits for the read in
		// course, which a stream ends with its next bytes.
		rd.pool.stop()
		<-rd.pool.exited
	}
	if rd.files != nil {
		rd.files.stop()
	}
	if rd.closer != nil {
		rd.closer.Close()
		rd.closer = nil
	}
}

// number gives the games of a piece their index in the whole input.
func (rd *Reader) number(games []*Game) {
	for _, g := range games {
		if g.Index == 0 {
			continue
		}
		rd.index++
		g.Index = rd.index
		if g.AST != nil {
			g.AST.Index = rd.index
		}
		if g.Model != nil {
			g.Model.Index = rd.index
		}
		for j := range g.Diags {
			g.Diags[j].Game = rd.index
		}
	}
}

// piece is a part of the input that parses the same alone as in place.
type piece struct {
	seq    int    // position among the pieces, from 0
	src    string // the text
	base   int    // offset of src in the input
	line   int    // lines before src in the input
	col    int    // characters before src on its line
	forced bool   // cut at MaxGameBytes, not at a game boundary
	// skipped counts the bytes skipped after a cut at MaxGameBytes, just
	// before the piece.
	skipped int
	// db and diags are the parse of src when cutting it parsed it, else
	// db is nil.
	db    *ast.Database
	diags diag.List
	// head and tail are the text before and after the piece on its first
	// and last line (diag.Piece.Head and Tail).
	head, tail string
	headCut    bool
	// marks are the line marks of src (diag.Piece.Marks).
	marks diag.Marks
	// mem is the pooled memory that holds src, or nil (copyText).
	mem *pieceMemory
	// inPlace marks a piece whose text is still in the read buffer; the
	// piece then takes the buffer (handOver).
	inPlace bool
	// sync marks a piece that a parallel stream reader cut at a sync point
	// without scanning (see Reader.cut): src holds ahead bytes more, the
	// start of the next piece ("[" and what the parser looks at after it
	// to see a second Event tag), and the worker confirms the cut by
	// parsing (confirmCut) before it checks the piece.
	sync  bool
	ahead int
}

// syncAhead is how many bytes of the next piece a piece cut at a sync point
// holds: "[Event ", so that the parser sees a second Event tag.
const syncAhead = len("[Event ")

// text returns the input text of the piece, without the start of the next
// piece after a sync cut.
func (pc *piece) text() string {
	if pc.sync {
		return pc.src[:len(pc.src)-pc.ahead]
	}
	return pc.src
}

// nextPiece reads until a piece can be cut off and cuts it. It returns
// io.EOF when the input is exhausted.
func (rd *Reader) nextPiece() (piece, error) {
	for {
		if rd.skipping {
			// After a cut at MaxGameBytes the rest of that text is no game:
			// skip to the next line that starts with "[".
			j := parser.NextTagLine(unsafe.String(unsafe.SliceData(rd.buf), len(rd.buf)), 0)
			if j == len(rd.buf) && !rd.eof {
				rd.skipped += max(len(rd.buf)-1, 0)
				rd.discard(max(len(rd.buf)-1, 0)) // keep the last byte: it may end a line
				if err := rd.read(); err != nil {
					return piece{}, err
				}
				continue
			}
			rd.skipped += j
			rd.discard(j)
			rd.skipping = false
			if rd.ranged && rd.base >= rd.limit {
				rd.stopAt(0) // the skip went past the end of the range
			}
		}
		// A seekable file that holds no "}" within MaxGameBytes after a
		// comment left open: the comment is unterminated, as reading that
		// far would find, and the buffer is cut by scanning.
		rd.commentsEnd = !rd.eof && rd.braces != nil && len(rd.buf) >= rd.opts.PieceSize && rd.commentOpen() &&
			rd.braces.none(rd.at, int64(rd.base+len(rd.buf)), int64(rd.base+rd.opts.MaxGameBytes))
		n, parsed := rd.cut()
		rd.commentsEnd = false
		forced := false
		if n == 0 && !rd.eof && len(rd.buf) >= rd.opts.MaxGameBytes && !rd.commentsEnd {
			// A comment open for MaxGameBytes is unterminated: it ends
			// before the next tag line, and a game may start after it.
			rd.commentsEnd = true
			n, parsed = rd.cut()
			rd.commentsEnd = false
		}
		if n == 0 && !rd.eof && len(rd.buf) >= rd.opts.MaxGameBytes {
			// No game boundary in MaxGameBytes: cut at the last line end,
			// and skip what follows up to the next tag line. The input
			// skipped cannot be read again: first wait until no sync cut
			// before it may still fail.
			if rd.pool != nil && !rd.pool.drain() {
				return piece{}, errStopped
			}
			// Cut at the last line end within the limit: the buffer may
			// hold more, by as much as its growth happened to add, and
			// the cut must not depend on how the input is read.
			n, forced = rd.opts.MaxGameBytes, true
			if i := bytes.LastIndexByte(rd.buf[:n], '\n'); i > 0 {
				n = i + 1
			}
			rd.skipping = true
		}
		if n == 0 && rd.eof {
			if len(rd.buf) == 0 && rd.skipped > 0 {
				// Report the bytes skipped up to the end of the input.
				pc := piece{seq: rd.pieces, base: rd.base, line: rd.line, col: rd.col, skipped: rd.skipped}
				rd.pieces++
				rd.skipped = 0
				return pc, nil
			}
			if len(rd.buf) == 0 {
				if rd.readErr != nil {
					return piece{}, rd.readErr
				}
				return piece{}, io.EOF
			}
			n = len(rd.buf)
		}
		if n > 0 {
			pc := parsed
			if pc.db == nil {
				end := n
				if pc.sync {
					pc.ahead = min(syncAhead, len(rd.buf)-n)
					end = n + pc.ahead
				}
				if pc.inPlace = 2*end >= len(rd.buf); pc.inPlace {
					pc.src = unsafe.String(unsafe.SliceData(rd.buf), end)
				} else {
					pc.src, pc.mem = rd.copyText(rd.buf[:end])
				}
			}
			if pc.inPlace {
				pc.mem = rd.bufMem
			}
			pc.seq, pc.base, pc.line, pc.col, pc.forced, pc.skipped = rd.pieces, rd.base, rd.line, rd.col, forced, rd.skipped
			pc.head, pc.headCut, pc.tail = rd.head, rd.headCut, lineAfter(rd.buf, n)
			if rd.stopped && n == len(rd.buf) {
				pc.tail = rd.stopTail // the buffer was cut there
			}
			rd.lastPiece = n
			rd.skipped = 0
			rd.pieces++
			if pc.inPlace {
				pc.marks = rd.handOver(n)
			} else {
				pc.marks = rd.discard(n)
			}
			return pc, nil
		}
		if err := rd.read(); err != nil {
			return piece{}, err
		}
	}
}

// discard drops the first n bytes of buf, a piece or input that is no
// game, and returns the line marks of those bytes (diag.LineMarks), which
// the piece's diagnostics are counted from.
func (rd *Reader) discard(n int) (marks diag.Marks) {
	marks = rd.advance(n)
	rd.buf = rd.buf[:copy(rd.buf, rd.buf[n:])]
	return marks
}

// handOver drops the first n bytes of buf as discard does, where a piece
// keeps them: the piece takes the buffer's memory, and the rest of the
// buffer moves to a new one. A piece's text is then never copied, only
// what is left after it, most often a quarter of the buffer; with
// Workers > 1 that copy was the largest cost the workers added (2026-11-25,
// perf of pgnc check -j 2 on lichess x51).
func (rd *Reader) handOver(n int) (marks diag.Marks) {
	marks = rd.advance(n)
	rest := rd.buf[n:]
	rd.bufMem = nil // the piece's now
	if len(rest) == 0 && rd.eof {
		rd.buf = nil // nothing more to read into it
		return marks
	}
	rd.newBuffer(rest, max(rd.opts.PieceSize+4096, 2*len(rest)))
	return marks
}

// newBuffer makes buf a copy of text in new memory of size bytes, pooled
// with Options.ReuseText.
func (rd *Reader) newBuffer(text []byte, size int) {
	if rd.opts.ReuseText && size <= maxTextMemory {
		rd.bufMem = takeMemory(size)
		rd.buf = append(rd.bufMem.text[:0:size], text...)
		return
	}
	rd.bufMem = nil
	rd.buf = append(make([]byte, 0, size), text...)
}

// advance moves the position of the reader past the first n bytes of buf,
// and returns their line marks.
func (rd *Reader) advance(n int) (marks diag.Marks) {
	text := unsafe.String(unsafe.SliceData(rd.buf), n)
	marks, breaks := diag.LineMarks(text)
	if breaks > 0 {
		rd.line += breaks
		rest := text[strings.LastIndexAny(text, "\r\n")+1:]
		rd.col = utf8.RuneCountInString(rest)
		rd.head, rd.headCut = lastBytes(rest, false)
	} else {
		rd.col += utf8.RuneCountInString(text)
		if len(text) >= diag.MaxTail {
			rd.head, rd.headCut = lastBytes(text, true)
		} else {
			rd.head, rd.headCut = lastBytes(rd.head+text, rd.headCut)
		}
	}
	rd.base += n
	return marks
}

// lastBytes returns a copy of the last diag.MaxTail bytes of s, and
// whether it left any out or cut was set.
func lastBytes(s string, cut bool) (string, bool) {
	if len(s) > diag.MaxTail {
		s, cut = s[len(s)-diag.MaxTail:], true
	}
	return strings.Clone(s), cut
}

// lineAfter returns the text from buf[n] to the end of its line, up to
// diag.MaxTail bytes of it: the rest of the line that buf[:n] ends in, or,
// when buf[:n] ends a line, the next one, where a diagnostic at offset n
// (a missing marker, say) stands.
func lineAfter(buf []byte, n int) string {
	rest := buf[n:min(len(buf), n+diag.MaxTail)]
	if i := bytes.IndexAny(rest, "\r\n"); i >= 0 {
		rest = rest[:i]
	}
	return string(rest)
}

// read appends more input to buf; at the end of the input, or on an error,
// it sets eof.
func (rd *Reader) read() error {
	if len(rd.buf) == cap(rd.buf) {
		old := rd.bufMem // nothing refers to the buffer but the reader
		rd.newBuffer(rd.buf, max(2*cap(rd.buf), rd.opts.PieceSize+4096))
		giveBack(old)
	}
	// Fill the free space, so that the boundary scan runs once per
	// doubling of the buffer and not once per short read.
	n, err := input.Fill(rd.r, rd.buf[len(rd.buf):cap(rd.buf)])
	rd.buf = rd.buf[:len(rd.buf)+n]
	if err != nil {
		// The input ends here, normally or not: what was read is still
		// checked, and a real error (a decoder's unexpected end of a
		// compressed stream included) is reported after it.
		rd.eof = true
		if err != io.EOF {
			rd.readErr = err
		}
	}
	return nil
}

// cut returns where the buffer can be split so that the parse of the part
// before equals the parse of the whole input up to there, or 0 when it
// cannot yet. It waits until the buffer holds a piece's worth of input. A
// serial reader parses the piece while it looks for the cut, and then
// returns its text and parse in parsed; otherwise parsed.db is nil. A
// parallel stream reader cuts at the last sync point, found without
// lexing, and leaves it to the worker to confirm; parsed.sync is then set.
// Only where there is none does it scan with the lexer (Boundary), which
// on one goroutine would bound the speed of all workers.
func (rd *Reader) cut() (n int, parsed piece) {
	if len(rd.buf) < rd.opts.PieceSize && !rd.eof && !rd.stopped {
		return 0, piece{}
	}
	if rd.opts.Workers <= 1 && !rd.stopped && rd.base >= rd.scanUntil && !rd.commentsEnd {
		if n, parsed := rd.parseCut(); n > 0 {
			return n, parsed
		}
	}
	if rd.opts.Workers > 1 && !rd.ranged && rd.pieces >= rd.syncFrom {
		if n := syncCut(unsafe.String(unsafe.SliceData(rd.buf), rd.searchable())); n > 0 {
			rd.syncCuts++
			return n, piece{sync: true}
		}
	}
	if rd.ranged {
		rd.limitRange()
		if rd.onePiece {
			rd.onePiece = false
			return len(rd.buf), piece{}
		}
	}
	n = Boundary(unsafe.String(unsafe.SliceData(rd.buf), rd.searchable()), rd.eof || rd.commentsEnd)
	if n == 0 && rd.opts.Workers > 1 && !rd.ranged && len(rd.buf) >= 4*rd.opts.PieceSize && !rd.stopped && rd.base >= rd.scanUntil && !rd.commentsEnd {
		// Games glued on one line have no place to cut that scanning can
		// trust; the parser finds one. The worker parses the piece again,
		// as this parser's memory serves the next cut.
		if n, parsed := rd.parseCut(); n > 0 {
			giveBack(parsed.mem)
			return n, piece{}
		}
	}
	return n, piece{}
}

// searchable returns how much of the buffer a cut is looked for in: all of
// it at the end of the input, else all but the last diag.MaxTail bytes,
// which the piece's tail may need (see lineAfter).
func (rd *Reader) searchable() int {
	if rd.eof {
		return len(rd.buf)
	}
	return max(len(rd.buf)-diag.MaxTail, 0)
}

// parseCut parses the buffer up to a cut in its last quarter (with the
// whole rest of the input, up to its end), after maxPieceGames games, or,
// in a range reader whose buffer reaches past the limit, at the range's end;
// see parser.ParsePrefix. It returns the cut and the piece's text and
// parse, or 0 when it found no cut, and then the caller scans for one
// (Boundary) instead. A cut found by both ways parses the same; parsing
// while cutting saves lexing the input twice.
func (rd *Reader) parseCut() (int, piece) {
	// The games keep the text they were parsed from. Most pieces take most
	// of the buffer and are parsed where they are, then take the buffer
	// (handOver); after a piece cut short (maxPieceGames tiny games) no
	// more than twice its length is parsed, in a copy, so that such pieces
	// neither hold nor copy a whole buffer each.
	window := rd.searchable()
	if rd.lastPiece > 0 {
		window = min(window, max(2*rd.lastPiece, minParseWindow))
	}
	inPlace := 2*window >= len(rd.buf)
	final := rd.eof && window == len(rd.buf) // src is the whole rest of the input
	limit := math.MaxInt
	if rd.ranged {
		limit = rd.limit - rd.base
	}
	var src string
	var mem *pieceMemory
	if inPlace {
		src = unsafe.String(unsafe.SliceData(rd.buf), window)
	} else {
		src, mem = rd.copyText(rd.buf[:window])
	}
	cut := parser.Cut{From: len(src) - len(src)/4, Games: maxPieceGames}
	if final {
		cut.From = len(src)
	}
	if rd.ranged {
		// Past the limit, the first game at a sync point ends the range, the
		// place that the next range starts from. Where none comes within a
		// piece's worth of text or of games, the piece ends at any game
		// start and the range goes on, so that text without sync points is
		// still read a piece at a time.
		past := max(limit, 0)
		cut.From = min(cut.From, past)
		cut.SyncFrom, cut.SyncTo = limit, past+rd.opts.PieceSize
	}
	rd.w.resetWatcher()
	db, diags, end := rd.w.parser.ParsePrefix(src, cut)
	if end == len(src) && !final {
		// Pieces that start in this text are cut by scanning, so that input
		// where the parser finds no cut (every game broken, say) is not
		// parsed in vain again and again.
		rd.scanUntil = rd.base + len(src)
		giveBack(mem)
		return 0, piece{}
	}
	if end < len(src) && end >= limit && parser.SyncPoint(src, end) {
		rd.stopAt(end) // the range ends here
	}
	return end, piece{src: src[:end], mem: mem, db: db, diags: diags, inPlace: inPlace}
}

// textMemory pools the memory of pieces for Options.ReuseText, and the
// read buffers of NewFile's range readers.
var textMemory sync.Pool // of *pieceMemory

// pieceMemory is the memory of a piece's games that Options.ReuseText
// reuses: the text, the games themselves and their tags. Without games
// made afresh, a check allocates almost nothing per game, and its heap
// stays small and in cache.
type pieceMemory struct {
	text   []byte
	tags   []model.Tag
	games  []Game
	out    []*Game     // what process returns
	byGame []diag.List // the parser's diagnostics, by game
}

// minTextMemory is the least memory taken for a text, so that texts of
// about the same size can use each other's; maxTextMemory the most that is
// pooled. A longer text, a huge game's, is copied as without ReuseText:
// pooled, its memory would stay taken after the game.
const (
	minTextMemory = 64 << 10
	maxTextMemory = 4 << 20
)

// copyText returns a copy of b. With ReuseText, the copy is in pooled
// memory, returned too, which goes back to the pool once no game uses the
// text (holdText, giveBackText).
func (rd *Reader) copyText(b []byte) (string, *pieceMemory) {
	if !rd.opts.ReuseText || len(b) == 0 || len(b) > maxTextMemory {
		return string(b), nil
	}
	mem := takeMemory(len(b))
	mem.text = append(mem.text[:0], b...)
	return unsafe.String(unsafe.SliceData(mem.text), len(b)), mem
}

// takeMemory returns pooled memory with room for a text of n bytes, or new
// memory where the pool has none that large.
func takeMemory(n int) *pieceMemory {
	mem, ok := textMemory.Get().(*pieceMemory)
	if !ok {
		mem = new(pieceMemory)
	}
	if cap(mem.text) < n {
		// Round up to a power of two: pieces vary in size, and the next
		// text may need a little more than this one.
		mem.text = make([]byte, 0, max(minTextMemory, 1<<bits.Len(uint(n-1))))
	}
	return mem
}

// giveBack returns memory to the pool; nil is ignored.
func giveBack(mem *pieceMemory) {
	if mem == nil || cap(mem.text) > maxTextMemory {
		return
	}
	if poisonGivenBack {
		clear(mem.text[:cap(mem.text)])
		clear(mem.tags[:cap(mem.tags)])
		clear(mem.games[:cap(mem.games)])
		clear(mem.out[:cap(mem.out)])
	}
	textMemory.Put(mem)
}

// pieceTags returns room for the tags of every game of db, from mem where
// it has that much.
func pieceTags(mem *pieceMemory, db *ast.Database) []model.Tag {
	n := 0
	for _, g := range db.Games {
		n += len(g.Tags)
	}
	if mem == nil {
		return make([]model.Tag, n)
	}
	mem.tags = room(mem.tags, n)
	return mem.tags
}

// room returns s with n elements, reusing its memory where it has room
// for them; they hold what they held before.
func room[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, n+n/4)
	}
	return s[:n]
}

// poisonGivenBack makes giveBack zero the memory it takes back, so that
// tests see any use of a text after it was given back.
var poisonGivenBack bool

// holdText records mem as the memory of text in games handed out.
func (rd *Reader) holdText(mems ...*pieceMemory) {
	for _, mem := range mems {
		if mem != nil {
			rd.held = append(rd.held, mem)
		}
	}
}

// giveBackText returns the memory of the games handed out so far.
func (rd *Reader) giveBackText() {
	for i, mem := range rd.held {
		giveBack(mem)
		rd.held[i] = nil
	}
	rd.held = rd.held[:0]
}

// process parses and checks one piece. Game indexes and the Game field of
// diagnostics are relative to the piece until Reader.number sets them.
func process(w *worker, pc piece, name string, opts Options) []*Game {
	src := pc.src
	file := diag.NewPiece(name, src, diag.Piece{Offset: pc.base, Line: pc.line, Col: pc.col, Head: pc.head, HeadCut: pc.headCut, Tail: pc.tail, Marks: pc.marks})
	db, diags := pc.db, pc.diags
	if db == nil {
		w.resetWatcher()
		db, diags = w.parser.Parse(src)
	}
	// With ReuseText, the games and the lists that make them up are the
	// piece's memory; otherwise each game is an allocation of its own, so
	// that a game kept does not keep the others.
	var games []Game
	var out []*Game
	var byGame []diag.List
	if mem := pc.mem; mem != nil {
		mem.games = room(mem.games, len(db.Games)) // each is assigned whole below
		mem.byGame = room(mem.byGame, len(db.Games)+1)
		clear(mem.byGame) // appended to
		games, byGame, out = mem.games, mem.byGame, mem.out[:0]
	} else {
		byGame = make([]diag.List, len(db.Games)+1)
	}
	for _, d := range diags {
		byGame[d.Game] = append(byGame[d.Game], d) // d.Game is 0 outside games
	}
	// A cut at MaxGameBytes stands at the end of the piece: a game whose
	// text reaches it owns it (see parser's assignGames), else it is
	// outside games, after the text of the last one.
	var cut diag.List
	if pc.forced {
		cut.Add(diag.GameBytesLimit, len(src), len(src), 0, "limit", strconv.Itoa(opts.MaxGameBytes))
		if n := len(db.Games); n > 0 && db.Games[n-1].To == len(src) {
			cut[0].Game = n
			byGame[n] = append(byGame[n], cut[0])
			cut = nil
		}
	}
	checker := opts.checker()
	if opts.ReuseMemory {
		w.models.Reset() // as the parser reuses the trees
		checker.Memory = w.models
	}
	if w.watcher != nil {
		checker.Positions = w.watcher
	}
	outside := byGame[0] // in position order, interleaved with the games
	flushOutside := func(before int) {
		n := 0
		for n < len(outside) && outside[n].Start < before {
			n++
		}
		if n > 0 {
			out = append(out, &Game{Diags: outside[:n:n], File: file})
			outside = outside[n:]
		}
	}
	prevEnd := 0
	var last *Game
	tags := pieceTags(pc.mem, db) // cut into each game's
	outsideSkipped := db.Skipped + pc.skipped
	escapes := db.Escapes
	for i, g := range db.Games {
		flushOutside(g.From)
		var game *Game
		if games != nil {
			game = &games[i]
		} else {
			game = new(Game)
		}
		*game = Game{Index: i + 1, AST: g, File: file, From: g.From, To: g.To, Diags: byGame[i+1], Gap: src[prevEnd:g.From], Skipped: g.Skipped}
		prevEnd = g.To
		for len(escapes) > 0 && escapes[0].From < g.To {
			if escapes[0].From >= g.From {
				game.Escapes = append(game.Escapes, escapes[0].Text)
			}
			escapes = escapes[1:]
		}
		game.Tags, tags = tags[:len(g.Tags):len(g.Tags)], tags[len(g.Tags):]
		for j, t := range g.Tags {
			game.Tags[j] = model.Tag{Name: t.Name, Value: t.Value}
		}
		switch {
		case opts.SyntaxOnly:
		case opts.Model && g.Parts == 0:
			m, more := checker.Game(g)
			game.Model = m
			game.Diags = append(game.Diags, more...)
			game.Plies = len(m.Moves)
		default:
			more, plies := w.replay(checker, g)
			game.Diags = append(game.Diags, more...)
			game.Plies = plies
		}
		game.Diags.Sort()
		if opts.Prepare != nil || w.watcher != nil {
			// Not numbered yet: see Options.Prepare.
			game.Index, g.Index = 0, 0
			if game.Model != nil {
				game.Model.Index = 0
			}
			if w.watcher != nil {
				game.Prepared = opts.PrepareWatched(game, w.watcher)
			} else {
				game.Prepared = opts.Prepare(game)
			}
			game.Index = i + 1 // marks a game, for number
		}
		if opts.ReuseMemory && opts.Workers > 1 {
			game.AST, game.Model = nil, nil // the worker reuses their memory for the next piece
		}
		out = append(out, game)
		last = game
	}
	if strings.TrimSpace(src[prevEnd:]) != "" {
		out = append(out, &Game{File: file, Gap: src[prevEnd:]})
	} else if len(db.Games) > 0 {
		last.After = src[prevEnd:]
	}
	if cut != nil {
		out = append(out, &Game{File: file, Diags: cut})
	}
	clear(w.parts) // those of games after a cut, parsed in vain
	flushOutside(len(src) + 1)
	if outsideSkipped > 0 {
		out = append(out, &Game{File: file, Skipped: outsideSkipped, Unread: pc.skipped})
	}
	if pc.mem != nil {
		pc.mem.out = out
	}
	return out
}

// Boundary returns the offset of the last place in src where a game starts
// whose start the parser would find the same way in any text that begins
// there: a "[", move number, move or marker right after a termination marker,
// or, failing that, a "[" at the start of a line after movetext, outside
// variations. It stops at the 2048th such place after a marker. It returns 0 when
// src has no such place. With final set, src is the whole rest of the input,
// or as much of it as is read before a comment without "}" is taken to be
// unterminated (see Options.MaxGameBytes); without it, the search stops at
// such a comment.
func Boundary(src string, final bool) int {
	cut, _ := boundary(src, final, -1)
	return cut
}

// boundary is Boundary, or, with after >= 0, returns the first place at or
// after offset after where a game starts at a sync point (see Sync), and -1
// when src has none. It also returns how many games start before the place
// it returns, at places where it may cut.
func boundary(src string, final bool, after int) (cut, games int) {
	var sc lexer.Scanner
	sc.Reset(src)
	prev, beforePrev := token.EOF, token.EOF // the last two tokens
	strong, weak, weakGames := 0, 0, 0
	inTag := false // after "[" and before "]": symbols there are tag names, not movetext
	parens := 0    // variations open since the last termination marker
	for {
		tok := sc.Next()
		switch tok.Kind {
		case token.EOF:
			if after >= 0 {
				return -1, games + weakGames
			}
			if strong > 0 {
				return strong, games + weakGames
			}
			return weak, games + weakGames
		case token.Illegal:
			if src[tok.Start] == '{' {
				// An unterminated comment: the parser ends it before the
				// next line that starts with "[". Unless src is the whole
				// rest of the input, a "}" may still come and close it,
				// and no place after it is sure to start a game.
				if j := parser.NextTagLine(src, tok.Start); final && j < len(src) {
					sc.Seek(j)
					prev = token.Comment
					continue
				}
				// The comment runs to the end of src.
				if after >= 0 {
					return -1, games + weakGames
				}
				return max(strong, weak), games + weakGames
			}
			// Follow the parser: a string without closing quote runs to the
			// end of its line; other bad bytes are skipped one character
			// at a time. No game starts right after either.
			if src[tok.Start] == '"' {
				end := strings.IndexAny(src[tok.Start:], "\r\n")
				if end < 0 {
					end = len(src) - tok.Start
				}
				sc.Seek(tok.Start + end)
			} else {
				_, size := utf8.DecodeRuneInString(src[tok.Start:])
				sc.Seek(tok.Start + size)
			}
			beforePrev, prev = prev, token.Illegal
			continue
		case token.BOM:
			continue
		case token.Escape:
			if !atLineStart(src, tok.Start) {
				// Not an escape: the parser reports the "%" and reads on
				// after it.
				sc.Seek(tok.Start + 1)
			}
			continue
		case token.MoveNumber, token.Integer, token.Move, token.Result:
			// After a termination marker a tagless game may start, even on
			// the same line; not with a comment, which would belong to the
			// game before.
			if tok.Kind == token.Result {
				parens = 0
			}
			if prev == token.Result {
				strong = tok.Start
				if games++; games == maxPieceGames && after < 0 {
					return strong, games + weakGames
				}
			}
		case token.LBracket:
			if prev == token.Result || atLineStart(src, tok.Start) {
				strongCut := prev == token.Result
				weakCut := !strongCut && isMovetext(prev) && !inTag && parens == 0
				if (strongCut || weakCut) && after >= 0 && tok.Start >= after && parser.SyncPoint(src, tok.Start) {
					return tok.Start, games + weakGames
				}
				switch {
				case strongCut:
					strong = tok.Start
					if games++; games == maxPieceGames && after < 0 {
						return strong, games // many tiny games: a piece of them is enough
					}
				case weakCut:
					weak = tok.Start
					// Games without marker count too: a piece of
					// them is enough.
					if weakGames++; weakGames >= maxPieceGames && strong == 0 && after < 0 {
						return weak, games + weakGames
					}
				}
			}
			inTag, parens = true, 0 // a "[" ends the variations of the game before
		case token.RBracket:
			inTag = false
		case token.LParen:
			parens++
		case token.RParen:
			if parens == 0 {
				continue // the parser drops it (PGN203): no movetext
			}
			parens--
		case token.String:
			if inTag && (prev == token.Symbol || prev == token.Integer || prev == token.Move) && beforePrev == token.LBracket {
				// Follow the parser's repair of unescaped quotes, which
				// it makes to the value after the name, and not after
				// a tag name of two words ("[f k"), a syntax error.
				if end := parser.QuotedValueEnd(src, tok.Start, tok.End); end != tok.End {
					sc.Seek(end)
				}
			}
		}
		beforePrev, prev = prev, tok.Kind
	}
}

func isMovetext(k token.Kind) bool {
	switch k {
	case token.EOF, token.LBracket, token.RBracket, token.String, token.Symbol, token.Illegal:
		return false
	}
	return true
}

func atLineStart(src string, off int) bool {
	return off == 0 || src[off-1] == '\n' || src[off-1] == '\r'
}
