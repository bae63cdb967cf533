package check

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/internal/testfiles"
)

// partChecks checks the games a parser hands out in parts, as package
// reader does.
type partChecks struct {
	games map[*ast.Game]*Parts
	cur   *Parts
	game  *ast.Game
	// raw marks the games with tag values outside ASCII handed out, which
	// Parts reads as written (see Parts).
	raw map[*ast.Game]bool
}

func (s *partChecks) Begin(g *ast.Game) {
	s.cur, s.game = Checker{}.Begin(g), g
	s.games[g] = s.cur
}

func (s *partChecks) Tags(tags []*ast.TagPair) {
	for _, t := range tags {
		if strings.ContainsFunc(t.Value, func(r rune) bool { return r >= 0x80 }) {
			s.raw[s.game] = true
		}
	}
	s.cur.Tags(tags)
}

func (s *partChecks) Elements(elems []ast.Element) { s.cur.Add(elems) }
func (s *partChecks) Open(int)                     { s.cur.Open() }
func (s *partChecks) Close()                       { s.cur.Close() }

// partsAgree checks src parsed in parts of size elements and reports where
// a game's diagnostics or plies differ from those of Replay on the game
// parsed whole. Games that write piece letters of another language, or
// whose tag values outside ASCII were handed out, are left out: their
// language may be settled by their first part, and the values are read as
// written. It returns how many games were checked in parts.
func partsAgree(t *testing.T, src string, size int) (parted int) {
	t.Helper()
	whole, _ := parser.Parse(src)
	checks := &partChecks{games: map[*ast.Game]*Parts{}, raw: map[*ast.Game]bool{}}
	ps := parser.Parser{Parts: checks, PartSize: size}
	db, _ := ps.Parse(src)
	for i, g := range db.Games {
		if g.Parts == 0 || g.ForeignLetters || checks.raw[g] {
			continue
		}
		parted++
		diags, plies := checks.games[g].End(g)
		wantDiags, wantPlies := Checker{}.Replay(whole.Games[i])
		if got, want := fmt.Sprint(diags), fmt.Sprint(wantDiags); got != want || plies != wantPlies {
			t.Fatalf("game %d in parts of %d: %d plies, diagnostics\n%s\nwant %d plies,\n%s\nin\n%s", i+1, size, plies, got, wantPlies, want, src)
		}
	}
	return parted
}

// TestPartsAgree: every game of testdata, checked in parts of a few
// elements, has the diagnostics and plies of a check of the whole game.
func TestPartsAgree(t *testing.T) {
	parted := 0
	for _, src := range testfiles.Seeds() {
		for _, size := range []int{1, 2, 5, 16} {
			parted += partsAgree(t, src, size)
		}
	}
	if parted == 0 {
		t.Fatal("no game was checked in parts")
	}
	t.Logf("%d games checked in parts", parted)
}

// TestPartsHugeGame: a game of half a million plies, with variations
// that open in one part and close in another, illegal moves inside them,
// a wrong move number and a mate the result contradicts, checks in parts
// of the default size as a whole.
func TestPartsHugeGame(t *testing.T) {
	var b strings.Builder
	b.WriteString("[Event \"huge\"]\n[PlyCount \"3\"]\n\n")
	n := 1
	cycle := func() {
		fmt.Fprintf(&b, "%d. Nf3 Nf6 %d. Ng1 {back} Ng8 $1 ", n, n+1)
		n += 2
	}
	for i := range 120_000 {
		cycle()
		switch {
		case i%5000 == 1:
			fmt.Fprintf(&b, "(%d... Nc6 %d. Ke2 Ke7 (%d... Kd8??) ) ", n-1, n, n) // Ke2 is illegal
		case i == 60_000:
			// A variation as long as a part or two.
			fmt.Fprintf(&b, "( %d... Nf6 ", n-1)
			for range 40_000 {
				b.WriteString("Ng1 Ng8 Nf3 Nf6 ")
			}
			b.WriteString("Qxh7 ) ")
		case i == 90_000:
			fmt.Fprintf(&b, "%d. Nf3 ", n+7) // wrong number
			n++
			b.WriteString("Nf6 Ng1 Ng8 ")
			n++
		}
	}
	fmt.Fprintf(&b, "%d. f3 e5 %d. g4 Qh4# 1-0\n", n, n+1)
	src := b.String()
	if got := partsAgree(t, src, 0); got != 1 {
		t.Fatalf("%d games checked in parts, want 1", got)
	}
	db, _ := parser.Parse(src)
	diags := Diagnostics(db.Games[0])
	found := map[diag.Code]int{}
	for _, d := range diags {
		found[d.Code]++
	}
	for _, code := range []diag.Code{diag.IllegalMove, diag.MoveNumberWrong, diag.ResultVsBoard, diag.PlyCountWrong} {
		if found[code] == 0 {
			t.Errorf("no %v among the diagnostics the parts agree on: %v", code, found)
		}
	}
}
