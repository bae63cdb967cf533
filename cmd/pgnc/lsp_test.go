package main

import (
	"io"
	"os"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/pgnc/pgnc/internal/lsp/lsptest"
)

// startLSP runs pgnc lsp, through runCommand, on in-process pipes, and
// returns an initialized client speaking to it in locale.
func startLSP(t *testing.T, locale string, args ...string) *lsptest.Client {
	t.Helper()
	server, client := lsptest.Pipes()
	done := make(chan int)
	go func() {
		done <- runCommand(append([]string{"lsp"}, args...), server, server, io.Discard)
	}()
	c := lsptest.New(t, client)
	c.Initialize(locale)
	t.Cleanup(func() {
		c.Close()
		if code := <-done; code != exitClean {
			t.Errorf("pgnc lsp exited %d", code)
		}
	})
	return c
}

func rng(l1, c1, l2, c2 uint32) protocol.Range {
	return protocol.Range{Start: protocol.Position{Line: l1, Character: c1}, End: protocol.Position{Line: l2, Character: c2}}
}

// TestLSPProtocol drives pgnc lsp through its stream as an editor does:
// diagnostics with their codes and ranges in UTF-16 columns, hover on a
// move and a tag, code actions, an incremental change, formatting,
// symbols and folding ranges.
func TestLSPProtocol(t *testing.T) {
	src, err := os.ReadFile("../../testdata/lsp/mistakes.pgn")
	if err != nil {
		t.Fatal(err)
	}
	c := startLSP(t, "en-US")
	const uri = protocol.DocumentURI("file:///tmp/mistakes.pgn")
	got := c.Open(uri, string(src))
	want := []struct {
		code string
		r    protocol.Range
	}{
		// "1. e4 {😀 ñ} e5 … 5. 0-0": byte column 55 is UTF-16 column 53,
		// the emoji taking four bytes and two code units, ñ two bytes and
		// one code unit.
		{"PGN311", rng(8, 53, 8, 56)},
		{"PGN301", rng(9, 58, 9, 62)},
		{"PGN306", rng(20, 7, 20, 11)},
	}
	if len(got.Diagnostics) != len(want) {
		t.Fatalf("got %d diagnostics, want %d: %+v", len(got.Diagnostics), len(want), got.Diagnostics)
	}
	for i, w := range want {
		d := got.Diagnostics[i]
		if d.Code != w.code || d.Range != w.r {
			t.Errorf("diagnostic %d: %v %v, want %s %v", i, d.Code, d.Range, w.code, w.r)
		}
	}
	if d := got.Diagnostics[1]; d.Severity != protocol.DiagnosticSeverityError || !strings.Contains(d.Message, "illegal move Qxe4") ||
		len(d.RelatedInformation) != 1 || d.RelatedInformation[0].Location.Range.Start.Line != 0 || !strings.Contains(d.RelatedInformation[0].Message, "game 1 (Müller, Jörg – Brown, Tom)") {
		t.Errorf("PGN301: %+v", d)
	}
	if d := got.Diagnostics[2]; d.Severity != protocol.DiagnosticSeverityWarning || d.RelatedInformation[0].Location.Range.Start.Line != 11 {
		t.Errorf("PGN306: %+v", d)
	}

	// Hover on "Qh5" (line 19 "1. e4 { [%clk …] } e5 { … } 2. Qh5"), then
	// on e5 with its clock and evaluation, and on a tag name.
	var h protocol.Hover
	line19 := strings.Split(string(src), "\n")[19]
	h = protocol.Hover{}
	c.Call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: protocol.Position{Line: 19, Character: uint32(strings.Index(line19, "Qh5") + 1)}}}, &h)
	for _, want := range []string{"**2. Qh5** (UCI d1h5), black to move", "r n b q k b n r\n", "FEN: `rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2`"} {
		if !strings.Contains(h.Contents.Value, want) {
			t.Errorf("hover on Qh5: %q lacks %q", h.Contents.Value, want)
		}
	}
	h = protocol.Hover{}
	c.Call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: protocol.Position{Line: 19, Character: uint32(strings.Index(line19, "e5"))}}}, &h)
	if !strings.Contains(h.Contents.Value, "clock 1:59:50 · evaluation -0.35") || !strings.Contains(h.Contents.Value, "1... e5** (UCI e7e5)") {
		t.Errorf("hover on e5: %q", h.Contents.Value)
	}
	h = protocol.Hover{}
	c.Call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: protocol.Position{Line: 2, Character: 2}}}, &h)
	if !strings.HasPrefix(h.Contents.Value, "**Date**: the starting date of the game") || *h.Range != rng(2, 1, 2, 5) {
		t.Errorf("hover on Date: %q %v", h.Contents.Value, h.Range)
	}

	// Code actions on line 8: the fix of PGN311, and the fix of every
	// certain problem (311 and 306, not the suggestion of 301).
	var actions []protocol.CodeAction
	c.Call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Range: rng(8, 54, 8, 54)}, &actions)
	if len(actions) != 2 || actions[0].Title != "Replace 0-0 with O-O" || actions[0].Kind != protocol.QuickFix || !actions[0].IsPreferred ||
		actions[1].Kind != "source.fixAll" || len(actions[1].Edit.Changes[uri]) != 2 {
		t.Fatalf("code actions: %+v", actions)
	}
	if e := actions[0].Edit.Changes[uri]; len(e) != 1 || e[0].Range != rng(8, 53, 8, 56) || e[0].NewText != "O-O" {
		t.Errorf("quick fix edit: %+v", e)
	}
	if e := actions[1].Edit.Changes[uri]; e[1].Range != rng(20, 7, 20, 11) || e[1].NewText != "Qxf7#" {
		t.Errorf("fix all: %+v", e)
	}
	actions = nil // decoding into the old slice would keep its fields
	c.Call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Range: rng(9, 60, 9, 60),
		Context: protocol.CodeActionContext{Only: []protocol.CodeActionKind{protocol.QuickFix}}}, &actions)
	if len(actions) != 1 || actions[0].Title != "Replace Qxe4 with Qxg4+" || actions[0].IsPreferred {
		t.Errorf("suggestion: %+v", actions)
	}

	// An incremental change: 0-0 becomes O-O, and PGN311 goes.
	got = c.Change(uri, 2, rng(8, 53, 8, 56), "O-O")
	if len(got.Diagnostics) != 2 || got.Diagnostics[0].Code != "PGN301" || got.Diagnostics[1].Range != rng(20, 7, 20, 11) {
		t.Errorf("after the change: %+v", got.Diagnostics)
	}
	// A change that adds a line in game 1 moves game 2's diagnostic down.
	got = c.Change(uri, 3, rng(9, 0, 9, 0), "{ a new line }\n")
	if len(got.Diagnostics) != 2 || got.Diagnostics[0].Range != rng(10, 58, 10, 62) || got.Diagnostics[1].Range != rng(21, 7, 21, 11) {
		t.Errorf("after a new line: %+v", got.Diagnostics)
	}

	// Formatting: the game with an error is left as it is; the other is
	// written in export format (its clock comments kept, Qxf7 as written).
	var edits []protocol.TextEdit
	c.Call(protocol.MethodTextDocumentFormatting, &protocol.DocumentFormattingParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}}, &edits)
	if len(edits) != 1 || edits[0].Range.Start.Line < 12 {
		t.Fatalf("formatting: %+v", edits)
	}
	lines := strings.SplitAfter(strings.Replace(string(src), "0-0", "O-O", 1), "\n")
	lines = append(lines[:9], append([]string{"{ a new line }\n"}, lines[9:]...)...)
	start, end := edits[0].Range.Start, edits[0].Range.End
	formatted := strings.Join(lines[:start.Line], "") + lines[start.Line][:start.Character] + edits[0].NewText + lines[end.Line][end.Character:] + strings.Join(lines[end.Line+1:], "")
	if !strings.HasSuffix(formatted, "\n\n1. e4 { [%clk 1:59:58] } 1... e5 { [%clk 1:59:50] [%eval -0.35] } 2. Qh5 Nc6 3.\nBc4 Nf6 4. Qxf7# 1-0\n\n") ||
		!strings.HasPrefix(formatted, strings.Join(lines[:13], "")) {
		t.Errorf("formatted:\n%q", formatted)
	}

	// Range formatting of a line of game 2 formats game 2 alone, as the
	// whole, but for the white space after the game, which it keeps.
	var rangeEdits []protocol.TextEdit
	c.Call(protocol.MethodTextDocumentRangeFormatting, &protocol.DocumentRangeFormattingParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Range: rng(15, 0, 15, 3)}, &rangeEdits)
	if len(rangeEdits) != 1 || rangeEdits[0].Range.Start != edits[0].Range.Start || !strings.HasSuffix(rangeEdits[0].NewText, "4. Qxf7#") || !strings.HasPrefix(edits[0].NewText, rangeEdits[0].NewText) {
		t.Errorf("range formatting: %+v, want %+v", rangeEdits, edits)
	}
	// Range formatting of game 1, which has an error, changes nothing.
	rangeEdits = nil
	c.Call(protocol.MethodTextDocumentRangeFormatting, &protocol.DocumentRangeFormattingParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Range: rng(2, 0, 3, 0)}, &rangeEdits)
	if len(rangeEdits) != 0 {
		t.Errorf("range formatting of a game with an error: %+v", rangeEdits)
	}

	var symbols []protocol.DocumentSymbol
	c.Call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}}, &symbols)
	if len(symbols) != 2 || symbols[0].Name != "Müller, Jörg – Brown, Tom, Café ♞ open, 1-0" || symbols[1].Name != "Clark, Amy – Davis, Sam, Club, 1-0" || symbols[1].Range.Start.Line != 12 {
		t.Errorf("symbols: %+v", symbols)
	}
	var folds []protocol.FoldingRange
	c.Call(protocol.MethodTextDocumentFoldingRange, &protocol.FoldingRangeParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}}}, &folds)
	if len(folds) != 3 || folds[0].StartLine != 0 || folds[0].EndLine != 10 || folds[1].StartLine != 8 || folds[1].EndLine != 10 || folds[2].StartLine != 12 || folds[2].EndLine != 21 {
		t.Errorf("folding ranges: %+v", folds)
	}
}

// TestLSPSpanish checks that the client's locale chooses the language of
// the diagnostics and hovers.
func TestLSPSpanish(t *testing.T) {
	c := startLSP(t, "es-ES")
	const uri = protocol.DocumentURI("file:///tmp/es.pgn")
	got := c.Open(uri, "[Event \"?\"]\n\n1. Nf3 Nf6 2. g3 g6 3. Bg2 Bg7 4. 0-0 *\n")
	if len(got.Diagnostics) != 2 || !strings.Contains(got.Diagnostics[1].Message, "0-0 no es SAN estándar") || !strings.Contains(got.Diagnostics[1].Message, "\nsugerencia: escriba 'O-O'") {
		t.Errorf("diagnostics: %+v", got.Diagnostics)
	}
	var h protocol.Hover
	c.Call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: protocol.Position{Line: 2, Character: 7}}}, &h)
	if !strings.Contains(h.Contents.Value, "**1... Nf6** (UCI g8f6), juegan blancas") {
		t.Errorf("hover: %q", h.Contents.Value)
	}
	h = protocol.Hover{}
	c.Call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: protocol.Position{Line: 0, Character: 2}}}, &h)
	if !strings.HasPrefix(h.Contents.Value, "**Event**: el nombre del torneo o del encuentro.") {
		t.Errorf("hover on Event: %q", h.Contents.Value)
	}
}
