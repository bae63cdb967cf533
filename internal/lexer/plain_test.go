package lexer

import "testing"

// TestSkipPlain: where SkipPlain stops, and the end of the last word it
// passes over, on words that are plain and words that are not.
func TestSkipPlain(t *testing.T) {
	for _, c := range []struct {
		src     string
		pos     int // where Next scans next
		lastEnd int
	}{
		{"1. e4 e5 2. Nf3 Nc6 1-0", 16, 15}, // "1-0" stops it; "Nc6" is left to Next
		{"1. e4 e5 2. Nf3 Nc6 *", 16, 15},   // so does "*"
		{"e4 e5 {c} d4", 3, 2},              // and a comment
		{"O-O e2-e4 Qh5#1-0", 4, 3},         // "-" between digits
		{"e4 e5\n\n1. d4 e5 *", 3, 2},       // "1." at a line start
		{"e4 e5\n\n1... d4 e5 *", 15, 14},   // "1..." starts nothing
		{"e4 e5 11. d4 *", 10, 9},
		{"e4 e5 Nf3", 3, 2}, // the end of the text
		{"e4", 0, -1},
		{"", 0, -1},
		{"(e4)", 0, -1},
		{"e4 e5 ½-½", 3, 2},
	} {
		var s Scanner
		s.Reset(c.src)
		if lastEnd := s.SkipPlain(Plain()); s.Pos() != c.pos || lastEnd != c.lastEnd {
			t.Errorf("SkipPlain(%q) stops at %d with last end %d, want %d and %d", c.src, s.Pos(), lastEnd, c.pos, c.lastEnd)
		}
	}
}

// TestSkipPlainWithout: a word with a byte that the set leaves out stops
// SkipPlain as a comment does, where the plain bytes pass over it.
func TestSkipPlainWithout(t *testing.T) {
	noD := PlainWithout(func(c byte) bool { return c == 'D' })
	for _, c := range []struct {
		src          string
		pos, lastEnd int
	}{
		{"e4 e5 Dc3 d4 *", 3, 2},
		{"e4 e5 Nc3 Bd4 Nxd5 *", 14, 13}, // only the last word before "*" is left
		{"e4 Dc3", 0, -1},
	} {
		var s Scanner
		s.Reset(c.src)
		if lastEnd := s.SkipPlain(noD); s.Pos() != c.pos || lastEnd != c.lastEnd {
			t.Errorf("SkipPlain(%q) stops at %d with last end %d, want %d and %d", c.src, s.Pos(), lastEnd, c.pos, c.lastEnd)
		}
	}
	var s Scanner
	if s.Reset("e4 e5 Dc3 d4 *"); s.SkipPlain(Plain()) != 9 || s.Pos() != 10 {
		t.Errorf("SkipPlain passes over a word with D: stops at %d", s.Pos())
	}
}
