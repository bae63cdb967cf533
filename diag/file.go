// Package diag holds source positions and diagnostics: a File resolves byte
// offsets to lines and columns on demand, a Diagnostic is a positioned
// problem with a stable code, and the catalog keeps every message text.
package diag

import (
	"sort"
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
	lines      []int // offsets of line starts, built lazily

	// The last position resolved: diagnostics come in order, so counting
	// characters on from there keeps many diagnostics on one long line
	// linear.
	lastOff, lastLine, lastCol int
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

func (f *File) lineTable() []int {
	if f.lines == nil {
		lines := []int{0}
		src := f.Src
		for i := 0; i < len(src); i++ {
			switch src[i] {
			case '\r':
				if i+1 < len(src) && src[i+1] == '\n' {
					continue // CRLF: the line ends at the LF
				}
				lines = append(lines, i+1) // a lone CR, as old Macs wrote
			case '\n':
				lines = append(lines, i+1)
			}
		}
		f.lines = lines
	}
	return f.lines
}

// LineBreaks counts the line breaks of s: LF, CRLF and lone CR.
func LineBreaks(s string) int {
	n := strings.Count(s, "\n") + strings.Count(s, "\r") - strings.Count(s, "\r\n")
	return n
}

// Position resolves a byte offset; offsets past the end resolve to the end.
// A File is not safe for concurrent use.
func (f *File) Position(off int) Position {
	off = min(max(off, 0), len(f.Src))
	lines := f.lineTable()
	n := sort.Search(len(lines), func(i int) bool { return lines[i] > off }) - 1
	var col int
	if n == f.lastLine && off >= f.lastOff && f.lastCol > 0 {
		col = f.lastCol + utf8.RuneCountInString(f.Src[f.lastOff:off])
	} else {
		col = utf8.RuneCountInString(f.Src[lines[n]:off]) + 1
		if n == 0 {
			col += f.BaseCol
		}
	}
	f.lastOff, f.lastLine, f.lastCol = off, n, col
	return Position{Line: f.BaseLine + n + 1, Col: col}
}

// lineBounds returns the byte range of the 1-based line n, without its line
// ending.
func (f *File) lineBounds(n int) (start, end int) {
	lines := f.lineTable()
	n -= f.BaseLine
	if n < 1 || n > len(lines) {
		return len(f.Src), len(f.Src)
	}
	start, end = lines[n-1], len(f.Src)
	if n < len(lines) {
		end = lines[n]
	}
	for end > start && (f.Src[end-1] == '\n' || f.Src[end-1] == '\r') {
		end--
	}
	return start, end
}

// Line returns the text of the 1-based line n without its line ending.
func (f *File) Line(n int) string {
	start, end := f.lineBounds(n)
	return f.Src[start:end]
}
