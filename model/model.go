// Package model is the resolved form of a game: every move of the main line
// and of every variation replayed on a board, with its canonical SAN, squares,
// pieces and annotations. A move does not keep the position after it (184
// bytes, half of a move's model): Move.Play replays it on a position, and
// Game.Final and Game.Threefold replay the main line.
//
// The model holds no part of the syntax tree it is built from (package
// ast): what it keeps of the text is the moves as written and the byte
// spans of games and moves, so that a model read back from JSON
// (export.FromJSON) is the same as one built from PGN, and the tree can be
// freed or reused once the model is built.
package model

import (
	"time"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/san"
)

// Tag is one tag pair, in file order.
type Tag struct {
	Name  string // the tag name: "White"
	Value string // the value with escapes resolved
}

// Tags is a tag section, in input order.
type Tags []Tag

// Tag returns the value of the first tag named name, or "" when there is
// none.
func (ts Tags) Tag(name string) string {
	v, _ := ts.Lookup(name)
	return v
}

// Lookup returns the value of the first tag named name, and whether there
// is one.
func (ts Tags) Lookup(name string) (string, bool) {
	for _, t := range ts {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// Span is the byte range [From, To) of a game's or a move's text: offsets
// into the text the game was parsed from, as the syntax tree counts them
// (a game parsed from a piece of a larger file counts from the piece's
// start). It is zero for a game or move that was not read from PGN text.
type Span struct {
	From int // offset of the first byte
	To   int // offset just past the last byte
}

// Result is a game's termination marker as the standard writes it:
// WhiteWins, BlackWins, Draw or Unknown, or NoResult when the movetext has
// none. A marker written otherwise ("½-½") is read as the one it stands
// for.
type Result string

// The termination markers (PGN standard, section 8.2.6).
const (
	NoResult  Result = ""        // no termination marker
	WhiteWins Result = "1-0"     // white wins
	BlackWins Result = "0-1"     // black wins
	Draw      Result = "1/2-1/2" // drawn game
	Unknown   Result = "*"       // game in progress, abandoned or result unknown
)

// Valid reports whether r is one of the four markers (not NoResult).
func (r Result) Valid() bool {
	return r == WhiteWins || r == BlackWins || r == Draw || r == Unknown
}

// Game is a resolved game.
type Game struct {
	Index    int            // 1-based position of the game in its file
	Tags     Tags           // the tag section in file order
	Start    chess.Position // the starting position (initial or from the FEN tag)
	Chess960 bool           // castling follows Chess960 rules
	Moves    []*Move        // the main line, as far as it could be replayed
	Comments []string       // main-line comments that follow no move (a game without moves)
	Trailing []string       // comments after the termination marker
	Result   Result         // the termination marker; NoResult when missing
	Complete bool           // every move of the main line was replayed
	Span     Span           // where the game is written in the text it was parsed from
}

// Tag returns the value of the first tag named name; "" when there is
// none (LookupTag tells an empty value from a missing tag).
func (g *Game) Tag(name string) string { return g.Tags.Tag(name) }

// LookupTag returns the value of the first tag named name, and whether
// there is one.
func (g *Game) LookupTag(name string) (string, bool) { return g.Tags.Lookup(name) }

// Final returns the position after the last replayed move of the main line
// (the start position of a game without moves), replaying the main line:
// a new position at each call, which the caller may play on.
func (g *Game) Final() *chess.Position {
	pos := g.Start
	for _, m := range g.Moves {
		m.Play(&pos)
	}
	return &pos
}

// Move is one replayed move.
type Move struct {
	Written    string          // the move as written, suffix annotation included ("Nbd7+!")
	Span       Span            // where the move is written
	Null       bool            // a null move ("--"): a pass; Move, Piece and Captured are zero
	Suffix     san.Annotation  // the suffix annotation as written ("!?"); also NAGs[0] when set
	SAN        string          // canonical SAN, as the export format writes it
	Move       chess.Move      // from, to, promotion, kind
	Piece      chess.PieceType // the moving piece
	Captured   chess.PieceType // the captured piece, NoPieceType when none
	Check      san.Check       // what the move really does: check, mate or neither
	Ply        int             // half-move number from the move numbers: 1 for white's first move, 2 for black's, …
	NAGs       []int           // NAGs after the move, suffix annotations included
	Before     []string        // comments between the previous move and this one
	Comments   []string        // comments after the move
	Variations [][]*Move       // alternatives to this move, each replayed from the position before it
	// Clock, Elapsed and Eval are the values of the [%clk], [%emt] and
	// [%eval] commands in the comments after the move (PGN supplement 2001;
	// %eval as lichess writes it), where Has says so; the comments keep
	// their text.
	Clock, Elapsed time.Duration
	Eval           Eval     // from [%eval]
	Has            Commands // which of Clock, Elapsed and Eval are set
	chess960       bool
}

// Play plays the move on pos, the position before it, which becomes the
// position after it.
func (m *Move) Play(pos *chess.Position) {
	if m.Null {
		pos.PlayNull()
		return
	}
	pos.Play(m.Move)
}

// UCI returns the move in UCI notation; "0000" for a null move.
func (m *Move) UCI() string {
	if m.Null {
		return "0000"
	}
	return m.Move.UCI()
}

// AppendUCI appends what UCI returns to dst and returns the extended slice.
func (m *Move) AppendUCI(dst []byte) []byte {
	if m.Null {
		return append(dst, "0000"...)
	}
	return m.Move.AppendUCI(dst)
}

// SetChess960 records the castling notation UCI uses for this move.
func (m *Move) SetChess960(v bool) { m.chess960 = v }

// Castle returns san.CastleKingside or san.CastleQueenside for castling
// moves, san.Normal otherwise.
func (m *Move) Castle() san.Kind {
	if m.Move.Kind != chess.Castle {
		return san.Normal
	}
	if m.Move.To > m.Move.From {
		return san.CastleKingside
	}
	return san.CastleQueenside
}

// Threefold returns the index in Moves of the move after which the same
// position has stood on the board for the third time in the main line, or
// -1 when that never happens.
func (g *Game) Threefold() int {
	pos := g.Start
	seen := map[uint64]int{pos.Key(): 1}
	for i, m := range g.Moves {
		m.Play(&pos)
		k := pos.Key()
		seen[k]++
		if seen[k] == 3 {
			return i
		}
	}
	return -1
}
