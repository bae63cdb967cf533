package check

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/testfiles"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/model"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// dumpMoves writes a line of the model, one move per line, variations
// indented below the move they replace.
func dumpMoves(b *strings.Builder, moves []*model.Move, depth int) {
	for _, m := range moves {
		fmt.Fprintf(b, "%s%d %s %s (as %q) piece=%s", strings.Repeat("  ", depth), m.Ply, m.SAN, m.UCI(), m.Written, m.Piece.Name())
		if m.Captured != 0 {
			fmt.Fprintf(b, " takes=%s", m.Captured.Name())
		}
		if len(m.NAGs) > 0 {
			fmt.Fprintf(b, " nags=%v", m.NAGs)
		}
		if len(m.Before) > 0 {
			fmt.Fprintf(b, " before=%q", m.Before)
		}
		if len(m.Comments) > 0 {
			fmt.Fprintf(b, " comments=%q", m.Comments)
		}
		b.WriteByte('\n')
		for _, v := range m.Variations {
			dumpMoves(b, v, depth+1)
		}
	}
}

func TestGolden(t *testing.T) {
	files, err := filepath.Glob("../../testdata/check/*.pgn")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			src := string(data)
			db, syntax := parser.Parse(src)
			for _, d := range syntax {
				if d.Severity() == diag.Error {
					t.Fatalf("golden input has a syntax error: %s at %d", d.Message(), d.Start)
				}
			}
			games, diags := Database(db)
			var b strings.Builder
			for _, g := range games {
				fmt.Fprintf(&b, "game %d complete=%v final=%s\n", g.Index, g.Complete, func() string { f := g.Final(); return f.FEN() }())
				dumpMoves(&b, g.Moves, 1)
			}
			b.WriteString("---\n")
			f := diag.NewFile(filepath.Base(path), src)
			for _, d := range diags {
				fmt.Fprintf(&b, "[game %d] ", d.Game)
				diag.WriteText(&b, f, d, diag.English)
			}
			got := b.String()
			testfiles.Golden(t, strings.TrimSuffix(path, ".pgn")+".golden", got, *update)
		})
	}
}

// TestDuplicateTags: a tag is reported when an earlier tag has its very
// name, and names that share a long prefix are told apart.
func TestDuplicateTags(t *testing.T) {
	src := `[Event "e"]
[Site "s"]
[Date "2024.01.01"]
[Round "1"]
[White "w"]
[Black "b"]
[Result "*"]
[WhiteElo "1"]
[WhiteEla "2"]
[WhiteEloDiff "3"]
[WhiteElo "4"]
[Site "again"]

*
`
	db, _ := parser.Parse(src)
	var got []string
	for _, d := range Diagnostics(db.Games[0]) {
		if d.Code == diag.DuplicateTag {
			got = append(got, src[d.Start:d.End])
		}
	}
	want := []string{`[WhiteElo "4"]`, `[Site "again"]`}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("duplicates reported at %q, want %q", got, want)
	}
}

// TestDuplicateTagsLongSection: a tag section too long to search tag by tag
// (manyTags) finds the same duplicates.
func TestDuplicateTagsLongSection(t *testing.T) {
	var b strings.Builder
	b.WriteString("[Event \"e\"]\n")
	for i := range 3 * manyTags {
		fmt.Fprintf(&b, "[T%d \"v\"]\n", i%(2*manyTags)) // the last third repeats
	}
	b.WriteString("\n*\n")
	db, _ := parser.Parse(b.String())
	duplicates := 0
	for _, d := range Diagnostics(db.Games[0]) {
		if d.Code == diag.DuplicateTag {
			duplicates++
		}
	}
	if duplicates != manyTags {
		t.Errorf("%d duplicates, want %d", duplicates, manyTags)
	}
}

func TestReplayCountsMainLinePlies(t *testing.T) {
	tests := []struct {
		movetext string
		plies    int
	}{
		{"*", 0},
		{"1. e4 e5 2. Nf3 *", 3},
		{"1. e4 (1. d4 d5 2. c4) 1... e5 *", 2}, // variations are not counted
		{"1. e4 e5 2. Ke3 Nc6 *", 2},            // the replay stops at an illegal move
		{"1. e4 -- 2. d4 *", 3},                 // a null move is a ply
		{"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0", 7},
	}
	for _, tt := range tests {
		db, _ := parser.Parse(tt.movetext)
		if len(db.Games) != 1 {
			t.Fatalf("%q: %d games", tt.movetext, len(db.Games))
		}
		diags, plies := Checker{}.Replay(db.Games[0])
		if plies != tt.plies {
			t.Errorf("%q: %d plies replayed, want %d", tt.movetext, plies, tt.plies)
		}
		if want := Diagnostics(db.Games[0]); fmt.Sprint(diags) != fmt.Sprint(want) {
			t.Errorf("%q: Replay reports %v, Diagnostics %v", tt.movetext, diags, want)
		}
	}
}

// TestNotationFindingsAlone plays moves whose notation has exactly one thing
// to report, and moves with nothing to report, so that each reason to look
// at a move's notation is tested without the others.
func TestNotationFindingsAlone(t *testing.T) {
	const promotion = "[SetUp \"1\"]\n[FEN \"8/P7/8/8/8/6k1/8/7K w - - 0 1\"]\n\n"
	tests := []struct {
		game string
		want []diag.Code // the notation diagnostics, in order
	}{
		{"1. Nf3 Nc6 2. exd5 *", nil},                      // nothing to report; the pawn capture names its file
		{"1. Ngf3 *", []diag.Code{diag.OverDisambiguated}}, // a file alone
		{"1. N1f3 *", []diag.Code{diag.OverDisambiguated}}, // a rank alone
		{promotion + "1. a8 *", []diag.Code{diag.PromotionMissing}},
		{promotion + "1. a8=Q *", nil},
		{"1. e4 d5 2. Nc3 Nf6 3. Nd5 *", []diag.Code{diag.CaptureMarkMissing}},
		{"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *", []diag.Code{diag.MateMarkMissing}},
		{"1. e4 e5 2. Nf3+ *", []diag.Code{diag.CheckMarkWrong}},
		{"1. e4 e5 2. nf3 *", []diag.Code{diag.NonStandardSAN}},
	}
	notation := map[diag.Code]bool{
		diag.OverDisambiguated: true, diag.PromotionMissing: true, diag.CaptureMarkMissing: true,
		diag.CaptureMarkWrong: true, diag.MateMarkMissing: true, diag.MateMarkWrong: true,
		diag.CheckMarkMissing: true, diag.CheckMarkWrong: true, diag.NonStandardSAN: true,
	}
	for _, tt := range tests {
		db, _ := parser.Parse(tt.game)
		var got []diag.Code
		for _, d := range Diagnostics(db.Games[0]) {
			if notation[d.Code] {
				got = append(got, d.Code)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("%q: notation diagnostics %v, want %v", tt.game, got, tt.want)
		}
	}
}

// TestMoveNumbers: a move number must give the move's number, and "..."
// only before a black move; each wrong one is reported with the fix.
func TestMoveNumbers(t *testing.T) {
	tests := []struct {
		movetext string
		fixes    []string // the suggested fix of each PGN312, in order
	}{
		{"1. e4 e5 2. Nf3 *", nil},
		{"1. e4 1... e5 2. Nf3 2... Nc6 *", nil},
		{"1... e4 e5 *", []string{"1."}},
		{"1. e4 e5 2... Nf3 *", []string{"2."}},
		{"1. e4 2. e5 *", []string{"1..."}},
		{"2. e4 e5 *", []string{"1."}},
		{"1. e4 e5 2. Nf3 3... Nc6 *", []string{"2..."}},
	}
	for _, tt := range tests {
		db, _ := parser.Parse(tt.movetext)
		var fixes []string
		for _, d := range Diagnostics(db.Games[0]) {
			for _, a := range d.Args {
				if d.Code == diag.MoveNumberWrong && a.Name == "fix" {
					fixes = append(fixes, a.Value)
				}
			}
		}
		if fmt.Sprint(fixes) != fmt.Sprint(tt.fixes) {
			t.Errorf("%q: move number fixes %q, want %q", tt.movetext, fixes, tt.fixes)
		}
	}
}

// The model's comment and NAG lists share one allocation each per game
// (gameMemory, runs): runs that a variation interrupts, and memory used up
// by copying them, must still give every move its own comments and NAGs,
// and a list must not grow into the next one.
func TestModelRuns(t *testing.T) {
	db, _ := parser.Parse("{x} 1. e4! $14 {a} (1. d4 $3 {b} $16 {b2}) $18 {c} 1... e5 {d} (1... c5?! {v}) $10 {e} {f} 2. Nf3 ! {g} *")
	g, diags := Game(db.Games[0])
	if len(diags) > 0 {
		t.Fatalf("unexpected diagnostics: %v", diags)
	}
	var b strings.Builder
	dumpMoves(&b, g.Moves, 0)
	want := `1 e4 e2e4 (as "e4!") piece=pawn nags=[1 14 18] before=["x"] comments=["a" "c"]
  1 d4 d2d4 (as "d4") piece=pawn nags=[3 16] comments=["b" "b2"]
2 e5 e7e5 (as "e5") piece=pawn nags=[10] comments=["d" "e" "f"]
  2 c5 c7c5 (as "c5?!") piece=pawn nags=[6] comments=["v"]
3 Nf3 g1f3 (as "Nf3") piece=knight nags=[1] comments=["g"]
`
	if b.String() != want {
		t.Errorf("model:\n%s\nwant:\n%s", b.String(), want)
	}
	for _, m := range g.Moves {
		_ = append(m.Before, "appended")
		_ = append(m.Comments, "appended")
		_ = append(m.NAGs, -1)
		for _, v := range m.Variations {
			_ = append(v[0].Comments, "appended")
			_ = append(v[0].NAGs, -1)
		}
	}
	b.Reset()
	dumpMoves(&b, g.Moves, 0)
	if b.String() != want {
		t.Errorf("appending to a list changed the model:\n%s", b.String())
	}
}

// TestResultTagWithoutMarker: a game without termination marker declares
// its result with its Result tag, which fmt writes as the marker, so the
// tag is held against the final position as a marker would be.
func TestResultTagWithoutMarker(t *testing.T) {
	const stalemate = "[FEN \"7k/5Q2/5K2/8/8/8/8/8 w - - 0 1\"]\n[SetUp \"1\"]\n"
	tests := []struct {
		src  string
		code diag.Code // 0: neither finding
		at   string    // the text the finding spans
	}{
		{stalemate + "[Result \"1-0\"]\n\n1. Qg6\n", diag.ResultVsBoard, `[Result "1-0"]`},
		{stalemate + "[Result \"*\"]\n\n1. Qg6\n", diag.UnfinishedResult, `[Result "*"]`},
		{stalemate + "[Result \"1/2-1/2\"]\n\n1. Qg6\n", 0, ""},
		{stalemate + "[Result \"draw\"]\n\n1. Qg6\n", 0, ""},
		{stalemate + "\n1. Qg6\n", 0, ""},
		// With a marker, the marker is what is held against the board.
		{stalemate + "[Result \"1-0\"]\n\n1. Qg6 1/2-1/2\n", 0, ""},
		{stalemate + "[Result \"1/2-1/2\"]\n\n1. Qg6 1-0\n", diag.ResultVsBoard, "1-0"},
	}
	for _, tt := range tests {
		db, _ := parser.Parse(tt.src)
		var got []string
		for _, d := range Diagnostics(db.Games[0]) {
			if d.Code == diag.ResultVsBoard || d.Code == diag.UnfinishedResult {
				got = append(got, fmt.Sprintf("%s %s", d.Code, tt.src[d.Start:d.End]))
			}
		}
		var want []string
		if tt.code != 0 {
			want = []string{fmt.Sprintf("%s %s", tt.code, tt.at)}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%q: %v, want %v", tt.src, got, want)
		}
	}
}
