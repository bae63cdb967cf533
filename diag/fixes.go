package diag

import (
	"sort"
	"strings"
)

// NonOverlapping returns, of fixes, those that can be applied together,
// sorted by start: each starts at or after the end of the one before it.
// Of fixes that overlap, the one that starts first (of those that start
// together, the shorter) is kept; two insertions at one offset overlap.
// The fixes left out may still be wanted: a fixer applies those returned,
// checks the text again, and applies what is still to fix.
func NonOverlapping(fixes []Fix) []Fix {
	sorted := append([]Fix(nil), fixes...)
	sort.SliceStable(sorted, func(i, j int) bool {
		if sorted[i].Start != sorted[j].Start {
			return sorted[i].Start < sorted[j].Start
		}
		return sorted[i].End < sorted[j].End
	})
	out := sorted[:0]
	for _, x := range sorted {
		if n := len(out); n > 0 {
			last := out[n-1]
			if x.Start < last.End || x.Start == last.Start && x.Start == last.End && x.End == x.Start {
				continue
			}
		}
		out = append(out, x)
	}
	return out
}

// ApplyFixes returns src with fixes applied at once. Their spans index
// src, in order and without overlapping, as NonOverlapping returns them.
func ApplyFixes(src string, fixes []Fix) string {
	var b strings.Builder
	grow := len(src)
	for _, x := range fixes {
		grow += len(x.Text) - (x.End - x.Start)
	}
	b.Grow(max(grow, 0))
	at := 0
	for _, x := range fixes {
		b.WriteString(src[at:x.Start])
		b.WriteString(x.Text)
		at = x.End
	}
	b.WriteString(src[at:])
	return b.String()
}
