// Package check is the semantic pass: it replays every move of a parsed game
// on a board with the full rules of chess, reports what is illegal,
// ambiguous or mis-annotated, checks the tag section and the result, and
// builds the resolved model of the game. A Stream replays each game while
// the parser reads it, for a check that needs only the diagnostics.
package check

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/grow"
	"github.com/pgnc/pgnc/model"
	"github.com/pgnc/pgnc/san"
)

// Game checks g and returns its model and the diagnostics of this pass,
// sorted by position. The model holds what could be replayed: a line stops
// at its first illegal or ambiguous move.
func Game(g *ast.Game) (*model.Game, diag.List) { return Checker{}.Game(g) }

// Diagnostics checks g like Game without building the model, which is what
// a check needs and costs no allocation per move.
func Diagnostics(g *ast.Game) diag.List { return Checker{}.Diagnostics(g) }

// Checker checks games with settings other than the defaults that Game and
// Diagnostics use. Its zero value has those defaults.
type Checker struct {
	// MaxRepeats is how many diagnostics of one code a game keeps; the rest
	// are counted by one diagnostic (see diag.Repeats). 0 means
	// diag.DefaultRepeats; a negative value keeps them all.
	MaxRepeats int
	// Memory, when set, is where Game builds models, so that their memory
	// can be reused (Memory.Reset); otherwise each model is new memory.
	Memory *Memory
	// Language, when set, is the language of the piece letters of every
	// game (san.LanguageOf); otherwise a game that writes a letter of
	// another language than English is read in the one language that has
	// all its letters.
	Language *san.Language
	// Catalog is the language of the few words inside diagnostics'
	// details ("white to move:"); nil means English. Messages and hints
	// are rendered when printed, in the printer's catalog.
	Catalog *diag.Catalog
	// Positions, when set, gets each position of a game's main line as
	// Replay, or a WatchingStream, replays it.
	Positions PositionWatcher
}

// A PositionWatcher gets each position of a game's main line as it is
// replayed: ply 0 for the start, then the position after each move
// played, up to the last move that could be played. Ply 0 starts the
// game's positions, again when a Stream gives a game up and Replay replays
// its tree. A query that tests positions needs them and not the model.
// pos is valid only during the call: Replay hands a copy of its own
// (checker.watch), as a pointer to the position it replays, handed to an
// unknown method, would put it on the heap for every check.
type PositionWatcher interface {
	Position(g *ast.Game, ply int, pos *chess.Position)
}

// Game is the function Game with k's settings.
func (k Checker) Game(g *ast.Game) (*model.Game, diag.List) {
	c := &checker{index: g.Index, build: true, perMove: true, repeats: diag.Repeats{Max: k.MaxRepeats}, alloc: k.Memory.allocator(), language: k.Language, catalog: k.Catalog}
	return c.game(g, &take(c.alloc.games, 1)[0])
}

// Diagnostics is the function Diagnostics with k's settings.
func (k Checker) Diagnostics(g *ast.Game) diag.List {
	diags, _ := k.Replay(g)
	return diags
}

// Replay is Diagnostics that also returns how many plies of g's main line
// it replayed: all of them, or those before the first move that could not
// be played.
func (k Checker) Replay(g *ast.Game) (diags diag.List, plies int) {
	c, scratch := &checker{index: g.Index, repeats: diag.Repeats{Max: k.MaxRepeats}, language: k.Language, catalog: k.Catalog, positions: k.Positions, perMove: k.Positions != nil}, model.Game{}
	_, diags = c.game(g, &scratch) // the model is not kept
	return diags, c.plies
}

func (c *checker) game(g *ast.Game, m *model.Game) (*model.Game, diag.List) {
	c.replay(g, m)
	c.repeats.Flush(&c.diags, c.index)
	c.diags.Sort()
	return m, c.diags
}

// replay checks g's tags, moves and result, and fills m with its model.
func (c *checker) replay(g *ast.Game, m *model.Game) {
	// m is new memory when the checker builds the model, otherwise a
	// scratch model on Replay's stack, so that a check allocates nothing
	// for it. It is not a field of the checker: Game returns it, and every
	// checker would then be allocated on the heap.
	*m = model.Game{Index: g.Index, Span: model.Span{From: g.From, To: g.To}}
	if g.Result != nil {
		m.Result = model.Result(g.Result.Outcome.String())
	}
	if c.build {
		m.Tags, c.mem = modelTags(c.alloc.tags, g.Tags), newGameMemory(c.alloc, g.Moves)
	}
	c.checkTags(g)
	c.tagsVsGame(g)
	start, ok := c.startPosition()
	m.Start, m.Chess960 = start, c.chess960
	if !ok {
		return
	}
	c.pickLanguage(g, &start)
	var final chess.Position
	if r := c.streamed; r != nil {
		// The main line's moves were replayed as the game was parsed (Stream):
		// the tree holds none of them.
		final, c.plies, m.Complete = r.final, r.plies, g.UnparsedFrom == 0
	} else {
		if c.positions != nil {
			c.watched = g
			c.watch(0, &start)
		}
		m.Moves, final, c.plies, m.Complete = c.line(start, readMoves(g))
		m.Complete = m.Complete && g.UnparsedFrom == 0
	}
	m.Comments = c.unattached
	if c.build {
		for _, t := range g.Trailing {
			m.Trailing = append(m.Trailing, t.Text)
		}
	}
	if m.Complete && !g.Broken {
		c.checkResult(g, &final, c.plies)
	}
}

// readMoves returns the elements of g's main line that the parser read:
// where it passed over movetext (ast.Game.UnparsedFrom), those before it, the
// main line's first moves.
func readMoves(g *ast.Game) []ast.Element {
	if g.UnparsedFrom == 0 {
		return g.Moves
	}
	n := 0
	for n < len(g.Moves) && g.Moves[n].Pos() < g.UnparsedFrom {
		n++
	}
	return g.Moves[:n]
}

type checker struct {
	build bool // build the model, not only the diagnostics
	// perMove says that each move played has more to do than the check:
	// build the model, or hand its position to positions.
	perMove  bool
	index    int
	plies    int // of the main line, replayed
	chess960 bool
	language *san.Language // Checker.Language
	// lang is the language of the game's piece letters, nil for English;
	// langProblem, when set, says why a letter of another language cannot
	// be read (see pickLanguage).
	lang        *san.Language
	langProblem []diag.Arg
	catalog     *diag.Catalog // for details; nil for English
	tags        tagIndex      // the game's tags that the checks look up
	mem         gameMemory    // where the model's moves and comments go (model only)
	alloc       allocator     // where the model's memory comes from
	// unattached holds the comments at the end of the last line replayed
	// that follow no move of it (model only).
	unattached []string
	diags      diag.List
	repeats    diag.Repeats
	dropped    diag.Diagnostic // what add returns for a diagnostic not kept
	// streamed is where a Stream left the game's main line, which the
	// tree then lacks; nil when the tree holds it.
	streamed *streamed
	// positions is Checker.Positions while the main line is replayed, nil
	// while a variation is; watched is the game replayed.
	positions PositionWatcher
	watched   *ast.Game
	watchedAt *chess.Position // the copy that watch hands on
}

// watch hands positions the position after ply plies of the watched game,
// through a copy that pos, which may stand on the replay's stack, is not.
func (c *checker) watch(ply int, pos *chess.Position) {
	if c.watchedAt == nil {
		c.watchedAt = new(chess.Position)
	}
	*c.watchedAt = *pos
	c.positions.Position(c.watched, ply, c.watchedAt)
}

func (c *checker) add(code diag.Code, n ast.Node, args ...string) *diag.Diagnostic {
	if !c.repeats.Keep(code, n.Pos(), n.End()) {
		return &c.dropped // the caller may still fill in its details
	}
	c.diags.Add(code, n.Pos(), n.End(), c.index, args...)
	return &c.diags[len(c.diags)-1]
}

// addArgs is add with arguments that may name phrases.
func (c *checker) addArgs(code diag.Code, n ast.Node, args ...diag.Arg) *diag.Diagnostic {
	if !c.repeats.Keep(code, n.Pos(), n.End()) {
		return &c.dropped
	}
	c.diags.AddArgs(code, n.Pos(), n.End(), c.index, args...)
	return &c.diags[len(c.diags)-1]
}

// orEnglish is cat, or English where cat is nil.
func orEnglish(cat *diag.Catalog) *diag.Catalog {
	if cat == nil {
		return diag.English
	}
	return cat
}

// FENProblem is the template that FENArgs fill in: the field of a FEN at
// fault and what is wrong with it, in words a catalog translates.
const FENProblem = "{field} field: {problem}"

// FENArgs are the arguments that explain fe in FENProblem, for PGN315 and
// for the commands that read a FEN of their own (play --fen, select's
// position).
func FENArgs(fe *chess.FENError) []diag.Arg {
	args := []diag.Arg{diag.PhraseArg("field", fe.Field), diag.PhraseArg("problem", fe.Template)}
	for i := 0; i+1 < len(fe.Params); i += 2 {
		name, value := fe.Params[i], fe.Params[i+1]
		if name == "color" || name == "side" { // English words
			args = append(args, diag.PhraseArg(name, value))
		} else {
			args = append(args, diag.ValueArg(name, value))
		}
	}
	return args
}

// fenErrorArgs are the arguments of PGN315 for a FEN error: the reason,
// FENProblem, and what fills it in.
func fenErrorArgs(fe *chess.FENError) []diag.Arg {
	return append([]diag.Arg{diag.PhraseArg("reason", FENProblem)}, FENArgs(fe)...)
}

// initial is the standard starting position, parsed once.
var initial, _ = chess.ParseFEN(chess.StartFEN)

// startPosition works out where the game starts from its Variant, SetUp and
// FEN tags. It reports false when the moves cannot be checked.
func (c *checker) startPosition() (chess.Position, bool) {
	if v := c.tags.first[tagVariant]; v != nil {
		ok, chess960 := chess.PlaysVariant(v.Value)
		if !ok {
			c.add(diag.UnsupportedVariant, v, "variant", strconv.Quote(v.Value))
			return chess.Position{}, false
		}
		c.chess960 = chess960
	}
	fen, setup := c.tags.first[tagFEN], c.tags.first[tagSetUp]
	if setup != nil && setup.Value == "1" && fen == nil {
		c.add(diag.SetUpWithoutFEN, setup)
	}
	if fen == nil {
		p := initial
		p.SetChess960(c.chess960)
		return p, true
	}
	if setup == nil || setup.Value != "1" {
		c.add(diag.FENWithoutSetUp, fen)
	}
	p, err := chess.ParseFEN(fen.Value)
	if fe, ok := err.(*chess.FENError); ok && fe.Field == "fullmove" && fen.Value[fe.Offset:] == "0" {
		// "… 1 0" is common in puzzle collections: read it as move 1.
		if p, err = chess.ParseFEN(fen.Value[:fe.Offset] + "1"); err == nil {
			d := c.add(diag.FENFullmoveZero, fen)
			d.Start = fen.ValueSpan.From + 1 + fe.Offset
			d.End = d.Start + 1
		}
	}
	if err != nil {
		var d *diag.Diagnostic
		fe, ok := err.(*chess.FENError)
		if !ok {
			d = c.add(diag.BadFEN, fen, "reason", err.Error())
		} else {
			d = c.addArgs(diag.BadFEN, fen, fenErrorArgs(fe)...)
			// Point at the offending field inside the quoted value.
			d.Start = fen.ValueSpan.From + 1 + fe.Offset
			d.End = fen.ValueSpan.From + 1 + max(fe.End, fe.Offset+1)
			d.End = min(d.End, fen.ValueSpan.To)
			d.Start = min(d.Start, d.End)
		}
		if fe, ok := err.(*chess.FENError); ok && fe.Field == "castling" {
			// An impossible castling right is an error of the tags
			// alone: the moves are replayed without it.
			if q, ok := withoutImpossibleCastling(fen.Value); ok {
				d.Args[0].Value += diag.PhraseSeparator + "the moves are replayed without it"
				p, err = q, nil
			}
		}
		if err != nil {
			return chess.Position{}, false
		}
	}
	if p.IsChess960() {
		c.chess960 = true
	}
	p.SetChess960(c.chess960 || p.IsChess960())
	return p, true
}

// withoutImpossibleCastling parses fen keeping only the castling rights
// that its position allows, when the rest of it is valid.
func withoutImpossibleCastling(fen string) (chess.Position, bool) {
	fields := strings.Fields(fen)
	if len(fields) < 3 {
		return chess.Position{}, false
	}
	kept := ""
	for _, right := range fields[2] {
		fields[2] = kept + string(right)
		if _, err := chess.ParseFEN(strings.Join(fields, " ")); err == nil {
			kept = fields[2]
		}
	}
	if kept == "" {
		kept = "-"
	}
	fields[2] = kept
	p, err := chess.ParseFEN(strings.Join(fields, " "))
	return p, err == nil
}

// line replays the elements of one line from start. It returns the model
// of the replayed moves (when building), the position after the last of
// them, their number, and whether the whole line was replayed.
func (c *checker) line(start chess.Position, elems []ast.Element) (moves []*model.Move, final chess.Position, plies int, complete bool) {
	st := lineState{cur: start, moves: c.mem.list(elems)}
	c.feed(&st, elems)
	return st.moves, st.cur, st.plies, !st.stopped
}

// lineState is where the replay of a line stands, so that a line can be
// replayed in parts (Parts).
type lineState struct {
	// cur is the position after the last move replayed, and before the
	// one before it, which variations start from (each move copies cur to
	// before, then plays).
	cur, before chess.Position
	plies       int
	stopped     bool // a move could not be played: the rest is not replayed
	// The model (when building): the moves, the last one, and comments
	// waiting for the next move.
	moves   []*model.Move
	last    *model.Move
	pending []string
}

// feed replays elems, the next elements of the line st, unless the line
// has stopped.
func (c *checker) feed(st *lineState, elems []ast.Element) {
	if st.stopped {
		return
	}
	// The positions and the count are local copies, which the compiler
	// keeps apart from st; the model's state stays in st, out of the
	// registers that the loop needs (held in locals, it was saved to the
	// stack at every element, a third more instructions in the loop).
	curPos, beforePos, plies := st.cur, st.before, st.plies
	cur, before := &curPos, &beforePos
loop:
	for _, e := range elems {
		switch e := e.(type) {
		case *ast.MoveNumber:
			if !moveNumberFits(e, cur) {
				c.wrongMoveNumber(e, cur)
			}
		case *ast.Move:
			*before = *cur
			mv, ok := c.move(before, cur, e)
			if !ok {
				*cur = *before // the line ends before the move
				st.stopped = true
				break loop
			}
			plies++
			if c.perMove {
				if c.build {
					mv.Before, st.pending = st.pending, nil
					mv.Ply = plyOf(before)
					st.moves = append(st.moves, mv)
					st.last = mv
				} else if c.positions != nil {
					c.watch(plies, cur)
				}
			}
		case *ast.BadMove:
			st.stopped = true // reported by the parser
			break loop
		case *ast.NAG:
			if last := st.last; last != nil {
				last.NAGs = c.mem.nags.add(last.NAGs, e.Value)
			}
		case *ast.Suffix:
			if a, ok := san.ParseAnnotation(e.Text); ok && st.last != nil {
				st.last.NAGs = c.mem.nags.add(st.last.NAGs, int(a))
			}
		case *ast.Comment:
			if !c.build {
				continue
			}
			if last := st.last; last != nil && st.pending == nil {
				last.Comments = c.mem.comments.add(last.Comments, e.Text)
				if strings.Contains(e.Text, "[%") {
					last.ReadCommands(e.Text)
				}
			} else {
				st.pending = c.mem.comments.add(st.pending, e.Text)
			}
		case *ast.Variation:
			from := cur
			if plies > 0 {
				from = before // the position before the last move
			}
			positions := c.positions // of the main line only
			c.positions = nil
			alt, _, _, _ := c.line(*from, e.Elements)
			c.positions = positions
			if last := st.last; last != nil {
				last.Variations = grow.Append(last.Variations, alt)
			}
		}
	}
	st.cur, st.before, st.plies = curPos, beforePos, plies
	c.unattached = st.pending
}

// modelTags copies a tag section into the model, in memory from s.
func modelTags(s *slab[model.Tag], tags []*ast.TagPair) []model.Tag {
	out := take(s, len(tags))
	for i, t := range tags {
		out[i] = model.Tag{Name: t.Name, Value: t.Value}
	}
	return out
}

// gameMemory holds the model of a game's moves, comments and NAGs in a few
// allocations instead of one or two a move.
type gameMemory struct {
	build    bool
	lists    *slab[*model.Move] // where the lists of moves come from
	moves    []model.Move       // the moves not yet replayed
	comments runs[string]       // the lists of comments
	nags     runs[int]          // the lists of NAGs
}

// newGameMemory sizes the memory for the moves, comments and NAGs of elems
// and of their variations.
func newGameMemory(alloc allocator, elems []ast.Element) gameMemory {
	n := countModel(elems)
	return gameMemory{build: true, lists: alloc.lists, moves: take(alloc.moves, n.moves),
		comments: runs[string]{items: take(alloc.comments, n.comments)}, nags: runs[int]{items: take(alloc.nags, n.nags)}}
}

// modelCount is how many moves, comments and NAGs a game's model holds.
type modelCount struct{ moves, comments, nags int }

// countModel counts the moves, comments and NAGs in elems and their
// variations. A move's suffix annotation ("!?") is a NAG of the model too.
func countModel(elems []ast.Element) (n modelCount) {
	for _, e := range elems {
		switch e := e.(type) {
		case *ast.Move:
			n.moves++
			if e.SAN.Annotation != san.NoAnnotation {
				n.nags++
			}
		case *ast.Comment:
			n.comments++
		case *ast.NAG, *ast.Suffix:
			n.nags++
		case *ast.Variation:
			v := countModel(e.Elements)
			n = modelCount{n.moves + v.moves, n.comments + v.comments, n.nags + v.nags}
		}
	}
	return n
}

// list returns an empty list with room for the moves of elems, a line; nil
// when the model is not built.
func (m *gameMemory) list(elems []ast.Element) []*model.Move {
	if !m.build {
		return nil
	}
	n := 0
	for _, e := range elems {
		if _, ok := e.(*ast.Move); ok {
			n++
		}
	}
	return take(m.lists, n)[:0]
}

// move returns the memory of the next move's model.
func (m *gameMemory) move() *model.Move {
	mv := &m.moves[0]
	m.moves = m.moves[1:]
	return mv
}

// runs hands out a game's lists of comments or of NAGs from one slice.
type runs[T any] struct {
	items []T // the game's items in order
	used  int // how many of items are taken
}

// add returns list with v added. A list is a run of consecutive items, and
// the next item usually extends the run taken last; where a variation came
// between a move's items, the run is copied first. When the memory is used
// up (by such copies), the list grows elsewhere. The list returned is
// capped, so that a caller's append cannot reach the next list.
func (r *runs[T]) add(list []T, v T) []T {
	n := len(list)
	extends := n == 0 || r.used > 0 && &list[n-1] == &r.items[r.used-1]
	need := 1
	if !extends {
		need += n
	}
	if r.used+need > len(r.items) {
		return append(list, v)
	}
	if !extends {
		r.used += copy(r.items[r.used:], list)
	}
	r.items[r.used] = v
	r.used++
	return r.items[r.used-n-1 : r.used : r.used]
}

// moveNumberFits reports whether a move number indication agrees with the
// position it precedes: its number, and no "..." before a white move.
// Small enough to be inlined into the replay, where nearly all agree.
func moveNumberFits(n *ast.MoveNumber, pos *chess.Position) bool {
	return n.Number == pos.FullmoveNumber() && (n.Dots < 3 || pos.Turn() == chess.Black)
}

// wrongMoveNumber reports a move number indication that does not fit the
// position it precedes, with the one that would.
func (c *checker) wrongMoveNumber(n *ast.MoveNumber, pos *chess.Position) {
	want := pos.FullmoveNumber()
	fix := fmt.Sprintf("%d.", want)
	if pos.Turn() == chess.Black {
		fix = fmt.Sprintf("%d...", want)
	}
	if d := c.add(diag.MoveNumberWrong, n, "found", strconv.Itoa(n.Number), "fix", fix); c.kept(d) {
		d.ReplaceCertain(fix)
	}
}

// Database checks every game of db and returns their models, in order, and
// the diagnostics of all of them, sorted by position.
func Database(db *ast.Database) ([]*model.Game, diag.List) {
	games := make([]*model.Game, 0, len(db.Games))
	var all diag.List
	for _, g := range db.Games {
		m, diags := Game(g)
		games = append(games, m)
		all = append(all, diags...)
	}
	all.Sort()
	return games, all
}

// DatabaseDiagnostics checks every game of db without building models.
func DatabaseDiagnostics(db *ast.Database) diag.List {
	var all diag.List
	for _, g := range db.Games {
		all = append(all, Diagnostics(g)...)
	}
	all.Sort()
	return all
}

// plyOf numbers the move about to be played in pos from the move numbers:
// 1 for white's first move, 2 for black's, and so on.
func plyOf(pos *chess.Position) int {
	ply := 2*(pos.FullmoveNumber()-1) + 1
	if pos.Turn() == chess.Black {
		ply++
	}
	return ply
}
