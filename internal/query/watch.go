package query

import (
	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/model"
)

// Positional reports whether the query reads nothing of a game but its
// tags and the positions of its main line (position, pattern, material,
// to move, checkmate, stalemate), so that a Watch of the replay can stand
// in for the game's model, which costs several times the replay to build.
func (q *Query) Positional() bool {
	var all func(*Node) bool
	all = func(n *Node) bool {
		if n == nil {
			return true
		}
		if t := n.Term; t != nil && t.tags == nil && t.pos == nil && !t.positional {
			return false
		}
		return all(n.L) && all(n.R)
	}
	return q.level == NeedMoves && all(q.root)
}

// MovesNeeded returns how many moves of the main line a Positional query
// reads at most, so that the rest of a game's movetext can be left unread:
// -1 when it may read them all (a term about any position, the final one,
// or how the game ends).
func (q *Query) MovesNeeded() int {
	need := 0
	var walk func(*Node) bool
	walk = func(n *Node) bool {
		if n == nil {
			return true
		}
		switch t := n.Term; {
		case t == nil:
		case t.tags != nil:
		case t.firstMoves > 0:
			need = max(need, t.firstMoves)
		case t.pos != nil && !t.final && t.at >= 0:
			need = max(need, t.at)
		default:
			return false
		}
		return walk(n.L) && walk(n.R)
	}
	if !walk(q.root) {
		return -1
	}
	return need
}

// A Watch follows the positions of the main lines of a piece's games as a
// check replays them (reader.PositionWatcher), for a Positional query. A
// Watch made by NewWatch for a query whose positions are tested by its
// position terms alone, at any ply, at ply N or after it, tests them on
// each position as it comes and keeps, for each game, which held: nothing
// is copied, and each term is tested once on a position. Otherwise, and
// for the zero Watch, it keeps the positions in a log for the query to
// read, as the final position, checkmate and starts need.
type Watch struct {
	// terms are the query's position terms, each with its bit in hits;
	// nil for a Watch that keeps a log.
	terms []*Term
	all   uint64           // the bits of all terms
	hits  uint64           // the terms that held on a position of the last game
	log   []chess.Position // every position kept since Reset
	// only is the test of the one term, when it tests every position,
	// and men its Term.men.
	only func(*chess.Position) bool
	men  int
	// games gives, for each game but the last, where its last start at
	// ply 0 stands in log and where its positions end, or the terms that
	// held; the last one's start at from.
	games map[*ast.Game]watched
	last  *ast.Game
	from  int
}

// watched is what a Watch keeps of one game: where its positions stand in
// the log, or the terms that held on them.
type watched struct {
	from, to int
	hits     uint64
}

// NewWatch returns a Watch for q that tests q's position terms as the
// positions come where it can.
func NewWatch(q *Query) *Watch {
	w := new(Watch)
	var terms []*Term
	tested := true
	var walk func(*Node)
	walk = func(n *Node) {
		if n == nil {
			return
		}
		switch t := n.Term; {
		case t == nil:
		case t.pos != nil && !t.final && len(terms) < 64:
			terms = append(terms, t)
		case t.tags == nil:
			tested = false // read from the positions: the final one, or many
		}
		walk(n.L)
		walk(n.R)
	}
	walk(q.root)
	if tested && len(terms) > 0 {
		w.terms = terms
		for i := range terms {
			w.all |= 1 << i
		}
		if t := terms[0]; len(terms) == 1 && t.at < 0 && t.after < 0 {
			w.only, w.men = t.pos, t.men
		}
	}
	return w
}

// Position follows pos, the position after ply plies of g's main line,
// which it must not keep.
func (w *Watch) Position(g *ast.Game, ply int, pos *chess.Position) {
	if ply == 0 {
		w.settle()
		w.last, w.from, w.hits = g, len(w.log), 0
	}
	switch {
	case w.only != nil:
		// The commonest query, material or a pattern at any ply.
		if w.hits == 0 && (w.men == 0 || pos.Occupied().Count() == w.men) && w.only(pos) {
			w.hits = 1
		}
		return
	case w.terms == nil:
		w.log = append(w.log, *pos)
		return
	case w.hits == w.all:
		return
	}
	for i, t := range w.terms {
		if bit := uint64(1) << i; w.hits&bit == 0 && t.covers(ply) && t.pos(pos) {
			w.hits |= bit
		}
	}
}

// covers reports whether a position term tests the position after ply
// plies (Term.test).
func (t *Term) covers(ply int) bool {
	switch {
	case t.at >= 0:
		return ply == t.at
	case t.after >= 0:
		return ply > t.after
	}
	return true
}

// settle records what was kept of the game whose positions came last.
func (w *Watch) settle() {
	if w.last == nil {
		return
	}
	if w.games == nil {
		w.games = make(map[*ast.Game]watched)
	}
	w.games[w.last] = watched{w.from, len(w.log), w.hits}
}

// Reset forgets the games watched so far.
func (w *Watch) Reset() {
	w.log, w.last = w.log[:0], nil
	clear(w.games)
}

// ResetWatched makes g the game of tags and diags, the game played whose
// main line w watched. g reads what w kept of it until w's next Reset.
func (g *Game) ResetWatched(tags model.Tags, diags diag.List, w *Watch, played *ast.Game) {
	g.Tags, g.Model, g.Diags = tags, nil, diags
	w.settle()
	s := w.games[played]
	g.positions, g.borrowed = w.log[s.from:s.to:s.to], true
	g.replayed = true
	g.tested, g.hits = w.terms, s.hits
}
