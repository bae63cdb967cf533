package eco_test

import (
	"os"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/eco"
	"github.com/pgnc/pgnc/model"
	"github.com/pgnc/pgnc/pgn"
	"github.com/pgnc/pgnc/san"
)

// game returns the model of a game of the moves of line ("1. d4 Nf6"),
// played from start.
func game(t testing.TB, start chess.Position, line string) *model.Game {
	t.Helper()
	g := &model.Game{Start: start}
	pos := start
	for _, word := range strings.Fields(line) {
		if strings.HasSuffix(word, ".") {
			continue
		}
		m, _, err := san.PlayMove(&pos, word)
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		g.Moves = append(g.Moves, &model.Move{Move: m, SAN: word, Ply: len(g.Moves) + 1})
	}
	return g
}

// TestEveryLine: each of the 3,807 named lines classifies to its own entry.
// No two lines of the data end in the same position, so none gives way to
// a later one (shadowed counts them, and would list them).
func TestEveryLine(t *testing.T) {
	all := eco.Openings()
	if len(all) != 3807 {
		t.Errorf("%d named lines, want 3807", len(all))
	}
	shadowed := 0
	for i, o := range all {
		g := game(t, chess.StartingPosition(), o.PGN)
		got, ply, ok := eco.ClassifyPly(g)
		if !ok || got != o {
			later := false
			for _, o2 := range all[i+1:] {
				later = later || got == o2
			}
			if later {
				shadowed++
				t.Logf("%s %s (%s) is the position of the later %s %s", o.ECO, o.Name, o.PGN, got.ECO, got.Name)
				continue
			}
			t.Errorf("%s %s (%s) classifies as %v %s %s", o.ECO, o.Name, o.PGN, ok, got.ECO, got.Name)
		}
		if ply != len(g.Moves) {
			t.Errorf("%s %s: found at ply %d of %d", o.ECO, o.Name, ply, len(g.Moves))
		}
		if l, ok := eco.Lookup(*g.Final()); !ok || l != got {
			t.Errorf("%s %s: Lookup = %v %s, Classify %s", o.ECO, o.Name, ok, l.Name, got.Name)
		}
	}
	if shadowed != 0 {
		t.Errorf("%d lines end in the position of a later line; the package documentation says none does", shadowed)
	}
}

// TestTranspositions: a game classifies by the positions it reaches,
// whatever the move order.
func TestTranspositions(t *testing.T) {
	for _, tc := range []struct{ line, eco, name string }{
		{"1. d4 Nf6 2. c4 e6 3. Nc3 Bb4", "E20", "Nimzo-Indian Defense"},
		{"1. c4 e6 2. Nc3 Nf6 3. d4 Bb4", "E20", "Nimzo-Indian Defense"},
		{"1. Nf3 Nf6 2. c4 e6 3. Nc3 Bb4 4. d4", "E21", "Nimzo-Indian Defense: Three Knights Variation"},
		{"1. Nf3 d5 2. d4 Nf6 3. c4 e6 4. Nc3 Be7 5. Bg5", "D53", "Queen's Gambit Declined"},
		{"1. e4 c6 2. d4 d5 3. Nc3 dxe4 4. Nxe4 Nd7 5. Ng5", "B17", "Caro-Kann Defense: Karpov Variation, Modern Variation"},
		// A move past the last named position keeps the last one.
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 O-O 8. c3 d5 9. exd5", "C89", "Ruy Lopez: Marshall Attack"},
	} {
		o, ok := eco.Classify(game(t, chess.StartingPosition(), tc.line))
		if !ok || o.ECO != tc.eco || o.Name != tc.name {
			t.Errorf("%s: %v %s %q, want %s %q", tc.line, ok, o.ECO, o.Name, tc.eco, tc.name)
		}
	}
}

// TestLookupEnPassant: the en passant square counts only where a capture
// en passant is legal, as in EPD: 1. e4 is found with or without e3.
func TestLookupEnPassant(t *testing.T) {
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
	} {
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if o, ok := eco.Lookup(pos); !ok || o.ECO != "B00" || o.Name != "King's Pawn Game" {
			t.Errorf("Lookup(%s) = %v %s %q, want B00 King's Pawn Game", fen, ok, o.ECO, o.Name)
		}
	}
	// The initial position is not a named line.
	if o, ok := eco.Lookup(chess.StartingPosition()); ok {
		t.Errorf("Lookup(initial) = %s %s", o.ECO, o.Name)
	}
}

// TestStarts: a game from a FEN start classifies only from the initial
// position; a Chess960 game and a game without moves do not classify.
func TestStarts(t *testing.T) {
	initial, err := chess.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if o, ok := eco.Classify(game(t, initial, "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4")); !ok || o.ECO != "E20" {
		t.Errorf("from the initial position's FEN: %v %s, want E20", ok, o.ECO)
	}
	// The position after 1. d4, as a FEN start: the moves after it reach
	// the Nimzo-Indian, but the game did not start from the initial
	// position.
	after, err := chess.ParseFEN("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if o, ok := eco.Classify(game(t, after, "1... Nf6 2. c4 e6 3. Nc3 Bb4")); ok {
		t.Errorf("from a FEN after 1. d4: %s %s, want none", o.ECO, o.Name)
	}
	g := game(t, chess.StartingPosition(), "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4")
	g.Chess960 = true
	if o, ok := eco.Classify(g); ok {
		t.Errorf("Chess960: %s %s, want none", o.ECO, o.Name)
	}
	if o, ok := eco.Classify(game(t, chess.StartingPosition(), "")); ok {
		t.Errorf("no moves: %s %s, want none", o.ECO, o.Name)
	}
	if _, ok := eco.Classify(nil); ok {
		t.Errorf("nil game classifies")
	}
}

// TestFamousGames: the openings of famous games, each checked by hand
// against the named lines of the data (testdata/famous.pgn).
func TestFamousGames(t *testing.T) {
	want := map[string]struct{ eco, name string }{
		"Immortal Game":  {"C33", "King's Gambit Accepted: Bishop's Gambit, Bryan Countergambit"},
		"Evergreen Game": {"C52", "Italian Game: Evans Gambit, Dufresne Defense"},
		"Opera Game":     {"C41", "Philidor Defense"},
		// 5. Bf4 before ...d5 and 6. Qb3 after it: no named Grünfeld line
		// has this game's positions, and the last named one is the
		// English of move 2 (tagged D92 by move-order classifiers).
		"Game of the Century":          {"A15", "English Opening: Anglo-Indian Defense, King's Indian Formation"},
		"Wijk aan Zee":                 {"B07", "Pirc Defense"},
		"Deep Blue - Kasparov, game 6": {"B17", "Caro-Kann Defense: Karpov Variation, Modern Variation"},
		"World Championship, game 16":  {"B44", "Sicilian Defense: Taimanov Variation, Gary Gambit"},
		"World Championship, game 6":   {"D59", "Queen's Gambit Declined: Tartakower Defense, Makogonov Exchange Variation"},
		"New York":                     {"C89", "Ruy Lopez: Marshall Attack"},
		"Mar del Plata":                {"E98", "King's Indian Defense: Orthodox Variation, Classical System"},
		"Nimzo-Indian by 1. d4":        {"E20", "Nimzo-Indian Defense"},
		"Nimzo-Indian by 1. c4":        {"E20", "Nimzo-Indian Defense"},
		"World Championship, game 24":  {"B84", "Sicilian Defense: Scheveningen Variation, Classical Variation"},
		"Zurich":                       {"B10", "Caro-Kann Defense: Breyer Variation"},
		"World Championship, game 1":   {"E68", "King's Indian Defense: Fianchetto Variation, Classical Variation"},
		"Moscow":                       {"D32", "Tarrasch Defense: Symmetrical Variation"},
		"Scotch":                       {"C45", "Scotch Game: Mieses Variation"},
		"Petroff":                      {"C42", "Petrov's Defense: Classical Attack, Mason-Showalter Variation"},
		"Berlin":                       {"C67", "Ruy Lopez: Berlin Defense, l'Hermet Variation, Berlin Wall Defense"},
		"Dragon":                       {"B77", "Sicilian Defense: Dragon Variation, Yugoslav Attack, Main Line"},
		"Alekhine's Defense":           {"B04", "Alekhine Defense: Modern Variation, Alburt Variation"},
		"French Winawer":               {"C18", "French Defense: Winawer Variation, Advance Variation"},
		"Queen's Gambit Accepted":      {"D27", "Queen's Gambit Accepted: Classical Defense, Main Line"},
		"Meran":                        {"D47", "Semi-Slav Defense: Meran Variation"},
		"Dutch Stonewall":              {"A90", "Dutch Defense: Stonewall Variation, Modern Variation"},
		"Benko Gambit":                 {"A58", "Benko Gambit Accepted: Fully Accepted Variation"},
		"Catalan":                      {"E01", "Catalan Opening: Open Defense"},
		"Sveshnikov":                   {"B33", "Sicilian Defense: Lasker-Pelikan Variation, Sveshnikov Variation"},
		"Scandinavian":                 {"B01", "Scandinavian Defense: Main Line"},
		"Trompowsky":                   {"A45", "Trompowsky Attack"},
		"Bird":                         {"A03", "Bird Opening: Dutch Variation"},
		// 6... Bg7 is not named; 7. Nf3 and 7. Bc4 are.
		"Grünfeld Exchange":        {"D85", "Grünfeld Defense: Exchange Variation"},
		"Queen's Indian":           {"E15", "Queen's Indian Defense: Fianchetto Variation, Nimzowitsch Variation"},
		"Two Knights, Fried Liver": {"C57", "Italian Game: Two Knights Defense, Fried Liver Attack"},
	}
	f, err := os.Open("testdata/famous.pgn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := 0
	for g, err := range pgn.NewReader(f).Games() {
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Err(); err != nil {
			t.Fatal(err)
		}
		event := g.Tag("Event")
		w, ok := want[event]
		if !ok {
			t.Errorf("%s: no expectation", event)
			continue
		}
		seen++
		if o, ok := eco.Classify(g.Model()); !ok || o.ECO != w.eco || o.Name != w.name {
			t.Errorf("%s: %v %s %q, want %s %q", event, ok, o.ECO, o.Name, w.eco, w.name)
		}
	}
	if seen != len(want) {
		t.Errorf("%d games for %d expectations", seen, len(want))
	}
}

// TestNames: Family and Variation split a name at its colon.
func TestNames(t *testing.T) {
	o := eco.Opening{Name: "Nimzo-Indian Defense: Normal Variation, Bishop Attack"}
	if o.Family() != "Nimzo-Indian Defense" || o.Variation() != "Normal Variation, Bishop Attack" {
		t.Errorf("Family %q, Variation %q", o.Family(), o.Variation())
	}
	o = eco.Opening{Name: "Nimzo-Indian Defense"}
	if o.Family() != "Nimzo-Indian Defense" || o.Variation() != "" {
		t.Errorf("Family %q, Variation %q", o.Family(), o.Variation())
	}
}
