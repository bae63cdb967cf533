package parser_test

import (
	"fmt"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/parser"
)

// Parse returns the syntax tree of a whole text and its lexical and syntax
// diagnostics, sorted by position; one broken game leaves the next whole.
func ExampleParse() {
	src := "[Event \"a\"]\n\n1. e4 (1. d4 d5) e5 {good} *\n\n[Event \"b\"]\n\n1. e4 ] e5 *\n\n[Event \"c\"]\n\n1. c4 *\n"
	db, diags := parser.Parse(src)
	for _, g := range db.Games {
		moves := 0
		ast.Inspect(g, func(n ast.Node) bool {
			if _, ok := n.(*ast.Move); ok {
				moves++
			}
			return true
		})
		fmt.Printf("game %d: %d tags, %d moves with variations, broken %v\n", g.Index, len(g.Tags), moves, g.Broken)
	}
	f := diag.NewFile("x.pgn", src)
	for _, d := range diags {
		p := f.Position(d.Start)
		fmt.Printf("%d:%d %s %s (game %d)\n", p.Line, p.Col, d.Code, d.Message(), d.Game)
	}
	// Output:
	// game 1: 1 tags, 4 moves with variations, broken false
	// game 2: 1 tags, 1 moves with variations, broken true
	// game 3: 1 tags, 1 moves with variations, broken false
	// 7:7 PGN201 unexpected ']', expected '[' (game 2)
}

// A parser that only checks can leave out the comments it has no use for:
// those between two elements of movetext get their checks but no node.
func ExampleParser_skipComments() {
	src := "[Event \"a\"]\n\n1. e4 {[%clk 0:03:00]} 1... e5 {[%clk 0:03:00]} 2. Nf3 {last} *\n"
	for _, skip := range []bool{false, true} {
		db, _ := (&parser.Parser{SkipComments: skip}).Parse(src)
		var comments []string
		ast.Inspect(db, func(n ast.Node) bool {
			if c, ok := n.(*ast.Comment); ok {
				comments = append(comments, c.Text)
			}
			return true
		})
		fmt.Printf("SkipComments %v: %q\n", skip, comments)
	}
	// Output:
	// SkipComments false: ["[%clk 0:03:00]" "[%clk 0:03:00]" "last"]
	// SkipComments true: ["last"]
}
