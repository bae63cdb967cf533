package diag_test

import (
	"os"

	"github.com/pgnc/pgnc/diag"
)

// A diagnostic is a code and a span; WriteText prints it with its line
// and a caret under the span, as pgnc check does.
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
