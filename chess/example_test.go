package chess_test

import (
	"fmt"

	"github.com/pgnc/pgnc/chess"
)

// Play moves given in SAN or UCI, and write them back in SAN.
func ExamplePosition_PlayMove() {
	p, _ := chess.ParseFEN(chess.StartFEN)
	for _, text := range []string{"e4", "e7e5", "g1f3"} {
		before := p
		m, err := p.PlayMove(text)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(text, "is", before.SAN(m))
	}
	fmt.Println(p.FEN())
	// Output:
	// e4 is e4
	// e7e5 is e5
	// g1f3 is Nf3
	// rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2
}
