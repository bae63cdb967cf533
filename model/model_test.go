package model_test

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/check"
	pgnparser "github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/model"
)

func TestThreefold(t *testing.T) {
	db, _ := pgnparser.Parse("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *")
	g, _ := check.Game(db.Games[0])
	// The initial position stands again after 2...Ng8 (ply 4) and 4...Ng8 (ply 8).
	if got := g.Threefold(); got != 7 {
		t.Errorf("Threefold() = %d, want 7", got)
	}
	db, _ = pgnparser.Parse("1. e4 e5 2. Nf3 Nc6 *")
	g, _ = check.Game(db.Games[0])
	if got := g.Threefold(); got != -1 {
		t.Errorf("Threefold() = %d, want -1", got)
	}
}

func TestMoveFields(t *testing.T) {
	db, _ := pgnparser.Parse("1. e4 d5 2. exd5 {takes} Qxd5 $1 3. Nc3 Qa5 4. d4 c6 5. Nf3 Bg4 6. Be2 e6 7. O-O *")
	g, _ := check.Game(db.Games[0])
	if len(g.Moves) != 13 {
		t.Fatalf("%d moves", len(g.Moves))
	}
	m := g.Moves[2]
	if m.SAN != "exd5" || m.UCI() != "e4d5" || m.Captured.Name() != "pawn" || m.Comments[0] != "takes" {
		t.Errorf("move 3: %+v", m)
	}
	if q := g.Moves[3]; q.Piece.Name() != "queen" || len(q.NAGs) != 1 || q.NAGs[0] != 1 {
		t.Errorf("move 4: %+v", q)
	}
	castle := g.Moves[12]
	if final := g.Final(); castle.UCI() != "e1g1" || castle.Castle() == 0 || final.FEN() != "rn2kbnr/pp3ppp/2p1p3/q7/3P2b1/2N2N2/PPP1BPPP/R1BQ1RK1 b kq - 1 7" {
		t.Errorf("castling: %s %v %s", castle.UCI(), castle.Castle(), final.FEN())
	}
}

// TestTag: Tag gives "" for a missing tag, LookupTag tells it from an
// empty value; of tags with the same name the first counts.
func TestTag(t *testing.T) {
	g := &model.Game{Tags: []model.Tag{{"White", "a"}, {"Black", ""}, {"White", "b"}}}
	for _, c := range []struct {
		name, want string
		ok         bool
	}{{"White", "a", true}, {"Black", "", true}, {"Event", "", false}} {
		v, ok := g.LookupTag(c.name)
		if v != c.want || ok != c.ok || g.Tag(c.name) != c.want {
			t.Errorf("%s: LookupTag %q, %v; Tag %q; want %q, %v", c.name, v, ok, g.Tag(c.name), c.want, c.ok)
		}
	}
}

// TestResult: the model's result is the standard marker of the one
// written, a quirk included, and NoResult when there is none.
func TestResult(t *testing.T) {
	for src, want := range map[string]model.Result{
		"1. e4 1-0": model.WhiteWins, "1. e4 0-1": model.BlackWins, "1. e4 1/2-1/2": model.Draw,
		"1. e4 ½-½": model.Draw, "1. e4 *": model.Unknown, "1. e4": model.NoResult,
	} {
		db, _ := pgnparser.Parse(src)
		g, _ := check.Game(db.Games[0])
		if g.Result != want || g.Result.Valid() != (want != model.NoResult) {
			t.Errorf("%q: result %q (valid %v), want %q", src, g.Result, g.Result.Valid(), want)
		}
	}
	if model.Result("2-0").Valid() {
		t.Error(`"2-0" is valid`)
	}
}

// TestNoSyntaxTree: package model imports no package of the syntax
// (ast, parser, lexer, token), so that a model read back from JSON is
// whole, and the syntax tree can be freed once the model is built.
func TestNoSyntaxTree(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			switch path {
			case "github.com/pgnc/pgnc/internal/ast", "github.com/pgnc/pgnc/internal/parser", "github.com/pgnc/pgnc/internal/lexer", "github.com/pgnc/pgnc/internal/token":
				t.Errorf("%s imports %s", name, path)
			}
		}
	}
}

// TestMoveText: a move keeps the text it is written as and where.
func TestMoveText(t *testing.T) {
	src := "1. e4 e5 2. Nf3!? (2. f4 $1) Nc6 *"
	db, _ := pgnparser.Parse(src)
	g, _ := check.Game(db.Games[0])
	for _, m := range []*model.Move{g.Moves[2], g.Moves[2].Variations[0][0]} {
		if src[m.Span.From:m.Span.To] != m.Written {
			t.Errorf("%s: written %q, span %v holds %q", m.SAN, m.Written, m.Span, src[m.Span.From:m.Span.To])
		}
	}
	if g.Moves[2].Written != "Nf3!?" || g.Span != (model.Span{From: 0, To: len(src)}) {
		t.Errorf("written %q, game span %v", g.Moves[2].Written, g.Span)
	}
}
