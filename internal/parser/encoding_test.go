package parser

import (
	"slices"
	"testing"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/ast"
)

// mixedEncodings has a Windows-1252 game between two UTF-8 games, as
// databases merged from several sources do.
const mixedEncodings = "[White \"Schön\"]\n\n1. e4 {Grünfeld} *\n\n" +
	"[White \"Sch\xf6n\"]\n[Black \"Ni\xc3\xb1o\"]\n\n1. e4 {\x93Gr\xfcnfeld\x94} *\n\n" +
	"[White \"Nunn\"]\n\n1. e4 *\n"

func TestEncodings(t *testing.T) {
	tests := []struct {
		enc      Encoding
		texts    [][]string // per game: tag values, then comments
		codes    []diag.Code
		severity diag.Severity
	}{
		{Auto, [][]string{
			{"Schön", "Grünfeld"},
			// The whole game is Windows-1252, the valid UTF-8 bytes of
			// its Black tag included.
			{"Schön", "NiÃ±o", "“Grünfeld”"},
			{"Nunn"},
		}, []diag.Code{diag.NotUTF8}, diag.Warning}, // once for the game, not once a text
		{UTF8, [][]string{
			{"Schön", "Grünfeld"},
			{"Sch\xf6n", "Niño", "\x93Gr\xfcnfeld\x94"},
			{"Nunn"},
		}, []diag.Code{diag.InvalidUTF8, diag.InvalidUTF8}, diag.Error},
		{Latin1, [][]string{
			{"SchÃ¶n", "GrÃ¼nfeld"},
			{"Schön", "NiÃ±o", "“Grünfeld”"},
			{"Nunn"},
		}, nil, diag.Warning},
	}
	for _, tt := range tests {
		t.Run(tt.enc.String(), func(t *testing.T) {
			ps := Parser{Encoding: tt.enc}
			db, diags := ps.Parse(mixedEncodings)
			var codes []diag.Code
			for _, d := range diags {
				if d.Code != diag.MissingTags && d.Code != diag.MissingResult {
					codes = append(codes, d.Code)
					if d.Severity() != tt.severity {
						t.Errorf("%v has severity %v, want %v", d.Code, d.Severity(), tt.severity)
					}
				}
			}
			if !slices.Equal(codes, tt.codes) {
				t.Errorf("codes %v, want %v", codes, tt.codes)
			}
			if len(db.Games) != len(tt.texts) {
				t.Fatalf("%d games, want %d", len(db.Games), len(tt.texts))
			}
			for i, g := range db.Games {
				if got := gameTexts(g); !slices.Equal(got, tt.texts[i]) {
					t.Errorf("game %d: texts %q, want %q", i+1, got, tt.texts[i])
				}
			}
		})
	}
}

func gameTexts(g *ast.Game) []string {
	var texts []string
	for _, tag := range g.Tags {
		texts = append(texts, tag.Value)
	}
	ast.Inspect(g, func(n ast.Node) bool {
		if c, ok := n.(*ast.Comment); ok {
			texts = append(texts, c.Text)
		}
		return true
	})
	return texts
}

func TestParseEncoding(t *testing.T) {
	for _, enc := range []Encoding{Auto, UTF8, Latin1} {
		if got, ok := ParseEncoding(enc.String()); !ok || got != enc {
			t.Errorf("ParseEncoding(%q) = %v, %v", enc.String(), got, ok)
		}
	}
	if _, ok := ParseEncoding("ebcdic"); ok {
		t.Error("ParseEncoding accepts ebcdic")
	}
}
