package query

import "github.com/pgnc/pgnc/model"

// DecideByTags reports whether the tags of a game decide the query
// whatever its moves, and then whether it holds: a query that needs only
// tags is always decided; "white ~ X and checkmate" is decided, false, for
// a game whose White is not X. The three-valued logic is Kleene's: "and"
// is false when one side is, "or" true when one side is, "not" turns a
// decided answer round. A term that looks at the game itself, its moves
// or its positions is undecided here, even one that reads a tag when it
// has one (eco and opening classify the moves without it).
func (q *Query) DecideByTags(tags model.Tags) (match, decided bool) {
	return decideByTags(q.root, tags)
}

// ReadsTags reports whether a term of the query reads the tags, so that
// DecideByTags may decide it for some games: a caller that asks of every
// game spares itself the tags of a query that reads none.
func (q *Query) ReadsTags() bool { return q.readsTags }

func decideByTags(n *Node, tags model.Tags) (match, decided bool) {
	switch n.Op {
	case OpAnd:
		l, lok := decideByTags(n.L, tags)
		if lok && !l {
			return false, true
		}
		r, rok := decideByTags(n.R, tags)
		if rok && !r {
			return false, true
		}
		return true, lok && rok
	case OpOr:
		l, lok := decideByTags(n.L, tags)
		if lok && l {
			return true, true
		}
		r, rok := decideByTags(n.R, tags)
		if rok && r {
			return true, true
		}
		return false, lok && rok
	case OpNot:
		m, ok := decideByTags(n.L, tags)
		return !m, ok
	}
	if n.Term.tags == nil {
		return false, false
	}
	return n.Term.tags(tags) != n.Term.negate, true
}
