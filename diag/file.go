// Package diag holds source positions and diagnostics: a File resolves byte
// offsets to lines and columns on demand, a Diagnostic is a positioned
// problem with a stable code, and a Catalog per language (English,
// Spanish) keeps every message text.
package diag

import (
	"strings"
	"unicode/utf8"
)

// File is a named source text. Offsets into it are resolved to lines and
// columns only when something is printed, through a line table built on the
// first request. Lines end with LF, CRLF or a lone CR.
type File struct {
	Name     string // the name diagnostics print, e.g. a path or "<stdin>"
	Src      string // the text that offsets index: a whole file or a piece of one
	Base     int    // offset of Src[0] in the whole file, for a piece
	BaseLine int    // number of lines before Src[0] in the whole file
	BaseCol  int    // characters before Src[0] on its line, for a piece cut mid-line
	// Head and Tail are the text of Src's first line before Src and of its
	// last line after it (the line that starts at the end of Src when Src
	// ends a line), for a piece of a file: up to MaxTail bytes each, so that
	// a diagnostic there shows its line as the whole file would. HeadCut
	// says the line starts before Head.
	Head, Tail string
	HeadCut    bool
	// Marks, when set, holds for each multiple of MarkStep below len(Src)
	// the number of line breaks that end before it (LineMarks): a position
	// far into a long Src is counted from the mark before it rather than
	// from the start, where it is the first position resolved.
	Marks []int

	// The last two positions resolved: diagnostics come in order of their
	// starts (an end may lie past the next start), so counting line breaks
	// and characters on from one of them keeps resolving them linear in
	// the text, however many there are and however long their lines.
	last, prev resolved
}

// resolved is a position resolved: its offset, 0-based line and column,
// and where its line starts and ends; ok says it is set.
type resolved struct {
	off, line, col, start, end int
	ok                         bool
}

// MaxTail bounds File.Head and File.Tail: the text shown of a line around
// a diagnostic is shorter.
const MaxTail = 256

// NewFile returns a File for src named name.
func NewFile(name, src string) *File {
	return &File{Name: name, Src: src}
}

// Position is a resolved location: 1-based line and column. The column counts
// characters (UTF-8 sequences; each byte of invalid UTF-8 counts as one).
type Position struct {
	Line int `json:"line"`
	Col  int `json:"col"`
}

// breaksIn counts the line breaks that end in Src[from:to]: a CR that a
// LF follows ends its line at the LF.
func (f *File) breaksIn(from, to int) int {
	n := LineBreaks(f.Src[from:to])
	if to > from && to < len(f.Src) && f.Src[to-1] == '\r' && f.Src[to] == '\n' {
		n-- // the CRLF ends at the LF, after to
	}
	return n
}

// anchor returns the resolved position that off is best counted on from:
// the later of the last two at or before it, or the mark before it (of
// which only the line is known, so ok is false), or none.
func (f *File) anchor(off int) resolved {
	a := resolved{}
	if k := min(off/MarkStep, len(f.Marks)-1); k > 0 {
		a.off, a.line = k*MarkStep, f.Marks[k]
	}
	for _, r := range [...]resolved{f.last, f.prev} {
		if r.ok && r.off <= off && r.off >= a.off && (!a.ok || r.off > a.off) {
			a = r
		}
	}
	return a
}

// MarkStep is the distance between two line marks (File.Marks).
const MarkStep = 16 << 10

// LineMarks returns the line marks of src (File.Marks), none for a text of
// one step or less, and the line breaks of src (LineBreaks), counted in the
// same pass.
func LineMarks(src string) (marks []int, breaks int) {
	if len(src) <= MarkStep {
		return nil, LineBreaks(src)
	}
	marks = make([]int, 0, (len(src)+MarkStep-1)/MarkStep)
	for from := 0; from < len(src); from += MarkStep {
		marks = append(marks, breaks)
		to := min(from+MarkStep, len(src))
		breaks += LineBreaks(src[from:to])
		if to < len(src) && src[to-1] == '\r' && src[to] == '\n' {
			breaks-- // the CRLF ends at the LF, after the step
		}
	}
	return marks, breaks
}

// resolve returns the position of off: its 0-based line, column, and
// where its line starts and ends (before its line break).
func (f *File) resolve(off int) resolved {
	r := resolved{off: off, ok: true}
	a := f.anchor(off)
	r.line = a.line + f.breaksIn(a.off, off) // a.off is 0 when there is no anchor
	if a.ok && r.line == a.line {
		r.start, r.end = a.start, a.end
		r.col = a.col + utf8.RuneCountInString(f.Src[a.off:off])
		return r
	}
	r.start = strings.LastIndexAny(f.Src[:off], "\r\n") + 1
	for r.start > 0 && f.Src[r.start-1] == '\r' && r.start < len(f.Src) && f.Src[r.start] == '\n' {
		// off is the LF of a CRLF: its line started before the CR.
		r.start = strings.LastIndexAny(f.Src[:r.start-1], "\r\n") + 1
	}
	r.end = len(f.Src)
	if i := strings.IndexAny(f.Src[off:], "\r\n"); i >= 0 {
		r.end = off + i
	}
	for r.end > r.start && f.Src[r.end-1] == '\r' {
		r.end-- // off is the LF of a CRLF
	}
	r.col = utf8.RuneCountInString(f.Src[r.start:off]) + 1
	if r.line == 0 {
		r.col += f.BaseCol
	}
	return r
}

// Position resolves a byte offset; offsets past the end resolve to the end.
// A File is not safe for concurrent use.
func (f *File) Position(off int) Position {
	r := f.resolve(min(max(off, 0), len(f.Src)))
	if r != f.last {
		f.prev, f.last = f.last, r
	}
	return Position{Line: f.BaseLine + r.line + 1, Col: r.col}
}

// lineBounds returns the byte range of the 1-based line n, without its line
// ending, for the offset off on it.
func (f *File) lineBounds(n, off int) (start, end int) {
	r := f.resolve(min(max(off, 0), len(f.Src)))
	if r.line != n-f.BaseLine-1 {
		return len(f.Src), len(f.Src)
	}
	return r.start, r.end
}

// Line returns the text of the 1-based line n without its line ending.
func (f *File) Line(n int) string {
	n -= f.BaseLine
	off := 0
	for i := 1; i < n && off < len(f.Src); i++ {
		j := strings.IndexAny(f.Src[off:], "\r\n")
		if j < 0 {
			return ""
		}
		off += j + 1
		if f.Src[off-1] == '\r' && off < len(f.Src) && f.Src[off] == '\n' {
			off++
		}
	}
	if n < 1 || off > len(f.Src) {
		return ""
	}
	end := len(f.Src)
	if j := strings.IndexAny(f.Src[off:], "\r\n"); j >= 0 {
		end = off + j
	}
	return f.Src[off:end]
}

// LineBreaks counts the line breaks of s: LF, CRLF and lone CR. Bytes are
// counted with the vector code of strings.Count, and CRLF pairs looked for
// only where there are CRs: a count of the two-byte "\r\n" is a loop of
// searches, a few times slower than the byte counts on a text with none.
func LineBreaks(s string) int {
	n := strings.Count(s, "\n")
	if strings.IndexByte(s, '\r') < 0 {
		return n
	}
	for i := 0; ; {
		j := strings.IndexByte(s[i:], '\r')
		if j < 0 {
			return n
		}
		i += j + 1
		if i == len(s) || s[i] != '\n' {
			n++ // a lone CR
		}
	}
}
