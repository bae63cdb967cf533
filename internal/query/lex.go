package query

import (
	"unicode/utf8"

	"github.com/pgnc/pgnc/internal/query/qtoken"
)

// Token is one token of a query: its kind, its text as written and the
// byte offset where it starts.
type Token struct {
	Kind qtoken.Kind
	Text string
	Pos  int
}

// End returns the offset just past the token.
func (t Token) End() int { return t.Pos + len(t.Text) }

// scan returns the longest token at src[pos:], pos < len(src), as the DFA
// of dfaNext finds it: the token of the last accepting state passed, or
// one character of kind Illegal where no pattern matches.
func scan(src string, pos int) Token {
	state, last, kind := 1, -1, qtoken.Illegal
	for i := pos; i < len(src); i++ {
		state = int(dfaNext[state][src[i]])
		if state == 0 {
			break
		}
		if k := dfaAccept[state]; k != qtoken.Illegal {
			last, kind = i+1, k
		}
	}
	if last < 0 {
		_, n := utf8.DecodeRuneInString(src[pos:])
		return Token{Kind: qtoken.Illegal, Text: src[pos : pos+n], Pos: pos}
	}
	return Token{Kind: kind, Text: src[pos:last], Pos: pos}
}

// Tokens returns the tokens of src, white space left out, up to the first
// that is Illegal or OpenString, which it includes.
func Tokens(src string) []Token {
	var out []Token
	for pos := 0; pos < len(src); {
		t := scan(src, pos)
		pos = t.End()
		if t.Kind == qtoken.Whitespace {
			continue
		}
		out = append(out, t)
		if t.Kind == qtoken.Illegal || t.Kind == qtoken.OpenString {
			break
		}
	}
	return out
}

// yaccToken maps the token kinds to goyacc's token numbers.
var yaccToken = [qtoken.NumKinds]int{
	qtoken.String: tokString, qtoken.Number: tokNumber, qtoken.Word: tokWord,
	qtoken.LParen: tokLParen, qtoken.RParen: tokRParen, qtoken.LBrack: tokLBrack, qtoken.RBrack: tokRBrack,
	qtoken.Comma: tokComma, qtoken.DotDot: tokDotDot,
	qtoken.Eq: tokEq, qtoken.Ne: tokNe, qtoken.Lt: tokLt, qtoken.Le: tokLe, qtoken.Gt: tokGt, qtoken.Ge: tokGe,
	qtoken.Match: tokMatch, qtoken.NoMatch: tokNoMatch,
	qtoken.And: tokAnd, qtoken.Or: tokOr, qtoken.Not: tokNot, qtoken.In: tokIn, qtoken.Contains: tokContains,
	qtoken.Has: tokHas, qtoken.ToMove: tokToMove, qtoken.AtPly: tokAtPly, qtoken.AfterPly: tokAfterPly, qtoken.Final: tokFinal,
}
