package check

import (
	"github.com/pgnc/pgnc/ast"
	"github.com/pgnc/pgnc/diag"
)

// Parts checks a game whose movetext comes in parts while it is parsed
// (parser.Parser.Parts), so that a huge game is checked without its whole
// syntax tree in memory. It builds no model. What End returns is what
// Replay returns for the whole game, with one difference: a game that
// writes piece letters of another language than English is read in the
// language that its first part settles (see Checker.Language).
type Parts struct {
	c checker
	// lines are the main line and the variations open in it, innermost
	// last.
	lines  []lineState
	replay bool // the start position is known: the moves are replayed
	picked bool // the language is settled
	game   *ast.Game
}

// Begin starts the check of g, whose tag section is complete.
func (k Checker) Begin(g *ast.Game) *Parts {
	p := &Parts{c: checker{repeats: diag.Repeats{Max: k.MaxRepeats}, language: k.Language, catalog: k.Catalog}, lines: make([]lineState, 1), game: g}
	c := &p.c
	c.checkTags(g)
	start, ok := c.startPosition()
	p.replay, p.lines[0].cur = ok, start
	// The tags are reported by End: the parser decodes their values at
	// the end of the game (parser.Parser.Encoding).
	c.diags, c.repeats = c.diags[:0], diag.Repeats{Max: k.MaxRepeats}
	return p
}

// Add checks the next elements of the line open innermost.
func (p *Parts) Add(elems []ast.Element) {
	if !p.replay {
		return
	}
	if !p.picked {
		sofar := *p.game
		sofar.Moves = elems
		p.c.pickLanguage(&sofar, &p.lines[0].cur)
		p.picked = true
	}
	p.c.feed(&p.lines[len(p.lines)-1], elems)
}

// Open opens a variation of the line open innermost: it starts from the
// position before that line's last move, as a variation element does.
func (p *Parts) Open() {
	line := &p.lines[len(p.lines)-1]
	v := lineState{cur: line.cur, stopped: line.stopped}
	if line.plies > 0 {
		v.cur = line.before
	}
	p.lines = append(p.lines, v)
}

// Close closes the variation opened last.
func (p *Parts) Close() { p.lines = p.lines[:len(p.lines)-1] }

// End checks the rest of g's main line, g.Moves, and its result, and
// returns the game's diagnostics, sorted by position, and how many plies of
// its main line were replayed.
func (p *Parts) End(g *ast.Game) (diag.List, int) {
	c, main := &p.c, &p.lines[0]
	// The game had no number while its parts were checked.
	for i := range c.diags {
		c.diags[i].Game = g.Index
	}
	c.index = g.Index
	c.checkTags(g)
	c.startPosition() // as Begin found it: only its diagnostics are new
	c.tagsVsGame(g)
	if p.replay {
		p.Add(g.Moves)
		if !main.stopped && !g.Broken {
			c.checkResult(g, &main.cur, main.plies)
		}
	}
	c.repeats.Flush(&c.diags, c.index)
	c.diags.Sort()
	return c.diags, main.plies
}
