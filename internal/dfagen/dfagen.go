// Package dfagen compiles lexmachine patterns into a DFA in a canonical
// state order, for the generators of pgnc's scanner tables (the PGN lexer's
// and the query language's), which run under go generate.
package dfagen

import (
	"fmt"

	"github.com/timtadh/lexmachine/dfa"
	"github.com/timtadh/lexmachine/frontend"
)

// Compile combines regexes as lexmachine's Lexer.CompileDFA does: an
// alternation in pattern order, so that match ids equal pattern indexes.
// An error names the index of the pattern that does not parse.
func Compile(regexes []string) (*dfa.DFA, error) {
	var alt frontend.AST
	for i := len(regexes) - 1; i >= 0; i-- {
		ast, err := frontend.Parse([]byte(regexes[i]))
		if err != nil {
			return nil, fmt.Errorf("pattern %d: %v", i, err)
		}
		if alt == nil {
			alt = ast
		} else {
			alt = frontend.NewAltMatch(ast, alt)
		}
	}
	return dfa.Generate(alt), nil
}

// Canonical numbers the states of d breadth first from its start state,
// bytes in ascending order, which makes generated tables independent of
// lexmachine's own state order: order[n] is the state numbered n, and
// number its inverse. The dead state is 0, the start state 1.
func Canonical(d *dfa.DFA) (order []int, number map[int]int) {
	number = map[int]int{d.Error: 0, d.Start: 1}
	order = []int{d.Error, d.Start}
	for i := 1; i < len(order); i++ {
		for b := 0; b < 256; b++ {
			next := d.Trans[order[i]][b]
			if _, seen := number[next]; !seen {
				number[next] = len(order)
				order = append(order, next)
			}
		}
	}
	return order, number
}
