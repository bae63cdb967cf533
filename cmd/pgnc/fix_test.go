package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/diag"
)

// TestComposeEdits applies random fixes in several passes, as --fix does,
// and checks that the composed edits lead from the first text to the last
// (the text outside them is the same, in order) and that the unified diff
// made of them, applied to the first text, gives the last.
func TestComposeEdits(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"e4", "e5", "Nf3", "\n", "{c}", "1.", " ", "\r\n", "*"}
	for trial := range 500 {
		var b strings.Builder
		for range rng.IntN(60) {
			b.WriteString(words[rng.IntN(len(words))])
			b.WriteByte(' ')
		}
		original := b.String()
		text := original
		var edits []edit
		for range 1 + rng.IntN(4) {
			var fixes []diag.Fix
			for range rng.IntN(6) {
				start := rng.IntN(len(text) + 1)
				end := min(len(text), start+rng.IntN(4))
				fixes = append(fixes, diag.Fix{Start: start, End: end, Text: words[rng.IntN(len(words))][:rng.IntN(2)+0]})
			}
			fixes = diag.NonOverlapping(fixes)
			edits = composeEdits(edits, fixes)
			text = diag.ApplyFixes(text, fixes)
		}
		// The edits lead from original to text.
		var rebuilt strings.Builder
		at := 0
		for _, e := range edits {
			if e.oldStart < at || e.oldEnd < e.oldStart {
				t.Fatalf("trial %d: edits out of order: %+v", trial, edits)
			}
			rebuilt.WriteString(original[at:e.oldStart])
			rebuilt.WriteString(text[e.newStart:e.newEnd])
			at = e.oldEnd
		}
		rebuilt.WriteString(original[at:])
		if rebuilt.String() != text {
			t.Fatalf("trial %d: the edits give %q, want %q (edits %+v)", trial, rebuilt.String(), text, edits)
		}
		if original == text {
			continue
		}
		d := string(unifiedDiff("x.pgn", original, text, edits))
		if got, err := patch(original, d); err != nil || got != text {
			t.Fatalf("trial %d: the diff gives %q (%v), want %q:\n%s", trial, got, err, text, d)
		}
	}
}

// patch applies a unified diff to old, checking its context and removed
// lines and the counts of its hunk headers.
func patch(old, d string) (string, error) {
	oldLines := splitLines(old)
	_, body, ok := strings.Cut(d, "\n+++ x.pgn\n")
	if !ok {
		return "", fmt.Errorf("no header")
	}
	var out strings.Builder
	next := 0 // the next line of old
	lines := splitLines(body)
	for i := 0; i < len(lines); {
		var a, an, b, bn int
		if _, err := fmt.Sscanf(lines[i], "@@ -%d,%d +%d,%d @@", &a, &an, &b, &bn); err != nil {
			return "", fmt.Errorf("bad hunk header %q", lines[i])
		}
		i++
		from := a - 1
		if an == 0 {
			from = a
		}
		for ; next < from; next++ {
			out.WriteString(oldLines[next])
		}
		for ; i < len(lines) && lines[i][0] != '@'; i++ {
			line := lines[i]
			switch line[0] {
			case ' ', '-':
				if next >= len(oldLines) || oldLines[next] != line[1:] {
					return "", fmt.Errorf("line %d is %q, the diff says %q", next+1, oldLines[min(next, len(oldLines)-1)], line)
				}
				if line[0] == ' ' {
					out.WriteString(stripNote(line[1:]))
				}
				next++
				an--
				if line[0] == ' ' {
					bn--
				}
			case '+':
				out.WriteString(stripNote(line[1:]))
				bn--
			}
		}
		if an != 0 || bn != 0 {
			return "", fmt.Errorf("hunk counts off by %d, %d", an, bn)
		}
	}
	for ; next < len(oldLines); next++ {
		out.WriteString(stripNote(oldLines[next]))
	}
	return out.String(), nil
}

// stripNote takes the note of a last line without a line break off it.
func stripNote(line string) string {
	return strings.TrimSuffix(line, "\n\\ No newline at end of file\n")
}
