package parser

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/testfiles"
	"github.com/pgnc/pgnc/san"
)

// outline describes what a parse with SkipMovetext must keep of a full
// parse: the games with their spans, tags, results and breaks, and what
// lies between them.
func outline(db *ast.Database) string {
	var b strings.Builder
	fmt.Fprintf(&b, "skipped %d, escapes %d\n", db.Skipped, len(db.Escapes))
	for _, g := range db.Games {
		fmt.Fprintf(&b, "game %d [%d,%d) broken=%v skipped=%d trailing=%d", g.Index, g.From, g.To, g.Broken, g.Skipped, len(g.Trailing))
		if g.Result != nil {
			fmt.Fprintf(&b, " result %v [%d,%d)", g.Result.Outcome, g.Result.From, g.Result.To)
		}
		for _, t := range g.Tags {
			fmt.Fprintf(&b, " %s=%q", t.Name, t.Value)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// unparsedAgrees checks that a parse that leaves the movetext of every
// game with tags unread, or all of it but the first moves, finds the games
// of a full parse, with their spans, tags and results, in the whole text
// and cut into pieces; and that the moves it reads are the full parse's.
func unparsedAgrees(t testing.TB, name, src string) (unparsed int) {
	t.Helper()
	for _, keep := range []int{0, 1, 3} {
		skip := func([]*ast.TagPair) int { return keep }
		for _, from := range []int{len(src) + 1, len(src) / 3, len(src) / 2} {
			full, _, fullEnd := (&Parser{}).ParsePrefix(src, Cut{From: from})
			lean, _, leanEnd := (&Parser{SkipMovetext: skip}).ParsePrefix(src, Cut{From: from})
			if leanEnd != fullEnd {
				t.Fatalf("%s: keep %d, cut from %d: a parse with SkipMovetext stops at %d, a full parse at %d", name, keep, from, leanEnd, fullEnd)
			}
			if got, want := outline(lean), outline(full); got != want {
				t.Fatalf("%s: keep %d, cut from %d: games differ with SkipMovetext:\n got: %.3000s\nwant: %.3000s", name, keep, from, got, want)
			}
			for i, g := range lean.Games {
				if got, want := readText(g), firstMoves(full.Games[i], keep); g.UnparsedFrom > 0 && got != want {
					t.Fatalf("%s: keep %d: game %d reads %q, a full parse %q", name, keep, i+1, got, want)
				}
				if from > len(src) && keep == 0 && g.UnparsedFrom > 0 {
					unparsed++
				}
			}
		}
	}
	return unparsed
}

// readText returns the elements of g's main line read before the text it
// left unread.
func readText(g *ast.Game) string {
	var b strings.Builder
	for _, e := range g.Moves {
		if e.Pos() < g.UnparsedFrom {
			fmt.Fprintf(&b, "%T %d-%d ", e, e.Pos(), e.End())
		}
	}
	return b.String()
}

// firstMoves returns the elements of g's main line up to its keep-th move.
func firstMoves(g *ast.Game, keep int) string {
	var b strings.Builder
	for _, e := range g.Moves {
		if keep == 0 {
			break
		}
		fmt.Fprintf(&b, "%T %d-%d ", e, e.Pos(), e.End())
		if _, ok := e.(*ast.Move); ok {
			keep--
		}
	}
	return b.String()
}

// TestSkipMovetext covers every test file and seed, and movetext that ends
// a game, or that a full parse treats apart, in every way the parser knows.
func TestSkipMovetext(t *testing.T) {
	tagged := "[Event \"e\"]\n[White \"w\"]\n\n"
	cases := []string{
		tagged + "1. e4 e5 2. Nf3 Nc6 1-0\n",
		tagged + "1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n" + tagged + "1. d4 0-1",
		tagged + "1. e4 e5\n\n1. d4 d5 *\n",                  // "1." across a blank line
		tagged + "1. e4 e5\n1. d4 d5 *\n",                    // "1." without one
		tagged + "1. e4 e5 (1... c5\n\n1. d4) *\n",           // inside a variation
		tagged + "1. e4 e5 2. Nf3\n[Event \"f\"]\n1. d4 *\n", // "[" after movetext
		tagged + "1. e4 (e5 [Event \"f\"]\n1. d4 *\n",        // "[" in a variation
		tagged + "1. e4 (1... e5 1-0) d5 *\n",                // a result in a variation
		tagged + "1. e4 ) e5 2. Nf3 *\n",                     // ")" without "("
		tagged + "1. e4 ((((((e5)))))) *\n",                  // nesting
		tagged + "1. e4 {a [comment] 1-0} e5; line 1-0\n2. Nf3 *\n",
		tagged + "1. e4 {never closed\n\n" + tagged + "1. d4 *\n",
		tagged + "1. e4 \"a string\" e5 *\n",
		tagged + "1. e4 e5\n%escape\n2. Nf3 *\n",
		tagged + "1. e4 % not in column 1\n2. Nf3 *\n",
		tagged + "1. e4 <reserved> e5 *\n",
		tagged + "1. e4 \x01 e5 *\n",
		tagged + "1. e4 e5 2. Qh5#1-0\n" + tagged + "1. d4 *", // a marker glued to a move
		tagged + "1. O-O 0-0 2. e2-e4 -- 21-0 1/2-1/2\n",      // "-" beside digits
		tagged + "1. e4 e5 ½-½\n" + tagged + "1. d4 1–0\n",    // quirks
		tagged + "1. e4 $1 e5 $2 2. Nf3 ! ? *\n",
		tagged + "1.e4 e5 2.Nf3 1...Nc6 *\n",
		tagged + "1. e4 e5\n\n1.. d4 *\n",
		tagged + "1. e4 e5\n  \n 1.e4 *\n",
		tagged + "1. e4 e5\r\n\r\n1. d4 *\r\n",
		tagged + "1. e4 e5 2. Nf3",                          // no marker, end of text
		tagged + "1. e4 e5 2. Nf3 (2. d4",                   // a variation open at the end
		tagged + "e4 e5 *\n" + "1. d4 d5 *\n",               // a game without tags after
		"[Event \"x\"]\n[White \"M\xfcller\"]\n\n1. e4 *\n", // not ASCII: read whole
		tagged + "{c} 1. e4 *\n",
		tagged + "(1. d4) 1. e4 *\n",
		tagged + "1. e4 e5 2. Nf3 Nc6 1-0 {after} [Event \"g\"]\n*\n",
		"[Event \"a\"]\n[Event \"b\"]\n1. e4 *\n",
		"[Event \"a\"\n1. e4 e5 *\n",
		tagged + "1. e4 e5 # \n[Event \"f\"]\n*\n", // a byte no pattern takes, last
		tagged + "1. e4 # e5 2. Nf3=\n\n1. d4 *\n",
	}
	unparsed := 0
	agreesEverywhere(t, func(t testing.TB, name, src string) { unparsed += unparsedAgrees(t, name, src) }, cases)
	if unparsed == 0 {
		t.Fatal("no movetext was left unread")
	}
}

// FuzzSkipMovetext: on any input, leaving the movetext unread keeps the
// games of a full parse.
func FuzzSkipMovetext(f *testing.F) {
	fuzzAgreement(f, func(t testing.TB, name, src string) { unparsedAgrees(t, name, src) })
}

// TestSkipMovetextCorpus compares the two parses on every file of the
// shared corpus.
func TestSkipMovetextCorpus(t *testing.T) {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("corpus not present at %s: %v", corpusDir, err)
	}
	testfiles.Extended(t)
	files, unparsed := 0, 0
	for _, path := range testfiles.PGN(corpusDir) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		unparsed += unparsedAgrees(t, path, string(src))
		files++
	}
	t.Logf("%d files agree; %d games with movetext left unread", files, unparsed)
}

// TestSkipMovetextKeepsFirstMoves: the moves asked for are read, the rest
// of the main line is not, and a game that may write another language's
// piece letters after them is read whole.
func TestSkipMovetextKeepsFirstMoves(t *testing.T) {
	for _, c := range []struct {
		src      string
		keep     int
		read     string // the main line's elements read, as written
		unparsed bool
	}{
		{"[Event \"e\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n", 3, "1. e4 e5 2. Nf3", true},
		{"[Event \"e\"]\n\n1. e4 {c} e5 $1 2. Nf3 (2. d4) Nc6 *\n", 2, "1. e4 {c} e5", true},
		{"[Event \"e\"]\n\n1. e4 e5 2. Sf3 Sc6 *\n", 2, "1. e4 e5 2. Sf3 Sc6", false},         // German letters after
		{"[Event \"e\"]\n\n1. e4 (1. d4) e5 2. Nf3 *\n", 2, "1. e4 (1. d4) e5 2. Nf3", false}, // a variation first
		{"[Event \"e\"]\n\n1. e4 e5 *\n", 3, "1. e4 e5", false},                               // shorter
		{"[Event \"e\"]\n\n1. e4 e5 2. Nf3 *\n", 0, "", true},
	} {
		db, _ := (&Parser{SkipMovetext: func([]*ast.TagPair) int { return c.keep }}).Parse(c.src)
		g := db.Games[0]
		var read []string
		for _, e := range g.Moves {
			if g.UnparsedFrom == 0 || e.Pos() < g.UnparsedFrom {
				read = append(read, c.src[e.Pos():e.End()])
			}
		}
		if got := strings.Join(read, " "); got != c.read || (g.UnparsedFrom > 0) != c.unparsed {
			t.Errorf("%q keeping %d: read %q, unparsed from %d; want %q, unparsed %v", c.src, c.keep, got, g.UnparsedFrom, c.read, c.unparsed)
		}
	}
}

// mayBeForeign, eight bytes at a time, answers as a look at each byte
// does, wherever in a text the letter stands.
func TestMayBeForeign(t *testing.T) {
	oneByOne := func(text string) bool {
		for i := 0; i < len(text); i++ {
			if san.ForeignLetterIn(text[i:i+1]) != 0 && text[i] < 0x80 && (i == 0 || !isASCIILetter(text[i-1])) {
				return true
			}
		}
		return false
	}
	base := "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 {a quiet move} 6. Re1 b5"
	for _, letter := range []string{"D", "T", "L", "S", "P", "aD", "xT", "Qa"} {
		for at := 0; at <= len(base); at++ {
			text := base[:at] + letter + base[at:]
			if got, want := mayBeForeign(text), oneByOne(text); got != want {
				t.Fatalf("%q: %v, one byte at a time %v", text, got, want)
			}
		}
	}
	if mayBeForeign(base) || !mayBeForeign(base+" Dd1") {
		t.Fatal("English movetext read as foreign, or German not")
	}
}

// TestPassRestSeesForeignLetters: a game whose movetext after the moves
// asked for may write a move with the letters of another language is read
// whole, wherever the letter stands: in a move among plain ones, a
// promotion, a comment; one without is passed over.
func TestPassRestSeesForeignLetters(t *testing.T) {
	const head = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 "
	for rest, whole := range map[string]bool{
		"6. Re1 b5 7. Bb3 d6 8. c3 O-O 1-0":        false,
		"6. Te1 b5 7. Bb3 d6 8. c3 O-O 1-0":        true, // German
		"6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. Dd1 1-0": true,
		"6. Re1 {Das ist gut} b5 1-0":              true,
		"6. Re1 {good} b5 7. a8=D 1-0":             true,
		"6. Re1 b5 7. Bb3 d6 8. Pc3 1-0":           true, // a pawn's letter
		"6. Re1 {aDb} b5 1-0":                      false,
	} {
		db, _ := (&Parser{SkipMovetext: func([]*ast.TagPair) int { return 2 }}).Parse(head + rest + "\n")
		if len(db.Games) != 1 {
			t.Fatalf("%s: %d games", rest, len(db.Games))
		}
		if got := db.Games[0].UnparsedFrom == 0; got != whole {
			t.Errorf("%s: read whole %v, want %v", rest, got, whole)
		}
	}
}
