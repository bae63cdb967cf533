package pgn_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/pgnc/pgnc/pgn"
)

// A diagnostic's fixes are replacements of the input that mend it, each
// with the offsets, in the whole input, of the bytes it replaces: a
// program applies one as it is. Several are alternatives. FEN is the
// position the diagnostic is about, and Legal the moves that can be played
// there when the move written cannot.
func Example_fixes() {
	const roster = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n"
	src := roster + "1. e4 e5 2. Nf4 *\n\n" + roster + "1. Nf3 Nf6 2. d3 d6 3. Nd2 *\n"
	r := pgn.NewReader(strings.NewReader(src))
	defer r.Close()
	for g, err := range r.Games() {
		if err != nil {
			log.Fatal(err)
		}
		for _, d := range g.Diags {
			fmt.Println(d)
			fmt.Printf("  in %s, %d legal moves\n", d.FEN, len(d.Legal))
			for _, f := range d.LocatedFixes {
				fixed := src[:f.Offset] + f.Text + src[f.EndOffset:]
				line := strings.Split(fixed, "\n")[f.Pos.Line-1]
				fmt.Printf("  fix %q at %d:%d: %s\n", f.Text, f.Pos.Line, f.Pos.Col, line)
			}
		}
	}
	// Output:
	// <stdin>:9:13: error[PGN301]: illegal move Nf4: no knight can move to f4
	//   in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2, 29 legal moves
	//   fix "Nf3" at 9:13: 1. e4 e5 2. Nf3 *
	// <stdin>:19:24: error[PGN302]: ambiguous move Nd2: the pieces on b1, f3 can all make it
	//   in rnbqkb1r/ppp1pppp/3p1n2/8/8/3P1N2/PPP1PPPP/RNBQKB1R w KQkq - 0 3, 0 legal moves
	//   fix "Nbd2" at 19:24: 1. Nf3 Nf6 2. d3 d6 3. Nbd2 *
	//   fix "Nfd2" at 19:24: 1. Nf3 Nf6 2. d3 d6 3. Nfd2 *
}
