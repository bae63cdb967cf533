package report_test

import (
	"os"
	"strings"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/internal/report"
)

// A program that checks games its own way prints them as pgnc check does.
func Example() {
	const games = "[Event \"x\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Ke3 *\n"
	r := report.New(os.Stdout, report.Options{Codes: must(report.ParseCodes("PGN321", ""))})
	r.Files++
	for g, err := range reader.New(strings.NewReader(games), "games.pgn", reader.Options{}).All() {
		if err != nil {
			panic(err)
		}
		locate := func(i int) diag.Located { return diag.LocateStart(g.File, g.Diags[i]) }
		r.Game(report.Game{Index: g.Index, Tags: g.Tags, Plies: g.Plies, Diags: g.Diags, Locate: locate, Skip: g.Skipped})
	}
	r.Summary()
	// Output:
	// games.pgn:5:13: error[PGN301]: illegal move Ke3: no king can move to e3
	// 1. e4 e5 2. Ke3 *
	//             ^~~
	//     in game 1 (A – B)
	//     did you mean Ke2?
	//     white to move:
	//     8 r n b q k b n r
	//     7 p p p p . p p p
	//     6 . . . . . . . .
	//     5 . . . . p . . .
	//     4 . . . . P . . .
	//     3 . . . . . . . .
	//     2 P P P P . P P P
	//     1 R N B Q K B N R
	//       a b c d e f g h
	//     FEN: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2
	// 1 file, 1 game (1 with errors), 2 plies replayed: 1 error, 0 warnings, 0 bytes skipped
}

func must(c report.Codes, err error) report.Codes {
	if err != nil {
		panic(err)
	}
	return c
}
