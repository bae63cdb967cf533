package san

import "testing"

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
