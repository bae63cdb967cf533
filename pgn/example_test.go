package pgn_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/pgnc/pgnc/pgn"
)

// The shortest path from a file to its games: players, final position and
// diagnostics of each.
func Example() {
	r, err := pgn.Open("../testdata/mistakes.pgn")
	if err != nil {
		log.Fatal(err)
	}
	defer r.Close()
	for g, err := range r.Games() {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(g.Tag("White"), "-", g.Tag("Black"), g.Final().FEN())
		for _, d := range g.Diags {
			fmt.Println(d)
		}
	}
	// Output:
	// Adams, Jane - Brown, Tom r3kbnr/1pp2pp1/p1p3p1/8/4P1Pq/7P/PPPP1PK1/RNBQ1R2 b kq - 1 10
	// ../testdata/mistakes.pgn:10:34: error[PGN301]: illegal move Qxe4+: no queen can move to e4
	// Clark, Amy - Davis, Sam r1bq1rk1/pp3ppp/8/3p4/1b2N3/3BPN2/PPQ1KPPP/R6R b - - 0 13
	// ../testdata/mistakes.pgn:21:49: warning[PGN305]: Bb4+ is marked as check but gives no check
	// ../testdata/mistakes.pgn:21:70: warning[PGN305]: Nxe4+ is marked as check but gives no check
	// Evans, Lee - Fox, Kim r1bqk2r/ppp1bppp/1nn5/4p3/8/2N2NP1/PP1PPPBP/R1BQ1RK1 w kq - 6 8
	// ../testdata/mistakes.pgn:31:54: warning[PGN312]: move number 7 does not match the move it precedes
	// ../testdata/mistakes.pgn:31:65: warning[PGN312]: move number 8 does not match the move it precedes
	// Green, Ann - Hill, Bob rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6
	// ../testdata/mistakes.pgn:42:52: warning[PGN204]: game has no termination marker
}

// counter counts games and moves, main line and variations, with no game
// built and no move replayed.
type counter struct {
	pgn.NopVisitor
	games, moves int
}

func (c *counter) BeginGame(int) bool { c.games++; return false }
func (c *counter) Move(string)        { c.moves++ }

// A Visitor reads a file as events, without building games.
func ExampleReader_Visit() {
	r, err := pgn.Open("../testdata/sample.pgn")
	if err != nil {
		log.Fatal(err)
	}
	var c counter
	if err := r.Visit(&c); err != nil {
		log.Fatal(err)
	}
	fmt.Println(c.games, "games,", c.moves, "moves")
	// Output: 3 games, 99 moves
}

// playerCounter counts the moves of one player's games, variations
// included, and reads no more of the other games than where each ends.
type playerCounter struct {
	counter
	player string
}

func (c *playerCounter) SkipMovetext(tags pgn.Tags) bool {
	return tags.Tag("White") != c.player && tags.Tag("Black") != c.player
}

// A MovetextSkipper decides from a game's tags whether to read its moves.
func ExampleMovetextSkipper() {
	r, err := pgn.Open("../testdata/sample.pgn")
	if err != nil {
		log.Fatal(err)
	}
	c := playerCounter{player: "Morphy, Paul"}
	if err := r.Visit(&c); err != nil {
		log.Fatal(err)
	}
	fmt.Println(c.games, "games,", c.moves, "moves")
	// Output: 3 games, 41 moves
}

// WithStray hands over the text between games as soon as the game after
// it comes, so that every problem of an input can be reported in input
// order while it is read.
func ExampleWithStray() {
	src := "[White \"A\"]\n\n1. e4 e5 *\n\n))\n\n[White \"B\"]\n\n1. d4 d5 *\n"
	r := pgn.NewReader(strings.NewReader(src), pgn.WithName("round.pgn"), pgn.WithStray(func(s pgn.Stray) {
		fmt.Printf("between games: %q\n", s.Text)
		for _, d := range s.Diags {
			fmt.Println(d)
		}
	}))
	for g, err := range r.Games() {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println("game", g.Index, g.Tag("White"))
	}
	// Output:
	// game 1 A
	// between games: "))"
	// round.pgn:5:1: error[PGN203]: ')' closes no variation
	// round.pgn:5:2: error[PGN203]: ')' closes no variation
	// game 2 B
}
