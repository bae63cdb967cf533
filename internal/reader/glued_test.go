package reader

import (
	"io"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/parser"
)

// TestGluedGamesReadInPieces: however games are glued together (no blank
// lines, no termination markers, all on one line), each piece the reader
// parses holds a bounded stretch of the input, so that memory does not grow
// with the input; and the games are those of the whole text.
func TestGluedGamesReadInPieces(t *testing.T) {
	shapes := []struct{ name, unit string }{
		{"tags and a move number a line", "[Event \"x\"] 1.\n"},
		{"no blank lines, no markers", "[Event \"x\"]\n[Site \"y\"]\n1. e4 e5 2. Nf3 Nc6\n"},
		{"one line", "[Event \"x\"] 1. d4 d5 "},
		{"broken tag pairs", "[Event x] 1. e4\n"},
	}
	const pieceSize = 16 << 10
	for _, shape := range shapes {
		src := strings.Repeat(shape.unit, (1<<20)/len(shape.unit))
		want := len(strings.Split(strings.TrimSpace(src), "[Event")) - 1
		for _, read := range []struct {
			name string
			rd   func() *Reader
		}{
			{"stream", func() *Reader { return New(strings.NewReader(src), "x", Options{PieceSize: pieceSize}) }},
			{"stream, 2 workers", func() *Reader {
				return New(strings.NewReader(src), "x", Options{PieceSize: pieceSize, Workers: 2})
			}},
			{"ranges, 2 workers", func() *Reader {
				return NewFile(strings.NewReader(src), int64(len(src)), "x", Options{RangeSize: pieceSize, PieceSize: pieceSize, Workers: 2})
			}},
		} {
			rd := read.rd()
			games, largest := 0, 0
			for {
				g, err := rd.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				if g.Index > 0 {
					games++
				}
				largest = max(largest, len(g.File.Src()))
			}
			rd.Close()
			if games != want {
				t.Errorf("%s, %s: %d games, want %d", shape.name, read.name, games, want)
			}
			if largest > 8*pieceSize {
				t.Errorf("%s, %s: a piece of %d bytes of a text of %d, want at most %d", shape.name, read.name, largest, len(src), 8*pieceSize)
			}
		}
	}
}

// TestEscapesBetweenGamesNotKept: escape lines between games belong to no
// game, so the parse does not list them one by one (text of nothing else
// would cost memory in proportion); those in a game, and those before a
// comment that follows a game's marker, are listed.
func TestEscapesBetweenGamesNotKept(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{strings.Repeat("%x\n", 100_000), nil},
		{"[Event \"a\"]\n\n1. e4 1-0\n" + strings.Repeat("%x\n", 1000) + "\n[Event \"b\"]\n\n1. d4 *\n", nil},
		{"[Event \"a\"]\n%in\n1. e4 1-0\n%x\n%y\n{c}\n%z\n[Event \"b\"]\n\n1. d4 *\n", []string{"in", "x", "y", "z"}},
		{"1. e4 1-0\n%x\n{never closed\n", []string{"x"}},
	}
	for _, tc := range tests {
		db, _ := parser.Parse(tc.src)
		var got []string
		for _, e := range db.Escapes {
			got = append(got, e.Text)
		}
		if strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("%.40q: escapes %q, want %q", tc.src, got, tc.want)
		}
	}
}
