package reader_test

import (
	"fmt"
	"strings"

	"github.com/pgnc/pgnc/reader"
)

func Example() {
	const pgn = `[Event "Example"]
[Site "?"]
[Date "2024.01.01"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 1-0
`
	rd := reader.New(strings.NewReader(pgn), "example.pgn", reader.Options{Model: true})
	for g, err := range rd.All() {
		if err != nil {
			fmt.Println(err)
			return
		}
		last := g.Model.Moves[len(g.Model.Moves)-1]
		fmt.Printf("game %d: %d plies, last %s (%s), %d diagnostics\n",
			g.AST.Index, len(g.Model.Moves), last.SAN, last.UCI(), len(g.Diags))
		for _, d := range g.Diags {
			p := g.File.Position(d.Start)
			fmt.Printf("%d:%d %s %s\n", p.Line, p.Col, d.Code, d.Message())
		}
	}
	// Output:
	// game 1: 7 plies, last Qxf7# (h5f7), 1 diagnostics
	// 9:35 PGN306 Qxf7 is checkmate but is not marked '#'
}
