package query

import (
	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/diag"
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

// A Watch keeps the positions of a game's main line as a check replays it
// (reader.PositionWatcher), for a Positional query.
type Watch struct {
	positions []chess.Position
}

// Position keeps pos, the position after ply plies of the main line.
func (w *Watch) Position(ply int, pos chess.Position) {
	if ply == 0 {
		w.positions = w.positions[:0]
	}
	w.positions = append(w.positions, pos)
}

// ResetWatched makes g the game of tags and diags whose main line w
// watched, and makes w ready for the next game. g holds w's positions
// until its next Reset.
func (g *Game) ResetWatched(tags model.Tags, diags diag.List, w *Watch) {
	g.Tags, g.Model, g.Diags = tags, nil, diags
	g.positions, w.positions = w.positions, g.positions[:0]
	g.replayed = true
}
