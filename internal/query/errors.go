package query

import (
	"fmt"
	"strings"

	"github.com/pgnc/pgnc/chess"
)

// ErrorCode says what is wrong with a query; Error.Args fill in its
// message (Messages).
type ErrorCode uint8

// The errors of a query.
const (
	ErrEmpty           ErrorCode = iota // no term at all
	ErrChar                             // a character no token starts with: Args[0]
	ErrOpenString                       // a string that no " closes
	ErrExpectValue                      // no value after an operator: Args[0]
	ErrExpectNumber                     // no number after at ply, after ply: Args[0]
	ErrEnd                              // the query ends too early, after Args[0]
	ErrUnclosed                         // a "(" that no ")" closes
	ErrUnexpected                       // token Args[0] where it cannot stand, after Args[1]
	ErrUnexpectedFirst                  // token Args[0] at the start
	ErrUnknown                          // unknown term Args[0]
	ErrUnknownSuggest                   // unknown term Args[0], maybe Args[1]
	ErrNeedsCompare                     // term Args[0] needs a comparison, such as Args[1]
	ErrNoCompare                        // term Args[0] takes no comparison
	ErrBadOp                            // term Args[0] does not take operator Args[1]
	ErrNotNumber                        // Args[0] is not a number
	ErrRegexp                           // bad regular expression: Args[0]
	ErrFEN                              // bad FEN: Args[0]
	ErrPattern                          // bad pattern: Args[0]
	ErrMaterial                         // bad material: Args[0]
	ErrMove                             // move Args[0] of the sequence: Args[1]
	ErrDate                             // Args[0] is not a date
	ErrECO                              // Args[0] is not an ECO code
	ErrWhere                            // Args[0] (at ply...) applies to positions and moves, not to this term
	ErrSide                             // to move takes white or black, not Args[0]
	ErrCode                             // Args[0] is not a diagnostic code
	ErrClock                            // Args[0] is not a clock time
	numErrorCodes
)

// Messages are the English formats of the error codes, with a %s for each
// of Error.Args.
var Messages = [numErrorCodes]string{
	ErrEmpty:           "the query is empty: give a term, such as white ~ \"Carlsen\"",
	ErrChar:            "unexpected character '%s'",
	ErrOpenString:      "the string is not closed: a \" is missing",
	ErrExpectValue:     "expected a value after '%s'",
	ErrExpectNumber:    "expected a number after '%s'",
	ErrEnd:             "the query ends after '%s': a term or a value is missing",
	ErrUnclosed:        "'(' is not closed: a ')' is missing",
	ErrUnexpected:      "unexpected '%s' after '%s'",
	ErrUnexpectedFirst: "unexpected '%s' at the start of the query",
	ErrUnknown:         "unknown term '%s'; 'pgnc help select' lists the terms",
	ErrUnknownSuggest:  "unknown term '%s'; did you mean '%s'?",
	ErrNeedsCompare:    "'%s' needs a comparison, such as %s",
	ErrNoCompare:       "'%s' takes no comparison",
	ErrBadOp:           "'%s' does not take '%s'",
	ErrNotNumber:       "'%s' is not a number",
	ErrRegexp:          "bad regular expression: %s",
	ErrFEN:             "bad FEN: %s",
	ErrPattern:         "bad pattern: %s",
	ErrMaterial:        "bad material: %s",
	ErrMove:            "move '%s' of the sequence: %s",
	ErrDate:            "'%s' is not a date: write YYYY, YYYY.MM or YYYY.MM.DD, where ?? may stand for a part",
	ErrECO:             "'%s' is not an ECO code (A00 to E99)",
	ErrWhere:           "'%s' applies to position, pattern, material, to move, eval and clock terms, not to this one",
	ErrSide:            "'to move' takes white or black, not '%s'",
	ErrCode:            "'%s' is not a diagnostic code such as PGN301",
	ErrClock:           "'%s' is not a clock time such as 1:30:00 or a number of seconds",
}

// Detail says what is wrong inside the value of a pattern or material
// term (ErrPattern, ErrMaterial); Error.DetailArgs fill in its message
// (DetailMessages), which Error.Args[0] holds in English.
type Detail uint8

// The details of ErrPattern and ErrMaterial.
const (
	NoDetail         Detail = iota
	PatternFields           // not one or two fields
	PatternSide             // DetailArgs[0] is not w or b
	PatternRanks            // not eight ranks
	PatternOpenSet          // a [ without ] in rank DetailArgs[0]
	PatternSetLetter        // DetailArgs[0] in [...] is not a piece letter
	PatternLetter           // DetailArgs[0] is no element of a pattern
	PatternSquares          // rank DetailArgs[0] does not hold eight squares
	MaterialSides           // not two sides separated by vs
	MaterialLetter          // DetailArgs[0] is not a piece letter
	MaterialKings           // a side with more than one king
	numDetails
)

// DetailMessages are the English formats of the details, with a %s for
// each of Error.DetailArgs.
var DetailMessages = [numDetails]string{
	PatternFields:    "write eight ranks separated by /, then w or b if the side to move matters",
	PatternSide:      "the side to move is w or b, not '%s'",
	PatternRanks:     "a pattern has eight ranks separated by /",
	PatternOpenSet:   "'[' without ']' in '%s'",
	PatternSetLetter: "'%s' in [...] is not a piece letter, A, a or _ (empty)",
	PatternLetter:    "'%s' is not a piece letter, digit, ?, !, A, a, * or [...]",
	PatternSquares:   "rank '%s' does not hold eight squares",
	MaterialSides:    "write white's pieces, vs, and black's: \"KQ vs KR\"",
	MaterialLetter:   "'%s' is not a piece letter (K, Q, R, B, N, P)",
	MaterialKings:    "a side has one king",
}

// problem is a Detail with its arguments.
type problem struct {
	detail Detail
	args   []string
}

// text returns the problem in English.
func (p *problem) text() string {
	args := make([]any, len(p.args))
	for i, a := range p.args {
		args[i] = a
	}
	return fmt.Sprintf(DetailMessages[p.detail], args...)
}

// Error is a query that does not parse, or whose terms are wrong: the byte
// span of the query at fault, and what is wrong.
type Error struct {
	Query    string
	Pos, End int // byte offsets in Query; End > Pos but at the end of the query
	Code     ErrorCode
	Args     []string
	// For ErrPattern and ErrMaterial, what is wrong inside the value; for
	// ErrFEN, the FEN's error, whose span Pos and End are where the value
	// is written without escapes.
	Detail     Detail
	DetailArgs []string
	FEN        *chess.FENError
}

// Error returns "query:1:COL: message" in English, COL counting characters
// from 1.
func (e *Error) Error() string {
	args := make([]any, len(e.Args))
	for i, a := range e.Args {
		args[i] = a
	}
	return fmt.Sprintf("query:1:%d: %s", e.Column(), fmt.Sprintf(Messages[e.Code], args...))
}

// Column returns the 1-based column of Pos, in characters; line breaks in
// the query count as spaces, since the query is shown on one line.
func (e *Error) Column() int { return len([]rune(e.Query[:e.Pos])) + 1 }

// Caret returns the query on one line (line breaks and tabs as spaces) and
// a line with a caret under the span at fault.
func (e *Error) Caret() (line, caret string) {
	line = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\t' {
			return ' '
		}
		return r
	}, e.Query)
	width := max(len([]rune(e.Query[e.Pos:min(e.End, len(e.Query))])), 1)
	return line, strings.Repeat(" ", e.Column()-1) + "^" + strings.Repeat("~", width-1)
}
