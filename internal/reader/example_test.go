package reader_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"strings"

	"github.com/pgnc/pgnc/internal/reader"
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

// A file cut into byte ranges at any offsets: each range is read on its
// own from the sync point after its offset, as another core or machine
// would, and the seams are verified afterwards. A sync point is found from
// the bytes around it alone, so one inside a comment breaks its seam; that
// range is read again from where the range before it ended.
func ExampleNewRange() {
	const pgn = `[Event "One"]

1. e4 e5 1-0

[Event "Two"]

1. d4 {a comment with a blank line

[Event "not a game"] inside} d5 0-1

[Event "Three"]

1. c4 *
`
	file := strings.NewReader(pgn)
	offsets := []int64{0, 40, 90, int64(len(pgn))}
	read := func(start, end int64) (games []string, next int64) {
		rd := reader.NewRange(file, "x.pgn", start, end, reader.Options{SyntaxOnly: true})
		for g, err := range rd.All() {
			if err == nil && g.Index > 0 {
				games = append(games, g.Tags[0].Value)
			}
		}
		return games, rd.End()
	}
	var starts, ends []int64
	var games [][]string
	for i := range len(offsets) - 1 {
		start, _ := reader.Sync(file, offsets[i], offsets[i+1])
		g, end := read(start, offsets[i+1])
		starts, ends, games = append(starts, start), append(ends, end), append(games, g)
	}
	for i := range games {
		if i > 0 && starts[i] != ends[i-1] {
			fmt.Printf("range %d started at %d, but the one before ended at %d: read again\n", i, starts[i], ends[i-1])
			starts[i] = ends[i-1]
			games[i], ends[i] = read(starts[i], offsets[i+1])
		}
		fmt.Printf("range %d, bytes %d to %d: %q\n", i, starts[i], ends[i], games[i])
	}
	// Output:
	// range 0, bytes 0 to 117: ["One" "Two"]
	// range 1 started at 80, but the one before ended at 117: read again
	// range 1, bytes 117 to 117: []
	// range 2, bytes 117 to 142: ["Three"]
}

// A compressed file, read by its content: a game with an error keeps the
// model of the moves before it, and a game without moves has one too, at
// its start position. Text outside games comes as a Game with Index 0 and
// no model.
func ExampleOpenFile() {
	const pgn = `[Event "Ok"]
[White "A"]
[Black "B"]

1. e4 e5 2. Nf3 *

[Event "Illegal"]
[White "C"]
[Black "D"]

1. d4 d5 2. Ke3 *

[Event "No moves"]
[White "E"]
[Black "F"]

*
`
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write([]byte(pgn))
	w.Close()
	file := bytes.NewReader(gz.Bytes()) // an *os.File in a program
	rd := reader.OpenFile(file, file.Size(), "games.pgn.gz", reader.Options{Model: true})
	defer rd.Close()
	for g, err := range rd.All() {
		if err != nil {
			fmt.Println(err)
			return
		}
		if g.Index == 0 {
			continue // text between games
		}
		fmt.Printf("game %d, %s – %s: %d plies, %d diagnostics, final %s\n",
			g.Index, g.Tag("White"), g.Tag("Black"), len(g.Model.Moves), len(g.Diags), g.Model.Final().FEN())
	}
	// Output:
	// game 1, A – B: 3 plies, 1 diagnostics, final rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2
	// game 2, C – D: 2 plies, 2 diagnostics, final rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq d6 0 2
	// game 3, E – F: 0 plies, 1 diagnostics, final rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
}
