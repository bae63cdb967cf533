package reader

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
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

// readReport reads src with opts and writes what the caller of Next sees
// of every game. White space between games is left out: at the seam of two
// pieces it goes with neither, and where pieces are cut depends on timing
// with several workers.
func readReport(t *testing.T, src string, opts Options, file bool) string {
	t.Helper()
	rd := New(strings.NewReader(src), "x", opts)
	if file {
		rd = NewFile(strings.NewReader(src), int64(len(src)), "x", opts)
	}
	var b strings.Builder
	for g, err := range rd.All() {
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "game %d plies %d skipped %d gap %q tags %v\n", g.Index, g.Plies, g.Skipped, strings.TrimSpace(g.Gap), g.Tags)
		for _, d := range g.Diags {
			d.Start, d.End = d.Start+g.File.Base, d.End+g.File.Base // offsets in the input
			fmt.Fprintf(&b, "  %v\n", d)
		}
	}
	return b.String()
}

// TestInPartsAgree: huge games checked in parts while they are parsed
// read as checked whole, among other games, one of them broken, whatever
// the number of workers and the way of reading.
func TestInPartsAgree(t *testing.T) {
	src := "[Event \"a\"]\n\n1. e4 e5 *\n\n" + hugeGame("huge", 60_000) +
		"[Event \"b\"]\n\n1. d4 Nz9 d5 *\n\n" + strings.TrimSuffix(hugeGame("broken", 30_000), "1-0\n\n") + "Nz9 1-0\n\n" +
		hugeGame("last", 40_000)
	if whole := readReport(t, src, Options{}, false); !strings.Contains(whole, "PGN301") || !strings.Contains(whole, "PGN319") {
		t.Fatalf("the games lack the diagnostics they were made for:\n%.2000s", whole)
	}
	for _, workers := range []int{1, 2} {
		for _, file := range []bool{false, true} {
			for _, opts := range []Options{{InParts: true}, {InParts: true, ReuseText: true}, {InParts: true, SyntaxOnly: true}} {
				opts.Workers = workers
				whole := opts
				whole.InParts = false
				want := readReport(t, src, whole, file)
				if got := readReport(t, src, opts, file); got != want {
					t.Errorf("%+v, file %v: got\n%.3000s\nwant\n%.3000s", opts, file, got, want)
				}
			}
		}
	}
}

// TestInPartsMemory: checked in parts, one huge game allocates a few bytes
// per byte of its text, less as it grows; whole, over 20 at every size.
func TestInPartsMemory(t *testing.T) {
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
		return float64(after.TotalAlloc-before.TotalAlloc) / float64(len(src))
	}
	for _, cycles := range []int{50_000, 100_000, 200_000} {
		src := hugeGame("huge", cycles)
		parts, whole := allocated(src, true), allocated(src, false)
		t.Logf("%d bytes: %.1f bytes allocated a byte in parts, %.1f whole", len(src), parts, whole)
		if parts > whole/2 || cycles == 200_000 && parts > 8 {
			t.Errorf("%d bytes: %.1f bytes allocated a byte of input in parts (whole: %.1f)", len(src), parts, whole)
		}
	}
}
