package diag

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// jsonDiagnostic is the --format json record of one diagnostic, as
// json.Marshal writes it: what AppendJSON must write.
type jsonDiagnostic struct {
	File      string    `json:"file"`
	Line      int       `json:"line"`
	Col       int       `json:"col"`
	End       Position  `json:"end"`
	Offset    int       `json:"offset"`
	EndOffset int       `json:"end_offset"`
	Severity  string    `json:"severity"`
	Code      string    `json:"code"`
	Message   string    `json:"message"`
	Hint      string    `json:"hint,omitempty"`
	Game      int       `json:"game,omitempty"`
	Detail    string    `json:"detail,omitempty"`
	Fixes     []jsonFix `json:"fixes,omitempty"`
	FEN       string    `json:"fen,omitempty"`
	Legal     []string  `json:"legal,omitempty"`
}

// jsonFix is the record of one fix in a diagnostic's "fixes".
type jsonFix struct {
	Text      string   `json:"text"`
	Certain   bool     `json:"certain"`
	Line      int      `json:"line"`
	Col       int      `json:"col"`
	End       Position `json:"end"`
	Offset    int      `json:"offset"`
	EndOffset int      `json:"end_offset"`
}

// TestAppendJSONIsMarshal compares AppendJSON with json.Marshal of the
// record for diagnostics of every code, with every kind of text in their
// messages, hints, details, fixes, FENs, legal moves and file names, with
// none, one and several fixes and legal moves.
func TestAppendJSONIsMarshal(t *testing.T) {
	texts := []string{"", "plain", "quote \" and \\", "<tag> & more", "tab\tnew\nline", "é ü ♘", "\x00\x1f\x7f", "bad \xff utf8", "\u2028\u2029"}
	src := "[Event \"x\"]\n\n1. e4 é5 *\n"
	f := NewFile("x.pgn", src)
	n := 0
	for _, e := range English.Entries() {
		for i, text := range texts {
			d := Diagnostic{Code: e.Code, Start: i % len(src), End: (i*7)%len(src) + 1, Game: i % 3, Detail: text,
				Args: []Arg{ValueArg("text", text), ValueArg("san", text), ValueArg("hint", text), ValueArg("fix", text), ValueArg("char", text)},
				FEN:  text}
			for k := range i % 3 {
				d.Fixes = append(d.Fixes, Fix{Start: (i + k) % len(src), End: (i+k)%len(src) + k, Text: text + strings.Repeat("x", k), Certain: k == 1})
				d.Legal = append(d.Legal, text, "e4")
			}
			for _, cat := range []*Catalog{English, Spanish} {
				l := Locate(f, d)
				name := filepath.Join("dir", text+".pgn")
				l.File = name
				var fixes []jsonFix
				for _, x := range d.Fixes {
					fixes = append(fixes, jsonFix{Text: x.Text, Certain: x.Certain, Line: f.Position(x.Start).Line, Col: f.Position(x.Start).Col, End: f.Position(x.End),
						Offset: x.Start, EndOffset: x.End})
				}
				want, err := json.Marshal(jsonDiagnostic{File: name, Line: l.Pos.Line, Col: l.Pos.Col, End: l.EndPos,
					Offset: l.Offset, EndOffset: l.EndOffset, Severity: cat.Lookup(d.Code).Severity.String(), Code: d.Code.String(),
					Message: cat.Message(d), Hint: cat.Hint(d), Game: d.Game, Detail: d.Detail, Fixes: fixes, FEN: d.FEN, Legal: d.Legal})
				if err != nil {
					t.Fatal(err)
				}
				if got := string(l.AppendJSON(nil, cat)); got != string(want)+"\n" {
					t.Fatalf("AppendJSON:\n%s\njson.Marshal:\n%s", got, want)
				}
				n++
			}
		}
	}
	if n < 1000 {
		t.Fatalf("compared only %d records", n)
	}

}
