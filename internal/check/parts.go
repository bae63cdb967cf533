package check

import (
	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/ast"
)

// Parts checks a game whose tag section or movetext comes in parts while
// it is parsed (parser.Parser.Parts), so that a huge game is checked
// without its whole syntax tree in memory. It builds no model. What End
// returns is what Replay returns for the whole game, with two differences:
// a game that writes piece letters of another language than English is
// read in the language that its first part of movetext settles (see
// Checker.Language), and the values of tags handed out are reported as
// written, before the parser decodes the game's text (parser.Encoding).
type Parts struct {
	c checker
	// lines are the main line and the variations open in it, innermost
	// last.
	lines []lineState
	// kept holds copies of the tags that the checks look up, from the
	// parts handed out, whose memory the parser uses again.
	kept     [lookedUpTags]ast.TagPair
	tagsDone bool // the tag section is complete (movetext has come)
	replay   bool // the start position is known: the moves are replayed
	picked   bool // the language is settled
	game     *ast.Game
}

// Begin starts the check of g.
func (k Checker) Begin(g *ast.Game) *Parts {
	p := &Parts{c: checker{repeats: diag.Repeats{Max: k.MaxRepeats}, language: k.Language, catalog: k.Catalog}, lines: make([]lineState, 1), game: g}
	p.c.tags.seen = map[string]bool{} // the section may come in parts
	return p
}

// Tags checks the next tags of the tag section.
func (p *Parts) Tags(tags []*ast.TagPair) {
	before := p.c.tags.first
	p.c.addTags(tags)
	for k, t := range p.c.tags.first {
		if t != nil && t != before[k] {
			p.kept[k] = *t
			p.c.tags.first[k] = &p.kept[k]
		}
	}
}

// movetext completes the tag section with the tags the game still holds
// and works out the start position, once movetext comes. Its diagnostics
// wait for End, when the parser has decoded the tags.
func (p *Parts) movetext() {
	if p.tagsDone {
		return
	}
	p.tagsDone = true
	c := &p.c
	c.addTags(p.game.Tags)
	n, repeats := len(c.diags), c.repeats.Clone()
	start, ok := c.startPosition()
	c.diags, c.repeats = c.diags[:n], repeats
	p.replay, p.lines[0].cur = ok && p.game.UnparsedFrom == 0, start
}

// Add checks the next elements of the line open innermost.
func (p *Parts) Add(elems []ast.Element) {
	p.movetext()
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
	p.movetext()
	line := &p.lines[len(p.lines)-1]
	v := lineState{cur: line.cur, stopped: line.stopped}
	if line.plies > 0 {
		v.cur = line.before
	}
	p.lines = append(p.lines, v)
}

// Close closes the variation opened last.
func (p *Parts) Close() { p.lines = p.lines[:len(p.lines)-1] }

// End checks the rest of g, whose Tags and Moves hold what came after the
// last part, and returns the game's diagnostics, sorted by position, and
// how many plies of its main line were replayed.
func (p *Parts) End(g *ast.Game) (diag.List, int) {
	c, main := &p.c, &p.lines[0]
	p.game = g
	p.movetext()
	// The game had no number while its parts were checked.
	for i := range c.diags {
		c.diags[i].Game = g.Index
	}
	c.index = g.Index
	c.finishTags()
	c.startPosition() // as movetext found it: only its diagnostics are new
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
