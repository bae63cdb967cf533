package eco_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/eco"
	"github.com/pgnc/pgnc/pgn"
)

// famous300Transpositions are games of testdata/famous300.pgn that reach
// their named position by another move order than the named line's: each
// must classify, in the golden file and by Classify, as a transposition.
var famous300Transpositions = []string{
	"Zukertort, Johannes - Steinitz, Wilhelm, Wch1 round 7",               // D32 Tarrasch, Symmetrical, by 1. d4 d5 2. c4 e6 3. Nc3 c5 …
	"Fischer, Bobby - Spassky, Boris, Wch28 round 6",                      // D59 Tartakower, by 1. c4 e6 2. Nf3 d5 3. d4 Nf6
	"Fischer, Bobby - Spassky, Boris, Wch28 round 8",                      // A39 English, Mecking, by 1. c4 c5 2. Nc3 Nc6 3. Nf3 Nf6
	"Spassky, Boris - Fischer, Bobby, Wch28 round 1",                      // E56 Nimzo-Indian, Bernstein
	"Spassky, Boris - Fischer, Bobby, Wch28 round 5",                      // E41 Nimzo-Indian, Hübner
	"Fischer, Bobby - Spassky, Boris, Wch28 round 4",                      // B88 Sicilian, Sozin
	"Botvinnik, Mikhail - Smyslov, Vasily, Wch22 round 22",                // A95 Dutch Stonewall
	"Petrosian, Tigran - Botvinnik, Mikhail, Wch25 round 19",              // E19 Queen's Indian
	"Kasparov, Gary - Karpov, Anatoly, Wch31-KK1 round 32",                // E12 Queen's Indian, Kasparov-Petrosian
	"Karpov, Anatoly - Kasparov, Gary, Wch31-KK1 round 41",                // C42 Petrov
	"Anand, Viswanathan - Kasparov, Gary, PCA-Wch round 13",               // B77 Dragon, Yugoslav Attack
	"Kramnik, Vladimir - Kasparov, Gary, BGN World Championship round 10", // E54 Nimzo-Indian, Gligoric
	"Geller, Efim P - Euwe, Max, Candidats Tournament round 2",            // E26 Nimzo-Indian, Sämisch
	"Carlsen,M - Ernst,S, GMC round 12",                                   // B19 Caro-Kann, Classical, Spassky
}

// TestFamous300 classifies the 318 games of testdata/famous300.pgn (world
// championship matches from 1886 to 2018 and famous games, data README)
// and compares each with testdata/famous300.golden, which famous300.sh
// computes without package eco: from the EPD that pgnc convert writes
// after every ply, the deepest position within 40 plies that ends a named
// line. Classification lines that differ are listed side by side.
func TestFamous300(t *testing.T) {
	golden, err := os.ReadFile("testdata/famous300.golden")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSuffix(string(golden), "\n"), "\n")
	f, err := os.Open("testdata/famous300.pgn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var got []string
	labels := map[string]int{} // label → index in got
	for g, err := range pgn.NewReader(f).Games() {
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Err(); err != nil {
			t.Fatalf("game %d: %v", len(got)+1, err)
		}
		m := g.Model()
		tags := fmt.Sprintf("%s\t%s\t%s\t%s\t%s", g.Tag("White"), g.Tag("Black"), g.Tag("Event"), g.Tag("Date"), g.Tag("Round"))
		labels[fmt.Sprintf("%s - %s, %s round %s", g.Tag("White"), g.Tag("Black"), g.Tag("Event"), g.Tag("Round"))] = len(got)
		n := len(got) + 1
		o, ply, ok := eco.ClassifyPly(m)
		if !ok {
			got = append(got, fmt.Sprintf("%d\t%s\t-\t0\t-\t-", n, tags))
			continue
		}
		// The line is direct when the game's first ply moves are the named
		// line's moves.
		how := "direct"
		line := game(t, chess.StartingPosition(), o.PGN).Moves
		if len(line) != ply {
			how = "transposition"
		} else {
			for i, lm := range line {
				if lm.Move != m.Moves[i].Move {
					how = "transposition"
					break
				}
			}
		}
		got = append(got, fmt.Sprintf("%d\t%s\t%s\t%d\t%s\t%s", n, tags, o.ECO, ply, o.Name, how))
	}
	if len(got) != len(want) {
		t.Errorf("%d games, %d golden lines", len(got), len(want))
	}
	var diff strings.Builder
	differ := 0
	for i := range max(len(got), len(want)) {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			differ++
			fmt.Fprintf(&diff, "-%s\n+%s\n", w, g)
		}
	}
	if differ > 0 {
		t.Errorf("%d of %d games differ from testdata/famous300.golden (- golden, + Classify):\n%s", differ, len(want), diff.String())
	}
	transpositions := 0
	for _, l := range got {
		if strings.HasSuffix(l, "\ttransposition") {
			transpositions++
		}
	}
	if transpositions < 10 {
		t.Errorf("%d transpositions, want at least 10", transpositions)
	}
	for _, label := range famous300Transpositions {
		i, ok := labels[label]
		if !ok {
			t.Errorf("%s: not in testdata/famous300.pgn", label)
			continue
		}
		if !strings.HasSuffix(got[i], "\ttransposition") || i >= len(want) || !strings.HasSuffix(want[i], "\ttransposition") {
			t.Errorf("%s: not classified as a transposition:\n%s", label, got[i])
		}
	}
}
