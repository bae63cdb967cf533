package report_test

import (
	"strings"
	"testing"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/internal/report"
	"golang.org/x/text/language"
)

// A game whose diagnostics are located already (Game.Located, as package
// pgn hands them out, with a Where of their own) prints and counts as the
// same game located by Locate does, in every format and language, with
// codes ignored and raised.
func TestLocatedPrintsAsLocate(t *testing.T) {
	const games = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Ke3 Nf6 3. Bb5 *\n\n))\n\n[White \"C\"]\n\n1. d4 d5 2. Qd3 ) *\n"
	codes, err := report.ParseCodes("PGN321", "PGN204")
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range []report.Options{
		{}, {JSON: true}, {SARIF: true, ToolVersion: "1"}, {GitHub: true}, {Codes: codes}, {Statistics: true}, {MaxErrors: 1},
		{ErrorsOnly: true}, {Language: language.Spanish},
	} {
		var byLocate, byLocated strings.Builder
		r1, r2 := report.New(&byLocate, opts), report.New(&byLocated, opts)
		for g, err := range reader.New(strings.NewReader(games), "games.pgn", reader.Options{}).All() {
			if err != nil {
				t.Fatal(err)
			}
			locate := func(i int) diag.Located { return diag.Locate(g.File, g.Diags[i]) }
			if _, err := r1.Game(report.Game{Index: g.Index, Tags: g.Tags, Plies: g.Plies, Diags: g.Diags, Locate: locate, Skip: g.Skipped}); err != nil {
				t.Fatal(err)
			}
			located := make([]diag.Located, len(g.Diags))
			for i := range located {
				located[i] = locate(i)
				located[i].Where = "somewhere else"
			}
			if _, err := r2.Game(report.Game{Index: g.Index, Tags: g.Tags, Plies: g.Plies, Located: located, Skip: g.Skipped}); err != nil {
				t.Fatal(err)
			}
		}
		r1.Summary()
		r2.Summary()
		if byLocate.String() != byLocated.String() || r1.Errors != r2.Errors || r1.Warnings != r2.Warnings || r1.GamesWithErrors != r2.GamesWithErrors {
			t.Errorf("%+v: Located prints\n%s\nLocate\n%s", opts, byLocated.String(), byLocate.String())
		}
		if !strings.Contains(byLocate.String(), "PGN") {
			t.Errorf("%+v: nothing printed:\n%s", opts, byLocate.String())
		}
	}
}
