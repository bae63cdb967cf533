package parser

import (
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/testfiles"
)

// FuzzParse: any input parses without panic into a tree whose spans lie
// inside the input, with diagnostics sorted and inside the input too.
func FuzzParse(f *testing.F) {
	for _, seed := range testfiles.Seeds() {
		f.Add(seed)
	}
	f.Add("1. e4 ((((")
	f.Add("[A \"\\")
	f.Fuzz(func(t *testing.T, src string) {
		db, diags := Parse(src)
		checkSpans(t, "fuzz", db, len(src))
		for i, d := range diags {
			if d.Start < 0 || d.End > len(src) || d.Start > d.End {
				t.Fatalf("diagnostic %v outside the input", d)
			}
			if i > 0 && diags[i-1].Start > d.Start {
				t.Fatalf("diagnostics not sorted")
			}
			_ = d.Message()
		}
		for i, g := range db.Games {
			if g.Index != i+1 {
				t.Fatalf("game %d has index %d", i+1, g.Index)
			}
			if i > 0 && db.Games[i-1].End() > g.Pos() {
				t.Fatalf("games %d and %d overlap", i, i+1)
			}
		}
		var b strings.Builder
		ast.Fprint(&b, db)
		skipAgrees(t, "fuzz", src)
	})
}
