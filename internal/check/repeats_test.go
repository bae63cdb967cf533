package check

import (
	"os"
	"testing"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/parser"
)

// TestRepeats: 120 null moves give 100 warnings and one that counts the
// other 20, at the first of them; with no limit, all 120.
func TestRepeats(t *testing.T) {
	data, err := os.ReadFile("../../testdata/repeats.pgn")
	if err != nil {
		t.Fatal(err)
	}
	db, _ := parser.Parse(string(data))
	nulls := db.Games[0]
	for _, tc := range []struct {
		max, kept int
		more      string
	}{{0, 100, "20"}, {7, 7, "113"}, {-1, 120, ""}} {
		for _, build := range []bool{false, true} {
			k := Checker{MaxRepeats: tc.max}
			diags := k.Diagnostics(nulls)
			if build {
				_, diags = k.Game(nulls)
			}
			kept, more := 0, ""
			var firstDropped int
			for _, d := range diags {
				switch d.Code {
				case diag.NullMove:
					kept++
				case diag.MoreWarnings:
					more, firstDropped = d.Args[0].Value, d.Start
				}
			}
			if kept != tc.kept || more != tc.more {
				t.Errorf("limit %d, model %v: %d kept, %q more; want %d and %q", tc.max, build, kept, more, tc.kept, tc.more)
			}
			if more != "" {
				if n := nullMoveAt(t, nulls.Moves, firstDropped); n != tc.kept+1 {
					t.Errorf("limit %d: the count stands at null move %d, want %d", tc.max, n, tc.kept+1)
				}
			}
		}
	}
}

// nullMoveAt returns the 1-based number of the move that starts at off.
func nullMoveAt(t *testing.T, elems []ast.Element, off int) int {
	n := 0
	for _, e := range elems {
		if m, ok := e.(*ast.Move); ok {
			n++
			if m.Pos() == off {
				return n
			}
		}
	}
	t.Fatalf("no move starts at %d", off)
	return 0
}
