package parser

import "testing"

// TestHiddenGames: a comment whose "}" is missing swallows the games after
// it; whatever their shape, the comment gets PGN117, and a comment that
// only talks about moves does not.
func TestHiddenGames(t *testing.T) {
	const game = "[Event \"x\"]\n[Site \"y\"]\n\n1. e4 e5 1-0\n"
	tests := []struct {
		name, body string
		n, first   int
	}{
		{"tagged", "open\n\n" + game, 1, 6},
		{"two tagged", "open\n\n" + game + "\n" + game, 2, 6},
		{"indented", "open\n\n  [Event \"x\"]\n  [Site \"y\"]\n\n  1. e4 e5 1-0\n", 1, 8},
		{"no move numbers", "open\n\n[Event \"x\"]\n\ne4 e5 Nf3 Nc6 1-0\n", 1, 6},
		{"no move numbers, piece first", "open\n\n[Event \"x\"]\nNf3 d5 *\n", 1, 6},
		{"untagged", "open\n\n1. d4 d5 2. c4 1-0\n\n1. e4 *\n", 2, 6},
		{"untagged over lines", "open\n\n1. d4 d5\n2. c4 e6 1/2-1/2\n", 1, 6},
		{"untagged after a game's marker", "open\n\n1. d4 1-0\n1. e4 0-1\n", 2, 6},
		{"CRLF", "open\r\n\r\n[Event \"x\"]\r\n\r\n1. e4 *\r\n", 1, 8},
		{"a remark", "1. e4 is best\n\nand 1. d4 is fine", 0, -1},
		{"a paragraph without marker", "open\n\n1. e4 e5 2. Nf3 with ideas\n", 0, -1},
		{"a marker inside a word", "open\n\n1. e4 won 21-0\n", 0, -1},
		{"a quoted tag", "the game\n[Event \"x\"]\nwas played", 0, -1},
		{"the first line is the comment's own", "1. e4 e5 1-0\nmore", 0, -1},
	}
	for _, tc := range tests {
		if n, first := hiddenGames(tc.body); n != tc.n || first != tc.first {
			t.Errorf("%s: %d games from %d, want %d from %d", tc.name, n, first, tc.n, tc.first)
		}
	}
}
