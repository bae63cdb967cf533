package check

import (
	"strings"
	"testing"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/san"
)

// checkOne parses and checks the one game of movetext, read in lang.
func checkOne(t *testing.T, movetext string, lang *san.Language) (sans []string, diags diag.List) {
	t.Helper()
	db, parseDiags := parser.Parse("[Event \"x\"]\n\n" + movetext + " *\n")
	if len(db.Games) != 1 {
		t.Fatalf("%q: %d games", movetext, len(db.Games))
	}
	m, diags := Checker{Language: lang}.Game(db.Games[0])
	for _, mv := range m.Moves {
		sans = append(sans, mv.SAN)
	}
	diags = append(parseDiags, diags...)
	var kept diag.List
	for _, d := range diags {
		if d.Code != diag.RosterMissing && d.Code != diag.UnfinishedResult {
			kept = append(kept, d)
		}
	}
	return sans, kept
}

// TestOtherNotations: each notation that is not SAN is read as the move
// it means and replayed, with a warning per move whose fix is the
// canonical SAN: the same moves as the game written in SAN, and no error.
func TestOtherNotations(t *testing.T) {
	for _, tc := range []struct {
		name, written, canonical string
		lang                     *san.Language
	}{
		{"UCI", "1. e2e4 e7e5 2. g1f3 b8c6 3. f1b5 a7a6 4. e1g1 g8f6", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6", nil},
		{"UCI promotion", "1. a2a4 b7b5 2. a4b5 a7a6 3. b5a6 c8b7 4. a6b7 b8c6 5. b7a8q", "1. a4 b5 2. axb5 a6 3. bxa6 Bb7 4. axb7 Nc6 5. bxa8=Q", nil},
		{"long algebraic", "1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-b5 a7-a6 4. Bb5xc6 d7xc6", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6", nil},
		{"pawn letter", "1. Pe4 e5 2. Pd4 Pxd4", "1. e4 e5 2. d4 exd4", nil},
		{"ep", "1. e4 Nf6 2. e5 d5 3. exd6ep", "1. e4 Nf6 2. e5 d5 3. exd6", nil},
		{"e.p. joined", "1. e4 Nf6 2. e5 d5 3. exd6e.p.", "1. e4 Nf6 2. e5 d5 3. exd6", nil},
		{"promotion without =", "1. a4 b5 2. axb5 a6 3. bxa6 Bb7 4. axb7 Nc6 5. bxa8Q", "1. a4 b5 2. axb5 a6 3. bxa6 Bb7 4. axb7 Nc6 5. bxa8=Q", nil},
		{"++ for mate", "1. f4 e5 2. g4 Qh4++", "1. f4 e5 2. g4 Qh4#", nil},
		{"++ for check", "1. e4 f5 2. Qh5++", "1. e4 f5 2. Qh5+", nil},
		{"lower-case letters", "1. e4 e5 2. nf3 nc6 3. bb5 a6 4. bxc6", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6", nil},
		{"figurines", "1. e4 e5 2. ♘f3 ♞c6 3. ♗b5 ♟a6 4. ♗xc6 ♟dxc6 5. ♔e2", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Ke2", nil},
		{"German", "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. O-O Le7 6. Te1 b5 7. Lb3 d6 8. c3 O-O 9. h3 Sb8 10. d4 Sbd7 11. Dd3 Kh8",
			"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Qd3 Kh8", nil},
		{"French", "1. e4 e5 2. Cf3 Cc6 3. Fb5 a6 4. Fa4 Cf6 5. O-O Fe7 6. Te1 b5 7. Fb3 d6 8. c3 O-O 9. h3 Cb8 10. d4 Cbd7 11. Dd3 Rh8",
			"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Qd3 Kh8", nil},
		{"Spanish", "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Axc6 dxc6 5. Re2", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Ke2", nil},
		{"Dutch", "1. e4 e5 2. Pf3 Pc6 3. Lb5 a6 4. Lxc6 dxc6 5. De2", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Qe2", nil},
		{"German with the English pawn letter", "1. e4 e5 2. Sf3 Sc6 3. Pd4", "1. e4 e5 2. Nf3 Nc6 3. d4", nil},
		{"Czech", "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sxc6 dxc6 5. De2", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Qe2", nil},
		{"letters two languages read differently, told apart by the board", "1. e4 e5 2. Sf3 Sc6 3. Ke2", "1. e4 e5 2. Nf3 Nc6 3. Ke2", nil},
		{"letters named by the flag", "1. e3 e6 2. Se2 Se7", "1. e3 e6 2. Ne2 Ne7", san.LanguageOf("de")},
		{"the same, read as Czech", "1. e3 e6 2. Se2 Se7", "1. e3 e6 2. Be2 Be7", san.LanguageOf("cs")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, wantDiags := checkOne(t, tc.canonical, nil)
			if len(wantDiags) != 0 {
				t.Fatalf("the canonical game has diagnostics: %v", wantDiags)
			}
			got, diags := checkOne(t, tc.written, tc.lang)
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("read as %v, want %v", got, want)
			}
			warned := 0
			for _, d := range diags {
				switch d.Code {
				case diag.NonStandardSAN, diag.OverDisambiguated:
					warned++
				default:
					t.Errorf("unexpected %s: %s", d.Code, d.Message())
				}
			}
			if warned == 0 {
				t.Errorf("no warning for %q", tc.written)
			}
		})
	}
}

// TestPieceLettersUntold: where the letters read differently in two
// languages and the board does not tell them apart, or no language has
// them all, the first such move is an error that says so.
func TestPieceLettersUntold(t *testing.T) {
	for movetext, why := range map[string]string{
		"1. e3 e6 2. Se2 Se7":    "read differently in German and Czech",
		"1. e4 e5 2. Sf3 Nc6":    "no language has all the game's piece letters (N, S)",
		"1. e4 e5 2. Xf3 Nc6":    "", // no language writes X: not a move at all
		"1. e4 e5 2. Sf3 Sc6 Tx": "",
	} {
		_, diags := checkOne(t, movetext, nil)
		if why == "" {
			if len(diags) == 0 || diags[0].Code != diag.UnknownMove {
				t.Errorf("%q: %v, want PGN112 first", movetext, diags)
			}
			continue
		}
		if len(diags) != 1 || diags[0].Code != diag.PieceLetters || !strings.Contains(diags[0].Message(), why) {
			t.Errorf("%q: %v, want one PGN329 saying %q", movetext, diags, why)
		}
	}
}

// TestOtherVariants: a game of a variant whose moves pgnc does not play
// gets PGN314 and nothing else, whatever its notation; the same moves in
// a game of chess are errors.
func TestOtherVariants(t *testing.T) {
	for _, tc := range []struct{ variant, movetext string }{
		{"Crazyhouse", "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. Nf3 N@e6 5. @d5 P@h3 6. gxh3 B@g2 *"},
		{"Seirawan", "1. e3 c5 2. d4 e6 3. Nc3 Nf6 4. Nf3/E d5 5. Qd3 Nc6/H 6. a3 O-O/Ee8 *"},
		{"Sittuyin", "1. N@f3 N@c6 2. F@g3 N@e7 3. S@f2 R@e8 *"},
		{"Atomic", "1. Nf3 d5 2. Ng5 Bg4 3. Nxf7 Qd7 *"},
	} {
		db, diags := parser.Parse("[Event \"x\"]\n[Variant \"" + tc.variant + "\"]\n\n" + tc.movetext + "\n")
		diags = append(diags, DatabaseDiagnostics(db)...)
		var codes []string
		for _, d := range diags {
			if d.Code != diag.RosterMissing {
				codes = append(codes, d.Code.String())
			}
		}
		if strings.Join(codes, " ") != "PGN314" {
			t.Errorf("%s: %v, want PGN314 alone", tc.variant, codes)
		}
		db, diags = parser.Parse("[Event \"x\"]\n\n" + tc.movetext + "\n")
		diags = append(diags, DatabaseDiagnostics(db)...)
		if tc.variant != "Atomic" && !hasError(diags) {
			t.Errorf("%s moves as chess: no error", tc.variant)
		}
	}
}

func hasError(l diag.List) bool {
	for _, d := range l {
		if d.Severity() == diag.Error {
			return true
		}
	}
	return false
}
