package query_test

import (
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/query"
	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/internal/testfiles"
)

// positionalQueries are queries that read tags and positions only.
var positionalQueries = []string{
	`material "KR vs KR"`,
	`material >= "KQ vs K" in final position`,
	`pattern "*/*/*/*/*/*/*/*R*r*"`,
	`pattern "8/*/*/*/*/*/*/*"`,
	`position "rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -"`,
	`position "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -" at ply 0`,
	`to move black in final position`,
	`material <= "KRP vs KR" after ply 60`,
	`checkmate or stalemate`,
	`starts "1. e4 c5 2. Nf3 d6"`,
	`starts "1. d4" and not starts "1. d4 d5"`,
	`position "rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -" at ply 4`,
	`to move white at ply 0 and starts "1. e4 e5 2. Nf3 Nc6 3. Bb5"`,
	`white ~ "a" and checkmate`,
	`material "KR vs KR" or pattern "*/*/*/*/*/*/*/*R*r*" after ply 70`,
	`not material "KQ vs KQ" and position "rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -" at ply 4`,
	`material >= "KRR vs KR" and (to move white at ply 61 or black ~ "e")`,
}

// How selection reads a game's positions.
const (
	fromModel  = iota
	fromReplay // a Watch of the check's replay of the moves the query needs
	fromStream // the same, most games replayed while parsed
	fromLog    // the same, the Watch keeping every position (the zero Watch)
)

// selection returns the indexes of the games of path that q selects, with
// positions read as from says.
func selection(t *testing.T, path string, q *query.Query, from int) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return selectionOf(t, f, path, q, from)
}

// selectionOf is selection for the text of r, named name.
func selectionOf(t *testing.T, r io.Reader, name string, q *query.Query, from int) string {
	t.Helper()
	opts := reader.Options{Workers: 2, ReuseMemory: true}
	if from == fromModel {
		opts.Model = true
	} else {
		// As pgnc select reads: the moves the query needs, no more.
		opts.NewWatcher = func() reader.PositionWatcher { return query.NewWatch(q) }
		if from == fromLog {
			opts.NewWatcher = func() reader.PositionWatcher { return new(query.Watch) }
		}
		opts.SkipMovetext = func([]*ast.TagPair) int { return q.MovesNeeded() }
		opts.ReplayWhileParsing, opts.SkipComments = from != fromReplay, from != fromReplay
	}
	match := func(qg *query.Game) []byte {
		if q.Match(qg) {
			return []byte{1}
		}
		return nil
	}
	opts.Prepare = func(g *reader.Game) []byte {
		var qg query.Game
		qg.Reset(g.Tags, g.Model, g.Diags)
		return match(&qg)
	}
	opts.PrepareWatched = func(g *reader.Game, w reader.PositionWatcher) []byte {
		var qg query.Game
		qg.ResetWatched(g.Tags, g.Diags, w.(*query.Watch), g.AST)
		return match(&qg)
	}
	rd := reader.New(r, name, opts)
	defer rd.Close()
	var b strings.Builder
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return b.String()
		}
		if err != nil {
			t.Fatal(err)
		}
		if g.Index > 0 && g.Prepared != nil {
			fmt.Fprintf(&b, "%d ", g.Index)
		}
	}
}

// TestWatchAgreesWithModel: a positional query selects the same games from
// the positions of the check's replay as from the games' models.
func TestWatchAgreesWithModel(t *testing.T) {
	roots := []string{"../../testdata"}
	if testfiles.IsExtended() {
		roots = append(roots, "../../../shared/corpus/edge")
	}
	selected := 0
	for _, src := range positionalQueries {
		q, err := query.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		if !q.Positional() {
			t.Fatalf("%s is not positional", src)
		}
		for _, path := range testfiles.PGN(roots...) {
			want := selection(t, path, q, fromModel)
			if got := selection(t, path, q, fromReplay); got != want {
				t.Fatalf("%s on %s: the watch selects %s, the model %s", src, path, got, want)
			}
			if got := selection(t, path, q, fromStream); got != want {
				t.Fatalf("%s on %s: the watch of the stream selects %s, the model %s", src, path, got, want)
			}
			if got := selection(t, path, q, fromLog); got != want {
				t.Fatalf("%s on %s: the log of the stream selects %s, the model %s", src, path, got, want)
			}
			selected += strings.Count(want, " ")
		}
	}
	if selected == 0 {
		t.Fatal("no game selected")
	}
	for _, src := range []string{`plies > 10`, `promotion`, `has errors`, `white ~ "a"`, `contains moves "Nxf7"`} {
		if q, err := query.Parse(src); err != nil || q.Positional() {
			t.Errorf("%s: positional, or %v", src, err)
		}
	}
	for src, want := range map[string]int{
		`starts "1. e4 c5 2. Nf3 d6"`:                                   4,
		`starts "1. e4" or position "8/8/8/8/8/8/8/K6k w - -" at ply 7`: 7,
		`starts "1. e4" and checkmate`:                                  -1,
		`material "KR vs KR"`:                                           -1,
		`white ~ "a" and to move white at ply 0`:                        0,
	} {
		if q, err := query.Parse(src); err != nil || q.MovesNeeded() != want {
			t.Errorf("%s needs %d moves, want %d (%v)", src, q.MovesNeeded(), want, err)
		}
	}
}

// FuzzWatchAgreesWithModel holds the positions of the check's replay, from
// the tree and while parsed, to the model's, on any text: the queries of
// TestWatchAgreesWithModel select the same games each way.
func FuzzWatchAgreesWithModel(f *testing.F) {
	for _, s := range testfiles.Seeds() {
		f.Add(s)
	}
	var queries []*query.Query
	for _, src := range positionalQueries {
		q, err := query.Parse(src)
		if err != nil {
			f.Fatal(err)
		}
		queries = append(queries, q)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for i, q := range queries {
			want := selectionOf(t, strings.NewReader(src), "fuzz", q, fromModel)
			for _, from := range []int{fromReplay, fromStream, fromLog} {
				if got := selectionOf(t, strings.NewReader(src), "fuzz", q, from); got != want {
					t.Fatalf("%s: the watch (%d) selects %s, the model %s", positionalQueries[i], from, got, want)
				}
			}
		}
	})
}
