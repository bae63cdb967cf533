package diag

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestListErr(t *testing.T) {
	illegal := Diagnostic{Code: IllegalMove, Start: 25, End: 28, Args: []Arg{ValueArg("san", "Ke3"), ValueArg("reason", "no king can move to e3")}}
	missing := Diagnostic{Code: UnmatchedParen, Start: 40, End: 41}
	null := Diagnostic{Code: NullMove, Start: 30, End: 32, Args: []Arg{ValueArg("san", "--")}}
	control := Diagnostic{Code: UnknownMove, Start: 1, End: 2, Args: []Arg{ValueArg("text", "a\x1b[2Jb"), ValueArg("hint", "")}}
	for _, c := range []struct {
		name string
		list List
		want string // "" for a nil error
	}{
		{"nil", nil, ""},
		{"empty", List{}, ""},
		{"warnings only", List{null, null, {Code: MissingResult}}, ""},
		{"one error", List{illegal}, "error[PGN301]: illegal move Ke3: no king can move to e3"},
		{"two errors", List{illegal, missing}, "error[PGN301]: illegal move Ke3: no king can move to e3 (and 1 more error)"},
		{"three errors", List{missing, illegal, missing}, "error[PGN203]: ')' closes no variation (and 2 more errors)"},
		{"warnings are not counted", List{null, illegal, null, missing, null}, "error[PGN301]: illegal move Ke3: no king can move to e3 (and 1 more error)"},
		{"input made printable", List{control}, `error[PGN112]: 'a\x1b[2Jb' is not a move in Standard Algebraic Notation`},
	} {
		err := c.list.Err()
		if c.want == "" {
			if err != nil {
				t.Errorf("%s: Err() = %q, want nil", c.name, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s: Err() = nil, want %q", c.name, c.want)
			continue
		}
		if got := err.Error(); got != c.want {
			t.Errorf("%s: Err().Error() = %q, want %q", c.name, got, c.want)
		}
		var back List
		if !errors.As(err, &back) || len(back) != len(c.list) {
			t.Errorf("%s: errors.As gives %v, want the list of %d", c.name, back, len(c.list))
		}
	}
	if got := (List{}).Error(); got != "no errors" {
		t.Errorf("empty List.Error() = %q", got)
	}
}

// TestLocatedString: a located diagnostic prints with fmt as the first line
// of its text, with no line break, whatever else it carries.
func TestLocatedString(t *testing.T) {
	src := "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n"
	for _, c := range []struct {
		name string
		file *File
		d    Diagnostic
		want string
	}{
		{"error", NewFile("game.pgn", src),
			Diagnostic{Code: IllegalMove, Start: 25, End: 28, Game: 1, Args: []Arg{ValueArg("san", "Ke3"), ValueArg("reason", "no king can move to e3")}, Detail: "a board\nand more"},
			"game.pgn:3:13: error[PGN301]: illegal move Ke3: no king can move to e3"},
		{"warning", NewFile("dir/a.pgn", src),
			Diagnostic{Code: NullMove, Start: 13, End: 14, Args: []Arg{ValueArg("san", "--")}},
			"dir/a.pgn:3:1: warning[PGN313]: null move --; replayed as a pass"},
		{"piece", NewPiece("big.pgn", "1. e4 e5 2. Ke3 *\n", Piece{Offset: 1000, Line: 41, Col: 0}),
			Diagnostic{Code: MissingResult, Start: 16, End: 16},
			"big.pgn:42:17: warning[PGN204]: game has no termination marker"},
		{"name and message made printable", NewFile("a\x1b]0;x\x07.pgn", src),
			Diagnostic{Code: UnknownMove, Start: 25, End: 28, Args: []Arg{ValueArg("text", "K\u202ee3"), ValueArg("hint", "")}},
			`a\x1b]0;x\x07.pgn:3:13: error[PGN112]: 'K\u202ee3' is not a move in Standard Algebraic Notation`},
	} {
		l := LocateStart(c.file, c.d)
		l.Where = "in game 1 (A – B)"
		if got := l.String(); got != c.want {
			t.Errorf("%s: String() = %q, want %q", c.name, got, c.want)
		}
		if got := fmt.Sprint(l); got != c.want {
			t.Errorf("%s: fmt.Sprint = %q, want %q", c.name, got, c.want)
		}
		if text := string(l.AppendText(nil, English)); !strings.HasPrefix(text, c.want+"\n") {
			t.Errorf("%s: text does not start with String():\n%s", c.name, text)
		}
	}
}

// TestLocatedWhere: Where prints as the first detail line, after the hint
// and before the detail, and nothing when it is empty.
func TestLocatedWhere(t *testing.T) {
	f := NewFile("game.pgn", "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n")
	d := Diagnostic{Code: AmbiguousMove, Start: 25, End: 28, Game: 1, Detail: "board\n",
		Args: []Arg{ValueArg("san", "Ke3"), ValueArg("squares", "x"), ValueArg("fixes", "y")}}
	const first = "game.pgn:3:13: error[PGN302]: ambiguous move Ke3: the pieces on x can all make it\n" +
		"1. e4 e5 2. Ke3 *\n" +
		"            ^~~\n" +
		"  hint: write one of y\n"
	for _, c := range []struct{ where, want string }{
		{"", first + "    board\n"},
		{"in game 1 (A – B)", first + "    in game 1 (A – B)\n    board\n"},
		{"in game 2 (\x1b[2J – B)", first + "    in game 2 (\\x1b[2J – B)\n    board\n"},
	} {
		l := LocateStart(f, d)
		l.Where = c.where
		var b strings.Builder
		if err := l.WriteText(&b, English); err != nil {
			t.Fatal(err)
		}
		if b.String() != c.want {
			t.Errorf("Where %q:\n%s\nwant\n%s", c.where, b.String(), c.want)
		}
	}
}

// BenchmarkPrintText locates and prints, as pgnc check does, a diagnostic
// every 100 bytes of a text of 1 MiB, in order.
func BenchmarkPrintText(b *testing.B) {
	src := strings.Repeat("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 *\n", 1<<20/96)
	var l List
	for off := 0; off+3 < len(src); off += 100 {
		l.Add(UnknownMove, off, off+3, 1, "text", src[off:off+3], "hint", "")
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	var buf []byte
	for b.Loop() {
		f := NewFile("x.pgn", src)
		for _, d := range l {
			loc := LocateStart(f, d)
			loc.Where = "in game 1 (A – B)"
			buf = loc.AppendText(buf[:0], English)
		}
	}
}

// TestFileShift: Shift moves every line down, and the columns of the first
// line right only when the piece starts on the first line it counts; a
// position resolved before is resolved afresh.
func TestFileShift(t *testing.T) {
	src := "ab\ncd"
	for _, c := range []struct {
		name          string
		p             Piece
		first, second Position // of offsets 1 and 4 after Shift(10, 5)
	}{
		{"first line", Piece{}, Position{11, 7}, Position{12, 2}},
		{"first line, cut", Piece{Col: 3}, Position{11, 10}, Position{12, 2}},
		{"later line", Piece{Line: 2, Col: 3}, Position{13, 5}, Position{14, 2}},
	} {
		f := NewPiece("x", src, c.p)
		f.Position(1)
		f.Shift(10, 5)
		if got := f.Position(1); got != c.first {
			t.Errorf("%s: Position(1) = %v, want %v", c.name, got, c.first)
		}
		if got := f.Position(4); got != c.second {
			t.Errorf("%s: Position(4) = %v, want %v", c.name, got, c.second)
		}
	}
}
