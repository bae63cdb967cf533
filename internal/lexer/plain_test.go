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
		if lastEnd := s.SkipPlain(); s.Pos() != c.pos || lastEnd != c.lastEnd {
			t.Errorf("SkipPlain(%q) stops at %d with last end %d, want %d and %d", c.src, s.Pos(), lastEnd, c.pos, c.lastEnd)
		}
	}
}
