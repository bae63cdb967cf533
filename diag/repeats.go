package diag

import (
	"slices"
	"strconv"
)

// DefaultRepeats is how many diagnostics of one code a game keeps unless
// told otherwise. A game of a million null moves would otherwise hold a
// million warnings, hundreds of megabytes that nobody reads.
const DefaultRepeats = 100

// Repeats caps how many diagnostics of one code a game keeps. The ones over
// the cap are counted, and Flush reports them with one diagnostic of code
// MoreErrors or MoreWarnings at the first of them: nothing disappears
// without a word. The zero value keeps DefaultRepeats of each code.
type Repeats struct {
	// Max is how many diagnostics of one code a game keeps: 0 means
	// DefaultRepeats, and a negative value keeps them all.
	Max    int
	counts []repeat
	// once lists the codes said once in the current game (First).
	once []Code
}

// First reports whether a diagnostic of code is the first of its code in
// the current game, for codes that say something of the whole game (PGN104:
// this game is read as Windows-1252), which one diagnostic says.
func (r *Repeats) First(code Code) bool {
	for _, c := range r.once {
		if c == code {
			return false
		}
	}
	r.once = append(r.once, code)
	return true
}

// repeat counts the diagnostics of one code in the current game.
type repeat struct {
	code       Code
	kept       int
	dropped    int
	start, end int // the span of the first one dropped
}

// Clone returns a copy of r that counts apart from it.
func (r *Repeats) Clone() Repeats {
	return Repeats{Max: r.Max, counts: slices.Clone(r.counts), once: slices.Clone(r.once)}
}

// Reset starts counting afresh with limit max (see Max), forgetting what
// was dropped.
func (r *Repeats) Reset(max int) {
	r.Max, r.counts, r.once = max, r.counts[:0], r.once[:0]
}

func (r *Repeats) limit() int {
	if r.Max == 0 {
		return DefaultRepeats
	}
	return r.Max
}

// Keep reports whether a diagnostic of code with span [start, end) is to be
// kept; when it is not, Keep counts it.
func (r *Repeats) Keep(code Code, start, end int) bool {
	limit := r.limit()
	if limit < 0 {
		return true
	}
	for i := range r.counts {
		c := &r.counts[i]
		if c.code != code {
			continue
		}
		if c.kept < limit {
			c.kept++
			return true
		}
		if c.dropped == 0 {
			c.start, c.end = start, end
		}
		c.dropped++
		return false
	}
	r.counts = append(r.counts, repeat{code: code, kept: 1})
	return true
}

// Flush adds to l, for each code with diagnostics dropped since the last
// Flush, one diagnostic that counts them, with game index game, and starts
// counting afresh for the next game.
func (r *Repeats) Flush(l *List, game int) {
	for _, c := range r.counts {
		if c.dropped == 0 {
			continue
		}
		code := MoreWarnings
		if English.Lookup(c.code).Severity == Error {
			code = MoreErrors
		}
		l.Add(code, c.start, c.end, game, "count", strconv.Itoa(c.dropped), "code", c.code.String(), "limit", strconv.Itoa(r.limit()))
	}
	r.counts, r.once = r.counts[:0], r.once[:0]
}
