package query

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/pgnc/pgnc/internal/reader"
)

// FuzzParse checks that no query makes the parser panic, and that every
// error is an *Error positioned inside the query (or just past its end).
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`white ~ "Carlsen" and elo >= 2500`, `eco in B90..B99 or not (result = 1-0)`, `tag("X") in [a, "b", 3]`,
		`material >= "KQ vs K" in final position`, `pattern "*/*/*/*/4P3/*/*/* w" at ply 3`, `has code PGN301`,
		`starts "1. e4 c5"`, `contains moves "Nxf7 Kxf7"`, `eval <= -300 after ply 20`, `to move white at end`,
		`(((`, `"`, `date = 2020.??.??`, `whit = 1`, `!white=x||black!~"y"&&z`, "\xff", `position "8/8/8/8/8/8/8/8 w - -"`,
		`position " rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq -"`, `position "8/8/8/8/8/8/8/8 w - \"x"`, `position = xyz`,
		`eval <= "#-3" and eval > "#x"`, `clock < "1:30:00" at ply 3`, "pattern \"8/8/8/8/8/8/8/[K\xff\"", `material "KQ vs Kü"`,
		`pattern "r*/*/*/*/*/*/*/*R* w" after ply 2 or material <= "KQRRBBNNPPPPPPPP vs KQRRBBNNPPPPPPP" in final position`,
	} {
		f.Add(s)
	}
	if n := len(fuzzGames()); n != 3 {
		f.Fatalf("%d games read for the queries, want 3", n)
	}
	f.Fuzz(func(t *testing.T, src string) {
		q, err := Parse(src)
		if err == nil {
			if q == nil {
				t.Fatal("no query and no error")
			}
			q.Match(&Game{})
			for _, g := range fuzzGames() {
				q.Match(g)
			}
			return
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("%q: error %v is not an *Error", src, err)
		}
		if e.Pos < 0 || e.Pos > len(src) || e.End <= e.Pos || e.End > len(src)+1 {
			t.Fatalf("%q: error %v spans [%d, %d)", src, err, e.Pos, e.End)
		}
		line, caret := e.Caret()
		_, _ = line, caret
		_ = e.Error()
	})
}

// fuzzGamesText are games for the queries of FuzzParse to test: moves with
// clocks and evals, a promotion, castling, a variation, a FEN set-up, and
// an illegal move.
const fuzzGamesText = `[Event "a"]
[White "Carlsen"]
[ECO "C50"]

1. e4 { [%eval 0.2] [%clk 0:03:00] } e5 { [%eval #-3] [%clk 0:00:59] } 2. Nf3 (2. Bc4 Nc6) Nc6 3. Bc4 Nf6 4. O-O Nxe4 *

[Event "b"]
[SetUp "1"]
[FEN "8/P6k/8/8/8/8/8/K7 w - - 0 1"]

1. a8=N Kg6 2. Kb2 Kf5 1/2-1/2

[Event "c"]

1. e4 e5 2. Ke3 Qh4 3. Kxh4 *
`

// fuzzGames returns the games of fuzzGamesText, read once.
var fuzzGames = sync.OnceValue(func() []*Game {
	var games []*Game
	rd := reader.New(strings.NewReader(fuzzGamesText), "fuzz.pgn", reader.Options{Model: true})
	for g, err := range rd.All() {
		if err == nil && g.Index > 0 {
			qg := new(Game)
			qg.Reset(g.Tags, g.Model, g.Diags)
			games = append(games, qg)
		}
	}
	return games
})
