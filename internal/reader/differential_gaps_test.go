package reader

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"unsafe"

	"github.com/pgnc/pgnc/internal/testfiles"
)

// layout describes what a reader made of its input, in the terms that a
// writer keeping every byte (pgnc fmt) depends on: the span of every game
// in the whole input, and the text between games. Two readers of one
// input that give equal layouts let such a writer write equal bytes.
type layout struct {
	spans []string // "index [from,to) tags"
	// between holds, for each game and for the end of the input, the
	// text that precedes it since the end of the game before, as the
	// reader handed it out (Gap, After, and the text after the last game
	// of a piece).
	between []string
	// uncovered lists the input bytes that are in no game and no text
	// handed out: input the writer could not keep.
	uncovered []string
}

// layoutOf reads every game of rd and checks that every text it hands out
// is the input at the place it claims.
func layoutOf(t testing.TB, rd *Reader, src string) layout {
	t.Helper()
	var l layout
	covered := make([]bool, len(src))
	cover := func(what string, from int, text string) {
		if from < 0 || from+len(text) > len(src) || src[from:from+len(text)] != text {
			t.Fatalf("%s at %d is %q, which is not the input there", what, from, text)
		}
		for i := from; i < from+len(text); i++ {
			if covered[i] {
				t.Fatalf("%s at %d covers byte %d twice", what, from, i)
			}
			covered[i] = true
		}
	}
	var pending strings.Builder
	for g, err := range rd.All() {
		if err != nil {
			t.Fatal(err)
		}
		if g.Unread > 0 {
			l.uncovered = append(l.uncovered, fmt.Sprintf("%d unread", g.Unread))
		}
		if g.Gap != "" {
			at := int(uintptr(unsafe.Pointer(unsafe.StringData(g.Gap))) - uintptr(unsafe.Pointer(unsafe.StringData(g.File.Src()))))
			cover("gap", g.File.Base()+at, g.Gap)
			pending.WriteString(g.Gap)
		}
		if g.Index > 0 {
			from, to := g.File.Base()+g.From, g.File.Base()+g.To
			cover(fmt.Sprintf("game %d", g.Index), from, g.File.Src()[g.From:g.To])
			l.spans = append(l.spans, fmt.Sprintf("%d [%d,%d) %v", g.Index, from, to, g.Tags))
			l.between = append(l.between, pending.String())
			pending.Reset()
		}
		if g.After != "" {
			if strings.TrimSpace(g.After) != "" || g.Index == 0 {
				t.Fatalf("game %d: After %q", g.Index, g.After)
			}
			cover("after", g.File.Base()+g.To, g.After)
			pending.WriteString(g.After)
		}
	}
	l.between = append(l.between, pending.String())
	for i, c := range covered {
		// Blank text is dropped only where a piece has no game: an input
		// of white space.
		if !c && (strings.TrimSpace(src) != "" || !strings.ContainsRune(" \t\r\n\v\f", rune(src[i]))) {
			l.uncovered = append(l.uncovered, fmt.Sprintf("byte %d %q", i, src[i]))
		}
	}
	return l
}

// compareLayouts reads src whole, in pieces of piece bytes on 1 to 3
// workers, and as a file in ranges of rangeSize, with the options of pgnc
// fmt and of pgnc check, and requires equal layouts.
func compareLayouts(t *testing.T, src string, piece, rangeSize int) {
	t.Helper()
	for _, model := range []bool{true, false} {
		base := Options{Model: model, ReuseMemory: true, InParts: model}
		whole := base
		whole.PieceSize, whole.Workers = len(src)+1, 1
		want := layoutOf(t, New(strings.NewReader(src), "x", whole), src)
		if len(want.uncovered) > 0 {
			t.Fatalf("whole input: bytes in no game and no gap: %v", want.uncovered)
		}
		for _, workers := range []int{1, 2, 3} {
			for _, file := range []bool{false, true} {
				opts := base
				opts.PieceSize, opts.Workers, opts.RangeSize = piece, workers, rangeSize
				got := layoutOf(t, readerOf(src, opts, file), src)
				how := fmt.Sprintf("model %v, pieces of %d, %d workers, file %v (ranges of %d)", model, piece, workers, file, rangeSize)
				if g, w := strings.Join(got.spans, "\n"), strings.Join(want.spans, "\n"); g != w {
					t.Fatalf("%s: spans\n%s\nwhole:\n%s", how, g, w)
				}
				if g, w := fmt.Sprintf("%q", got.between), fmt.Sprintf("%q", want.between); g != w {
					t.Fatalf("%s: text between games\n%s\nwhole:\n%s", how, g, w)
				}
				if len(got.uncovered) > 0 {
					t.Fatalf("%s: bytes in no game and no gap: %v", how, got.uncovered)
				}
			}
		}
	}
}

// differentialInputs are inputs whose games end and start in awkward
// places: a game cut inside a word, games glued on one line, text between
// games, line breaks of every kind.
var differentialInputs = []string{
	"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. Kxe8 René",
	"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. Kxe8 Ren\xe9",
	"1. e4 * Be3\n",
	"(\n1.\n\n[Event \"n\"]\n",
	"1. e4 *   junk here\n\n  [Event \"x\"]\r\n\r\n1. d4 d5 *\r\n",
	"[Event \"a\"]\r\n\r\n1. e4 e5 *\r\n\r\n[Event \"b\"]\r\n\r\n1. Kxe8 *\r\n",
	"[Event \"a\"]\r\r1. e4 e5 *\r\r[Event \"b\"]\r\r1. Kxe8 *\r",
	"1. e4 * 1. d4 * 1. c4 * junk 1. Nf3 *",
	"%escape\n[Event \"a\"]\n%inside\n1. e4 *\n% after\n",
	"\ufeff  [Event \"a\"]\n1. e4 {unterminated\n\n[Event \"b\"]\n1. d4 *\n",
	"*\n*\n*\n)\n(\n*\n[\n]\n",
	"[f k \"\"{\"]\n*3", // a tag name of two words: no repair of quotes
	"[f\xe9k\"\"{\"]\n*3",
}

func TestLayoutsMatchWholeFile(t *testing.T) {
	inputs := append([]string(nil), differentialInputs...)
	for _, path := range testfiles.PGN("../../testdata") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, string(data))
	}
	for _, src := range inputs {
		for _, piece := range []int{1, 7, 64, 4096} {
			compareLayouts(t, src, piece, piece*2+1)
		}
	}
}

// FuzzLayouts: reading any input in pieces, on workers or in ranges, gives
// the spans and the text between games of reading it whole, and hands out
// every byte.
func FuzzLayouts(f *testing.F) {
	for _, seed := range differentialInputs {
		f.Add(seed, uint8(8))
	}
	for _, seed := range testfiles.Seeds() {
		f.Add(seed, uint8(40))
	}
	f.Fuzz(func(t *testing.T, src string, piece uint8) {
		if len(src) > 1<<16 {
			return
		}
		size := max(int(piece)+1, len(src)/512) // bounds the pieces of one input
		compareLayouts(t, src, size, 2*size+1)
	})
}
