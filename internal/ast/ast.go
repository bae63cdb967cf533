// Package ast declares the syntax tree of a PGN database. Every node records
// the byte span of its text; package diag resolves spans to lines and columns.
package ast

import "github.com/pgnc/pgnc/san"

// Node is implemented by every syntax tree node.
type Node interface {
	Pos() int // offset of the node's first byte
	End() int // offset just past the node's last byte
}

// Span is the byte range [From, To) of a node's text.
type Span struct {
	From, To int
}

// Pos returns the offset of the first byte.
func (s Span) Pos() int { return s.From }

// End returns the offset just past the last byte.
func (s Span) End() int { return s.To }

// Database is a parsed PGN file: a sequence of games.
type Database struct {
	Span
	Games []*Game // the games in file order
	// Escapes are the "%" escape lines, which the standard says to ignore,
	// that stand inside games or after a game's marker before comments
	// that it takes (Game.Trailing). Those between games are part of the
	// text between them, and not listed: text of nothing else would cost
	// memory in proportion.
	Escapes []*Escape
	// Skipped counts the bytes that error recovery passed over outside
	// any game; each game counts its own (Game.Skipped).
	Skipped int
}

// Game is one game: tag section, movetext and termination marker.
type Game struct {
	Span
	Index    int        // 1-based position of the game in its file
	Tags     []*TagPair // the tag section in file order
	Moves    []Element  // the main line: moves, numbers, comments, NAGs, variations
	Result   *Result    // the termination marker; nil when missing
	Trailing []*Comment // comments that follow the termination marker
	Broken   bool       // a syntax error cut the game short; Moves holds what came before it
	// ForeignLetters says that a move starts with a piece letter of another
	// language than English (san.ForeignLetter), so that the checker works
	// out the game's language before it replays the moves.
	ForeignLetters bool
	// OtherVariant says that the Variant tag names a game other than
	// chess and Chess960 (chess.PlaysVariant): its movetext, in that
	// game's own notation, is read as syntax only, without errors.
	OtherVariant bool
	// Decoded says that its tag values and comments were read as
	// Windows-1252 (the parser's Latin1, or Auto for a game that is not
	// UTF-8), and Tags and Moves hold them decoded.
	Decoded bool
	// Parts counts the parts of its tag section and movetext that the
	// parser handed out while it parsed the game (parser.Parser.Parts):
	// Tags and Moves hold what came after them. It is 0 for a game parsed
	// whole. (An int32 beside the flags keeps a Game at 128 bytes, which
	// a file of tiny games holds tens of thousands of per piece.)
	Parts int32
	// Skipped counts the bytes that error recovery passed over in the game:
	// the rest of it after a syntax error, and variations nested deeper
	// than the limit.
	Skipped int
	// UnparsedFrom, when not 0, is where movetext begins that the parser
	// passed over unread, up to the game's end or the first token it had
	// to read, because its caller needed only the tags or the first moves
	// (parser.Parser.SkipMovetext): Moves lacks that text's elements, and
	// nothing in it was checked. The elements of Moves before it are the
	// main line's first moves.
	UnparsedFrom int
}

// TagPair is one "[Name "Value"]" line of the tag section.
type TagPair struct {
	Span
	Name      string // the tag name, e.g. "Event"
	Value     string // the value with escapes resolved
	NameSpan  Span   // where the name is written
	ValueSpan Span   // where the quoted value is written, quotes included
}

// Element is a node that can appear in movetext.
type Element interface {
	Node
	element()
}

// MoveNumber is a move number indication such as "12." or "12...".
type MoveNumber struct {
	Span
	Number int // the number, or -1 when it overflows
	Dots   int // how many periods follow it (0 for a bare integer)
}

// Move is one move in SAN as written.
type Move struct {
	Span
	Text string   // the token text, e.g. "Nbd7+!"
	SAN  san.Move // the decoded parts of Text
}

// NAG is a numeric annotation glyph such as "$14".
type NAG struct {
	Span
	Value int // the glyph number, or -1 when it overflows
}

// Suffix is a move annotation written apart from its move ("e4 !"), or the
// "e.p." marker after an en passant capture.
type Suffix struct {
	Span
	Text string // "!", "?!", "e.p." …
}

// Comment is a brace comment or a rest-of-line comment.
type Comment struct {
	Span
	Text string // the text between the delimiters, untrimmed
	Line bool   // true for a ";" rest-of-line comment
}

// Variation is a recursive annotation variation in parentheses.
type Variation struct {
	Span
	Elements []Element // the variation's movetext, possibly with nested variations
	Closed   bool      // false when the ")" is missing
}

// Outcome is the result a termination marker declares.
type Outcome uint8

const (
	Unknown   Outcome = iota // "*": game in progress, abandoned or unknown
	WhiteWins                // "1-0"
	BlackWins                // "0-1"
	Draw                     // "1/2-1/2"
)

var outcomeTexts = [...]string{Unknown: "*", WhiteWins: "1-0", BlackWins: "0-1", Draw: "1/2-1/2"}

// String returns the standard marker of the outcome.
func (o Outcome) String() string { return outcomeTexts[o] }

// Result is a game termination marker.
type Result struct {
	Span
	Text    string  // the marker as written (may be a quirk such as "½-½")
	Outcome Outcome // what it declares
}

// Escape is a "%" escape line.
type Escape struct {
	Span
	Text string // the line after the "%"
}

func (*MoveNumber) element() {}
func (*Move) element()       {}
func (*NAG) element()        {}
func (*Suffix) element()     {}
func (*Comment) element()    {}
func (*Variation) element()  {}

// BadMove is movetext that is not a move: a symbol such as "e2e4" or "Nf9".
type BadMove struct {
	Span
	Text string // the symbol as written
}

func (*BadMove) element() {}
