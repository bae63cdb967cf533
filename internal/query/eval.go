package query

import (
	"strings"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/model"
)

// Query is a compiled query. Its Match may be called from several
// goroutines at once, each with its own Game.
type Query struct {
	Text  string
	root  *Node
	level Level
	// readsTags says that a term reads the tags (DecideByTags).
	readsTags bool
}

func newQuery(src string, root *Node) *Query {
	q := &Query{Text: src, root: root}
	var walk func(*Node)
	walk = func(n *Node) {
		if n == nil {
			return
		}
		if n.Term != nil {
			q.level = max(q.level, n.Term.level)
			q.readsTags = q.readsTags || n.Term.tags != nil
		}
		walk(n.L)
		walk(n.R)
	}
	walk(root)
	return q
}

// Needs returns what the query needs of a game: NeedTags when its tags
// decide it, NeedMoves when its moves must be replayed.
func (q *Query) Needs() Level { return q.level }

// Game is what a query tests: a game's tags, and, for a query that needs
// moves, its model and diagnostics. A Game may be reused for the next
// game with Reset, which keeps the memory of its positions.
type Game struct {
	Tags  model.Tags
	Model *model.Game // nil when the query needs only tags, or the game has none
	Diags diag.List

	positions []chess.Position // of the main line, ply 0 first, once replayed
	replayed  bool
	borrowed  bool // positions are a Watch's (ResetWatched)
	// tested are the position terms that a Watch tested on the positions
	// as they came (NewWatch), and hits has bit i set when tested[i]
	// held on one of them.
	tested []*Term
	hits   uint64
}

// Reset makes g the game of tags, m and diags.
func (g *Game) Reset(tags model.Tags, m *model.Game, diags diag.List) {
	g.Tags, g.Model, g.Diags = tags, m, diags
	if g.borrowed {
		g.positions, g.borrowed = nil, false
	}
	g.positions, g.replayed = g.positions[:0], false
	g.tested, g.hits = nil, 0
}

// Match reports whether the query holds for g.
func (q *Query) Match(g *Game) bool { return q.eval(q.root, g) }

func (q *Query) eval(n *Node, g *Game) bool {
	switch n.Op {
	case OpAnd:
		return q.eval(n.L, g) && q.eval(n.R, g)
	case OpOr:
		return q.eval(n.L, g) || q.eval(n.R, g)
	case OpNot:
		return !q.eval(n.L, g)
	}
	return n.Term.test(g) != n.Term.negate
}

// test runs the term on g.
func (t *Term) test(g *Game) bool {
	switch {
	case t.tags != nil:
		return t.tags(g.Tags)
	case t.game != nil:
		return t.game(g)
	case t.pos != nil:
		for i, tt := range g.tested {
			if tt == t {
				return g.hits&(1<<i) != 0
			}
		}
		ps := g.replay()
		from, to := 0, len(ps)
		switch {
		case t.final:
			from = len(ps) - 1
		case t.at >= 0:
			from, to = t.at, t.at+1
		case t.after >= 0:
			from = t.after + 1
		}
		for i := max(from, 0); i < min(to, len(ps)); i++ {
			if t.pos(&ps[i]) {
				return true
			}
		}
		return false
	case t.move != nil:
		if g.Model == nil {
			return false
		}
		ms := g.Model.Moves
		from, to := 0, len(ms)
		switch {
		case t.final:
			from = len(ms) - 1
		case t.at >= 1:
			from, to = t.at-1, t.at
		case t.at == 0:
			return false
		case t.after >= 0:
			from = t.after
		}
		for i := max(from, 0); i < min(to, len(ms)); i++ {
			if t.move(ms[i]) {
				return true
			}
		}
		return false
	}
	return false // a term that failed to build: Parse returned its error
}

// replay returns the positions of the main line, the start first.
func (g *Game) replay() []chess.Position {
	if g.replayed || g.Model == nil {
		return g.positions
	}
	g.replayed = true
	pos := g.Model.Start
	if pos == (chess.Position{}) {
		return g.positions[:0] // no start: an unknown variant, a bad FEN
	}
	g.positions = append(g.positions[:0], pos)
	for _, m := range g.Model.Moves {
		m.Play(&pos)
		g.positions = append(g.positions, pos)
	}
	return g.positions
}

// finalStatus returns the status of the final position of the main line.
func (g *Game) finalStatus() chess.Status {
	ps := g.replay()
	if len(ps) == 0 {
		return chess.Ongoing
	}
	return ps[len(ps)-1].Status()
}

// anyMove reports whether a move of the main line passes f.
func (g *Game) anyMove(f func(*model.Move) bool) bool {
	if g.Model == nil {
		return false
	}
	for _, m := range g.Model.Moves {
		if f(m) {
			return true
		}
	}
	return false
}

// anyDiag reports whether a diagnostic of the game passes f.
func (g *Game) anyDiag(f func(diag.Diagnostic) bool) bool {
	for _, d := range g.Diags {
		if f(d) {
			return true
		}
	}
	return false
}

// anyComment reports whether a comment of the main line, before or after
// its moves, passes f.
func (g *Game) anyComment(f func(string) bool) bool {
	if g.Model == nil {
		return false
	}
	for _, list := range [][]string{g.Model.Comments, g.Model.Trailing} {
		for _, c := range list {
			if f(c) {
				return true
			}
		}
	}
	for _, m := range g.Model.Moves {
		for _, list := range [][]string{m.Before, m.Comments} {
			for _, c := range list {
				if f(c) {
					return true
				}
			}
		}
	}
	return false
}

// starts reports whether the main line starts from the initial position
// and reaches the positions of after, one a ply: it plays the moves that
// reach them, as no two moves from one position reach the same one.
func (g *Game) starts(after []chess.Position) bool {
	ps := g.replay()
	if len(ps) <= len(after) || !ps[0].Same(&initialPosition) {
		return false
	}
	for i := range after {
		if !ps[i+1].Same(&after[i]) {
			return false
		}
	}
	return true
}

// positionsAfter returns the positions that moves reach from the initial
// position, one a move.
func positionsAfter(moves []chess.Move) []chess.Position {
	pos := chess.StartingPosition()
	after := make([]chess.Position, len(moves))
	for i, m := range moves {
		pos.Play(m)
		after[i] = pos
	}
	return after
}

var initialPosition = chess.StartingPosition()

// containsMoves reports whether the main line plays the moves of want,
// canonical SAN without check marks, one after the other.
func (g *Game) containsMoves(want []string) bool {
	if g.Model == nil {
		return false
	}
	ms := g.Model.Moves
	for i := 0; i+len(want) <= len(ms); i++ {
		ok := true
		for j, w := range want {
			if strings.TrimRight(ms[i+j].SAN, "+#") != w {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}
