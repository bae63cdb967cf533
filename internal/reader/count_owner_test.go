package reader

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/check"
	"github.com/pgnc/pgnc/internal/parser"
	pgnreport "github.com/pgnc/pgnc/internal/report"
	"github.com/pgnc/pgnc/internal/testfiles"
)

// The ownership rule for diagnostics: a diagnostic belongs to the game
// whose text holds it, that is whose span holds its start or, for an empty
// diagnostic where no game starts, whose span ends where it stands (what
// is missing at the end of the game, such as the rest of a fragment cut
// off by the end of input). A fragment counted as a game owns its errors.
// Only a diagnostic that no game holds is outside any game.

// span is a game's text, in offsets of the whole input.
type span struct{ from, to int }

// holds reports whether the game of s owns a diagnostic from start to
// end, offsets of the whole input, among the spans of all the games.
func (s span) holds(start, end int, spans []span) bool {
	if s.from <= start && start < s.to {
		return true
	}
	if start != end || start != s.to {
		return false
	}
	for _, o := range spans {
		if o.from <= start && start < o.to {
			return false // a game starts there: it holds it
		}
	}
	return true
}

// owner returns the index in spans of the game that owns a diagnostic, or
// -1 for none.
func owner(start, end int, spans []span) int {
	for i, s := range spans {
		if s.holds(start, end, spans) {
			return i
		}
	}
	return -1
}

// ownership is what the counts of a check must be: the games, those that
// own an error, and the errors, in them and outside any game.
type ownership struct {
	games, withErrors, errors, outside int
}

func (o ownership) String() string {
	return fmt.Sprintf("%d games (%d with errors), %d errors (%d outside any game)", o.games, o.withErrors, o.errors, o.outside)
}

// expectedOwnership works out, from a parse and check of the whole of src
// and the spans of its games alone (not the Game field of diagnostics), the
// counts the ownership rule gives.
func expectedOwnership(src string, codes pgnreport.Codes) ownership {
	db, ds := parser.Parse(src)
	ds = append(ds, check.DatabaseDiagnostics(db)...)
	spans := make([]span, len(db.Games))
	for i, g := range db.Games {
		spans[i] = span{g.From, g.To}
	}
	o := ownership{games: len(db.Games)}
	owned := make([]bool, len(spans))
	for _, d := range ds {
		if !codes.IsError(d) {
			continue
		}
		o.errors++
		if i := owner(d.Start, d.End, spans); i >= 0 {
			owned[i] = true
		} else {
			o.outside++
		}
	}
	for _, w := range owned {
		if w {
			o.withErrors++
		}
	}
	return o
}

// readOwnership reads src through rd, counts it as pgnc check does
// (report.Report), and checks every game and diagnostic against the
// ownership rule: each game's diagnostics lie in its text and carry its
// index, and each diagnostic outside games lies in no game's text.
func readOwnership(t testing.TB, rd *Reader, codes pgnreport.Codes) ownership {
	t.Helper()
	type outsideDiag struct {
		start, end int
		text       string
	}
	var spans []span
	var outside []outsideDiag
	r := pgnreport.New(io.Discard, pgnreport.Options{Codes: codes})
	for g, err := range rd.All() {
		if err != nil {
			t.Fatal(err)
		}
		base := g.File.Base()
		if g.Index > 0 {
			s := span{base + g.From, base + g.To}
			spans = append(spans, s)
			for _, d := range g.Diags {
				if d.Game != g.Index || !s.holds(base+d.Start, base+d.End, nil) {
					t.Errorf("game %d [%d, %d) holds %s at [%d, %d), of game %d", g.Index, s.from, s.to, d.Code, base+d.Start, base+d.End, d.Game)
				}
			}
		} else {
			for _, d := range g.Diags {
				if d.Game != 0 {
					t.Errorf("outside games: %s at %d, of game %d", d.Code, base+d.Start, d.Game)
				}
				outside = append(outside, outsideDiag{base + d.Start, base + d.End, d.Code.String()})
			}
		}
		if _, err := r.Game(pgnreport.Game{Index: g.Index, Diags: g.Diags, Locate: func(i int) diag.Located { return diag.LocateStart(g.File, g.Diags[i]) }}); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range outside {
		if i := owner(d.start, d.end, spans); i >= 0 {
			t.Errorf("%s at [%d, %d) is outside games, but in the text of game %d [%d, %d)", d.text, d.start, d.end, i+1, spans[i].from, spans[i].to)
		}
	}
	return ownership{games: r.Games, withErrors: r.GamesWithErrors, errors: r.Errors, outside: r.ErrorsOutside}
}

// ownershipReaders are the ways pgnc check reads an input: a stream
// serially and on workers, in small pieces, and a file in byte ranges.
func ownershipReaders(src string) map[string]func() *Reader {
	check := func(workers, piece int) Options {
		return Options{ReuseText: true, InParts: true, SkipComments: true, ReplayWhileParsing: true, Workers: workers, PieceSize: piece}
	}
	return map[string]func() *Reader{
		"serial":           func() *Reader { return New(strings.NewReader(src), "x", check(1, 0)) },
		"serial pieces":    func() *Reader { return New(strings.NewReader(src), "x", check(1, 16)) },
		"parallel pieces":  func() *Reader { return New(strings.NewReader(src), "x", check(2, 16)) },
		"ranges":           func() *Reader { f := check(2, 16); f.RangeSize = 8; return readerOf(src, f, true) },
		"ranges of 64":     func() *Reader { f := check(2, 0); f.RangeSize = 64; return readerOf(src, f, true) },
		"syntax":           func() *Reader { o := check(1, 0); o.SyntaxOnly = true; return New(strings.NewReader(src), "x", o) },
		"model, no reuse":  func() *Reader { return New(strings.NewReader(src), "x", Options{Model: true}) },
		"file, one worker": func() *Reader { return readerOf(src, check(1, 16), true) },
	}
}

// checkOwnership checks src, read every way, against the ownership rule
// and the counts it gives.
func checkOwnership(t testing.TB, name, src string) ownership {
	t.Helper()
	want := expectedOwnership(src, pgnreport.Codes{})
	for how, rd := range ownershipReaders(src) {
		got := readOwnership(t, rd(), pgnreport.Codes{})
		// SyntaxOnly leaves out the errors of the replay, which the
		// expected counts hold: compare them with the invariants only.
		if how != "syntax" && got != want {
			t.Errorf("%s, %s: %v; want %v", name, how, got, want)
		}
		if got.outside > got.errors || got.withErrors > got.games || (got.withErrors == 0) != (got.errors == got.outside) {
			t.Errorf("%s, %s: inconsistent counts %v", name, how, got)
		}
	}
	return want
}

// ownershipFragments end a text: pieces of games, cut anywhere.
var ownershipFragments = []string{
	`[`, `[Ev`, `[Event`, `[Event "b`, `[Event "b"`, `[Event "b"]`, "[Event \"b\"]\n", "[Event \"b\"]\n[Site \"x",
	"[Event \"b\"]\n[Site", "[Event \"b\"]\n\n1.", "[Event \"b\"]\n\n1. e4", "[Event \"b\"]\n\n1. e4 (", "[Event \"b\"]\n\n1. e4 (1. d4 {x",
	"[Event \"b\"]\n\n1. e4 {comment", "[Event \"b\"]\n\n1. e4 ; to the end", "[Event \"b\"]\n\n1. e4 1-", "[Event \"b\"]\n\n1. e4 e5 2.",
	"1.", "1. e4 e5 2.", "1. Ke9", "{lonely", "}", "]", ")", "(1. e4", "$", "$1", `"str`, "junk @@", "%escape", "[Event \"b\"]\n\n1. e4 $",
	"[Event \"b\"]\n\n1. e4 e5 (2. Nf3", "[Event \"b\"][Site \"c\"", "[Event \"b\"]\n\n1. e4 )", "[Event \"b\"]\n\n1. e4 e5 1-0 1/2",
}

// TestOwnershipOfFragments: wherever a fragment stands (alone, after a game,
// before one, between two), the counts follow the ownership rule, read
// serially, on workers and in byte ranges.
func TestOwnershipOfFragments(t *testing.T) {
	const game = "[Event \"a\"]\n\n1. e4 *\n\n"
	const next = "\n\n[Event \"c\"]\n\n1. d4 *\n"
	for _, frag := range ownershipFragments {
		for _, src := range []string{frag, game + frag, frag + next, game + frag + next, game + frag + "\n" + game} {
			checkOwnership(t, fmt.Sprintf("%q", src), src)
		}
	}
}

// TestOwnershipCounts pins the counts of inputs from issue 45 and like it.
func TestOwnershipCounts(t *testing.T) {
	const game = "[Event \"a\"]\n\n1. e4 *\n\n"
	tests := []struct {
		src  string
		want ownership
	}{
		// The end of input cuts game 2 short: the error is game 2's.
		{game + "[Ev", ownership{games: 2, withErrors: 1, errors: 1}},
		{game + "[Event \"b\"]\n[Site \"x", ownership{games: 2, withErrors: 1, errors: 2}},
		{game + "[Event \"b\"]\n\n1. e4 (", ownership{games: 2, withErrors: 1, errors: 1}},
		{"[", ownership{games: 1, withErrors: 1, errors: 1}},
		// A stray brace between games is in no game's text.
		{game + "}\n\n" + game, ownership{games: 2, errors: 1, outside: 1}},
	}
	for _, tt := range tests {
		if got := checkOwnership(t, fmt.Sprintf("%q", tt.src), tt.src); got != tt.want {
			t.Errorf("%q: %v; want %v", tt.src, got, tt.want)
		}
	}
}

// TestOwnershipAtCut: a cut at MaxGameBytes (PGN215) belongs to the game
// whose text reaches the cut, a game on one line cut midway; after the
// last line end of a game, where the cut falls otherwise, it is outside
// games, as the text skipped after it is.
func TestOwnershipAtCut(t *testing.T) {
	long := strings.Repeat("{comment} ", 10000)
	const next = "*\n\n[Event \"b\"]\n\n1. d4 *\n"
	tests := []struct {
		name, src string
		want      ownership
	}{
		// PGN102 (the comment cut open) and PGN215 in game 1.
		{"one line", "1. e4 e5 " + long + next, ownership{games: 2, withErrors: 1, errors: 2}},
		// Game 1 is its tag line; PGN215 is after it.
		{"tags, then a line", "[Event \"a\"]\n1. e4 e5 " + long + next, ownership{games: 2, errors: 1, outside: 1}},
	}
	for _, tt := range tests {
		for _, workers := range []int{1, 2} {
			for _, file := range []bool{false, true} {
				o := Options{ReuseText: true, InParts: true, SkipComments: true, ReplayWhileParsing: true, Workers: workers, PieceSize: 4096, MaxGameBytes: 64 << 10, RangeSize: 8192}
				got := readOwnership(t, readerOf(tt.src, o, file), pgnreport.Codes{})
				if got != tt.want {
					t.Errorf("%s (%d workers, file %v): %v; want %v", tt.name, workers, file, got, tt.want)
				}
			}
		}
	}
}

// FuzzOwnership: over any input, read every way pgnc check reads, each
// error is counted once, in the game whose text holds it or outside games
// when no game's does; a game has errors exactly when it owns one; and the
// counts are those the ownership rule gives from the spans of the games.
func FuzzOwnership(f *testing.F) {
	boundMinimizing(f)
	for _, frag := range ownershipFragments {
		f.Add("[Event \"a\"]\n\n1. e4 *\n\n" + frag)
	}
	for _, seed := range testfiles.Seeds() {
		if len(seed) <= 2048 {
			f.Add(seed)
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return // the ranges of 8 bytes would make it slow; the rule is no different
		}
		checkOwnership(t, "input", src)
	})
}
