package chess_test

import (
	"fmt"

	"github.com/pgnc/pgnc/chess"
)

// Play a move of the starting position and write it in SAN and UCI.
func ExampleStartingPosition() {
	p := chess.StartingPosition()
	var l chess.MoveList
	p.LegalMoves(&l)
	fmt.Println(l.Len(), "legal moves,", p.Status())
	m, _, err := p.FindMove(chess.Knight, -1, -1, chess.MakeSquare(5, 2), chess.NoPieceType)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.SAN(m), m.UCI())
	p.Play(m)
	fmt.Println(p.FEN())
	// Output:
	// 20 legal moves, ongoing
	// Nf3 g1f3
	// rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1
}
