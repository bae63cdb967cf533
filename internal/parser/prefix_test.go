package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/testfiles"
)

// parsePrefix calls ParsePrefix and renders the tree and its diagnostics,
// offsets and all.
func parsePrefix(t testing.TB, src string, cut Cut) (db *ast.Database, text string, end int) {
	t.Helper()
	var p Parser
	return parseWith(t, &p, src, cut)
}

// parseWith is parsePrefix with the given Parser.
func parseWith(t testing.TB, p *Parser, src string, cut Cut) (db *ast.Database, text string, end int) {
	t.Helper()
	db, diags, end := p.ParsePrefix(src, cut)
	var b strings.Builder
	if err := ast.Fprint(&b, db); err != nil {
		t.Fatal(err)
	}
	for _, d := range diags {
		fmt.Fprintf(&b, "%d-%d game %d %s %s\n", d.Start, d.End, d.Game, d.Code, d.Message())
	}
	return db, b.String(), end
}

// prefixAgrees checks one ParsePrefix call: it stops at or after cut.From
// (or at the end of src), and its result is that of parsing the text up to
// where it stopped.
func prefixAgrees(t testing.TB, name, src string, cut Cut) {
	t.Helper()
	_, got, end := parsePrefix(t, src, cut)
	if end < 0 || end > len(src) || (end < min(cut.From, len(src)) && cut.Games == 0) {
		t.Fatalf("%s: cut %+v stopped at %d of %d", name, cut, end, len(src))
	}
	_, want, wend := parsePrefix(t, src[:end], Cut{From: len(src) + 1})
	if wend != end {
		t.Fatalf("%s: the whole parse of %d bytes stopped at %d", name, end, wend)
	}
	if got != want {
		t.Fatalf("%s: prefix parse with %+v up to %d differs from the parse of that text:\n got: %.3000s\nwant: %.3000s", name, cut, end, got, want)
	}
}

// TestParsePrefix cuts every test file and seed at several places.
func TestParsePrefix(t *testing.T) {
	cuts := 0
	for i, src := range testfiles.Seeds() {
		name := fmt.Sprintf("seed %d", i)
		for _, from := range []int{0, 1, len(src) / 4, len(src) / 2, len(src) - 200} {
			prefixAgrees(t, name, src, Cut{From: from})
			prefixAgrees(t, name, src, Cut{From: from, Games: 2})
			prefixAgrees(t, name, src, Cut{From: from, Until: from + len(src)/3})
			prefixAgrees(t, name, src, Cut{From: from, Games: 3, SyncFrom: from, SyncTo: from + len(src)/2})
			if _, _, end := parsePrefix(t, src, Cut{From: from}); end < len(src) {
				cuts++
			}
		}
	}
	if cuts == 0 {
		t.Fatal("no test input was cut anywhere")
	}
}

// TestCutBounds checks that ParsePrefix stops no later than Cut.Until, and
// only at sync points between Cut.SyncFrom and Cut.SyncTo, until it has
// passed over Cut.Games places.
func TestCutBounds(t *testing.T) {
	const game = "[Event \"a\"]\n\n1. e4 e5 1-0\n"
	// The "[" of b and of d follow movetext, not a blank line nor a
	// marker: places to cut, but no sync points; that of c is both.
	const glued = "[Event \"a\"]\n1. e4 e5\n[Event \"b\"]\n1. d4 d5\n[Event \"d\"]\n1. c4 1-0\n\n[Event \"c\"]\n1. Nf3 *\n"
	atB, atD, atC := strings.Index(glued, "[Event \"b"), strings.Index(glued, "[Event \"d"), strings.Index(glued, "[Event \"c")
	tests := []struct {
		name string
		src  string
		cut  Cut
		want int
	}{
		{"no bound", game + game + game, Cut{From: 1}, len(game)},
		{"until before the first place", game + game + game, Cut{From: 1, Until: len(game) - 1}, 3 * len(game)},
		{"until at the first place", game + game + game, Cut{From: 1, Until: len(game)}, len(game)},
		{"any place", glued, Cut{From: 1}, atB},
		{"sync points only", glued, Cut{From: 1, Games: 5, SyncTo: len(glued)}, atC},
		{"sync points only, before SyncFrom", glued, Cut{From: 1, Games: 5, SyncFrom: atB + 1, SyncTo: len(glued)}, atB},
		{"sync points only, after SyncTo", glued, Cut{From: 1, Games: 5, SyncTo: atB}, atB},
		{"sync points, one place passed over at most", glued, Cut{From: 1, Games: 1, SyncTo: len(glued)}, atD},
	}
	for _, tt := range tests {
		var p Parser
		if _, _, end := p.ParsePrefix(tt.src, tt.cut); end != tt.want {
			t.Errorf("%s: stopped at %d, want %d", tt.name, end, tt.want)
		}
	}
}

// TestParsePrefixPlaces checks where ParsePrefix stops on small inputs.
func TestParsePrefixPlaces(t *testing.T) {
	const game = "[Event \"a\"]\n\n1. e4 e5 1-0\n"
	tests := []struct {
		name, src string
		from      int
		want      string // the text from the cut on
	}{
		{"after a marker", game + game, 1, game},
		{"not in the tags of the game", game + game, len(game) + 1, ""},
		{"tagless game after a marker", "1. e4 *\n2. d4 *\n", 1, "2. d4 *\n"},
		{"marker after a marker", "1. e4 * * 1-0", 1, "* 1-0"},
		{"not at a comment after a marker", "1. e4 * {c} 1. d4 *", 1, ""},
		{"game without marker, blank line", "1. e4 e5\n\n[Event \"b\"]\n1. d4 *", 1, "[Event \"b\"]\n1. d4 *"},
		{"no blank line", "1. e4 e5\n[Event \"b\"]\n1. d4 *", 1, "[Event \"b\"]\n1. d4 *"},
		{"games glued on one line", "[Event \"a\"] 1. e4 [Event \"b\"] 1. d4", 1, "[Event \"b\"] 1. d4"},
		{"not after tags", "[Event \"a\"]\n[Site \"b\"]\n1. d4 *", 1, ""},
		{"not after an unmatched parenthesis", "[Event \"a\"] )\n[Site \"b\"]\n1. d4 *", 1, ""},
		{"open variation", "1. e4 (1. d4\n\n[Event \"b\"]\n1. d4 *", 1, ""},
		{"marker in an open variation", "1. e4 (1. d4 *\n\n[Event \"b\"]\n1. d4 *", 1, "[Event \"b\"]\n1. d4 *"},
		{"after a broken game", "[x] 1-0\n[y] 0-1\n", 1, "[y] 0-1\n"},
		{"before from", game + game + game, len(game) + 1, game},
		// A "}" after the text would make the rest comment text.
		{"after an unterminated comment", "1. e4 {open\n\n" + game + game, 1, ""},
		{"before an unterminated comment", game + game + "1. e4 {open\n\n" + game, 1, game + "1. e4 {open\n\n" + game},
	}
	for _, tc := range tests {
		_, _, end := parsePrefix(t, tc.src, Cut{From: tc.from})
		if got := tc.src[end:]; got != tc.want {
			t.Errorf("%s: cut before %q, want before %q", tc.name, got, tc.want)
		}
		prefixAgrees(t, tc.name, tc.src, Cut{From: tc.from})
	}
	src := strings.Repeat(game, 10)
	if db, _, end := parsePrefix(t, src, Cut{From: len(src), Games: 3}); end != 3*len(game) || len(db.Games) != 3 {
		t.Errorf("Games 3: cut at %d with %d games, want at %d", end, len(db.Games), 3*len(game))
	}
	// Games without marker count too, games of tags only among them.
	for _, unit := range []string{"[Event \"x\"]\n[Site \"y\"]\n\n", "[Event \"x\"]\n\n1. e4\n\n", "[Event \"x\"]\n[Site \"y\"]\n"} {
		src := strings.Repeat(unit, 10)
		if db, _, end := parsePrefix(t, src, Cut{From: len(src), Games: 3}); end != 3*len(unit) || len(db.Games) != 3 {
			t.Errorf("Games 3 of %q: cut at %d with %d games, want at %d", unit, end, len(db.Games), 3*len(unit))
		}
		prefixAgrees(t, unit, src, Cut{From: len(src), Games: 3})
		prefixAgrees(t, unit, src, Cut{From: 1})
	}
	open := "1. e4 {open\n\n" + src
	if _, _, end := parsePrefix(t, open, Cut{From: len(open), Games: 3}); end != len(open) {
		t.Errorf("Games 3 after an unterminated comment: cut at %d of %d", end, len(open))
	}
}

// stopsAsInWhole checks that where ParsePrefix stops in src[:n], the start
// of a text that goes on, does not depend on the text after n: in the whole
// of src it stops at the same place. A token that ends at n may be the
// start of a longer one in src ("[Event" of "[EventDate"), and no cut may
// rest on it.
func stopsAsInWhole(t testing.TB, name, src string, n int, cut Cut) {
	t.Helper()
	_, _, end := parsePrefix(t, src[:n], cut)
	if end < 0 || end >= n {
		return // no cut in the prefix
	}
	if _, _, whole := parsePrefix(t, src, cut); whole != end {
		t.Fatalf("%s: with %+v, the first %d bytes stop at %d (before %q), the whole text at %d", name, cut, n, end, src[end:n], whole)
	}
}

// TestParsePrefixOfLongerText cuts texts at every byte and checks that the
// place ParsePrefix stops at in what is left holds in the whole text.
func TestParsePrefixOfLongerText(t *testing.T) {
	texts := []string{
		// A second tag whose name starts with "Event" is no second Event tag.
		"[Event \"a\"]\n[Site \"b\"]\n[EventRounds \"7\"]\n[EventDate \"?\"]\n\n1. e4 *\n\n[Event \"c\"]\n\n1. d4 *\n",
		// Nor is a symbol after a marker a move that starts a game.
		"1. e4 * e4xyz 1. d4 *\n",
	}
	for i, src := range testfiles.Seeds() {
		if i%8 == 0 {
			texts = append(texts, src[:min(len(src), 800)])
		}
	}
	for i, src := range texts {
		for n := 1; n < len(src); n++ {
			stopsAsInWhole(t, fmt.Sprintf("text %d", i), src, n, Cut{From: 0})
			stopsAsInWhole(t, fmt.Sprintf("text %d", i), src, n, Cut{From: n * 3 / 4})
		}
	}
}

// FuzzParsePrefix: on any input, the prefix parse is the parse of the
// prefix, and where it stops holds in the text that goes on after it.
func FuzzParsePrefix(f *testing.F) {
	for _, seed := range testfiles.Seeds() {
		f.Add(seed, uint16(len(seed)/3), uint8(0))
	}
	f.Fuzz(func(t *testing.T, src string, from uint16, games uint8) {
		prefixAgrees(t, "input", src, Cut{From: int(from), Games: int(games % 4)})
		if n := int(from); n < len(src) {
			stopsAsInWhole(t, "input", src, n, Cut{From: n * 3 / 4, Games: int(games % 4)})
		}
	})
}
