package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/testfiles"
)

// recordParts writes what a PartSink receives, one line an element, as
// flatMovetext writes a game's movetext, so that a game parsed in parts
// can be compared with the same game parsed whole.
type recordParts struct {
	games  map[*ast.Game]*strings.Builder // the movetext of each game
	tagsOf map[*ast.Game]*strings.Builder // its tag pairs handed out
	cur    *strings.Builder
	tags   *strings.Builder
	game   *ast.Game
}

func newRecordParts() *recordParts {
	return &recordParts{games: map[*ast.Game]*strings.Builder{}, tagsOf: map[*ast.Game]*strings.Builder{}}
}

func (r *recordParts) Begin(g *ast.Game) {
	if len(g.Moves) != 0 || len(g.Tags) != 0 || g.Index != 0 {
		panic(fmt.Sprintf("Begin of a game with %d moves, %d tags and index %d", len(g.Moves), len(g.Tags), g.Index))
	}
	r.cur = new(strings.Builder)
	r.games[g] = r.cur
	r.tagsOf[g] = new(strings.Builder)
	r.tags, r.game = r.tagsOf[g], g
}

// Tags writes the pairs as gameOutline does; tag values come as written,
// and are decoded at the end of their game where not handed out.
func (r *recordParts) Tags(tags []*ast.TagPair) {
	for _, t := range tags {
		fmt.Fprintf(r.tags, "TagPair %d-%d %s\n", t.From, t.To, t.Name)
	}
}
func (r *recordParts) Elements(elems []ast.Element) { flatMovetext(r.cur, elems) }
func (r *recordParts) Open(from int)                { fmt.Fprintf(r.cur, "( %d\n", from) }
func (r *recordParts) Close()                       { r.cur.WriteString(")\n") }

// flatMovetext writes elems, with a variation as "( from", its elements
// and ")": a part may open a variation that a later one closes.
func flatMovetext(w *strings.Builder, elems []ast.Element) {
	for _, e := range elems {
		if v, ok := e.(*ast.Variation); ok {
			fmt.Fprintf(w, "( %d\n", v.From)
			flatMovetext(w, v.Elements)
			w.WriteString(")\n")
			continue
		}
		if c, ok := e.(*ast.Comment); ok {
			// Decoded at the end of their game, when not handed out.
			fmt.Fprintf(w, "Comment %d-%d %v\n", c.From, c.To, c.Line)
			continue
		}
		ast.Fprint(w, e)
	}
}

// gameOutline writes what a game holds besides its movetext, after the
// tags handed out before its Tags.
func gameOutline(g *ast.Game, handed string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "game %d %d-%d broken %v skipped %d foreign %v\n", g.Index, g.From, g.To, g.Broken, g.Skipped, g.ForeignLetters)
	b.WriteString(handed)
	for _, t := range g.Tags {
		fmt.Fprintf(&b, "TagPair %d-%d %s\n", t.From, t.To, t.Name)
	}
	if g.Result != nil {
		ast.Fprint(&b, g.Result)
	}
	for _, c := range g.Trailing {
		ast.Fprint(&b, c)
	}
	return b.String()
}

// partsAgree parses src whole and in parts of each size, and fails where
// the games, their movetext or the diagnostics differ. It returns how many
// games were handed out in parts.
func partsAgree(t *testing.T, name, src string, sizes ...int) (parted int) {
	t.Helper()
	whole, wantDiags := Parse(src)
	for _, size := range sizes {
		rec := newRecordParts()
		ps := Parser{Parts: rec, PartSize: size, ReuseMemory: true}
		db, diags := ps.Parse(src)
		if got, want := fmt.Sprint(diags), fmt.Sprint(wantDiags); got != want {
			t.Fatalf("%s, parts of %d: diagnostics\n%s\nwant\n%s", name, size, got, want)
		}
		if len(db.Games) != len(whole.Games) {
			t.Fatalf("%s, parts of %d: %d games, want %d", name, size, len(db.Games), len(whole.Games))
		}
		for i, g := range db.Games {
			w := whole.Games[i]
			handed := ""
			if rec.tagsOf[g] != nil && g.Parts > 0 {
				handed = rec.tagsOf[g].String()
			}
			if got, want := gameOutline(g, handed), gameOutline(w, ""); got != want {
				t.Fatalf("%s, parts of %d, game %d:\n%s\nwant\n%s", name, size, i+1, got, want)
			}
			var got, want strings.Builder
			flatMovetext(&want, w.Moves)
			if rec.games[g] != nil && g.Parts > 0 {
				parted++
				got.WriteString(rec.games[g].String())
			}
			flatMovetext(&got, g.Moves)
			if got.String() != want.String() {
				t.Fatalf("%s, parts of %d, game %d: movetext\n%s\nwant\n%s", name, size, i+1, got.String(), want.String())
			}
		}
	}
	return parted
}

// TestPartsAgree: every file of testdata and of the corpus's edge cases,
// parsed in parts of a few elements, gives the games, movetext and
// diagnostics of a whole parse.
func TestPartsAgree(t *testing.T) {
	parted := 0
	for _, src := range testfiles.Seeds() {
		parted += partsAgree(t, "seed", src, 1, 2, 3, 7)
	}
	if parted == 0 {
		t.Fatal("no game was handed out in parts")
	}
	t.Logf("%d games handed out in parts", parted)
}

// TestPartsCases covers the places where a part may end.
func TestPartsCases(t *testing.T) {
	for _, src := range []string{
		"[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n",
		"1. e4 e5 2. ... Nf3 12. ... 3 . Nc6 *",             // periods apart from their number
		"1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) 1... e5 *", // nested variations
		"1. e4 (1. d4 d5 (1... Nf6 2. c4 {never closed *\n\n[Event \"b\"]\n\n1. d4 *",
		"1. e4 ( ( ( ) ) ) e5 () *",
		"1. e4 e5 2. Nf3 ) Nc6 ( *", // stray parentheses
		"1. e4 e5 1-0 {after} {the} {result} ; line\n{more}\n\n[Event \"c\"]\n\n1. e4 *",
		"[Event \"d\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 [Event \"e\"] 1. d4 *", // no marker
		"1. e4 e5 2. Nf3 Nc6\n\n1. d4 d5 *",                                 // a second game without tags
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 Nz9 6. Re1 *",
		"{only} {comments} {here}",
		"1. e4 $1 $2 ! e5 e.p. 2. Nf3 *",
	} {
		partsAgree(t, src, src, 1, 2, 3, 4, 5)
	}
}

// TestPartsMemory: a huge game parsed in parts takes the arena memory of a
// few parts, whatever its size, where a whole parse takes it for every
// node.
func TestPartsMemory(t *testing.T) {
	for _, shape := range []struct {
		name, head, unit, tail string
		per                    int // elements a unit
	}{
		{"main line", "1. e4 ", "Nf6 Ng1 Nf3 Ng8 ", "*", 4},
		{"variations", "1. e4 ", "(1. d4 {c} $1) ", "*", 5},
		{"one long variation", "1. e4 (1. Nf3 ", "Nf6 Ng1 Nf3 Ng8 ", ") *", 4},
		{"variations of 400 moves", "1. e4 ", "(1. Nf3 " + strings.Repeat("Nf6 Ng1 Nf3 Ng8 ", 100) + ") ", "*", 402},
		{"tag pairs", "", "[Annotator \"x\"]\n", "\n1. e4 *", 1},
	} {
		var chunks []int
		for _, n := range []int{200_000, 400_000, 800_000} {
			src := "[Event \"x\"]\n\n" + shape.head + strings.Repeat(shape.unit, n/shape.per) + shape.tail
			if shape.head == "" {
				src = "[Event \"x\"]\n" + strings.Repeat(shape.unit, n) + shape.tail
			}
			ps := Parser{Parts: discardParts{}, PartSize: 1000}
			ps.Parse(src)
			b := &ps.p.build
			chunks = append(chunks, len(b.moves.chunks)+len(b.numbers.chunks)+len(b.comments.chunks)+len(b.nags.chunks)+len(b.variations.chunks)+len(b.tagPairs.chunks))
		}
		if chunks[2] > chunks[0]+2 || chunks[0] > 50 {
			t.Errorf("%s: arena chunks %v as the game doubles twice, want the same few", shape.name, chunks)
		}
	}
}

type discardParts struct{}

func (discardParts) Begin(*ast.Game)        {}
func (discardParts) Tags([]*ast.TagPair)    {}
func (discardParts) Elements([]ast.Element) {}
func (discardParts) Open(int)               {}
func (discardParts) Close()                 {}

// FuzzParts: any input parsed in parts of a few elements gives what a
// whole parse gives.
func FuzzParts(f *testing.F) {
	for _, seed := range testfiles.Seeds() {
		f.Add(seed, uint8(3))
	}
	f.Fuzz(func(t *testing.T, src string, size uint8) {
		partsAgree(t, "fuzz", src, int(size%16)+1)
	})
}

// TestTagNamesAcrossParts: a game of tags only ends before a tag name that
// repeats across a blank line, also where its tag section comes in parts
// and the name stands in a part handed out, and also in a section longer
// than the one whose names are looked at one by one; a name that does not
// repeat goes on with the section.
func TestTagNamesAcrossParts(t *testing.T) {
	section := func(n int, blank bool) string {
		var b strings.Builder
		for i := range n {
			if blank && i > 0 {
				b.WriteString("\n")
			}
			fmt.Fprintf(&b, "[T%d \"v\"]\n", i)
		}
		return b.String()
	}
	for _, c := range []struct {
		src   string
		games int
	}{
		{section(10, false) + "\n[T2 \"w\"]\n\n1. e4 *\n", 2},
		{section(10, false) + "\n[T5 \"w\"]\n\n1. e4 *\n", 2}, // in the second part
		{section(10, false) + "\n[U2 \"w\"]\n\n1. e4 *\n", 1},
		{section(100, true) + "\n[T7 \"w\"]\n\n1. e4 *\n", 2},
		{section(100, true) + "\n[T99 \"w\"]\n\n1. e4 *\n", 2},
		{section(100, true) + "\n[U7 \"w\"]\n\n1. e4 *\n", 1},
	} {
		whole, _ := Parse(c.src)
		parts, _ := (&Parser{Parts: discardParts{}, PartSize: 3}).Parse(c.src)
		if len(whole.Games) != c.games || len(parts.Games) != c.games {
			t.Errorf("%.60q…: %d games whole, %d in parts, want %d", c.src, len(whole.Games), len(parts.Games), c.games)
		}
	}
}
