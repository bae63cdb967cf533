package pgn

import (
	"runtime"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/input"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/internal/pgnreuse"
	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/san"
)

// Mode says how far each game is read. The zero Mode, Full, does the useful
// thing; the others read less and run faster. No mode changes what a value
// means: a field a mode does not fill is left zero, and says so in its doc.
type Mode uint8

const (
	// Full parses and replays every game: its moves with their positions,
	// comments, NAGs, clocks and variations, and all its diagnostics. A
	// game of more than WholeGameLimit tag pairs or elements of movetext
	// is too long to hold in memory: it is checked in parts, as the
	// Diagnostics mode checks it, and comes with its tags (the last ones,
	// when the tag section is the long part), span, result, ply count and
	// diagnostics, no Moves, Complete false, and diagnostic PGN904 at its
	// start.
	Full Mode = iota
	// Diagnostics replays and checks every game as pgnc check does, and
	// keeps only its tags, result, span, ply count and diagnostics: no
	// moves. It is the fastest way to validate a file.
	Diagnostics
	// Syntax reads the grammar only: tags, result, span and the
	// diagnostics of the syntax. Moves are not replayed, so an illegal
	// move goes unnoticed.
	Syntax
)

// WholeGameLimit is how many tag pairs or elements of movetext (moves, move
// numbers, NAGs, comments, variations) a game may have for the Full mode to
// hold it whole: about a million, so that no game costs more than some
// hundreds of megabytes, while no real game comes near it. pgnc fmt, convert
// and board refuse a longer game the same way, with PGN904.
const WholeGameLimit = 1 << 20

// fullRangeSize is the RangeSize of the Full mode (see readerOptions).
const fullRangeSize = reader.DefaultRangeSize / 4

// Encoding says how bytes outside ASCII in tag values and comments are read.
type Encoding uint8

const (
	// Auto reads UTF-8, and a game that is not valid UTF-8 as Latin-1
	// (Windows-1252), with a warning.
	Auto Encoding = iota
	// UTF8 reads UTF-8 only: bytes that are not UTF-8 are errors.
	UTF8
	// Latin1 reads Windows-1252, the superset of ISO 8859-1 that older
	// databases write.
	Latin1
)

// parserEncodings maps the encodings to the parser's.
var parserEncodings = [...]parser.Encoding{Auto: parser.Auto, UTF8: parser.UTF8, Latin1: parser.Latin1}

// Limits bound what one game may cost, so that hostile input costs linear
// time and bounded memory. The zero value of each field means its default.
type Limits struct {
	// MaxGameBytes is the most text one game may take (64 MiB): where no
	// game boundary turns up within it, the input is cut at a line end,
	// with diagnostic PGN215.
	MaxGameBytes int
	// MaxDepth is how deeply variations may nest (1000); a deeper one is
	// skipped whole, with PGN214.
	MaxDepth int
	// MaxRepeats is how many diagnostics of one code a game keeps (100);
	// one more diagnostic counts the rest. Negative keeps them all.
	MaxRepeats int
}

// An Option changes how a Reader reads; see the With functions.
type Option func(*config)

// config is what the options set.
type config struct {
	mode     Mode
	workers  int
	limits   Limits
	encoding Encoding
	letters  *san.Language
	catalog  *diag.Catalog
	name     string
	skipped  func(path string, why Skip)
	stray    func(Stray)
	progress Progress
	reuse    bool
}

// WithMode sets the Mode; the default is Full.
func WithMode(m Mode) Option { return func(c *config) { c.mode = m } }

// WithWorkers sets how many goroutines read at once; games still come in
// input order. The default is GOMAXPROCS; 1 reads on the caller's goroutine
// alone.
func WithWorkers(n int) Option { return func(c *config) { c.workers = n } }

// WithLimits sets the Limits.
func WithLimits(l Limits) Option { return func(c *config) { c.limits = l } }

// WithEncoding sets how text outside ASCII is read; the default is Auto.
func WithEncoding(e Encoding) Option {
	return func(c *config) {
		if int(e) < len(parserEncodings) {
			c.encoding = e
		}
	}
}

// WithPieceLetters reads moves written with the piece letters of another
// language, such as "de" for German (san.Languages lists them). By default
// the language of each game is recognised from its moves.
func WithPieceLetters(l *san.Language) Option { return func(c *config) { c.letters = l } }

// WithCatalog sets the language of diagnostics' messages; the default is
// English (diag.English).
func WithCatalog(c *diag.Catalog) Option { return func(cf *config) { cf.catalog = c } }

// WithName sets the name that NewReader's diagnostics print for the
// stream; the default is "<stdin>".
func WithName(name string) Option { return func(c *config) { c.name = name } }

// Skip says why Open passes over a file it finds below a directory.
type Skip uint8

const (
	// LinksOutside is a symbolic link to a file outside the directory:
	// a directory names the files in it, and a link to a file elsewhere
	// is not read. A file named itself may be a link.
	LinksOutside Skip = Skip(input.LinksOutside)
	// NotRegular is a file that is not a regular file nor a link to one:
	// a named pipe would block, a device never end.
	NotRegular Skip = Skip(input.NotRegular)
	// NoPGNMember is a zip archive without a .pgn member, which below a
	// directory is some other archive. Named itself, it is an error.
	NoPGNMember Skip = Skip(input.NoPGNMember)
)

// String says why in words, "not a regular file" say.
func (s Skip) String() string { return input.Skip(s).String() }

// WithSkipped has Open tell f of each file below a directory that it passes
// over without reading, and why, so that a program can warn of it. By
// default such files are passed over unsaid.
func WithSkipped(f func(path string, why Skip)) Option {
	return func(c *config) { c.skipped = f }
}

// WithStray has the Reader hand each Stray to f as soon as it is complete,
// before the game after it, so that a program can report the problems of
// an input in input order while it reads. The Reader then keeps none, and
// Stray returns nothing: memory stays flat however many there are.
func WithStray(f func(Stray)) Option { return func(c *config) { c.stray = f } }

func init() {
	// pgnc check's reading: see package pgnreuse. A Game and what it
	// holds are then valid only until the loop moves on.
	pgnreuse.Option = func() any { return Option(func(c *config) { c.reuse = true }) }
}

// Progress is told how far a Reader has read its inputs, for a progress
// bar. Its methods may be called from several goroutines at once.
type Progress interface {
	// Begin says that the reader starts the input name, of size bytes
	// as stored (-1 when unknown: a stream).
	Begin(name string, size int64)
	// Read counts n more bytes of the input read as stored, before
	// decompression: the first bytes of a compressed file, which say how
	// it is stored, twice. A plain file, which the workers read in
	// ranges, is counted as its games are handed out.
	Read(n int)
}

// WithProgress has the Reader tell p how far it has read each input.
func WithProgress(p Progress) Option { return func(c *config) { c.progress = p } }

func newConfig(opts []Option) config {
	c := config{workers: runtime.GOMAXPROCS(0), name: "<stdin>", catalog: diag.English}
	for _, o := range opts {
		o(&c)
	}
	c.workers = max(c.workers, 1)
	if c.catalog == nil {
		c.catalog = diag.English
	}
	return c
}

// inputOptions are the options of input.Each.
func (c config) inputOptions() input.Options {
	o := input.Options{Workers: c.workers, Progress: c.progress}
	if f := c.skipped; f != nil {
		o.Skipped = func(path string, why input.Skip) { f(path, Skip(why)) }
	}
	return o
}

// readerOptions turns the configuration into the reader's: each mode
// implies how the reader saves memory and time.
func (c config) readerOptions() reader.Options {
	o := reader.Options{
		Workers: c.workers, MaxGameBytes: c.limits.MaxGameBytes, MaxDepth: c.limits.MaxDepth,
		MaxRepeats: c.limits.MaxRepeats, Encoding: parserEncodings[c.encoding], Language: c.letters, Catalog: c.catalog,
	}
	o.Prepare = resultOf
	switch c.mode {
	case Full:
		// A game too long to hold whole is checked in parts and has no
		// model (newGame adds PGN904). Models take about 40 times their
		// text, and a worker's range is held until its games are handed
		// out: ranges a quarter of the default keep a file's read at
		// about 90 MB rather than 250 MB, in the same time.
		o.Model, o.InParts, o.PartSize = true, true, WholeGameLimit
		o.RangeSize = fullRangeSize
	case Diagnostics:
		o.ReuseMemory, o.InParts, o.SkipComments, o.ReplayWhileParsing = true, true, true, true
		o.ReuseText = c.reuse
	case Syntax:
		o.SyntaxOnly, o.ReuseMemory, o.InParts, o.SkipComments = true, true, true, true
		o.ReuseText = c.reuse
	}
	return o
}

// results are the termination markers as Prepare hands them on, one slice
// each, so that no game allocates one.
var results = [...][]byte{ast.Unknown: []byte("*"), ast.WhiteWins: []byte("1-0"), ast.BlackWins: []byte("0-1"), ast.Draw: []byte("1/2-1/2")}

// resultOf is the reader's Prepare: it takes the termination marker from
// the game's syntax tree while the tree is there (the Diagnostics and Syntax
// modes reuse its memory on the workers).
func resultOf(g *reader.Game) []byte {
	if g.AST == nil || g.AST.Result == nil {
		return nil
	}
	return results[g.AST.Result.Outcome]
}
