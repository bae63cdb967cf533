package main

import (
	"github.com/pgnc/pgnc/internal/check"
	"github.com/pgnc/pgnc/internal/query"
)

// queryDetail returns what is wrong inside the value of a position,
// pattern or material term, in the language of the run: the FEN's field
// and problem (the caret shows its column), or the detail of a pattern or
// material; else the English text of the error's argument.
func queryDetail(e *query.Error) string {
	if fe := e.FEN; fe != nil {
		return msg.Diag.Render(check.FENProblem, check.FENArgs(fe)...)
	}
	a := func(i int) string {
		if i < len(e.DetailArgs) {
			return e.DetailArgs[i]
		}
		return ""
	}
	switch e.Detail {
	case query.PatternFields:
		return msg.Sprintf("write eight ranks separated by /, then w or b if the side to move matters")
	case query.PatternSide:
		return msg.Sprintf("the side to move is w or b, not '%s'", a(0))
	case query.PatternRanks:
		return msg.Sprintf("a pattern has eight ranks separated by /")
	case query.PatternOpenSet:
		return msg.Sprintf("'[' without ']' in '%s'", a(0))
	case query.PatternSetLetter:
		return msg.Sprintf("'%s' in [...] is not a piece letter, A, a or _ (empty)", a(0))
	case query.PatternLetter:
		return msg.Sprintf("'%s' is not a piece letter, digit, ?, !, A, a, * or [...]", a(0))
	case query.PatternSquares:
		return msg.Sprintf("rank '%s' does not hold eight squares", a(0))
	case query.MaterialSides:
		return msg.Sprintf("write white's pieces, vs, and black's: \"KQ vs KR\"")
	case query.MaterialLetter:
		return msg.Sprintf("'%s' is not a piece letter (K, Q, R, B, N, P)", a(0))
	case query.MaterialKings:
		return msg.Sprintf("a side has one king")
	}
	if len(e.Args) > 0 {
		return e.Args[0]
	}
	return ""
}
