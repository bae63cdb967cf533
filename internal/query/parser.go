// Package query is pgnc select's query language: a query such as
//
//	white ~ "Carlsen" and eco in B90..B99 and not result = 1/2-1/2
//
// is scanned by a DFA that lexmachine compiles from package qtoken's
// patterns (tables_gen.go), parsed by goyacc's parser of grammar/query.y
// (query_gen.go), and compiled into a Query that tests games: on their tags
// alone, without replaying a move, when the query needs no more.
package query

import (
	"github.com/pgnc/pgnc/internal/query/qtoken"
)

// Op is the operation of a Node.
type Op uint8

// The operations of a query's tree.
const (
	OpTerm Op = iota
	OpAnd
	OpOr
	OpNot
)

// Node is a node of a query's tree: and, or, not, or a term.
type Node struct {
	Op   Op
	L, R *Node // the operands; L alone for OpNot
	Term *Term // for OpTerm
}

// Subject is what a term is about: its words ("draw by repetition"), or a
// word and the string in parentheses after it (tag("ECO")).
type Subject struct {
	Words []Token
	Arg   *Token
}

// tagSubject is the subject word("arg").
func tagSubject(word, arg Token) Subject { return Subject{Words: []Token{word}, Arg: &arg} }

// parser is the lexer that goyacc's parser calls, and the builder its
// actions call: it keeps the first error.
type parser struct {
	src       string
	pos       int
	prev, cur Token // the last two tokens handed out
	parens    []Token
	root      *Node
	err       *Error
	tokens    int // handed out so far
}

// Parse parses and compiles a query; its error is an *Error.
func Parse(src string) (*Query, error) {
	p := &parser{src: src}
	yyParse(p)
	if p.err == nil && p.root == nil {
		p.bad(Token{Pos: len(src)}, ErrEmpty)
	}
	if p.err != nil {
		return nil, p.err
	}
	return newQuery(src, p.root), nil
}

// Lex hands goyacc the next token; 0 at the end of the query, and at a
// character or string that no token takes, whose error it records.
func (p *parser) Lex(lval *yySymType) int {
	for p.pos < len(p.src) {
		t := scan(p.src, p.pos)
		p.pos = t.End()
		if t.Kind == qtoken.Whitespace {
			continue
		}
		p.prev, p.cur = p.cur, t
		p.tokens++
		switch t.Kind {
		case qtoken.Illegal:
			p.bad(t, ErrChar, t.Text)
			return 0
		case qtoken.OpenString:
			p.bad(t, ErrOpenString)
			return 0
		case qtoken.LParen:
			p.parens = append(p.parens, t)
		case qtoken.RParen:
			if len(p.parens) > 0 {
				p.parens = p.parens[:len(p.parens)-1]
			}
		}
		lval.tok = t
		return yaccToken[t.Kind]
	}
	p.prev, p.cur = p.cur, Token{Kind: qtoken.EOF, Pos: len(p.src)}
	return 0
}

// Error is goyacc's report of a syntax error at the last token handed out:
// it says what is wrong from the token before.
func (p *parser) Error(string) {
	if p.err != nil {
		return
	}
	cur, prev := p.cur, p.prev
	switch {
	case cur.Kind == qtoken.EOF && p.tokens == 0:
		p.bad(cur, ErrEmpty)
	case cur.Kind == qtoken.EOF && len(p.parens) > 0 && isValue(prev.Kind):
		p.bad(p.parens[len(p.parens)-1], ErrUnclosed)
	case p.tokens == 1 || prev.Kind == qtoken.Illegal:
		p.bad(cur, ErrUnexpectedFirst, cur.Text)
	case isOperator(prev.Kind) && (prev.Kind == qtoken.AtPly || prev.Kind == qtoken.AfterPly):
		p.bad(cur, ErrExpectNumber, prev.Text)
	case isOperator(prev.Kind):
		p.bad(cur, ErrExpectValue, prev.Text)
	case cur.Kind == qtoken.EOF:
		p.bad(cur, ErrEnd, prev.Text)
	default:
		p.bad(cur, ErrUnexpected, cur.Text, prev.Text)
	}
}

// isOperator reports whether a value must follow a token of kind k.
func isOperator(k qtoken.Kind) bool {
	switch k {
	case qtoken.Eq, qtoken.Ne, qtoken.Lt, qtoken.Le, qtoken.Gt, qtoken.Ge, qtoken.Match, qtoken.NoMatch,
		qtoken.In, qtoken.DotDot, qtoken.Comma, qtoken.AtPly, qtoken.AfterPly:
		return true
	}
	return false
}

// isValue reports whether a query may end after a token of kind k.
func isValue(k qtoken.Kind) bool {
	switch k {
	case qtoken.String, qtoken.Number, qtoken.Word, qtoken.RParen, qtoken.RBrack, qtoken.Final:
		return true
	}
	return false
}

// bad records the error code at token t, unless an error came first.
func (p *parser) bad(t Token, code ErrorCode, args ...string) {
	if p.err != nil {
		return
	}
	end := t.End()
	if end == t.Pos {
		end = t.Pos + 1
	}
	p.err = &Error{Query: p.src, Pos: t.Pos, End: end, Code: code, Args: args}
}

// failAt records the error code at the span [from, to).
func (p *parser) failAt(from, to int, code ErrorCode, args ...string) {
	p.bad(Token{Text: p.src[from:to], Pos: from}, code, args...)
}

func (p *parser) binary(op Op, l, r *Node) *Node { return &Node{Op: op, L: l, R: r} }

func (p *parser) not(_ Token, n *Node) *Node { return &Node{Op: OpNot, L: n} }

// term wraps a term, or a placeholder when building it failed.
func term(t *Term) *Node {
	if t == nil {
		t = &Term{}
	}
	return &Node{Op: OpTerm, Term: t}
}
