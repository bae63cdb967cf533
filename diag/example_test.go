package diag_test

import (
	"fmt"
	"os"

	"github.com/pgnc/pgnc/diag"
)

// A diagnostic is a code and a span; WriteText prints it with its line
// and a caret under the span, as pgnc check does, which also names the
// game (ExampleLocated).
func ExampleWriteText() {
	src := "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n"
	f := diag.NewFile("game.pgn", src)
	var l diag.List
	l.Add(diag.IllegalMove, 25, 28, 1, "san", "Ke3", "reason", "no king can move to e3")
	diag.WriteText(os.Stdout, f, l[0], diag.English)
	// Output:
	// game.pgn:3:13: error[PGN301]: illegal move Ke3: no king can move to e3
	// 1. e4 e5 2. Ke3 *
	//             ^~~
}

// A located diagnostic prints with fmt as its first line; WriteText prints
// the whole block as pgnc check does, with the game it stands in when
// Where says it (report.Where gives the words).
func ExampleLocated() {
	src := "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n"
	var l diag.List
	l.Add(diag.IllegalMove, 25, 28, 1, "san", "Ke3", "reason", "no king can move to e3")
	d := diag.Locate(diag.NewFile("game.pgn", src), l[0])
	fmt.Println(d)
	d.Where = "in game 1 (Anna – Ben)"
	d.WriteText(os.Stdout, diag.English)
	// Output:
	// game.pgn:3:13: error[PGN301]: illegal move Ke3: no king can move to e3
	// game.pgn:3:13: error[PGN301]: illegal move Ke3: no king can move to e3
	// 1. e4 e5 2. Ke3 *
	//             ^~~
	//     in game 1 (Anna – Ben)
}

// A list of diagnostics is an error when one of them is: warnings alone
// are not.
func ExampleList_Err() {
	var l diag.List
	l.Add(diag.NullMove, 13, 15, 1, "san", "--")
	fmt.Println(l.Err())
	l.Add(diag.IllegalMove, 25, 28, 1, "san", "Ke3", "reason", "no king can move to e3")
	fmt.Println(l.Err())
	// Output:
	// <nil>
	// error[PGN301]: illegal move Ke3: no king can move to e3
}

// Arguments in words are English phrases that each catalog translates, so
// that one diagnostic prints in every language pgnc speaks.
func ExampleCatalog_Message() {
	var l diag.List
	l.AddArgs(diag.IllegalMove, 25, 28, 1, diag.ValueArg("san", "Ke3"),
		diag.PhraseArg("reason", "no {piece} can move to {square}"), diag.PhraseArg("piece", "king"), diag.ValueArg("square", "e3"))
	for _, catalog := range []*diag.Catalog{diag.English, diag.Spanish} {
		fmt.Println(catalog.Language(), catalog.Message(l[0]))
	}
	// Output:
	// en illegal move Ke3: no king can move to e3
	// es jugada ilegal Ke3: no hay rey que pueda ir a e3
}
