package reader

import (
	"fmt"
	"strings"
	"testing"
)

// realGame is read after each broken game of TestBrokenGameHidesNothing.
// Its wrong check mark gives it a diagnostic of its own to compare.
const realGame = `[Event "Real"]
[Site "?"]
[Date "2024.01.01"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5+ a6 1-0
`

// brokenGames are games broken in their tag section or movetext, with and
// without a termination marker, each as a file would hold it before the
// next game.
var brokenGames = []struct{ name, text string }{
	{"value cut off mid-string", "[Event \"x]\n[Site \"?\"]\n\n1. e4 e5\n\n"},
	{"missing ] before the next tag", "[Event \"x\"\n[Site \"?\"]\n\n1. e4 e5\n\n"},
	{"unquoted value", "[Event x]\n\n1. e4 e5\n\n"},
	{"clock outside braces mid-game", "[Event \"x\"]\n\n1. e4 [%clk 0:01:00] e5\n\n"},
	{"clock outside braces at the end", "[Event \"x\"]\n\n1. e4 e5 [%clk 0:01:00]\n\n"},
	{"variation never closed", "[Event \"x\"]\n\n1. e4 e5 (2. Nf3\n\n"},
	{"stray )", "[Event \"x\"]\n\n1. e4 e5 ) 2. Nf3\n\n"},
	{"garbage move", "[Event \"x\"]\n\n1. e4 e5 2. Qxx9\n\n"},
	{"illegal move with marker", "[Event \"x\"]\n\n1. e4 e5 2. Ke3 1-0\n\n"},
	{"value cut off, with marker", "[Event \"x]\n\n1. e4 e5 1-0\n\n"},
	{"missing ], with marker", "[Event \"x\"\n\n1. e4 e5 *\n\n"},
	{"tag name only", "[Event\n\n1. e4 *\n\n"},
	{"tag left open after a pair", "[Event \"x\"] [Site\n\n1. e4\n\n"},
	{"tag without name", "[ \"x\"]\n\n1. e4\n\n"},
	{"move number without move", "[Event \"x\"]\n\n1. e4 e5 2. \n\n"},
	{"bare $", "[Event \"x\"]\n\n1. e4 e5 $\n\n"},
	{"comment closed by the next game's", "[Event \"x\"]\n\n1. e4 e5 {note\n"},
	{"angle brackets", "[Event \"x\"]\n\n1. e4 e5 <abc>\n\n"},
	{"missing ] before movetext", "[Event \"x\"]\n[Site \"y\"\n1. e4 e5\n"},
	{"stray ]", "[Event \"x\"]\n\n1. e4 e5 ]\n\n"},
	{"stray [ at the end of movetext", "[Event \"x\"]\n\n1. e4 e5 [\n\n"},
	{"nested variations never closed", "[Event \"x\"]\n\n1. e4 e5 ((\n\n"},
	{"result before the moves", "[Event \"x\"]\n\n1-0 1. e4\n\n"},
	{"no line breaks", "[Event \"x\"][Site \"y\"]1. e4 e5\n\n"},
	{"tag pair after moves", "1. e4 e5 2. Nf3 [Event \"x\"]\n\n"},
	{"quote in movetext", "[Event \"x\"]\n\n1. e4 e5 \"quoted\n\n"},
	{"result in a tag section", "[Event \"x\"] 1-0 [Site\n\n"},
	{"tag left open, CRLF lines", "[Event \"x\"]\r\n[Site\r\n\r\n1. e4\r\n\r\n"},
}

// TestBrokenGameHidesNothing: whatever breaks a game, the game after it is
// read and checked exactly as it is alone: same tags, moves, final
// position and diagnostics, after the broken one, which is reported
// itself: by an error where the text cannot be read, by a warning where
// it can. Each input is read whole and in ranges.
func TestBrokenGameHidesNothing(t *testing.T) {
	if len(brokenGames) < 15 {
		t.Fatalf("%d kinds of broken game, want at least 15", len(brokenGames))
	}
	want, _ := realGameReport(t, realGame, Options{Model: true})
	for _, bg := range brokenGames {
		for _, opts := range []Options{{Model: true}, {Model: true, Workers: 2, PieceSize: 64}} {
			t.Run(fmt.Sprintf("%s/workers=%d", bg.name, opts.Workers), func(t *testing.T) {
				got, before := realGameReport(t, bg.text+realGame, opts)
				if got != want {
					t.Errorf("the game after %q:\n%s\nwant, as alone:\n%s", bg.text, got, want)
				}
				if !before {
					t.Errorf("nothing reported before the real game in %q", bg.text)
				}
			})
		}
	}
}

// realGameReport reads src and describes its last game, with diagnostic
// offsets counted from the game's start; before tells whether anything
// before it had a diagnostic.
func realGameReport(t *testing.T, src string, opts Options) (report string, before bool) {
	t.Helper()
	var last *Game
	var b strings.Builder
	for g, err := range New(strings.NewReader(src), "x", opts).All() {
		if err != nil {
			t.Fatal(err)
		}
		if last != nil {
			before = before || len(last.Diags) > 0
		}
		last = g
		if g.Index == 0 {
			last = nil
			before = before || len(g.Diags) > 0
		}
	}
	if last == nil || last.Model == nil {
		t.Fatalf("no game at the end of %q", src)
	}
	fmt.Fprintf(&b, "tags %v\n", last.Tags)
	for _, m := range last.Model.Moves {
		b.WriteString(m.SAN + " ")
	}
	fmt.Fprintf(&b, "\nplies %d, final %s\n", last.Plies, last.Model.Final().FEN())
	for _, d := range last.Diags {
		fmt.Fprintf(&b, "%s at +%d: %s\n", d.Code, d.Start-last.AST.From, d.Message())
	}
	return b.String(), before
}
