package diag

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestPrintable(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"Carlsen, Magnus", "Carlsen, Magnus"},
		{"tab\tkept", "tab\tkept"},
		{"é ü ♘ 日本 שלום", "é ü ♘ 日本 שלום"},
		{"Evil\x1b]0;PWNED\x07\x1b[2J", `Evil\x1b]0;PWNED\x07\x1b[2J`},
		{"a\nb\rc\x00d\x7f", `a\x0ab\x0dc\x00d\x7f`},
		{"bad \xff\xfe utf8 \xe2\x99", `bad \xff\xfe utf8 \xe2\x99`},
		{"c1 \u0085\u009b", `c1 \u0085\u009b`},
		{"bidi \u202egnp.exe\u202c \u2066x\u2069 \u200e\u200f\u061c", `bidi \u202egnp.exe\u202c \u2066x\u2069 \u200e\u200f\u061c`},
		{"lines\u2028\u2029", `lines\u2028\u2029`},
		{`C:\games\a.pgn`, `C:\games\a.pgn`},
	} {
		if got := Printable(c.in); got != c.want {
			t.Errorf("Printable(%q) = %q, want %q", c.in, got, c.want)
		}
		if got := string(AppendPrintable([]byte("x"), c.in)); got != "x"+c.want {
			t.Errorf("AppendPrintable(%q) = %q, want %q", c.in, got, "x"+c.want)
		}
		if again := Printable(c.want); again != c.want {
			t.Errorf("Printable is not idempotent on %q: %q", c.want, again)
		}
	}
}

// FuzzPrintable: whatever the input, what Printable gives is valid UTF-8
// with no control character but the tab and no bidirectional control.
func FuzzPrintable(f *testing.F) {
	for _, s := range []string{"", "a\x1b[2Jb", "\xff", "\u202e", "\u0085", "é\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkPrintable(t, Printable(s))
	})
}

// checkPrintable fails t when out holds what Printable escapes.
func checkPrintable(t *testing.T, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("%q is not UTF-8", out)
	}
	for _, r := range out {
		if r != '\t' && mustEscape(r, utf8.RuneLen(r)) {
			t.Fatalf("%q holds %U", out, r)
		}
	}
}

// TestWriteTextEscapesInput: input shown by a text diagnostic, in the
// file name, the message, the source line and the detail lines, can
// neither send the terminal control sequences nor forge lines.
func TestWriteTextEscapesInput(t *testing.T) {
	src := "[White \"Evil\x1b]0;PWNED\x07\x1b[2J\"]\n"
	f := NewFile("zip.zip:a\nforged.pgn:1:1: error[PGN000]: \u202eforged", src)
	start := strings.IndexByte(src, 0x1b)
	d := Diagnostic{Code: UnknownMove, Start: start, End: start + 1, Args: []Arg{ValueArg("text", "\x1b[2J\n"), ValueArg("hint", "\u009b")},
		Detail: "in game 1 (Evil\x1b]0;PWNED\x07 – B\u202eX\xff)\nsecond line"}
	var b strings.Builder
	if err := WriteText(&b, f, d, English); err != nil {
		t.Fatal(err)
	}
	want := `zip.zip:a\x0aforged.pgn:1:1: error[PGN000]: \u202eforged:1:13: error[PGN112]: '\x1b[2J\x0a' is not a move in Standard Algebraic Notation` + "\n" +
		`[White "Evil\x1b]0;PWNED\x07\x1b[2J"]` + "\n" +
		`            ^~~~` + "\n" +
		`  hint: \u009b` + "\n" +
		`    in game 1 (Evil\x1b]0;PWNED\x07 – B\u202eX\xff)` + "\n" +
		"    second line\n"
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
	for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		checkPrintable(t, line)
	}
}

// TestJSONKeepsInput: JSON gives the text exactly, as json.Marshal
// escapes it (control characters, not U+202E), not as Printable shows it.
func TestJSONKeepsInput(t *testing.T) {
	f := NewFile("a\x1b[2J\nb.pgn", "e4\n")
	d := Diagnostic{Code: UnknownMove, Start: 0, End: 2, Args: []Arg{ValueArg("text", "\u202e\x07")}}
	var b strings.Builder
	if err := WriteJSON(&b, f, d, English); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	for _, want := range []string{`"file":"a\u001b[2J\nb.pgn"`, "'\u202e\\u0007'"} {
		if !strings.Contains(got, want) {
			t.Errorf("JSON %s lacks %s", got, want)
		}
	}
	if strings.Contains(got, `\\x1b`) || strings.Contains(got, `\\u202e`) {
		t.Errorf("JSON %s holds Printable's escapes", got)
	}
}
