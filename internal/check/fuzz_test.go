package check

import (
	"fmt"
	"testing"

	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/internal/testfiles"
)

// FuzzCheck runs the whole check on arbitrary input: no panic, diagnostics
// inside the input, and a model whose moves replay from its start.
func FuzzCheck(f *testing.F) {
	for _, seed := range testfiles.Seeds() {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		db, _ := parser.Parse(src)
		for _, g := range db.Games {
			m, diags := Game(g)
			for _, d := range diags {
				if d.Start < 0 || d.End > len(src) || d.Start > d.End {
					t.Fatalf("diagnostic %v outside the input", d)
				}
				_ = d.Message()
			}
			// Replayed, the model's moves are legal where they stand and
			// read as its canonical SAN says.
			pos := m.Start
			for _, mv := range m.Moves {
				if !mv.Null {
					if got := pos.SAN(mv.Move); got != mv.SAN {
						t.Fatalf("replaying the model: %s reads %s", mv.SAN, got)
					}
				}
				mv.Play(&pos)
			}
		}
		// Checked in parts while parsed, every game reads as checked whole.
		partsAgree(t, src, 1+len(src)%7)
		// Replayed while parsed, whole or in parts, the games check as their trees do.
		streamAgrees(t, src, 0)
		streamAgrees(t, src, 1+len(src)%5)
		// Without the comments it needs no node for, the check is the same.
		lean, _ := (&parser.Parser{SkipComments: true}).Parse(src)
		if got, want := fmt.Sprint(DatabaseDiagnostics(lean)), fmt.Sprint(DatabaseDiagnostics(db)); got != want {
			t.Fatalf("with SkipComments the check reads\n%s\nwant\n%s", got, want)
		}
	})
}
