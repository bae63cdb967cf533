package parser

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/ast"
)

func game(i int, movetext string) string {
	return fmt.Sprintf("[Event \"game %d\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"%d\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n\n%s\n\n", i, i, movetext)
}

// TestOneBrokenGameInAThousand: one syntax error costs one game and one
// diagnostic, whatever the breakage; a broken tag pair costs only the pair:
// its game is read whole.
func TestOneBrokenGameInAThousand(t *testing.T) {
	breakages := map[string]string{
		"unclosed variation": "1. e4 e5 (1... c5 2. Nf3",
		"bad tag token":      "", // see below
		"stray bracket":      "1. e4 ] e5 *",
		"unclosed in result": "1. e4 ( e5 *",
	}
	for name, broken := range breakages {
		t.Run(name, func(t *testing.T) {
			var b strings.Builder
			for i := 1; i <= 1000; i++ {
				switch {
				case i == 500 && broken == "":
					b.WriteString(strings.Replace(game(i, "1. e4 *"), "[Site \"?\"]", "[Site \"?\" y]", 1))
				case i == 500:
					b.WriteString(game(i, broken))
				default:
					b.WriteString(game(i, "1. e4 e5 2. Nf3 {ok} Nc6 (2... d6) *"))
				}
			}
			db, diags := Parse(b.String())
			good, wantGood := 0, 999
			if broken == "" {
				wantGood = 1000
			}
			for _, g := range db.Games {
				if !g.Broken {
					good++
					want := 8
					if g.Index == 500 {
						want = 2 // 1. e4
					}
					if len(g.Moves) != want || g.Result == nil {
						t.Fatalf("game %d lost content: %d elements", g.Index, len(g.Moves))
					}
				}
			}
			if good != wantGood {
				t.Errorf("%d good games, want %d", good, wantGood)
			}
			if len(diags) != 1 || diags[0].Severity() != diag.Error || diags[0].Game == 0 {
				t.Errorf("diagnostics %+v, want one error in a game", diags)
			}
		})
	}
}

// TestReentrant parses in parallel with separate Parsers; run with -race.
func TestReentrant(t *testing.T) {
	src, err := os.ReadFile("../../testdata/sample.pgn")
	if err != nil {
		t.Fatal(err)
	}
	want := dump(t, string(src))
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var p Parser
			for range 20 {
				db, _ := p.Parse(string(src))
				var b strings.Builder
				ast.Fprint(&b, db)
				if b.String() != want {
					t.Error("parallel parse differs")
					return
				}
			}
		}()
	}
	wg.Wait()
}

func dump(t *testing.T, src string) string {
	db, _ := Parse(src)
	var b strings.Builder
	if err := ast.Fprint(&b, db); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestParserReuse: a Parser gives the same result on reuse, and trees from
// earlier calls stay intact.
func TestParserReuse(t *testing.T) {
	var p Parser
	a := "[Event \"a\"]\n\n1. e4 (1. d4 {x}) e5 *"
	first, _ := p.Parse(a)
	before := fmt.Sprint(first.Games[0].Moves)
	p.Parse("[Event \"b\"]\n\n1. c4 (1. Nf3 {y} (1. g3)) c5 1-0")
	if after := fmt.Sprint(first.Games[0].Moves); after != before {
		t.Errorf("reusing the parser changed an earlier tree")
	}
	second, _ := p.Parse(a)
	var x, y strings.Builder
	ast.Fprint(&x, first)
	ast.Fprint(&y, second)
	if x.String() != y.String() {
		t.Errorf("second parse differs:\n%s\n%s", x.String(), y.String())
	}
}

// TestSpansNest: every node lies within its parent, and spans are ordered.
func TestSpansNest(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/*.pgn")
	more, _ := filepath.Glob("../../testdata/parser/*.pgn")
	for _, path := range append(files, more...) {
		src, _ := os.ReadFile(path)
		db, _ := Parse(string(src))
		checkSpans(t, path, db, len(src))
	}
}

func checkSpans(t *testing.T, name string, db *ast.Database, size int) {
	t.Helper()
	var stack []ast.Node
	ast.Inspect(db, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		if n.Pos() < 0 || n.End() > size || n.Pos() > n.End() {
			t.Errorf("%s: %T span %d-%d outside 0-%d", name, n, n.Pos(), n.End(), size)
		}
		if len(stack) > 0 {
			if p := stack[len(stack)-1]; n.Pos() < p.Pos() || n.End() > p.End() {
				if _, isEscape := n.(*ast.Escape); !isEscape {
					t.Errorf("%s: %T %d-%d outside its parent %T %d-%d", name, n, n.Pos(), n.End(), p, p.Pos(), p.End())
				}
			}
		}
		stack = append(stack, n)
		return true
	})
}

// TestGrammarHasNoConflicts runs goyacc on the grammar and reads its report.
func TestGrammarHasNoConflicts(t *testing.T) {
	if testing.Short() {
		t.Skip("runs goyacc")
	}
	dir := t.TempDir()
	report := filepath.Join(dir, "y.output")
	cmd := exec.Command("go", "tool", "goyacc", "-o", filepath.Join(dir, "y.go"), "-v", report, "../../grammar/pgn.y")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("goyacc: %v\n%s", err, out)
	}
	if strings.Contains(string(out), "conflict") {
		t.Errorf("goyacc reports conflicts: %s", out)
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "0 shift/reduce, 0 reduce/reduce conflicts reported") {
		t.Errorf("goyacc's report does not say zero conflicts")
	}
}

// TestReuseMemory: with ReuseMemory, a parse gives the same tree as a fresh
// parser, whatever was parsed before.
func TestReuseMemory(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/parser/*.pgn")
	reuse := Parser{ReuseMemory: true}
	for _, path := range files {
		src, _ := os.ReadFile(path)
		want := dump(t, string(src))
		for range 2 {
			db, _ := reuse.Parse(string(src))
			var b strings.Builder
			ast.Fprint(&b, db)
			if b.String() != want {
				t.Fatalf("%s: tree differs when memory is reused", path)
			}
		}
	}
}

// TestDeepVariations: nesting beyond MaxDepth is skipped with one error,
// the game and the games after it go on, in time linear in the input.
func TestDeepVariations(t *testing.T) {
	const depth = 100000
	src := "[Event \"deep\"]\n\n1. e4 " + strings.Repeat("( e5 ", depth) + strings.Repeat(") ", depth) + "1... c5 *\n\n[Event \"next\"]\n\n1. d4 *\n"
	p := Parser{MaxDepth: 50}
	db, diags := p.Parse(src)
	if len(db.Games) != 2 || db.Games[0].Broken || db.Games[0].Result == nil {
		t.Fatalf("%d games, first broken %v", len(db.Games), db.Games[0].Broken)
	}
	var limits int
	for _, d := range diags {
		if d.Code == diag.DepthLimit {
			limits++
			if !strings.Contains(d.Message(), "50 levels") {
				t.Errorf("message %q does not name the limit", d.Message())
			}
		}
	}
	if limits != 1 {
		t.Errorf("%d depth diagnostics, want 1: %v", limits, diags)
	}
	// Depth of what was kept: exactly the limit.
	kept := 0
	for e := db.Games[0].Moves; ; {
		var v *ast.Variation
		for _, x := range e {
			if vv, ok := x.(*ast.Variation); ok {
				v = vv
			}
		}
		if v == nil {
			break
		}
		kept++
		e = v.Elements
	}
	if kept != 50 {
		t.Errorf("kept %d levels, want 50", kept)
	}
}
