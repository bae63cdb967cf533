// Package floor measures the least that pgnc's parse can cost in its design:
// the automaton of lexer.Scanner and the driver that goyacc builds from the
// rules of grammar/pgn.y, fed the tokens the real glue feeds it, with no
// actions, no tree and no checks. Its grammar is
// pgn.y without actions, written by bench/floor/strip at go generate time.
// The benchmarks of this package and bench/floor.sh compare it with the
// real parse and check (docs/design.md, Speed); nothing else uses it.
package floor

import (
	"github.com/pgnc/pgnc/internal/lexer"
	"github.com/pgnc/pgnc/internal/token"
)

// Parse runs the scanner and the parser over src. It returns the number of
// tokens the parser took and of the syntax errors it reported.
func Parse(src string) (tokens, errors int) {
	l := glue{src: src}
	l.sc.Reset(src)
	yyParse(&l)
	return l.tokens, l.errors
}

// glue is the least glue between the scanner and the parser: a table from
// token kinds to grammar tokens, and runs of tag pairs and of movetext
// tokens delivered as one token each, as the real glue does.
type glue struct {
	sc     lexer.Scanner
	src    string
	tokens int
	errors int
	run    [256]lexer.Token // what lexer.Scanner.Run scans into
}

// grammarTokens maps token kinds to the parser's tokens. Whitespace never
// comes out of the scanner, and EOF ends the input (0).
var grammarTokens = [...]int{
	token.Illegal: tokBadMove, token.EOF: 0, token.BOM: tokRun,
	token.LBracket: tokLBracket, token.RBracket: tokRBracket,
	token.LParen: tokLParen, token.RParen: tokRParen,
	token.LAngle: tokBadMove, token.RAngle: tokBadMove,
	token.String: tokString, token.NAG: tokNAG,
	token.Comment: tokRun, token.LineComment: tokRun, token.Escape: tokRun, // comments travel in runs
	token.Result: tokResult, token.ResultQuirk: tokResult,
	token.Move: tokMove, token.MoveNumber: tokMoveNum, token.Integer: tokInteger,
	token.Dots: tokDots, token.Suffix: tokSuffix, token.EnPassant: tokSuffix,
	token.Symbol: tokBadMove,
}

// Lex delivers the next grammar token. A "[" starts a run of tag pairs: the
// scanner reads on to its "]", and on to the next one while a pair follows
// on the next line. A move, move number, NAG or comment starts a run of
// such tokens (inRun, and lexer.Scanner.Run for the rest of it).
func (l *glue) Lex(lval *yySymType) int {
	tok := l.sc.Next()
	l.tokens++
	lval.tok = tok
	switch tok.Kind {
	case token.LBracket:
		for {
			t := l.sc.Next()
			for t.Kind != token.RBracket && t.Kind != token.EOF {
				t = l.sc.Next()
			}
			if p := l.sc.Pos(); p+1 >= len(l.src) || l.src[p] != '\n' || l.src[p+1] != '[' {
				return tokTagPair
			}
			l.sc.Next() // the "[" of the next pair
		}
	case token.Move, token.MoveNumber, token.NAG, token.Comment:
		if !l.inRun(tok) || l.sc.Run(l.run[:], len(l.src)) == 0 {
			break
		}
		for l.sc.Run(l.run[:], len(l.src)) == len(l.run) {
		}
		return tokRun
	}
	return grammarTokens[tok.Kind]
}

// inRun reports whether t joins a run of movetext tokens: a move, NAG,
// comment, or move number other than "1.", which may start a game.
func (l *glue) inRun(t lexer.Token) bool {
	switch t.Kind {
	case token.Move, token.NAG, token.Comment:
		return true
	case token.MoveNumber:
		return l.src[t.Start:t.End] != "1."
	}
	return false
}

// Error counts a syntax error; the parser recovers at the next game.
func (l *glue) Error(string) { l.errors++ }
