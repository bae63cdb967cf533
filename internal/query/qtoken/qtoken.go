// Package qtoken defines the tokens of pgnc select's query language and the
// lexmachine patterns that recognise them. The patterns are the single
// source of truth: go generate compiles them into the DFA tables of package
// query (internal/query/internal/gentables), and the tests of package query
// run lexmachine's own scanner over the same patterns to prove that the
// generated scanner agrees with it.
package qtoken

import (
	"fmt"
	"strings"
)

// Kind identifies the class of a token.
type Kind uint8

// The token kinds. Illegal and EOF come from the scanner itself; the others
// from Patterns.
const (
	Illegal    Kind = iota // bytes that no pattern matches
	EOF                    // end of the query
	Whitespace             // spaces, tabs and line breaks
	String                 // a double-quoted string with \" and \\ escapes
	OpenString             // a double quote that no second one closes
	Number                 // an integer or decimal number, maybe negative
	Word                   // a bare word: a name, or a value such as B90, 1-0, 2024.??.??
	LParen                 // (
	RParen                 // )
	LBrack                 // [
	RBrack                 // ]
	Comma                  // ,
	DotDot                 // .. between the ends of a range
	Eq                     // = or ==
	Ne                     // != or <>
	Lt                     // <
	Le                     // <=
	Gt                     // >
	Ge                     // >=
	Match                  // ~, a regular expression
	NoMatch                // !~
	And                    // and, &&
	Or                     // or, ||
	Not                    // not, !
	In                     // in
	Contains               // contains
	Has                    // has
	ToMove                 // to move
	AtPly                  // at ply
	AfterPly               // after ply
	Final                  // in final position, at end
	NumKinds
)

var kindNames = [NumKinds]string{
	Illegal: "illegal", EOF: "end of query", Whitespace: "whitespace", String: "string", OpenString: "unclosed string",
	Number: "number", Word: "word", LParen: "(", RParen: ")", LBrack: "[", RBrack: "]", Comma: ",", DotDot: "..",
	Eq: "=", Ne: "!=", Lt: "<", Le: "<=", Gt: ">", Ge: ">=", Match: "~", NoMatch: "!~",
	And: "and", Or: "or", Not: "not", In: "in", Contains: "contains", Has: "has",
	ToMove: "to move", AtPly: "at ply", AfterPly: "after ply", Final: "in final position",
}

// String names the kind.
func (k Kind) String() string {
	if k < NumKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Pattern is one lexmachine regular expression and the kind it produces.
type Pattern struct {
	Kind  Kind
	Regex string
}

// keyword returns a pattern for the words of phrase in any case, with any
// white space between them.
func keyword(phrase string) string {
	var b strings.Builder
	for i, w := range strings.Fields(phrase) {
		if i > 0 {
			b.WriteString(`[ \t\r\n]+`)
		}
		for _, c := range w {
			fmt.Fprintf(&b, "[%c%c]", c, c-'a'+'A')
		}
	}
	return b.String()
}

// wordByte is a byte of a bare word: letters, digits, bytes of UTF-8
// characters beyond ASCII, and _ ? * / -, which values such as
// 2024.??.??, 1/2-1/2 and * need; not = < > ! ~, so that "elo>2500" is
// three tokens. A "." or ":" joins two runs of them, so that "B90..B99" is
// a range, and 2024.01.15 and a clock time 1:05:00 one word.
const wordByte = "[A-Za-z0-9_?*/\x80-\xff-]"

// Patterns lists the token patterns in priority order: when two patterns
// match the same longest text, the earlier one wins (lexmachine's rule).
// So "and" is the keyword and not a word, "-300" a number.
var Patterns = []Pattern{
	{Whitespace, `[ \t\r\n]+`},
	{String, `"([^"\\]|\\.)*"`},
	{OpenString, `"([^"\\]|\\.)*\\?`},
	{Eq, `==?`},
	{Ne, `(!=|<>)`},
	{Lt, `<`},
	{Le, `<=`},
	{Gt, `>`},
	{Ge, `>=`},
	{Match, `~`},
	{NoMatch, `!~`},
	{And, `(` + keyword("and") + `|&&)`},
	{Or, `(` + keyword("or") + `|\|\|)`},
	{Not, `(` + keyword("not") + `|!)`},
	{In, keyword("in")},
	{Contains, keyword("contains")},
	{Has, keyword("has")},
	{ToMove, keyword("to move")},
	{AtPly, keyword("at ply")},
	{AfterPly, keyword("after ply")},
	{Final, `(` + keyword("in final position") + `|` + keyword("at end") + `)`},
	{Number, `-?[0-9]+(\.[0-9]+)?`},
	{Word, wordByte + `+([.:]` + wordByte + `+)*`},
	{LParen, `\(`},
	{RParen, `\)`},
	{LBrack, `\[`},
	{RBrack, `\]`},
	{Comma, `,`},
	{DotDot, `\.\.`},
}
