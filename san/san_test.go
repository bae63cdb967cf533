package san

import (
	"testing"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/internal/testfiles"
)

func sq(name string) chess.Square { return chess.Square((name[1]-'1')*8 + name[0] - 'a') }

func TestParse(t *testing.T) {
	tests := []struct {
		text string
		want Move
	}{
		{"e4", Move{Piece: chess.Pawn, FromFile: -1, FromRank: -1, To: sq("e4")}},
		{"exd5", Move{Piece: chess.Pawn, FromFile: 4, FromRank: -1, Capture: true, To: sq("d5")}},
		{"cxb8=Q+", Move{Piece: chess.Pawn, FromFile: 2, FromRank: -1, Capture: true, To: sq("b8"), Promotion: chess.Queen, Check: Checking}},
		{"e8N", Move{Piece: chess.Pawn, FromFile: -1, FromRank: -1, To: sq("e8"), Promotion: chess.Knight, Quirks: PromotionNoEq}},
		{"Nf3", Move{Piece: chess.Knight, FromFile: -1, FromRank: -1, To: sq("f3")}},
		{"Rfe8+", Move{Piece: chess.Rook, FromFile: 5, FromRank: -1, To: sq("e8"), Check: Checking}},
		{"R3xd4", Move{Piece: chess.Rook, FromFile: -1, FromRank: 2, Capture: true, To: sq("d4")}},
		{"Qh8xg7#", Move{Piece: chess.Queen, FromFile: 7, FromRank: 7, Capture: true, To: sq("g7"), Check: Mating}},
		{"Nbd7!?", Move{Piece: chess.Knight, FromFile: 1, FromRank: -1, To: sq("d7"), Annotation: Interesting}},
		{"Kxh2??", Move{Piece: chess.King, FromFile: -1, FromRank: -1, Capture: true, To: sq("h2"), Annotation: Blunder}},
		{"O-O", Move{Kind: CastleKingside, FromFile: -1, FromRank: -1}},
		{"O-O-O#!", Move{Kind: CastleQueenside, FromFile: -1, FromRank: -1, Check: Mating, Annotation: Good}},
		{"0-0+", Move{Kind: CastleKingside, FromFile: -1, FromRank: -1, Check: Checking, Quirks: ZeroCastling}},
		{"--", Move{Kind: Null, FromFile: -1, FromRank: -1}},
		{"Z0", Move{Kind: Null, FromFile: -1, FromRank: -1}},
		{"nf3", Move{Piece: chess.Knight, FromFile: -1, FromRank: -1, To: sq("f3"), Quirks: LowerCasePiece}},
		{"bxc3", Move{Piece: chess.Pawn, FromFile: 1, FromRank: -1, Capture: true, To: sq("c3")}},
		{"exd6e.p.", Move{Piece: chess.Pawn, FromFile: 4, FromRank: -1, Capture: true, To: sq("d6"), Quirks: EnPassantSuffix}},
		{"a1=q", Move{Piece: chess.Pawn, FromFile: -1, FromRank: -1, To: sq("a1"), Promotion: chess.Queen, Quirks: LowerPromotion}},
	}
	for _, tt := range tests {
		got, ok := Parse(tt.text)
		if !ok {
			t.Errorf("Parse(%q) failed", tt.text)
			continue
		}
		if got != tt.want {
			t.Errorf("Parse(%q) = %+v, want %+v", tt.text, got, tt.want)
		}
	}
}

func TestParseRejects(t *testing.T) {
	for _, text := range []string{"", "e", "e9", "i4", "Nf", "Nxf", "e8=K", "Ka1b2c3", "exd", "O-O-O-O", "x", "Qa1=Q"} {
		if m, ok := Parse(text); ok {
			t.Errorf("Parse(%q) = %+v, want failure", text, m)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range append([]string{"e4", "Nbxd7+!", "O-O-O#", "cxb8=Q", "--", "exd6e.p."}, testfiles.SANs()...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, ok := Parse(text)
		if !ok {
			return
		}
		if m.Kind == Normal && (m.To < 0 || m.To > 63) {
			t.Fatalf("Parse(%q) gave square %d", text, m.To)
		}
		// Spelled in another language's letters, or in figurines, the
		// move reads back as the same move.
		same := func(got Move) bool {
			return got.Kind == m.Kind && got.Piece == m.Piece && got.To == m.To && got.Promotion == m.Promotion &&
				got.FromFile == m.FromFile && got.FromRank == m.FromRank && got.Capture == m.Capture && got.Check == m.Check
		}
		if m.Kind == Normal && m.Quirks == 0 {
			for _, l := range Languages {
				if got, ok := ParseIn(l.Spell(text), l); !ok || !same(got) {
					t.Fatalf("%q spelled in %s, %q, reads back as %+v, %v; want %+v", text, l.Code, l.Spell(text), got, ok, m)
				}
			}
			if got, ok := ParseLenient(Figurines(text)); !ok || !same(got) {
				t.Fatalf("%q in figurines, %q, reads back as %+v, %v; want %+v", text, Figurines(text), got, ok, m)
			}
		}
	})
}

// TestShortcutsMatchParse checks Parse's shortcuts for moves of two to four
// bytes against the general decoder on every such text over the bytes that
// moves are made of.
func TestShortcutsMatchParse(t *testing.T) {
	const alphabet = "abcdefghkqrnKQRBNPZ0123456789xX=+#-!?O. "
	var texts []string
	for _, a := range alphabet {
		for _, b := range alphabet {
			texts = append(texts, string(a)+string(b))
			for _, c := range alphabet {
				texts = append(texts, string(a)+string(b)+string(c))
				for _, d := range alphabet {
					texts = append(texts, string(a)+string(b)+string(c)+string(d))
				}
			}
		}
	}
	for _, text := range texts {
		got, gotOK := Parse(text)
		want, wantOK := parse(text)
		if got != want || gotOK != wantOK {
			t.Errorf("Parse(%q) = %+v, %v; the general decoder gives %+v, %v", text, got, gotOK, want, wantOK)
		}
	}
}
