package diag

import (
	"flag"
	"math/rand/v2"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"
)

var update = flag.Bool("update", false, "rewrite the tables of codes in docs/codes.md and docs/codes.es.md")

const (
	tableBegin = "<!-- codes:begin -->\n"
	tableEnd   = "<!-- codes:end -->"
)

// TestCodeTables keeps the tables of codes equal to the catalogs: the
// one of docs/codes.md in English, that of docs/codes.es.md in Spanish.
func TestCodeTables(t *testing.T) {
	for _, table := range []struct {
		path    string
		catalog *Catalog
	}{{"../docs/codes.md", English}, {"../docs/codes.es.md", Spanish}} {
		data, err := os.ReadFile(table.path)
		if err != nil {
			t.Fatal(err)
		}
		doc := string(data)
		begin := strings.Index(doc, tableBegin)
		end := strings.Index(doc, tableEnd)
		if begin < 0 || end < begin {
			t.Fatalf("%s lacks the %q … %q markers", table.path, tableBegin, tableEnd)
		}
		want := table.catalog.MarkdownTable()
		got := doc[begin+len(tableBegin) : end]
		if got == want {
			continue
		}
		if *update {
			doc = doc[:begin+len(tableBegin)] + want + doc[end:]
			if err := os.WriteFile(table.path, []byte(doc), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("the code table of %s differs from the catalog; run go test ./diag -update\ngot:\n%s\nwant:\n%s", table.path, got, want)
	}
}

func TestCatalogIsComplete(t *testing.T) {
	for _, e := range English.Entries() {
		code := e.Code
		if e.Code != code {
			t.Errorf("entry for %s says code %s", code, e.Code)
		}
		if e.Message == "" || e.Summary == "" {
			t.Errorf("%s lacks a message or summary", code)
		}
		if c := int(code); (c < 100 || c >= 400) && c/100 != 9 {
			t.Errorf("%s is outside the lexical, syntax, rules and report ranges (1xx-3xx, 9xx)", code)
		}
	}
}

func TestExpand(t *testing.T) {
	d := Diagnostic{Code: DanglingMoveNumber, Args: []Arg{{Name: "number", Value: "12"}}}
	if got, want := d.Message(), "move number 12 is followed by nothing"; got != want {
		t.Errorf("Message() = %q, want %q", got, want)
	}
	if got := English.expand("{missing} x", nil); got != "{missing} x" {
		t.Errorf("expand kept %q", got)
	}
}

func TestPosition(t *testing.T) {
	f := NewFile("f.pgn", "ab\r\nçd\n\nx")
	tests := []struct {
		off  int
		want Position
	}{
		{0, Position{1, 1}}, {1, Position{1, 2}}, {4, Position{2, 1}}, {6, Position{2, 2}},
		{8, Position{3, 1}}, {9, Position{4, 1}}, {10, Position{4, 2}}, {99, Position{4, 2}},
	}
	for _, tt := range tests {
		if got := f.Position(tt.off); got != tt.want {
			t.Errorf("Position(%d) = %v, want %v", tt.off, got, tt.want)
		}
	}
	if got := f.Line(1); got != "ab" {
		t.Errorf("Line(1) = %q, want %q (no CR)", got, "ab")
	}
}

func TestWriteTextCaret(t *testing.T) {
	f := NewFile("f.pgn", "1. e4\t(e5\n")
	var b strings.Builder
	d := Diagnostic{Code: UnclosedVariation, Start: 6, End: 7}
	if err := WriteText(&b, f, d, English); err != nil {
		t.Fatal(err)
	}
	want := "f.pgn:1:7: error[PGN202]: variation opened here is never closed\n" +
		"1. e4\t(e5\n" +
		"     \t^\n" +
		"  hint: add ')' before the end of the game\n"
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestWriteTextCaretWidth: the caret line lines up on a terminal after escapes,
// wide characters (two columns each) and combining marks (none), and spans
// a wide character with two columns.
func TestWriteTextCaretWidth(t *testing.T) {
	for _, c := range []struct{ line, before, marked, caret string }{
		{"{日本語} e4 Kx9", "{日本語} e4 ", "Kx9", "            ^~~"},
		{"{e\u0301te\u0301} Kx9", "{e\u0301te\u0301} ", "Kx9", "      ^~~"},
		{"{ok} 王 e4", "{ok} ", "王", "     ^~"},
		// An escape (Printable) takes a column for each of its characters.
		{"{\x1b\x1b} Kx9", "{\x1b\x1b} ", "Kx9", "           ^~~"},
		{"{\u202e} Kx9", "{\u202e} ", "Kx9", "         ^~~"},
		{"{\xff} Kx9", "{\xff} ", "Kx9", "       ^~~"},
		{"{a} \x07 e4", "{a} ", "\x07", "    ^~~~"},
	} {
		f := NewFile("f.pgn", c.line+"\n")
		d := Diagnostic{Code: UnknownMove, Start: len(c.before), End: len(c.before) + len(c.marked), Args: []Arg{{Name: "text", Value: c.marked}}}
		var b strings.Builder
		if err := WriteText(&b, f, d, English); err != nil {
			t.Fatal(err)
		}
		if lines := strings.Split(b.String(), "\n"); len(lines) < 3 || lines[2] != c.caret {
			t.Errorf("%q: caret line %q, want %q", c.line, lines[2], c.caret)
		}
	}
}

func TestSortIsByPosition(t *testing.T) {
	var l List
	l.Add(MissingResult, 9, 9, 0)
	l.Add(IllegalChar, 2, 3, 0)
	l.Add(NotUTF8, 2, 3, 0)
	l.Sort()
	if l[0].Code != IllegalChar || l[1].Code != NotUTF8 || l[2].Code != MissingResult {
		t.Errorf("sorted order %v", l)
	}
	if e, w := l.Count(); e != 1 || w != 2 {
		t.Errorf("Count() = %d, %d", e, w)
	}
}

// TestWriteTextLongLine: on a long line only a window around the span is
// shown, with the caret under the span.
func TestWriteTextLongLine(t *testing.T) {
	src := strings.Repeat("é", 1000) + "BAD" + strings.Repeat("x", 1000)
	f := NewFile("f.pgn", src)
	start := strings.Index(src, "BAD")
	var b strings.Builder
	WriteText(&b, f, Diagnostic{Code: UnknownMove, Start: start, End: start + 3, Args: []Arg{{Name: "text", Value: "BAD"}}}, English)
	lines := strings.Split(b.String(), "\n")
	if !strings.HasPrefix(lines[0], "f.pgn:1:1001: ") {
		t.Errorf("header %q", lines[0])
	}
	shown, caret := []rune(lines[1]), []rune(lines[2])
	if len(shown) > 130 || shown[0] != '…' || shown[len(shown)-1] != '…' {
		t.Errorf("window %q", lines[1])
	}
	at := strings.Index(string(caret), "^")
	if got := string(shown[len([]rune(string(caret[:at]))) : len([]rune(string(caret[:at])))+3]); got != "BAD" || !strings.HasPrefix(string(caret[at:]), "^~~") {
		t.Errorf("caret under %q:\n%s\n%s", got, lines[1], lines[2])
	}
}

// pieceOf returns the File of src[from:to] as a streaming reader makes it:
// positions, and the text of the lines it cuts on either side.
func pieceOf(src string, from, to int) *File {
	before := src[:from]
	lineStart := strings.LastIndexAny(before, "\r\n") + 1
	p := Piece{Offset: from, Line: lineBreaks(before), Col: utf8.RuneCountInString(before[lineStart:])}
	p.Head = before[lineStart:]
	if len(p.Head) > MaxTail {
		p.Head, p.HeadCut = p.Head[len(p.Head)-MaxTail:], true
	}
	p.Tail = src[to:min(len(src), to+MaxTail)]
	if i := strings.IndexAny(p.Tail, "\r\n"); i >= 0 {
		p.Tail = p.Tail[:i]
	}
	return NewPiece("x", src[from:to], p)
}

// TestPieceShowsWholeLine: a diagnostic in a piece cut from a file prints
// the line it stands on as the whole file does, short or long, however
// the piece cuts that line.
func TestPieceShowsWholeLine(t *testing.T) {
	src := "short é line\n" + strings.Repeat("mid é ", 16) + "\n" + strings.Repeat("long é line ", 60) + "\nend\n"
	whole := NewFile("x", src)
	render := func(f *File, start, end int) string {
		var b strings.Builder
		if err := WriteText(&b, f, Diagnostic{Code: UnknownMove, Start: start, End: end, Args: []Arg{{Name: "text", Value: "x"}}}, English); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	for from := 0; from < len(src); from += 11 {
		for to := from + 1; to <= len(src); to += 17 {
			piece := pieceOf(src, from, to)
			for start := from; start <= to; start += 5 {
				end := min(start+2, to)
				if got, want := render(piece, start-from, end-from), render(whole, start, end); got != want {
					t.Fatalf("piece [%d, %d), span [%d, %d):\n got: %s\nwant: %s", from, to, start, end, got, want)
				}
			}
		}
	}
}

func TestLongArgumentIsCut(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"Nf3x", "'Nf3x' is not a move in Standard Algebraic Notation"},
		{strings.Repeat("a", 64<<20), "'" + strings.Repeat("a", MaxArgBytes-3) + "…' is not a move in Standard Algebraic Notation"},
		{strings.Repeat("é", 200), "'" + strings.Repeat("é", (MaxArgBytes-3)/2) + "…' is not a move in Standard Algebraic Notation"},
	} {
		var l List
		l.Add(UnknownMove, 0, len(tc.text), 1, "text", tc.text, "hint", "")
		if got := l[0].Message(); got != tc.want {
			t.Errorf("message for a %d-byte token:\n got %.80q\nwant %.80q", len(tc.text), got, tc.want)
		}
	}
}

// params returns the parameter names of a template, sorted.
func params(template string) string {
	var names []string
	for _, m := range regexp.MustCompile(`\{(\w+)\}`).FindAllStringSubmatch(template, -1) {
		names = append(names, m[1])
	}
	sort.Strings(names)
	return strings.Join(names, " ")
}

func TestSpanishHasEveryCode(t *testing.T) {
	for _, en := range English.Entries() {
		if !Spanish.Has(en.Code) {
			t.Errorf("%s has no Spanish entry", en.Code)
			continue
		}
		es := Spanish.Lookup(en.Code)
		if es.Severity != en.Severity || es.Summary == "" || es.Message == "" || (es.Hint == "") != (en.Hint == "") {
			t.Errorf("%s: Spanish entry %+v does not match English %+v", en.Code, es, en)
		}
		if params(es.Message) != params(en.Message) || params(es.Hint) != params(en.Hint) {
			t.Errorf("%s: Spanish parameters (%s | %s) differ from English (%s | %s)", en.Code, params(es.Message), params(es.Hint), params(en.Message), params(en.Hint))
		}
	}
	if len(Spanish.Entries()) != len(English.Entries()) {
		t.Errorf("Spanish has %d codes, English %d", len(Spanish.Entries()), len(English.Entries()))
	}
}

// TestSpanishPhrasesKeepTheirParameters checks each Spanish phrase against
// its key, the English text: the same parameters, so that no value is lost
// or invented in translation.
func TestSpanishPhrasesKeepTheirParameters(t *testing.T) {
	for _, key := range Spanish.Phrases() {
		if strings.Contains(key, ".") && !strings.Contains(key, " ") {
			continue // table.head, severity.error and the like: no English text
		}
		if got, want := params(Spanish.Phrase(key)), params(key); got != want {
			t.Errorf("phrase %q: Spanish has parameters %q, English %q", key, got, want)
		}
	}
}

func TestSpanishRendersPhrases(t *testing.T) {
	d := Diagnostic{Code: IllegalMove, Args: []Arg{ValueArg("san", "Nd2"), PhraseArg("reason", "no {piece} can move to {square}"), PhraseArg("piece", "knight"), ValueArg("square", "d2")}}
	if got, want := English.Message(d), "illegal move Nd2: no knight can move to d2"; got != want {
		t.Errorf("English: %q, want %q", got, want)
	}
	if got, want := Spanish.Message(d), "jugada ilegal Nd2: no hay caballo que pueda ir a d2"; got != want {
		t.Errorf("Spanish: %q, want %q", got, want)
	}
	two := Diagnostic{Code: NonStandardSAN, Args: []Arg{ValueArg("san", "Pe4"), ValueArg("fix", "e4"),
		PhraseArg("why", "a pawn move has no piece letter"+PhraseSeparator+"piece letters are upper case")}}
	if got, want := Spanish.Message(two), "Pe4 no es SAN estándar (una jugada de peón no lleva letra de pieza; las letras de las piezas van en mayúscula)"; got != want {
		t.Errorf("Spanish: %q, want %q", got, want)
	}
	alternatives := Diagnostic{Code: UnexpectedToken, Args: []Arg{PhraseArg("found", "end of file"),
		PhraseArg("expected", ", expected {alternatives}"), PhraseArg("alternatives", "a move"+AlternativeSeparator+"a result")}}
	if got, want := English.Message(alternatives), "unexpected end of file, expected a move or a result"; got != want {
		t.Errorf("English: %q, want %q", got, want)
	}
	if got, want := Spanish.Message(alternatives), "inesperado: fin de archivo, se esperaba una jugada o un resultado"; got != want {
		t.Errorf("Spanish: %q, want %q", got, want)
	}
}

// TestPositionMatchesLineTable resolves offsets, in order and out of it,
// in texts of every kind of line break against a table of line starts.
func TestPositionMatchesLineTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 2000 {
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString([]string{"a", "é", "\n", "\r", "\r\n", "\n\r", "  "}[rng.IntN(7)])
		}
		src := b.String()
		starts := []int{0} // the reference: where each line starts
		for i := 0; i < len(src); i++ {
			if src[i] == '\n' || src[i] == '\r' && (i+1 == len(src) || src[i+1] != '\n') {
				starts = append(starts, i+1)
			}
		}
		f := NewFile("x", src)
		offsets := make([]int, 8)
		for i := range offsets {
			offsets[i] = rng.IntN(len(src) + 1)
			for offsets[i] < len(src) && !utf8.RuneStart(src[offsets[i]]) {
				offsets[i]++ // diagnostics start at characters
			}
		}
		if round%2 == 0 {
			sort.Ints(offsets)
		}
		for _, off := range offsets {
			line := sort.Search(len(starts), func(i int) bool { return starts[i] > off }) - 1
			want := Position{Line: line + 1, Col: utf8.RuneCountInString(src[starts[line]:off]) + 1}
			if got := f.Position(off); got != want {
				t.Fatalf("%q: Position(%d) = %v, want %v", src, off, got, want)
			}
			end := len(src)
			if line+1 < len(starts) {
				end = starts[line+1]
			}
			text := strings.TrimRight(src[starts[line]:end], "\r\n")
			if got := f.Line(line + 1); got != text {
				t.Fatalf("%q: Line(%d) = %q, want %q", src, line+1, got, text)
			}
			if s, e := f.lineBounds(line+1, off); src[s:e] != text {
				t.Fatalf("%q: lineBounds(%d, %d) = %q, want %q", src, line+1, off, src[s:e], text)
			}
		}
	}
}

func TestLineBreaks(t *testing.T) {
	for s, want := range map[string]int{"": 0, "a": 0, "\n": 1, "\r": 1, "\r\n": 1, "\n\r": 2, "\r\r\n\n": 3, "a\r\nb\rc\nd": 3, "\r\n\r\n\r": 3} {
		if got := lineBreaks(s); got != want {
			t.Errorf("lineBreaks(%q) = %d, want %d", s, got, want)
		}
	}
}

// TestPositionFromMarks: positions counted from line marks (Piece.Marks) are
// those counted from the start, in long texts whose lines break in every
// way, with a CRLF across each mark and a lone CR just before one; and
// LineMarks counts the text's line breaks as lineBreaks does.
func TestPositionFromMarks(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20 {
		b := []byte(strings.Repeat("x", 5*markStep+rng.IntN(markStep)))
		for range rng.IntN(3000) {
			b[rng.IntN(len(b))] = "\n\r\r\ny"[rng.IntN(5)]
		}
		for k := markStep; k+1 < len(b); k += markStep {
			if k/markStep%2 == 1 {
				b[k-1], b[k] = '\r', '\n'
			} else {
				b[k-1], b[k] = '\r', 'x'
			}
		}
		src := string(b)
		marks, breaks := LineMarks(src)
		if breaks != lineBreaks(src) || len(marks.breaks) != (len(src)+markStep-1)/markStep {
			t.Fatalf("LineMarks: %d breaks, %d marks; lineBreaks %d, length %d", breaks, len(marks.breaks), lineBreaks(src), len(src))
		}
		for range 200 {
			off := rng.IntN(len(src) + 1)
			marked := NewPiece("x", src, Piece{Marks: marks})
			if got, want := marked.Position(off), NewFile("x", src).Position(off); got != want {
				t.Fatalf("Position(%d) from marks %v, from the start %v", off, got, want)
			}
		}
	}
	if marks, _ := LineMarks("a\nb"); marks.breaks != nil {
		t.Errorf("marks of a short text: %v", marks)
	}
}
