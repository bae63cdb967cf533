package query

import (
	"errors"
	"testing"
)

// FuzzParse checks that no query makes the parser panic, and that every
// error is an *Error positioned inside the query (or just past its end).
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`white ~ "Carlsen" and elo >= 2500`, `eco in B90..B99 or not (result = 1-0)`, `tag("X") in [a, "b", 3]`,
		`material >= "KQ vs K" in final position`, `pattern "*/*/*/*/4P3/*/*/* w" at ply 3`, `has code PGN301`,
		`starts "1. e4 c5"`, `contains moves "Nxf7 Kxf7"`, `eval <= -300 after ply 20`, `to move white at end`,
		`(((`, `"`, `date = 2020.??.??`, `whit = 1`, `!white=x||black!~"y"&&z`, "\xff", `position "8/8/8/8/8/8/8/8 w - -"`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		q, err := Parse(src)
		if err == nil {
			if q == nil {
				t.Fatal("no query and no error")
			}
			q.Match(&Game{})
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
