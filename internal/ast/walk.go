package ast

// Visitor's Visit is called for each node by Walk. If it returns a non-nil
// visitor w, Walk visits the node's children with w, then calls w.Visit(nil).
type Visitor interface {
	Visit(n Node) (w Visitor)
}

// Walk traverses the tree rooted at n in depth-first source order.
func Walk(v Visitor, n Node) {
	if v = v.Visit(n); v == nil {
		return
	}
	switch n := n.(type) {
	case *Database:
		for _, g := range n.Games {
			Walk(v, g)
		}
		for _, e := range n.Escapes {
			Walk(v, e)
		}
	case *Game:
		for _, t := range n.Tags {
			Walk(v, t)
		}
		for _, e := range n.Moves {
			Walk(v, e)
		}
		if n.Result != nil {
			Walk(v, n.Result)
		}
		for _, c := range n.Trailing {
			Walk(v, c)
		}
	case *Variation:
		for _, e := range n.Elements {
			Walk(v, e)
		}
	}
	v.Visit(nil)
}

type inspector func(Node) bool

func (f inspector) Visit(n Node) Visitor {
	if f(n) {
		return f
	}
	return nil
}

// Inspect calls f for each node of the tree rooted at n in depth-first
// source order; when f returns false the node's children are skipped. After
// the children, f is called with nil.
func Inspect(n Node, f func(Node) bool) {
	Walk(inspector(f), n)
}
