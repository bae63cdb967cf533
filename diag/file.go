// Package diag holds source positions and diagnostics: a File resolves byte
// offsets to lines and columns on demand, a Diagnostic is a positioned
// problem with a stable code, and a Catalog per language (English,
// Spanish) keeps every message text.
//
// A List holds the diagnostics of a file; its Err is nil unless one of them
// is an error. Locate resolves a diagnostic in its File to a Located,
// which prints as pgnc check prints it: fmt gives its first line,
//
//	file:line:col: severity[CODE]: message
//
// and Located.WriteText the whole block, source line, caret, hint and
// detail lines included; Located.WriteJSON gives its JSON record.
//
// Besides its message, a Diagnostic may carry data for programs: Fixes,
// exact replacements of the text that mend the problem, which an editor or
// a fixer applies as they are (Located.LocatedFixes gives them with lines,
// columns and offsets in the whole file), each certain, when it cannot
// change what the game means, or a suggestion (Fix.Certain), and, for a
// problem with a move,
// the FEN of its position and the legal moves there.
package diag

import (
	"strings"
	"unicode/utf8"
)

// File is a named source text: a whole file, or a piece of one that knows
// where it sits in the whole (NewPiece). Offsets into the text are resolved
// to lines and columns only when something is printed, counting line
// breaks on from the last positions resolved. Lines end with LF, CRLF or a
// lone CR. A File is not safe for concurrent use.
type File struct {
	name     string // the name diagnostics print, e.g. a path or "<stdin>"
	src      string // the text that offsets index: a whole file or a piece of one
	base     int    // offset of src[0] in the whole file, for a piece
	baseLine int    // number of lines before src[0] in the whole file
	baseCol  int    // characters before src[0] on its line, for a piece cut mid-line
	// head and tail are the text of src's first line before src and of its
	// last line after it (Piece.Head and Piece.Tail); headCut says the line
	// starts before head.
	head, tail string
	headCut    bool
	marks      Marks

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

// MaxTail bounds Piece.Head and Piece.Tail: the text shown of a line around
// a diagnostic is shorter.
const MaxTail = 256

// NewFile returns a File for src, a whole file, named name.
func NewFile(name, src string) *File {
	return &File{name: name, src: src}
}

// Piece says where a piece of a file, read on its own, sits in the whole
// file, so that positions in it print as they would in the whole file.
// The zero Piece is the start of a file.
type Piece struct {
	Offset int // byte offset of the piece's first byte in the whole file
	Line   int // lines before the piece's first byte
	Col    int // characters before the piece's first byte on its line
	// Head and Tail are the text of the piece's first line before the
	// piece and of its last line after it (the line that starts at the end
	// of the piece when the piece ends a line), up to MaxTail bytes each:
	// a diagnostic there shows its line as the whole file would. HeadCut
	// says the line starts before Head.
	Head, Tail string
	HeadCut    bool
	// Marks are the line marks of the piece's text (LineMarks), or none:
	// they let a position far into a long piece be counted from the mark
	// before it rather than from the start.
	Marks Marks
}

// NewPiece returns a File for src, a piece of the file named name that
// sits in it where p says.
func NewPiece(name, src string, p Piece) *File {
	return &File{name: name, src: src, base: p.Offset, baseLine: p.Line, baseCol: p.Col,
		head: p.Head, tail: p.Tail, headCut: p.HeadCut, marks: p.Marks}
}

// Name returns the name of the file, as diagnostics print it.
func (f *File) Name() string { return f.name }

// Src returns the text that offsets into f index: the whole file, or the
// piece.
func (f *File) Src() string { return f.src }

// Base returns the offset of Src()[0] in the whole file: 0 for a whole
// file, Piece.Offset for a piece. An offset into Src plus Base is an offset
// into the whole file.
func (f *File) Base() int { return f.base }

// Shift moves the positions of f down by lines lines, and, when f starts
// on the first line it counts, those on that line right by cols
// characters: for a piece whose place in the whole file is known only
// once it has been read, as for a range of a file read on its own.
func (f *File) Shift(lines, cols int) {
	if f.baseLine == 0 {
		f.baseCol += cols
	}
	f.baseLine += lines
	f.last, f.prev = resolved{}, resolved{} // their columns may hold baseCol
}

// Position is a resolved location: 1-based line and column. The column counts
// characters (UTF-8 sequences; each byte of invalid UTF-8 counts as one).
type Position struct {
	Line int `json:"line"`
	Col  int `json:"col"`
}

// breaksIn counts the line breaks that end in src[from:to]: a CR that a
// LF follows ends its line at the LF.
func (f *File) breaksIn(from, to int) int {
	n := lineBreaks(f.src[from:to])
	if to > from && to < len(f.src) && f.src[to-1] == '\r' && f.src[to] == '\n' {
		n-- // the CRLF ends at the LF, after to
	}
	return n
}

// anchor returns the resolved position that off is best counted on from:
// the later of the last two at or before it, or the mark before it (of
// which only the line is known, so ok is false), or none.
func (f *File) anchor(off int) resolved {
	a := resolved{}
	if k := min(off/markStep, len(f.marks.breaks)-1); k > 0 {
		a.off, a.line = k*markStep, f.marks.breaks[k]
	}
	for _, r := range [...]resolved{f.last, f.prev} {
		if r.ok && r.off <= off && r.off >= a.off && (!a.ok || r.off > a.off) {
			a = r
		}
	}
	return a
}

// markStep is the distance between two line marks.
const markStep = 16 << 10

// Marks are line marks of a text: for each multiple of a step of 16 KiB
// below its length, the number of line breaks that end before it. The zero
// Marks are none.
type Marks struct {
	breaks []int
}

// LineMarks returns the line marks of src, none for a text of 16 KiB or
// less, and the number of line breaks of src, counted in the same pass.
func LineMarks(src string) (marks Marks, breaks int) {
	if len(src) <= markStep {
		return Marks{}, lineBreaks(src)
	}
	m := make([]int, 0, (len(src)+markStep-1)/markStep)
	for from := 0; from < len(src); from += markStep {
		m = append(m, breaks)
		to := min(from+markStep, len(src))
		breaks += lineBreaks(src[from:to])
		if to < len(src) && src[to-1] == '\r' && src[to] == '\n' {
			breaks-- // the CRLF ends at the LF, after the step
		}
	}
	return Marks{breaks: m}, breaks
}

// resolve returns the position of off: its 0-based line, column, and
// where its line starts and ends (before its line break).
func (f *File) resolve(off int) resolved {
	r := resolved{off: off, ok: true}
	a := f.anchor(off)
	r.line = a.line + f.breaksIn(a.off, off) // a.off is 0 when there is no anchor
	if a.ok && r.line == a.line {
		r.start, r.end = a.start, a.end
		r.col = a.col + utf8.RuneCountInString(f.src[a.off:off])
		return r
	}
	r.start = strings.LastIndexAny(f.src[:off], "\r\n") + 1
	for r.start > 0 && f.src[r.start-1] == '\r' && r.start < len(f.src) && f.src[r.start] == '\n' {
		// off is the LF of a CRLF: its line started before the CR.
		r.start = strings.LastIndexAny(f.src[:r.start-1], "\r\n") + 1
	}
	r.end = len(f.src)
	if i := strings.IndexAny(f.src[off:], "\r\n"); i >= 0 {
		r.end = off + i
	}
	for r.end > r.start && f.src[r.end-1] == '\r' {
		r.end-- // off is the LF of a CRLF
	}
	r.col = utf8.RuneCountInString(f.src[r.start:off]) + 1
	if r.line == 0 {
		r.col += f.baseCol
	}
	return r
}

// Position resolves off, a byte offset into Src; offsets past the end
// resolve to the end. Resolving offsets in increasing order costs time
// linear in the text between them, however many there are.
func (f *File) Position(off int) Position {
	r := f.resolve(min(max(off, 0), len(f.src)))
	if r != f.last {
		f.prev, f.last = f.last, r
	}
	return Position{Line: f.baseLine + r.line + 1, Col: r.col}
}

// lineBounds returns the byte range of the 1-based line n, without its line
// ending, for the offset off on it.
func (f *File) lineBounds(n, off int) (start, end int) {
	r := f.resolve(min(max(off, 0), len(f.src)))
	if r.line != n-f.baseLine-1 {
		return len(f.src), len(f.src)
	}
	return r.start, r.end
}

// Line returns the text of the 1-based line n, counted in the whole file,
// without its line ending: "" for a line that Src does not hold, and only
// the part in Src of a line that a piece cuts.
func (f *File) Line(n int) string {
	n -= f.baseLine
	off := 0
	for i := 1; i < n && off < len(f.src); i++ {
		j := strings.IndexAny(f.src[off:], "\r\n")
		if j < 0 {
			return ""
		}
		off += j + 1
		if f.src[off-1] == '\r' && off < len(f.src) && f.src[off] == '\n' {
			off++
		}
	}
	if n < 1 || off > len(f.src) {
		return ""
	}
	end := len(f.src)
	if j := strings.IndexAny(f.src[off:], "\r\n"); j >= 0 {
		end = off + j
	}
	return f.src[off:end]
}

// lineBreaks counts the line breaks of s: LF, CRLF and lone CR. Bytes are
// counted with the vector code of strings.Count, and CRLF pairs looked for
// only where there are CRs: a count of the two-byte "\r\n" is a loop of
// searches, a few times slower than the byte counts on a text with none.
func lineBreaks(s string) int {
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
