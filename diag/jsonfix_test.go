package diag

import (
	"strings"
	"testing"
)

// TestLocatedFixes: the fixes of a diagnostic in a piece of a file are
// located as the diagnostic is, with offsets in the whole file; Locate
// resolves them and LocateStart does not; Shift moves their lines and
// leaves the Located it was called on as it was; text prints none of the
// new data, and JSON prints all of it.
func TestLocatedFixes(t *testing.T) {
	piece := "1. e4 e5\n2. Nf3 Nc6 3. Bb5 Nd4 4. Bxd7+ *\n"
	f := NewPiece("big.pgn", piece, Piece{Offset: 1000, Line: 41})
	start := strings.Index(piece, "Bxd7+")
	d := Diagnostic{Code: IllegalMove, Start: start, End: start + 5, Game: 3,
		Args: []Arg{ValueArg("san", "Bxd7+"), ValueArg("reason", "no bishop can move to d7")},
		FEN:  "r1bqkbnr/pppp1ppp/8/1B2p3/3nP3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", Legal: []string{"Bxd7+", "O-O"}}
	d.Replace("Bxd7+")
	d.Fixes = append(d.Fixes, Fix{Start: start, End: start + 5, Text: "Ba4"})

	if got := d.Fixes[1].Apply(piece); got != "1. e4 e5\n2. Nf3 Nc6 3. Bb5 Nd4 4. Ba4 *\n" {
		t.Errorf("Apply gives %q", got)
	}
	if l := LocateStart(f, d); l.LocatedFixes != nil {
		t.Errorf("LocateStart located the fixes: %v", l.LocatedFixes)
	}
	l := Locate(f, d)
	want := []LocatedFix{
		{Text: "Bxd7+", Pos: Position{43, 26}, EndPos: Position{43, 31}, Offset: 1000 + start, EndOffset: 1005 + start},
		{Text: "Ba4", Pos: Position{43, 26}, EndPos: Position{43, 31}, Offset: 1000 + start, EndOffset: 1005 + start},
	}
	if len(l.LocatedFixes) != 2 || l.LocatedFixes[0] != want[0] || l.LocatedFixes[1] != want[1] {
		t.Fatalf("LocatedFixes = %+v, want %+v", l.LocatedFixes, want)
	}
	if l.LocatedFixes[0].Pos != l.Pos || l.LocatedFixes[0].EndPos != l.EndPos || l.LocatedFixes[0].Offset != l.Offset {
		t.Errorf("a fix of the diagnostic's span is not located as the diagnostic: %+v, %+v", l.LocatedFixes[0], l)
	}

	s := l.Shift(100)
	if s.LocatedFixes[1].Pos.Line != 143 || s.LocatedFixes[1].EndPos.Line != 143 || l.LocatedFixes[1].Pos.Line != 43 {
		t.Errorf("Shift(100): fix at line %d (end %d), the original's at %d", s.LocatedFixes[1].Pos.Line, s.LocatedFixes[1].EndPos.Line, l.LocatedFixes[1].Pos.Line)
	}

	plain := d
	plain.Fixes, plain.FEN, plain.Legal = nil, "", nil
	if a, b := string(l.AppendText(nil, English)), string(LocateStart(f, plain).AppendText(nil, English)); a != b {
		t.Errorf("the text differs with fixes, FEN and legal moves:\n%s\nwithout:\n%s", a, b)
	}

	js := string(l.AppendJSON(nil, English))
	for _, part := range []string{
		`"game":3,"fixes":[{"text":"Bxd7+","certain":false,"line":43,"col":26,"end":{"line":43,"col":31},"offset":1034,"end_offset":1039},{"text":"Ba4",`,
		`],"fen":"r1bqkbnr/pppp1ppp/8/1B2p3/3nP3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4","legal":["Bxd7+","O-O"]}` + "\n",
	} {
		if !strings.Contains(js, part) {
			t.Errorf("JSON lacks %s:\n%s", part, js)
		}
	}
	var b strings.Builder
	if err := WriteJSON(&b, f, d, English); err != nil {
		t.Fatal(err)
	}
	if b.String() != js {
		t.Errorf("WriteJSON:\n%s\nLocated.AppendJSON:\n%s", b.String(), js)
	}
	if js := string(Locate(f, plain).AppendJSON(nil, English)); strings.Contains(js, `"fixes":`) || strings.Contains(js, `"fen":`) || strings.Contains(js, `"legal":`) {
		t.Errorf("JSON of a diagnostic without them has fixes, fen or legal: %s", js)
	}
}
