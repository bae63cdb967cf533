package lsp

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

func readFile(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestEditsAgreeWithOpen applies random edits one by one, as a client's
// incremental changes, and checks after each that the document's chunks,
// lines and diagnostics are those of the same text opened whole.
func TestEditsAgreeWithOpen(t *testing.T) {
	s := NewServer(Options{})
	text := readFile(t, "../../testdata/mistakes.pgn") + readFile(t, "../lsp/../../testdata/lsp/mistakes.pgn") + "\r\n" + readFile(t, "../../testdata/sample.pgn")
	d := &document{}
	d.open(text, s.check, nil)
	rnd := rand.New(rand.NewPCG(1, 2))
	inserts := []string{"", "\n", "\n\n", "[Event \"x\"]\n", "{", "}", "1-0\n\n", "é", "😀", "Nf3 ", "0-0", "\r\n", "(", ")", "*"}
	for i := range 300 {
		if all := d.slice(0, d.size); all != text {
			t.Fatalf("edit %d: the document's text is not the text edited", i)
		}
		all := d.slice(0, d.size)
		from := rnd.IntN(len(all) + 1)
		to := min(from+rnd.IntN(40), len(all))
		for from > 0 && !utf8Start(all, from) {
			from--
		}
		for to < len(all) && !utf8Start(all, to) {
			to++
		}
		// LSP has no position between the CR and the LF of a line break.
		if from > 0 && all[from-1] == '\r' && from < len(all) && all[from] == '\n' {
			from--
		}
		if to > 0 && all[to-1] == '\r' && to < len(all) && all[to] == '\n' {
			to++
		}
		r := d.rangeOf(from, to)
		if got := d.offset(r.Start); got != from {
			t.Fatalf("edit %d: offset of %v is %d, want %d", i, r.Start, got, from)
		}
		ins := inserts[rnd.IntN(len(inserts))]
		d.edit(r, ins, s.check)
		text = all[:from] + ins + all[to:]
		want := &document{}
		want.open(text, s.check, nil)
		if len(d.chunks) != len(want.chunks) {
			t.Fatalf("edit %d (%d-%d %q): %d chunks, want %d", i, from, to, ins, len(d.chunks), len(want.chunks))
		}
		for j := range d.chunks {
			if d.chunks[j].start != want.chunks[j].start || d.chunks[j].line != want.chunks[j].line || d.chunks[j].text != want.chunks[j].text {
				t.Fatalf("edit %d: chunk %d at %d line %d, want %d line %d", i, j, d.chunks[j].start, d.chunks[j].line, want.chunks[j].start, want.chunks[j].line)
			}
		}
		if got, want := s.diagnostics(d), s.diagnostics(want); !reflect.DeepEqual(got, want) {
			for j := range min(len(got), len(want)) {
				if !reflect.DeepEqual(got[j], want[j]) {
					t.Fatalf("edit %d (%d-%d %q): diagnostic %d of %d and %d:\n%+v\nwant\n%+v\ntext:\n%s", i, from, to, ins, j, len(got), len(want), got[j], want[j], text[:min(len(text), 1200)])
				}
			}
			t.Fatalf("edit %d: %d diagnostics, want %d; text:\n%s", i, len(got), len(want), text[:min(len(text), 1500)])
		}
	}
}

// TestKeystrokeChecksOneGame checks that a keystroke in one game of many
// checks that game again and no other.
func TestKeystrokeChecksOneGame(t *testing.T) {
	s := NewServer(Options{})
	game := readFile(t, "../../testdata/lsp/mistakes.pgn")
	d := &document{}
	d.open(strings.Repeat(game+"\n", 50), s.counted, nil)
	if s.checked != 100 {
		t.Fatalf("opening checked %d chunks, want 100 (2 games, 50 times)", s.checked)
	}
	s.checked = 0
	line := 50*11 + 8 // the movetext of game 51's first line
	d.edit(protocol.Range{Start: protocol.Position{Line: uint32(line), Character: 3}, End: protocol.Position{Line: uint32(line), Character: 5}}, "d4", s.counted)
	if s.checked != 1 {
		t.Errorf("a keystroke checked %d chunks, want 1", s.checked)
	}
	if !strings.HasPrefix(d.chunks[50].text, "[Event \"Café ♞ open\"]") || !strings.Contains(d.chunks[50].text, "1. d4 {😀") {
		t.Errorf("the edited chunk: %q", d.chunks[50].text[:200])
	}
}

// TestUTF16 checks the conversion of columns: UTF-16 code units, a
// character outside the Basic Multilingual Plane taking two.
func TestUTF16(t *testing.T) {
	text := "ab\n{😀é} Nf3\r\nlast"
	l := lines{text: text, starts: lineStarts(text)}
	for _, tc := range []struct {
		off  int
		want protocol.Position
	}{
		{0, protocol.Position{Line: 0, Character: 0}},
		{3, protocol.Position{Line: 1, Character: 0}},
		{strings.Index(text, "é"), protocol.Position{Line: 1, Character: 3}},
		{strings.Index(text, "Nf3"), protocol.Position{Line: 1, Character: 6}},
		{strings.Index(text, "last"), protocol.Position{Line: 2, Character: 0}},
		{len(text), protocol.Position{Line: 2, Character: 4}},
	} {
		if got := l.position(tc.off); got != tc.want {
			t.Errorf("position(%d) = %v, want %v", tc.off, got, tc.want)
		}
		if got := l.offset(int(tc.want.Line), int(tc.want.Character)); got != tc.off {
			t.Errorf("offset(%v) = %d, want %d", tc.want, got, tc.off)
		}
	}
	// Past the end of a line is its end, before the line break.
	if got := l.offset(1, 99); got != strings.Index(text, "\r\n") {
		t.Errorf("offset past the line's end = %d", got)
	}
}

// TestWholeAgreesWithChunks checks that reading a file whole, as opening
// it does, gives each chunk the diagnostics, games and lines of checking
// the chunk on its own, as an edit does.
func TestWholeAgreesWithChunks(t *testing.T) {
	s := NewServer(Options{})
	names, _ := filepath.Glob("../../testdata/*.pgn")
	more, _ := filepath.Glob("../../testdata/*/*.pgn")
	names = append(names, more...)
	// The edge corpus of the shared folder, where it is: hostile and
	// broken files of other PGN libraries' tests.
	filepath.WalkDir("../../../shared/corpus/edge", func(path string, e os.DirEntry, err error) error {
		if err == nil && !e.IsDir() && strings.HasSuffix(path, ".pgn") {
			if info, err := e.Info(); err == nil && info.Size() < 2<<20 {
				names = append(names, path)
			}
		}
		return nil
	})
	for _, name := range names {
		text := readFile(t, name)
		if !utf8.ValidString(text) {
			continue // an editor sends UTF-8
		}
		whole, chunks := &document{}, &document{}
		whole.open(text, s.check, s.checkWhole)
		chunks.open(text, s.check, nil)
		if got, want := s.diagnostics(whole), s.diagnostics(chunks); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read whole, %d diagnostics; in chunks, %d", name, len(got), len(want))
			for j := range min(len(got), len(want)) {
				if !reflect.DeepEqual(got[j], want[j]) {
					t.Errorf("first difference:\n%+v\n%+v", got[j], want[j])
					break
				}
			}
		}
		if got, want := s.symbols(whole), s.symbols(chunks); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: symbols differ", name)
		}
		if got, want := folds(whole), folds(chunks); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: folding ranges differ", name)
		}
	}
}

// TestHoverInVariation checks the hover on a move of a variation: the
// position is the one the variation is played from.
func TestHoverInVariation(t *testing.T) {
	s := NewServer(Options{})
	text := readFile(t, "../../testdata/lsp/mistakes.pgn")
	d := &document{uri: "file:///x.pgn"}
	d.open(text, s.check, s.checkWhole)
	line := strings.Split(text, "\n")[8]
	h := s.hover(d, protocol.Position{Line: 8, Character: uint32(utf16Len(line[:strings.Index(line, "Nf6 6. d3")]))})
	if h == nil || !strings.HasPrefix(h.Contents.Value, "**5... Nf6** (UCI g8f6), white to move") || !strings.Contains(h.Contents.Value, "8 r . b q k b . r\n") {
		t.Fatalf("hover: %+v", h)
	}
	if h := s.hover(d, protocol.Position{Line: 7, Character: 0}); h != nil {
		t.Errorf("hover on a blank line: %+v", h)
	}
}
