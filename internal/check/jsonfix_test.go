package check

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/internal/testfiles"
	"github.com/pgnc/pgnc/model"
	"github.com/pgnc/pgnc/san"
)

// testdataPGN are the project's own PGN files that the fix tests read.
func testdataPGN(t *testing.T) []string {
	root := filepath.Join(testfiles.Root(), "testdata")
	files, err := filepath.Glob(filepath.Join(root, "*.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	more, err := filepath.Glob(filepath.Join(root, "check", "*.pgn"))
	if err != nil || len(files)+len(more) == 0 {
		t.Fatalf("no PGN files in %s: %v", root, err)
	}
	return append(files, more...)
}

// checkFile parses and checks src, with the syntax diagnostics first.
func checkFile(src string) (*ast.Database, diag.List) {
	db, _, diags := checkModels(src)
	return db, diags
}

// checkModels is checkFile that also returns the games' models.
func checkModels(src string) (*ast.Database, []*model.Game, diag.List) {
	db, syntax := parser.Parse(src)
	games, diags := Database(db)
	return db, games, append(syntax, diags...)
}

// TestJSONGolden writes the --format json records of the diagnostics of
// the testdata files, fixes, FENs and legal moves included, and compares
// them with testdata/json.
func TestJSONGolden(t *testing.T) {
	for _, path := range testdataPGN(t) {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			_, diags := checkFile(string(data))
			diags.Sort()
			f := diag.NewFile(name, string(data))
			var b []byte
			for _, d := range diags {
				b = diag.Locate(f, d).AppendJSON(b, diag.English)
			}
			golden := filepath.Join(testfiles.Root(), "testdata", "json", strings.TrimSuffix(name, ".pgn")+".golden")
			testfiles.Golden(t, golden, string(b), *update)
		})
	}
}

// TestFixFields: the fixes, FEN and legal moves of the diagnostics that
// carry them. Each fix's span is the diagnostic's (the move, the move
// number, the result marker) but for a Result tag that stands in for a
// missing marker, whose quoted value it replaces.
func TestFixFields(t *testing.T) {
	type want struct {
		code  diag.Code
		at    string   // the text of the diagnostic's span
		fixes []string // the replacement texts
		fixAt string   // the text the fixes replace, when not the span's
		fen   string   // the FEN
		legal []string // the legal moves, or the first of them and "…"; nil: not compared
		count int      // how many legal moves
	}
	const tagOnly = "[Result \"1/2-1/2\"]\n\n1. f3 e5 2. g4 Qh4\n"
	cases := []struct {
		file, src string // a testdata file, or the text itself
		wants     []want
	}{
		{file: "mistakes.pgn", wants: []want{
			{code: diag.IllegalMove, at: "Qxe4+", fixes: []string{"Qxg4+"}, fen: "r3kbnr/1pp2pp1/p1p3p1/8/4P1Pq/7P/PPPP1PK1/RNBQ1R2 b kq - 1 10", legal: []string{"Kd7", "Ke7", "…"}, count: 37},
			{code: diag.CheckMarkWrong, at: "Nxe4+", fixes: []string{"Nxe4"}},
			{code: diag.MoveNumberWrong, at: "7.", fixes: []string{"6."}},
		}},
		{file: "check/moves.pgn", wants: []want{
			{code: diag.AmbiguousMove, at: "Nd2", fixes: []string{"Nbd2", "Nfd2"}, fen: "rnbqkbnr/ppp2ppp/8/3pp3/8/3P1N2/PPP1PPPP/RNBQKB1R w KQkq e6 0 3"},
			{code: diag.IllegalMove, at: "Kg4", fen: "rnb1kbnr/pppp1ppp/8/4p3/4Pq2/5K2/PPPP1PPP/RNBQ1BNR w kq - 4 4", legal: []string{"Ke2"}, count: 1},
			{code: diag.IllegalMove, at: "Nf4", fixes: []string{"Nf3"}, fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", legal: []string{"…"}, count: 29},
		}},
		{file: "check/notation.pgn", wants: []want{
			{code: diag.PromotionMissing, at: "bxa8", fixes: []string{"bxa8=Q"}},
			{code: diag.NonStandardSAN, at: "exd3e.p.", fixes: []string{"exd3"}},
			{code: diag.CaptureMarkMissing, at: "Bb5", fixes: []string{"Bxb5"}},
			{code: diag.MoveNumberWrong, at: "3.", fixes: []string{"2."}},
		}},
		{file: "check/results.pgn", wants: []want{
			{code: diag.UnfinishedResult, at: "*", fixes: []string{"0-1"}, fen: "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"},
		}},
		{src: tagOnly, wants: []want{
			{code: diag.ResultVsBoard, at: `[Result "1/2-1/2"]`, fixes: []string{`"0-1"`}, fixAt: `"1/2-1/2"`, fen: "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"},
		}},
		{src: "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# Ke7 *\n", wants: []want{
			{code: diag.IllegalMove, at: "Ke7", fen: "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"},
		}},
		{src: "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Nxe5 Qd4 6. Nf3 Qxe4+ 7. -- *\n", wants: []want{
			{code: diag.NullMoveInCheck, at: "--", fen: "r1b1kbnr/1pp2ppp/p1p5/8/4q3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 7", legal: []string{"Kf1", "Qe2"}, count: 2},
		}},
	}
	for _, c := range cases {
		src, name := c.src, "text"
		if c.file != "" {
			name = c.file
			data, err := os.ReadFile(filepath.Join(testfiles.Root(), "testdata", c.file))
			if err != nil {
				t.Fatal(err)
			}
			src = string(data)
		}
		_, diags := checkFile(src)
		for _, w := range c.wants {
			i := slices.IndexFunc(diags, func(d diag.Diagnostic) bool { return d.Code == w.code && src[d.Start:d.End] == w.at })
			if i < 0 {
				t.Errorf("%s: no %s at %q", name, w.code, w.at)
				continue
			}
			d := diags[i]
			var texts []string
			for _, x := range d.Fixes {
				texts = append(texts, x.Text)
				fixAt := cmp.Or(w.fixAt, w.at)
				if got := src[x.Start:x.End]; got != fixAt || fixAt == w.at && (x.Start != d.Start || x.End != d.End) {
					t.Errorf("%s: %s fix %q replaces %q at %d-%d, want %q", name, w.code, x.Text, got, x.Start, x.End, fixAt)
				}
			}
			if !slices.Equal(texts, w.fixes) {
				t.Errorf("%s: %s at %q: fixes %q, want %q", name, w.code, w.at, texts, w.fixes)
			}
			if d.FEN != w.fen {
				t.Errorf("%s: %s at %q: FEN %q, want %q", name, w.code, w.at, d.FEN, w.fen)
			}
			legal, wantLegal := d.Legal, w.legal
			if n := len(wantLegal); n > 0 && wantLegal[n-1] == "…" {
				legal, wantLegal = legal[:min(len(legal), n-1)], wantLegal[:n-1]
			}
			if len(d.Legal) != w.count || len(w.legal) > 0 && !slices.Equal(legal, wantLegal) {
				t.Errorf("%s: %s at %q: legal moves %q, want %d of them, starting %q", name, w.code, w.at, d.Legal, w.count, w.legal)
			}
		}
	}
}

// TestFixesApply applies every fix of every diagnostic of the testdata
// files, and of the shared corpus's edge files when it is there, to the
// game's text on its own, and checks the game again: the diagnostic's code
// is no longer reported where the fix was written, and a fix of a move is
// played there as a move whose canonical SAN it is (with the suffix
// annotation written), and can be played in the diagnostic's FEN when it
// has one. At most perFile diagnostics of a code are tried in a file:
// eco.pgn of the corpus has 32,000 of one kind.
func TestFixesApply(t *testing.T) {
	const perFile = 200
	files := testdataPGN(t)
	corpus := filepath.Join(testfiles.Root(), "..", "shared", "corpus", "edge")
	switch _, err := os.Stat(corpus); {
	case err != nil:
		t.Logf("corpus edge files not checked: %v", err)
	case testing.Short():
		t.Logf("corpus edge files not checked in -short mode")
	default:
		files = append(files, testfiles.PGN(corpus)...)
	}
	applied, perCode := 0, map[diag.Code]int{}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		db, diags := checkFile(src)
		inFile := map[diag.Code]int{}
		for _, d := range diags {
			if len(d.Fixes) == 0 || d.Game == 0 || inFile[d.Code] >= perFile {
				continue
			}
			inFile[d.Code]++
			g := db.Games[d.Game-1]
			game := src[g.From:g.To]
			if !reportedAt(game, d.Code, d.Start-g.From) {
				continue // reported only in the context of the whole file
			}
			for _, x := range d.Fixes {
				where := fmt.Sprintf("%s: %s at %d (%q) fixed as %q", filepath.Base(path), d.Code, d.Start, src[d.Start:d.End], x.Text)
				if x.Start < g.From || x.End > g.To || x.Start > x.End {
					t.Errorf("%s: fix span %d-%d outside the game %d-%d", where, x.Start, x.End, g.From, g.To)
					continue
				}
				local := diag.Fix{Start: x.Start - g.From, End: x.End - g.From, Text: x.Text}
				_, models, after := checkModels(local.Apply(game))
				if slices.ContainsFunc(after, func(a diag.Diagnostic) bool { return a.Code == d.Code && a.Start == local.Start }) {
					t.Errorf("%s: still reported there after the fix", where)
				}
				if isMoveCode(d.Code) {
					if m := moveAt(models, local.Start); m == nil || m.Span.To != local.Start+len(x.Text) || m.SAN+m.Suffix.String() != x.Text {
						t.Errorf("%s: not played there as that move: %+v", where, m)
					}
					if d.FEN != "" {
						checkPlayable(t, where, d.FEN, x.Text)
					}
				}
				applied++
				perCode[d.Code]++
			}
		}
	}
	if applied == 0 {
		t.Fatal("no fix applied")
	}
	t.Logf("%d fixes applied in %d files: %v", applied, len(files), perCode)
}

// reportedAt reports whether checking the game text src reports code at
// the offset at.
func reportedAt(src string, code diag.Code, at int) bool {
	_, diags := checkFile(src)
	return slices.ContainsFunc(diags, func(d diag.Diagnostic) bool { return d.Code == code && d.Start == at })
}

// moveAt returns the move of games, variations included, that starts at
// the offset at; nil when there is none.
func moveAt(games []*model.Game, at int) *model.Move {
	var find func(line []*model.Move) *model.Move
	find = func(line []*model.Move) *model.Move {
		for _, m := range line {
			if m.Span.From == at {
				return m
			}
			for _, v := range m.Variations {
				if found := find(v); found != nil {
					return found
				}
			}
		}
		return nil
	}
	for _, g := range games {
		if m := find(g.Moves); m != nil {
			return m
		}
	}
	return nil
}

// isMoveCode says whether fixes of code are moves.
func isMoveCode(code diag.Code) bool {
	return code >= diag.IllegalMove && code <= diag.NonStandardSAN
}

// checkPlayable checks that move, a fix, is SAN that can be played in the
// position fen, and is written there as SAN writes it.
func checkPlayable(t *testing.T, where, fen, move string) {
	t.Helper()
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		t.Errorf("%s: FEN %q: %v", where, fen, err)
		return
	}
	sm, ok := san.Parse(move)
	if !ok {
		t.Errorf("%s: not SAN", where)
		return
	}
	m, _, err := san.Resolve(&pos, sm)
	if err != nil {
		t.Errorf("%s: cannot be played in %s: %v", where, fen, err)
		return
	}
	if want := pos.SAN(m) + sm.Annotation.String(); move != want {
		t.Errorf("%s: SAN writes %q", where, want)
	}
}
