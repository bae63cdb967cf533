package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/ast"
)

// shape describes a parse in a few words: per game, its tag names, its
// number of elements, whether it is broken and the bytes it skipped; then
// the codes and offsets of the syntax diagnostics, in order.
func shape(db *ast.Database, diags []string) string {
	var b strings.Builder
	for _, g := range db.Games {
		var names []string
		for _, t := range g.Tags {
			names = append(names, t.Name)
		}
		fmt.Fprintf(&b, "game %s %d", strings.Join(names, ","), len(g.Moves))
		if g.Broken {
			b.WriteString(" broken")
		}
		if g.Skipped > 0 {
			fmt.Fprintf(&b, " skipped %d", g.Skipped)
		}
		b.WriteString("; ")
	}
	return b.String() + strings.Join(diags, " ")
}

func parseShape(src string) string {
	db, diags := Parse(src)
	var codes []string
	for _, d := range diags {
		if d.Code == diag.MissingResult && strings.HasPrefix(src, "[") && !strings.Contains(src, "1.") {
			continue // games of tags only
		}
		codes = append(codes, fmt.Sprintf("%s@%d", d.Code, d.Start))
	}
	return shape(db, codes)
}

// TestBrokenTagPair: a syntax error inside a tag pair costs the pair: it is
// reported where it stands, its bytes are skipped, and the game is read with
// the pairs and the movetext around it, as if the pair were absent.
func TestBrokenTagPair(t *testing.T) {
	const moves = "\n1. e4 e5 2. Nf3 *\n"
	tests := []struct{ name, src, want string }{
		{"unquoted value", "[Event \"E\"]\n[Site broken]\n[White \"W\"]\n" + moves,
			"game Event,White 5 skipped 13; PGN201@18"},
		{"junk after the value", "[Event \"E\"]\n[Site \"x\" junk]\n[White \"W\"]\n" + moves,
			"game Event,White 5 skipped 15; PGN201@22"},
		{"no value", "[Event \"E\"]\n[Site]\n" + moves,
			"game Event 5 skipped 6; PGN201@17"},
		{"no closing bracket", "[Event \"E\"]\n[Site \"x\"\n[White \"W\"]\n" + moves,
			"game Event,White 5 skipped 9; PGN201@21"},
		{"no closing bracket before movetext", "[Event \"E\"]\n[Site \"x\"" + moves,
			"game Event 5 skipped 9; PGN201@21"},
		{"first line of the file", "[Site broken]\n[Event \"E\"]\n" + moves,
			"game Event 5 skipped 13; PGN201@6"},
		{"before another game's tags", "[Event \"A\"]\n\n1. d4 *\n\n[Site broken]\n[Event \"E\"]\n" + moves,
			"game Event 2; game Event 5 skipped 13; PGN201@28"},
		{"a marker in the pair", "[Event \"E\"]\n[Site x 1-0]\n" + moves,
			"game Event 5 skipped 12; PGN201@18"},
		{"a marker in the pair before a game", "[Event \"E\"]\n[Site x 1-0 1. d4 *]\n",
			"game Event 0 skipped 7; game  2; game  0 broken skipped 1; PGN201@18 PGN205@24 PGN201@31"},
		{"two broken pairs", "[Event \"E\"]\n[Site x]\n[Date y]\n" + moves,
			"game Event 5 skipped 16; PGN201@18 PGN201@27"},
		{"only broken pairs, then a blank line", "[Site x]\n\n[Event \"E\"]\n" + moves,
			"game  0 skipped 8; game Event 5; PGN205@0 PGN201@6 PGN204@8"},
	}
	for _, tc := range tests {
		if got := parseShape(tc.src); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
		}
	}
}

// TestBlankLineInTagSection: a blank line inside a tag section (ChessBase
// writes such files) does not split the game; a tag name that repeats after
// it, or a second Event tag, does, so that games of tags only stay apart.
func TestBlankLineInTagSection(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"blank line after Event", "[Event \"E\"]\n\n[Site \"S\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n",
			"game Event,Site,Result 3; "},
		{"two blank lines", "[Event \"E\"]\n\n[Site \"S\"]\n\n[White \"W\"]\n\n1. e4 *\n",
			"game Event,Site,White 2; "},
		{"games of tags only", "[Event \"a\"]\n[Site \"x\"]\n\n[Event \"b\"]\n[Site \"y\"]\n",
			"game Event,Site 0; game Event,Site 0; "},
		{"a name that repeats", "[White \"a\"]\n\n[White \"b\"]\n",
			"game White 0; game White 0; "},
		{"a second Event without a blank line", "[Event \"a\"]\n[Event \"b\"]\n",
			"game Event 0; game Event 0; "},
	}
	for _, tc := range tests {
		if got := parseShape(tc.src); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
		}
	}
}
