package lexer

import (
	"slices"
	"testing"

	"github.com/pgnc/pgnc/internal/testfiles"
	"github.com/pgnc/pgnc/internal/token"
)

// runAgrees checks Run from every token of src, with room for size tokens
// and the limit at limit: it scans what Next in a loop scans up to the first
// token that may not join a run, and leaves the scanner where Next returns
// that token.
func runAgrees(t testing.TB, src string, size, limit int) {
	t.Helper()
	var all Scanner
	all.Reset(src)
	var toks []Token
	for tok := all.Next(); tok.Kind != token.EOF; tok = all.Next() {
		toks = append(toks, tok)
	}
	joins := func(tok Token) bool {
		switch {
		case tok.Start >= limit:
			return false
		case tok.Kind == token.MoveNumber:
			return src[tok.Start:tok.End] != "1."
		}
		return tok.Kind == token.Move || tok.Kind == token.NAG || tok.Kind == token.Comment
	}
	run := make([]Token, min(size, len(toks)+1))
	for i, first := range toks {
		var want []Token
		for _, tok := range toks[i:] {
			if len(want) == len(run) || !joins(tok) {
				break
			}
			want = append(want, tok)
		}
		var s Scanner
		s.Reset(src)
		s.Seek(first.Start)
		got := run[:s.Run(run, limit)]
		if !slices.Equal(got, want) {
			t.Fatalf("Run at %d of %q, room %d, limit %d: %v, want %v", first.Start, src, size, limit, got, want)
		}
		if next, wantNext := s.Next(), toks[min(i+len(want), len(toks)-1)]; i+len(want) < len(toks) && next != wantNext {
			t.Fatalf("Run at %d of %q: Next then returns %v, want %v", first.Start, src, next, wantNext)
		}
	}
}

// TestRun covers every seed, and runs cut by their room, by the limit and
// by each kind of token that ends them.
func TestRun(t *testing.T) {
	for _, src := range testfiles.Seeds() {
		runAgrees(t, src, maxRoom, len(src))
	}
	for _, src := range []string{
		"1. e4 {a} e5 $1 2. Nf3 1. d4 *",
		"e4 e5 (d4) Nf3 [Event \"x\"] 1-0 ; line\n e4 %esc\n e5 {open",
		"12... Nxe5+ O-O-O# e8=Q 1... a6 1.. b5 e.p. !? -- Z0",
	} {
		for _, size := range []int{1, 2, 3, maxRoom} {
			for _, limit := range []int{0, 5, 9, len(src)} {
				runAgrees(t, src, size, limit)
			}
		}
	}
}

// maxRoom is room enough for any run of the tests.
const maxRoom = 1 << 20

// nameAndValueAgrees checks NameAndValue at every offset of src: it
// returns what two calls of Next return, and leaves the scanner where they
// do, with the same PlainString.
func nameAndValueAgrees(t testing.TB, src string) {
	t.Helper()
	for at := range len(src) + 1 {
		var s, want Scanner
		s.Reset(src)
		want.Reset(src)
		s.Seek(at)
		want.Seek(at)
		name, value := s.NameAndValue()
		wantName := want.Next()
		wantValue := want.Next()
		if name != wantName || value != wantValue || s.Pos() != want.Pos() || s.PlainString() != want.PlainString() {
			t.Fatalf("NameAndValue at %d of %q: %v %v at %d, plain %v; want %v %v at %d, plain %v",
				at, src, name, value, s.Pos(), s.PlainString(), wantName, wantValue, want.Pos(), want.PlainString())
		}
	}
}

// TestNameAndValue covers tag pairs of every shape, well-formed or not.
func TestNameAndValue(t *testing.T) {
	for _, src := range []string{
		`[Event "Wch U10"]` + "\n" + `[WhiteElo "2650"]`,
		`[Event  "two spaces"] [Site"none"] [ Date "x"] [Round "esc\"aped"]`,
		`[Nf3 "a move"] [e4 "a pawn"] [O "o"] [Bxe5 "x"] [Ab1 "digit"] [A_b "u"]`,
		`[Event "open`, `[Event "line` + "\n" + `"]`, `[Event "tab	in"] [Event "é"]`,
		`[Event`, `[Event `, `[Event "`, "[Event \"\"]",
	} {
		nameAndValueAgrees(t, src)
	}
	for _, src := range testfiles.Seeds() {
		if len(src) < 4096 {
			nameAndValueAgrees(t, src)
		}
	}
}
