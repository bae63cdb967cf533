package report

import (
	"testing"

	"github.com/pgnc/pgnc/diag"
)

// TestGitHubEscapes: the data of a workflow command escapes %, CR and LF,
// and a property's value also ':' and ','; control characters of the input
// are shown as text output shows them.
func TestGitHubEscapes(t *testing.T) {
	for _, c := range []struct{ in, data, property string }{
		{"plain", "plain", "plain"},
		{"100%", "100%25", "100%25"},
		{"a\r\nb", "a%0D%0Ab", "a%0D%0Ab"},
		{"c:/games, 2024.pgn", "c:/games, 2024.pgn", "c%3A/games%2C 2024.pgn"},
		{"%0A", "%250A", "%250A"},
	} {
		if got := string(appendEscaped(nil, c.in, false)); got != c.data {
			t.Errorf("data %q: %q, want %q", c.in, got, c.data)
		}
		if got := string(appendEscaped(nil, c.in, true)); got != c.property {
			t.Errorf("property %q: %q, want %q", c.in, got, c.property)
		}
	}

	src := "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n"
	f := diag.NewFile("my games, 1:2%.pgn", src)
	d := diag.Diagnostic{Code: diag.IllegalMove, Start: 25, End: 28, Game: 1,
		Args: []diag.Arg{diag.ValueArg("san", "Ke3\x1b"), diag.ValueArg("reason", "50%\nreasons")}}
	l := diag.Locate(f, d)
	l.Where = "in game 1 (A – B)"
	want := "::error file=my games%2C 1%3A2%25.pgn,line=3,col=13,endLine=3,endColumn=16,title=PGN301::illegal move Ke3\\x1b: 50%25\\x0areasons%0Ain game 1 (A – B)\n"
	if got := string(appendGitHub(nil, l, true, diag.English)); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	d = diag.Diagnostic{Code: diag.CheckMarkMissing, Start: 19, End: 21, Args: []diag.Arg{diag.ValueArg("san", "e5"), diag.ValueArg("fix", "e5+")}}
	want = "::warning file=my games%2C 1%3A2%25.pgn,line=3,col=7,endLine=3,endColumn=9,title=PGN304::e5 gives check but is not marked '+'%0Ahint: write 'e5+'\n"
	if got := string(appendGitHub(nil, diag.Locate(f, d), false, diag.English)); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
