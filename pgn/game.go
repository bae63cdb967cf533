package pgn

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/internal/report"
	"github.com/pgnc/pgnc/model"
)

// Tag is one tag pair of a game's tag section, its value unescaped.
type Tag = model.Tag

// Tags is a tag section, with its lookups.
type Tags = model.Tags

// Result is a game's termination marker.
type Result = model.Result

// Move is one move of a game, replayed: its SAN as written and canonical,
// its UCI, the piece it moves, comments, NAGs, clock and evaluation
// commands, and the variations that stand for it.
type Move = model.Move

// Game is one game of the input.
type Game struct {
	// Index is the game's 1-based position in its input (Source).
	Index int
	// Source names the input the game comes from: a path, a member of a
	// zip archive ("games.zip:round1.pgn"), or the name given to NewReader.
	Source string
	// Tags is the tag section, in input order.
	Tags Tags
	// Moves is the main line, as far as it could be replayed; each move
	// holds its variations. Only the Full mode fills it, and not for a
	// game too long to hold whole (see Full).
	Moves []*Move
	// Start is the starting position: the initial one, or the one the FEN
	// tag sets up. Only the Full mode fills it.
	Start chess.Position
	// Result is the termination marker as the standard writes it ("1-0",
	// "0-1", "1/2-1/2", "*"); "" (model.NoResult) when the game has none.
	Result Result
	// Complete says that every move of the main line was replayed; false
	// after an illegal or unreadable move, and in the Syntax mode.
	Complete bool
	// Plies counts the moves of the main line that were replayed.
	Plies int
	// Skipped counts the bytes of the game that error recovery passed
	// over.
	Skipped int
	// From and To are the offsets of the game's text in its input (in the
	// decoded text of a compressed input).
	From, To int64
	// Diags are the game's diagnostics, in position order.
	Diags []Diagnostic

	model *model.Game
	// reread reads the game again for Full, outside the Full mode: from
	// file, the piece of its input it stands in, over [from, to).
	reread   *rereader
	file     *diag.File
	from, to int
}

// Tag returns the value of the tag name, or "" when the game has none.
func (g *Game) Tag(name string) string { return g.Tags.Tag(name) }

// LookupTag returns the value of the tag name and whether the game has it.
func (g *Game) LookupTag(name string) (string, bool) { return g.Tags.Lookup(name) }

// Final returns the position after the last replayed move of the main line,
// a new one at each call. Outside the Full mode, where moves are not kept,
// it returns the empty board.
func (g *Game) Final() *chess.Position {
	if g.model == nil {
		return new(chess.Position)
	}
	return g.model.Final()
}

// Full returns the game as the Full mode reads it: its moves replayed,
// its start and final positions, and all its diagnostics. A game read in
// the Full mode is returned as it is; one read in the Diagnostics or
// Syntax mode is read again, with the piece of its input that the reader
// read it in (some tens of kilobytes), so that a program can scan a file
// fast and replay only the games it needs, as pgnc board does. The games
// of the piece read last are kept for the next call. Like the Reader, Full
// is for one goroutine at a time.
func (g *Game) Full() *Game {
	if g.reread == nil {
		return g
	}
	return g.reread.full(g)
}

// rereader reads again, in the Full mode, the games of a Reader in another
// mode (Game.Full).
type rereader struct {
	cfg config // the Reader's, in the Full mode on one worker
	// file is the piece read last, and games its games by their start
	// in it.
	file  *diag.File
	games map[int]*reader.Game
}

func newRereader(cfg config) *rereader {
	cfg.mode, cfg.workers = Full, 1
	return &rereader{cfg: cfg}
}

// full is Game.Full for g.
func (rr *rereader) full(g *Game) *Game {
	if rr.file != g.file {
		rr.file, rr.games = g.file, make(map[int]*reader.Game)
		r := reader.New(strings.NewReader(g.file.Src()), g.Source, rr.cfg.readerOptions())
		for {
			rg, err := r.Next()
			if err != nil {
				break // io.EOF: the text was read before
			}
			if rg.Index > 0 {
				rr.games[rg.File.Base()+rg.From] = rg
			}
		}
		r.Close()
	}
	rg := rr.games[g.from]
	if rg == nil {
		return g // never: the piece holds the game
	}
	out := newGame(rg, g.Source, rr.cfg.catalog, true)
	out.Index, out.From, out.To, out.file, out.from, out.to = g.Index, g.From, g.To, g.file, g.from, g.to
	// The diagnostics are located in the input as the game's own are;
	// those about the input's decoding are the game's.
	base := rg.File.Base()
	where := report.Where(rr.cfg.catalog, g.Index, out.Tags)
	out.Diags = out.Diags[:0:0]
	for _, d := range rg.Diags {
		d.Start, d.End, d.Game = d.Start+base, d.End+base, g.Index
		d.Fixes = slices.Clone(d.Fixes)
		for i := range d.Fixes {
			d.Fixes[i].Start += base
			d.Fixes[i].End += base
		}
		l := diag.Locate(g.file, d)
		l.Where = where
		out.Diags = append(out.Diags, l)
	}
	for _, d := range g.Diags {
		if d.Code == diag.LoneSurrogate {
			out.Diags = append(out.Diags, d)
		}
	}
	slices.SortStableFunc(out.Diags, func(a, b Diagnostic) int { return cmp.Compare(a.Offset, b.Offset) })
	return out
}

// Model returns the resolved game that Moves and Start come from, for the
// export package's writers; nil outside the Full mode.
func (g *Game) Model() *model.Game { return g.model }

// Err returns nil when the game has no error-severity diagnostic (only
// warnings, say), and otherwise an *Error holding its errors.
func (g *Game) Err() error {
	var errs []Diagnostic
	for _, d := range g.Diags {
		if d.Severity() == diag.Error {
			errs = append(errs, d)
		}
	}
	if errs == nil {
		return nil
	}
	return &Error{Diags: errs}
}

// Error is the error-severity diagnostics of a game, as one error.
type Error struct {
	Diags []Diagnostic // at least one
}

// Error returns the first diagnostic's line and how many more there are.
func (e *Error) Error() string {
	if n := len(e.Diags) - 1; n > 0 {
		return fmt.Sprintf("%s (and %d more errors)", e.Diags[0], n)
	}
	return e.Diags[0].String()
}

// Diagnostic is one problem found in the input, with its position. Printed
// with fmt it gives its first line as pgnc check prints it,
// "file:line:col: severity[CODE]: message"; its WriteText method gives the
// whole block (source line, caret, hint, the game it is in) in the language
// of a diag.Catalog, and WriteJSON its JSON record.
type Diagnostic = diag.Located

// Stray is text between games that belongs to none: not white space, not
// a game, such as a line of prose between two games, with the diagnostics
// about it.
type Stray struct {
	// Source names the input.
	Source string
	// Text is the stray text; "" when only a diagnostic stands there.
	Text string
	// Skipped counts the bytes error recovery passed over there.
	Skipped int
	// Diags are the diagnostics outside games there.
	Diags []Diagnostic
}

// appendLocated appends to dst the reader's diagnostics of the game g as
// Diagnostics, each saying where it stands as pgnc check says it.
func appendLocated(dst []Diagnostic, g *reader.Game, cat *diag.Catalog) []Diagnostic {
	if len(g.Diags) == 0 {
		return dst
	}
	where := report.Where(cat, g.Index, g.Tags)
	for _, d := range g.Diags {
		l := diag.Locate(g.File, d)
		l.Where = where
		dst = append(dst, l)
	}
	return dst
}

// cloneLocated returns a copy of l that shares no memory with the text it
// was read from, which the reader may reuse (package pgnreuse).
func cloneLocated(l Diagnostic) Diagnostic {
	l.Args = slices.Clone(l.Args)
	for i := range l.Args {
		l.Args[i].Name, l.Args[i].Value = strings.Clone(l.Args[i].Name), strings.Clone(l.Args[i].Value)
	}
	l.Fixes = slices.Clone(l.Fixes)
	for i := range l.Fixes {
		l.Fixes[i].Text = strings.Clone(l.Fixes[i].Text)
	}
	l.LocatedFixes = slices.Clone(l.LocatedFixes)
	for i := range l.LocatedFixes {
		l.LocatedFixes[i].Text = strings.Clone(l.LocatedFixes[i].Text)
	}
	l.File, l.Shown, l.Caret, l.Where = strings.Clone(l.File), strings.Clone(l.Shown), strings.Clone(l.Caret), strings.Clone(l.Where)
	return l
}

// newGame makes a Game of what the reader read (fillGame).
func newGame(g *reader.Game, source string, cat *diag.Catalog, full bool) *Game {
	return fillGame(nil, g, source, cat, full)
}

// fillGame makes out, or a new Game when out is nil, the Game of what the
// reader read, reusing the memory of out's Diags. The reader's syntax tree
// may be reused after this call, so everything is taken now. In the Full
// mode (full), a game that the reader checked in parts has no model, and
// gets PGN904 (tooLong) to say why.
func fillGame(out *Game, g *reader.Game, source string, cat *diag.Catalog, full bool) *Game {
	if full && g.Model == nil && g.AST != nil && g.AST.Parts > 0 {
		g.Diags = append(g.Diags[:len(g.Diags):len(g.Diags)], tooLong(g))
		g.Diags.Sort()
	}
	if out == nil {
		out = new(Game)
	}
	// Field by field: a Game is large to copy whole, and one reused
	// (package pgnreuse; never in the Full mode) has no moves nor start to clear.
	out.Index, out.Source, out.Tags, out.Plies, out.Skipped = g.Index, source, g.Tags, g.Plies, g.Skipped
	out.From, out.To = int64(g.File.Base()+g.From), int64(g.File.Base()+g.To)
	out.Diags = appendLocated(out.Diags[:0], g, cat)
	out.model, out.Result = g.Model, model.NoResult
	if g.Prepared != nil {
		out.Result = resultText(g.Prepared)
	}
	if m := g.Model; m != nil {
		out.Moves, out.Start, out.Complete = m.Moves, m.Start, m.Complete
	}
	return out
}

// tooLong is the diagnostic of a game too long to hold whole, at its
// start, as pgnc fmt, convert and board give it.
func tooLong(g *reader.Game) diag.Diagnostic {
	return diag.Diagnostic{Code: diag.TooLong, Start: g.From, End: g.From, Game: g.Index,
		Args: []diag.Arg{diag.ValueArg("limit", strconv.Itoa(WholeGameLimit))}}
}

// resultText returns the marker that resultOf handed on; the switch on the
// converted bytes copies nothing.
func resultText(b []byte) Result {
	switch Result(b) {
	case model.WhiteWins:
		return model.WhiteWins
	case model.BlackWins:
		return model.BlackWins
	case model.Draw:
		return model.Draw
	case model.Unknown:
		return model.Unknown
	}
	return model.NoResult
}
