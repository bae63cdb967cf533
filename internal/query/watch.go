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

// A Watch keeps the positions of the main lines of a piece's games as a
// check replays them (reader.PositionWatcher), for a Positional query.
type Watch struct {
	log []chess.Position // every position kept since Reset
	// games gives, for each game but the last, where its last start at
	// ply 0 stands in log and where its positions end; the last one's
	// start at from.
	games map[*ast.Game]span
	last  *ast.Game
	from  int
}

// span is where the positions of one game stand in a Watch's log.
type span struct{ from, to int }

// Position keeps pos, the position after ply plies of g's main line.
func (w *Watch) Position(g *ast.Game, ply int, pos chess.Position) {
	if ply == 0 {
		w.settle()
		w.last, w.from = g, len(w.log)
	}
	w.log = append(w.log, pos)
}

// settle records the span of the game whose positions came last.
func (w *Watch) settle() {
	if w.last == nil {
		return
	}
	if w.games == nil {
		w.games = make(map[*ast.Game]span)
	}
	w.games[w.last] = span{w.from, len(w.log)}
}

// Reset forgets the games watched so far.
func (w *Watch) Reset() {
	w.log, w.last = w.log[:0], nil
	clear(w.games)
}

// ResetWatched makes g the game of tags and diags, the game played whose
// main line w watched. g reads w's positions until its next Reset, which
// leaves them to w.
func (g *Game) ResetWatched(tags model.Tags, diags diag.List, w *Watch, played *ast.Game) {
	g.Tags, g.Model, g.Diags = tags, nil, diags
	w.settle()
	s := w.games[played]
	g.positions, g.borrowed = w.log[s.from:s.to:s.to], true
	g.replayed = true
}
