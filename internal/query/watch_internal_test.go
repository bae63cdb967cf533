package query

import "testing"

// TestNewWatchTestsAsItGoes: a Watch tests the position terms of a query
// as the positions come where they alone read the positions, and keeps a
// log where the final position, checkmate or starts read them.
func TestNewWatchTestsAsItGoes(t *testing.T) {
	for src, terms := range map[string]int{
		`material "KR vs KR"`: 1,
		`material "KR vs KR" or pattern "*/*/*/*/*/*/*/*R*r*" after ply 70`: 2,
		`white ~ "a" and not position "8/8/8/8/8/8/8/K6k w - -" at ply 7`:   1,
		`material >= "KQ vs K" in final position`:                           0,
		`material "KR vs KR" and checkmate`:                                 0,
		`starts "1. e4"`:                                                    0,
		`pattern "8/*/*/*/*/*/*/*" or starts "1. d4"`:                       0,
	} {
		q, err := Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		w := NewWatch(q)
		if got := len(w.terms); got != terms {
			t.Errorf("%s: the watch tests %d terms, want %d", src, got, terms)
		}
		if only := terms == 1 && w.terms[0].at < 0 && w.terms[0].after < 0; (w.only != nil) != only {
			t.Errorf("%s: the watch tests one term at every ply: %v, want %v", src, w.only != nil, only)
		}
	}
}
