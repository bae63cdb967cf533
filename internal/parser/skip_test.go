package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/testfiles"
)

// skipAgrees checks Parser.SkipComments on src: the diagnostics are those
// of a full parse, and so is the tree once the full tree loses the comments
// that the skipping parse left out, each of which another element of its
// line followed. It returns how many comments were left out.
func skipAgrees(t testing.TB, name, src string) (skipped int) {
	t.Helper()
	full, fullDiags := (&Parser{}).Parse(src)
	lean, leanDiags := (&Parser{SkipComments: true}).Parse(src)
	if got, want := fmt.Sprint(leanDiags), fmt.Sprint(fullDiags); got != want {
		t.Fatalf("%s: diagnostics differ with SkipComments:\n got: %s\nwant: %s", name, got, want)
	}
	kept := map[ast.Span]bool{}
	ast.Inspect(lean, func(n ast.Node) bool {
		if c, ok := n.(*ast.Comment); ok {
			kept[c.Span] = true
		}
		return true
	})
	for _, g := range full.Games {
		skipped += dropComments(t, name, &g.Moves, kept)
	}
	if got, want := treeText(t, lean), treeText(t, full); got != want {
		t.Fatalf("%s: the tree with SkipComments is not the full tree less comments:\n got: %.3000s\nwant: %.3000s", name, got, want)
	}
	return skipped
}

// dropComments removes from elems, and from the variations in it, the
// comments not in kept, and fails unless another element followed each.
func dropComments(t testing.TB, name string, elems *[]ast.Element, kept map[ast.Span]bool) (dropped int) {
	t.Helper()
	out := (*elems)[:0:0]
	for i, e := range *elems {
		switch e := e.(type) {
		case *ast.Comment:
			if !kept[e.Span] {
				if i == len(*elems)-1 {
					t.Fatalf("%s: the comment at %d, last of its line, was skipped", name, e.From)
				}
				dropped++
				continue
			}
		case *ast.Variation:
			dropped += dropComments(t, name, &e.Elements, kept)
		}
		out = append(out, e)
	}
	*elems = out
	return dropped
}

func treeText(t testing.TB, db *ast.Database) string {
	t.Helper()
	var b strings.Builder
	if err := ast.Fprint(&b, db); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestSkipComments covers every test file and seed, and the places where
// a comment stays.
func TestSkipComments(t *testing.T) {
	skipped := 0
	for i, src := range testfiles.Seeds() {
		skipped += skipAgrees(t, fmt.Sprintf("seed %d", i), src)
	}
	if skipped == 0 {
		t.Fatal("no comment of the seeds was skipped")
	}
	for _, c := range []struct {
		src     string
		skipped int
	}{
		{"[Event \"a\"]\n\n1. e4 {a} 1... e5 {b} 2. Nf3 {c} *\n", 2}, // the last stays
		{"1. e4 {a} (1. d4 {b} d5 {c}) {d} e5 {e} 1-0 {f}\n", 1},     // {b} only
		{"{a} {b} 1. e4 *", 0},                                                 // before the first move number
		{"1. e4 {a} {b} e5 *", 2},                                              // side by side
		{"1. e4 {a\x01} e5 {caf\xc3\xa9} Nf3 {\xe9} *", 0},                     // something to report
		{"1. e4 e5 1-0 {after} {the} {result}\n\n[Event \"b\"]\n\n1. d4 *", 0}, // after a result
		{"1. e4 {a} e5 {b} 2. Nf3 {c} Nc6 ) {d} 3. Bb5 {e", 3},                 // broken
		{"1. e4 {a} ; line\ne5 {b} $1 {c} *", 1},
		{"1. e4 {a} e5 {b}", 1}, // no result: the game ends at its last comment
	} {
		if got := skipAgrees(t, c.src, c.src); got != c.skipped {
			t.Errorf("%q: %d comments skipped, want %d", c.src, got, c.skipped)
		}
	}
}
