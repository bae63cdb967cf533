package check_test

import (
	"fmt"

	"github.com/pgnc/pgnc/internal/check"
	"github.com/pgnc/pgnc/internal/parser"
)

// Game replays a parsed game: its model, as far as the moves can be
// played, and the diagnostics of the chess rules and the tags.
func ExampleGame() {
	db, _ := parser.Parse("[Event \"x\"]\n[Result \"*\"]\n\n1. e2e4 e5 2. Ke3 *\n")
	m, diags := check.Game(db.Games[0])
	fmt.Println(len(m.Moves), "moves replayed, complete:", m.Complete, "final:", m.Final().FEN())
	for _, d := range diags {
		fmt.Println(d.Code, d.Message())
	}
	// Output:
	// 2 moves replayed, complete: false final: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2
	// PGN321 the Seven Tag Roster lacks Site, Date, Round, White, Black
	// PGN311 e2e4 is not standard SAN (SAN writes the origin square only where two pieces could move)
	// PGN301 illegal move Ke3: no king can move to e3
}
