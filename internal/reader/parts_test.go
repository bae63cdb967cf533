package reader

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/testfiles"
)

// hugeGame returns a game of about 30 bytes a cycle of four plies, with
// a variation every 5,000 cycles that holds an illegal move, and, past
// the middle, a variation as long as the rest of the game.
func hugeGame(event string, cycles int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[Event %q]\n[PlyCount \"3\"]\n\n", event)
	n := 1
	for i := range cycles {
		fmt.Fprintf(&b, "%d. Nf3 Nf6 %d. Ng1 {back} Ng8 $1 ", n, n+1)
		n += 2
		switch {
		case i%5000 == 1:
			fmt.Fprintf(&b, "(%d... Nc6 %d. Ke2 Ke7) ", n-1, n)
		case i == cycles*2/3:
			fmt.Fprintf(&b, "(%d... Nf6 ", n-1)
			for range cycles / 3 {
				b.WriteString("Ng1 Ng8 Nf3 Nf6 ")
			}
			b.WriteString("Qxh7 ) ")
		}
	}
	fmt.Fprintf(&b, "%d. f3 e5 %d. g4 Qh4# 1-0\n\n", n, n+1)
	return b.String()
}

// hugeTags returns a game whose tag section has n pairs: the roster out of
// order, a bad date, a repeated name every 1,000 pairs and a Result tag
// that the marker contradicts.
func hugeTags(n int) string {
	var b strings.Builder
	b.WriteString("[Event \"tags\"]\n[Date \"2024.13.01\"]\n[Site \"?\"]\n")
	for i := range n {
		if i%1000 == 999 {
			b.WriteString("[Annotator \"again\"]\n")
		} else {
			fmt.Fprintf(&b, "[T%d \"v\"]\n", i)
		}
	}
	b.WriteString("[Result \"1-0\"]\n[White \"w\"]\n[Black \"b\"]\n[Round \"1\"]\n\n1. e4 e5 0-1\n\n")
	return b.String()
}

// readReport reads src with opts and writes what the caller of Next sees
// of every game. White space between games is left out: at the seam of two
// pieces it goes with neither, and where pieces are cut depends on timing
// with several workers.
func readReport(t *testing.T, src string, opts Options, file bool) string {
	t.Helper()
	rd := readerOf(src, opts, file)
	var b strings.Builder
	for g, err := range rd.All() {
		if err != nil {
			t.Fatal(err)
		}
		tags := g.Tags
		if len(tags) > 100 {
			tags = nil // a huge tag section, handed out in parts: see InParts
		}
		fmt.Fprintf(&b, "game %d plies %d skipped %d gap %q tags %v\n", g.Index, g.Plies, g.Skipped, strings.TrimSpace(g.Gap), tags)
		for _, d := range g.Diags {
			d.Start, d.End = d.Start+g.File.Base(), d.End+g.File.Base() // offsets in the input
			fmt.Fprintf(&b, "  %v\n", d)
		}
	}
	return b.String()
}

// TestInPartsAgree: huge games checked in parts while they are parsed
// read as checked whole, among other games, one of them broken, whatever
// the number of workers and the way of reading.
func TestInPartsAgree(t *testing.T) {
	src := "[Event \"a\"]\n\n1. e4 e5 *\n\n" + hugeGame("huge", 60_000) + hugeTags(200_000) +
		"[Event \"b\"]\n\n1. d4 Nz9 d5 *\n\n" + strings.TrimSuffix(hugeGame("broken", 30_000), "1-0\n\n") + "Nz9 1-0\n\n" +
		hugeGame("last", 40_000)
	if whole := readReport(t, src, Options{}, false); !strings.Contains(whole, "PGN301") || !strings.Contains(whole, "PGN319") ||
		!strings.Contains(whole, "PGN323") || !strings.Contains(whole, "PGN318") || !strings.Contains(whole, "PGN322") || !strings.Contains(whole, "PGN324") {
		t.Fatalf("the games lack the diagnostics they were made for:\n%.2000s", whole)
	}
	for _, workers := range []int{1, 2} {
		for _, file := range []bool{false, true} {
			if !testfiles.IsExtended() && file == (workers == 1) { // by default, one worker on a stream and two on a file
				continue
			}
			for _, opts := range []Options{{InParts: true}, {InParts: true, ReuseText: true}, {InParts: true, SyntaxOnly: true}, {InParts: true, ReuseText: true, SkipComments: true},
				{InParts: true, ReuseText: true, SkipComments: true, ReplayWhileParsing: true}} {
				opts.Workers = workers
				whole := opts
				whole.InParts, whole.SkipComments, whole.ReplayWhileParsing = false, false, false
				want := readReport(t, src, whole, file)
				if got := readReport(t, src, opts, file); got != want {
					t.Errorf("%+v, file %v: got\n%.3000s\nwant\n%.3000s", opts, file, got, want)
				}
			}
		}
	}
}

// TestInPartsMemory: checked in parts, a huge game allocates a few bytes
// more for every byte more of its text, its tag section included; whole,
// over 20. The cost of parts themselves, a few MB, is the same at every
// size, so that the measure is what one more byte costs.
func TestInPartsMemory(t *testing.T) {
	testfiles.NoRace(t)
	allocated := func(src string, inParts bool) float64 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for _, err := range New(strings.NewReader(src), "x", Options{InParts: inParts, ReuseText: true}).All() {
			if err != nil {
				t.Fatal(err)
			}
		}
		runtime.ReadMemStats(&after)
		return float64(after.TotalAlloc - before.TotalAlloc)
	}
	small, large := hugeGame("huge", 100_000)+hugeTags(100_000), hugeGame("huge", 200_000)+hugeTags(200_000)
	more := float64(len(large) - len(small))
	parts := (allocated(large, true) - allocated(small, true)) / more
	whole := (allocated(large, false) - allocated(small, false)) / more
	t.Logf("one byte more: %.1f bytes allocated in parts, %.1f whole", parts, whole)
	if parts > 8 || parts > whole/3 {
		t.Errorf("one byte more costs %.1f bytes allocated in parts (whole: %.1f)", parts, whole)
	}
}
