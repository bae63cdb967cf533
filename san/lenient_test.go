package san

import (
	"testing"

	"github.com/pgnc/pgnc/chess"
)

func TestSpellReadsBack(t *testing.T) {
	for _, move := range []string{"Nf3", "Bxe5+", "Qh7#", "e8=Q", "exd8=N+", "O-O", "O-O-O#", "Kxe2", "Rad1", "R1e2", "e4"} {
		want, ok := Parse(move)
		if !ok {
			t.Fatalf("Parse(%q) failed", move)
		}
		for _, l := range Languages {
			spelled := l.Spell(move)
			got, ok := ParseIn(spelled, l)
			if !ok || got.Piece != want.Piece || got.To != want.To || got.Promotion != want.Promotion || got.Kind != want.Kind {
				t.Errorf("%s: %q spelled %q reads back as %+v, want %+v", l.Code, move, spelled, got, want)
			}
		}
		fan := Figurines(move)
		got, ok := ParseLenient(fan)
		if !ok || got.Piece != want.Piece || got.To != want.To || got.Promotion != want.Promotion || got.Kind != want.Kind {
			t.Errorf("%q in figurines %q reads back as %+v, want %+v", move, fan, got, want)
		}
	}
	if got := LanguageOf("es").Spell("exd8=N+"); got != "exd8=C+" {
		t.Errorf("Spanish exd8=N+ = %q, want exd8=C+", got)
	}
	if got := Figurines("Nxf3"); got != "♘xf3" {
		t.Errorf("Figurines(Nxf3) = %q", got)
	}
}

// TestDutchLetters: Dutch writes the knight P (paard), the bishop L, the
// rook T, the queen D and the king K, and the pawn with no letter. Read in
// Dutch (ParseIn), each move is the English one; read before the game's
// language is known (ParseLenient, as the parser does), a P that no pawn
// move can have, "Pcb5", and a promotion to P wait for the language
// (ForeignLetter with NoPiece) instead of failing, while "Pf3" is a pawn
// move with a pawn letter, as English writes it.
func TestDutchLetters(t *testing.T) {
	nl := LanguageOf("nl")
	for _, c := range []struct {
		dutch, english string
		lenient        Quirks // what ParseLenient reads: PawnLetter, ForeignLetter or 0
	}{
		{"Pf3", "Nf3", PawnLetter},
		{"Pcb5", "Ncb5", ForeignLetter},
		{"Pbd7", "Nbd7", ForeignLetter},
		{"P1d2", "N1d2", ForeignLetter},
		{"Pe1d3", "Ne1d3", PawnLetter}, // long algebraic: a pawn's too
		{"Pxe5", "Nxe5", PawnLetter},
		{"Pcxb5", "Ncxb5", PawnLetter},
		{"Pbxd7+", "Nbxd7+", ForeignLetter},
		{"Pf7#", "Nf7#", PawnLetter},
		{"Pcb5!?", "Ncb5!?", ForeignLetter},
		{"bxa8=P", "bxa8=N", ForeignLetter},
		{"bxa8=P+", "bxa8=N+", ForeignLetter},
		{"b8=P#", "b8=N#", ForeignLetter},
		{"b8P", "b8N", ForeignLetter},
		{"bxa8P+", "bxa8N+", ForeignLetter},
		{"e8=D", "e8=Q", ForeignLetter},
		{"e8D", "e8=Q", ForeignLetter},
		{"Lb5+", "Bb5+", ForeignLetter},
		{"Tae1", "Rae1", ForeignLetter},
		{"Txe1#", "Rxe1#", ForeignLetter},
		{"Dd1xd8", "Qd1xd8", ForeignLetter},
		{"Dh4#", "Qh4#", ForeignLetter},
		{"Kxf2", "Kxf2", 0},
		{"e4", "e4", 0},
		{"exd5", "exd5", 0},
		{"O-O+", "O-O+", 0},
	} {
		want, ok := ParseLenient(c.english)
		if !ok {
			t.Fatalf("ParseLenient(%q) failed", c.english)
		}
		got, ok := ParseIn(c.dutch, nl)
		if !ok || got.Piece != want.Piece || got.FromFile != want.FromFile || got.FromRank != want.FromRank || got.Capture != want.Capture ||
			got.To != want.To || got.Promotion != want.Promotion || got.Check != want.Check || got.Annotation != want.Annotation || got.Kind != want.Kind {
			t.Errorf("ParseIn(%q, nl) = %+v, %v; want %+v (%s)", c.dutch, got, ok, want, c.english)
		}
		if c.dutch != c.english && got.Quirks&ForeignLetter == 0 {
			t.Errorf("ParseIn(%q, nl) does not mark the Dutch letter: quirks %b", c.dutch, got.Quirks)
		}
		lenient, ok := ParseLenient(c.dutch)
		if !ok {
			t.Errorf("ParseLenient(%q) failed", c.dutch)
			continue
		}
		if q := lenient.Quirks & (PawnLetter | ForeignLetter); q != c.lenient {
			t.Errorf("ParseLenient(%q) quirks %b, want %b", c.dutch, q, c.lenient)
		}
		if c.lenient == ForeignLetter && c.dutch[0] != 'K' && lenient.Piece != chess.NoPieceType && lenient.Promotion != chess.NoPieceType {
			t.Errorf("ParseLenient(%q) = %+v: the piece should wait for the language", c.dutch, lenient)
		}
		if c.lenient == ForeignLetter {
			if l := ForeignLetterIn(c.dutch); l == 0 || !nl.Has(l) {
				t.Errorf("ForeignLetterIn(%q) = %q", c.dutch, l)
			}
		}
	}
	for _, bad := range []string{"Pcb9", "P", "Pc", "bxa8=", "b8PP", "Pcb5x"} {
		if m, ok := ParseIn(bad, nl); ok {
			t.Errorf("ParseIn(%q, nl) = %+v, want failure", bad, m)
		}
	}
}
