package parser

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/testfiles"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/ast"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// render gives the golden text of a parse: the tree dump, then every
// diagnostic as pgnc check prints it.
func render(t *testing.T, name, src string) string {
	t.Helper()
	db, diags := Parse(src)
	var b strings.Builder
	if err := ast.Fprint(&b, db); err != nil {
		t.Fatal(err)
	}
	b.WriteString("---\n")
	f := diag.NewFile(name, src)
	for _, d := range diags {
		fmt.Fprintf(&b, "[game %d] ", d.Game)
		if err := diag.WriteText(&b, f, d, diag.English); err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}

func TestGolden(t *testing.T) {
	files, err := filepath.Glob("../../testdata/parser/*.pgn")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			got := render(t, filepath.Base(path), string(src))
			testfiles.Golden(t, strings.TrimSuffix(path, ".pgn")+".golden", got, *update)
		})
	}
}

// TestLeadingNumber compares the digit loop with strconv.Atoi, overflow
// included.
func TestLeadingNumber(t *testing.T) {
	for _, s := range []string{"", "0", "7", "12", "00012", "12...", "1.", "123456789012345678", "999999999999999999.",
		"9223372036854775807", "9223372036854775808", "99999999999999999999999", "12a"} {
		digits := strings.TrimRight(s, ".a")
		want, err := strconv.Atoi(digits)
		if err != nil {
			want = -1
		}
		if digits == "" {
			want = 0
		}
		n, k := leadingNumber(s)
		if n != want || k != len(digits) {
			t.Errorf("leadingNumber(%q) = %d, %d; want %d, %d", s, n, k, want, len(digits))
		}
	}
}

// TestShortMoveNumber compares shortMoveNumber with leadingNumber on every
// move number and integer token of up to five bytes: it reads every move
// number of one or two digits, and reads it right.
func TestShortMoveNumber(t *testing.T) {
	var texts []string
	var grow func(s string)
	grow = func(s string) {
		if len(s) > 5 {
			return
		}
		texts = append(texts, s)
		if !strings.HasSuffix(s, ".") {
			for c := '0'; c <= '9'; c++ {
				grow(s + string(c))
			}
		}
		grow(s + ".")
	}
	for c := '0'; c <= '9'; c++ {
		grow(string(c))
	}
	short := 0
	for _, s := range texts {
		n, k, ok := shortMoveNumber(s)
		wantN, wantK := leadingNumber(s)
		if wantK <= 2 && wantK < len(s) && !ok {
			t.Fatalf("shortMoveNumber(%q) does not read it", s)
		}
		if ok && (n != wantN || k != wantK) {
			t.Fatalf("shortMoveNumber(%q) = %d, %d; leadingNumber gives %d, %d", s, n, k, wantN, wantK)
		}
		if ok {
			short++
		}
	}
	if short == 0 {
		t.Fatal("no text read by shortMoveNumber")
	}
}

// TestTagLineIn: only a line that starts with '[', a tag name, white space
// and a quote counts, and the text shown stops at the line end or 60 bytes.
func TestTagLineIn(t *testing.T) {
	long := `[Annotator "` + strings.Repeat("x", 80) + `"]`
	tests := []struct {
		body string
		want string // "" for none
	}{
		{"text\n[Event \"x\"]\nmore", `[Event "x"]`},
		{"text\r\n[White_Elo\t\"2700\"]\r\n", `[White_Elo` + "\t" + `"2700"]`},
		{"text\r[Site \"?\"]", `[Site "?"]`},
		{"[Event \"x\"] at the very start", ""},
		{"text [Event \"x\"] inside a line", ""},
		{"\n[%clk 0:01:00]\n[%cal Ge2e4]", ""},
		{"\n[12. Nf3 \"quoted\"]", ""},
		{"\n[Event\"x\"]", ""},
		{"\n[Event ", ""},
		{"\n[", ""},
		{"\n" + long, long[:60]},
	}
	for _, tt := range tests {
		at, end := tagLineIn(tt.body)
		got := ""
		if at >= 0 {
			got = tt.body[at:end]
		}
		if got != tt.want {
			t.Errorf("tagLineIn(%q) = %q, want %q", tt.body, got, tt.want)
		}
	}
}
