package diag

import (
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pgnc/pgnc/internal/jsonstr"
	"github.com/rivo/uniseg"
)

// WriteText prints d the way compilers do:
//
//	file:line:col: severity[CODE]: message
//	source line
//	     ^~~~
//	  hint: suggested fix
func WriteText(w io.Writer, f *File, d Diagnostic, c *Catalog) error {
	return LocateStart(f, d).WriteText(w, f.Name, c)
}

// Located is a diagnostic with what printing it needs from its File: its
// positions and the source line shown under it. It no longer needs the
// text, so a program that checks a file in pieces, on other machines, can
// print it later, its lines shifted by those before the piece (Shift).
type Located struct {
	Diagnostic
	Pos, EndPos       Position // of Start and End
	Offset, EndOffset int      // of Start and End in the whole file
	// Shown and Caret are the source line and the caret line under it;
	// HasSource says there are any (a binary file has none).
	Shown, Caret string
	HasSource    bool
}

// Locate resolves d in f.
func Locate(f *File, d Diagnostic) Located {
	l := LocateStart(f, d)
	l.EndPos = f.Position(d.End)
	return l
}

// LocateStart is Locate without EndPos, which text does not print:
// resolving only starts keeps the columns of many diagnostics on one long
// line counted on from the one before (File.Position).
func LocateStart(f *File, d Diagnostic) Located {
	l := Located{Diagnostic: d, Pos: f.Position(d.Start), Offset: f.Base + d.Start, EndOffset: f.Base + d.End}
	if f.Src != "" || d.End > d.Start { // a file with no text to show (binary, say) has no source line
		l.Shown, l.Caret = f.showLine(l.Pos.Line, d.Start, d.End)
		l.HasSource = true
	}
	return l
}

// Shift moves l down by lines lines, for a piece of a file that lines
// lines precede.
func (l Located) Shift(lines int) Located {
	l.Pos.Line += lines
	l.EndPos.Line += lines
	return l
}

// WriteText prints l as WriteText does, in the file named name.
func (l Located) WriteText(w io.Writer, name string, c *Catalog) error {
	_, err := w.Write(l.AppendText(nil, name, c))
	return err
}

// AppendText appends what WriteText prints to dst and returns the extended
// slice, for a caller that reuses the memory.
func (l Located) AppendText(dst []byte, name string, c *Catalog) []byte {
	d := l.Diagnostic
	e := c.Lookup(d.Code)
	dst = append(dst, name...)
	dst = append(dst, ':')
	dst = strconv.AppendInt(dst, int64(l.Pos.Line), 10)
	dst = append(dst, ':')
	dst = strconv.AppendInt(dst, int64(l.Pos.Col), 10)
	dst = append(dst, ": "...)
	dst = append(dst, c.SeverityName(e.Severity)...)
	dst = append(dst, '[')
	dst = d.Code.append(dst)
	dst = append(dst, "]: "...)
	dst = append(dst, c.Message(d)...)
	dst = append(dst, '\n')
	if l.HasSource {
		dst = append(append(dst, l.Shown...), '\n')
		dst = append(append(dst, l.Caret...), '\n')
	}
	if hint := c.Hint(d); hint != "" {
		dst = append(dst, "  "...)
		dst = append(dst, c.phrases["hint"]...)
		dst = append(dst, ": "...)
		dst = append(append(dst, hint...), '\n')
	}
	for rest := d.Detail; rest != ""; {
		line, after, found := strings.Cut(rest, "\n")
		dst = append(append(dst, "    "...), line...)
		if found || line != "" {
			dst = append(dst, '\n')
		}
		rest = after
	}
	return dst
}

// showLine returns line n made printable around the span [start, end) and
// the caret line under it; see caretLines. A first line that begins in
// Head and a last line that goes on in Tail are shown with them.
func (f *File) showLine(n, start, end int) (shown, caret string) {
	ls, le := f.lineBounds(n, start)
	start = min(max(start, ls), le)
	end = min(max(end, start), le)
	var head, tail string
	cutBefore := ls == 0 && f.BaseCol > 0
	if ls == 0 && f.BaseCol > 0 && f.Head != "" {
		head, cutBefore = f.Head, f.HeadCut
	}
	if le == len(f.Src) {
		tail = f.Tail
	}
	if head == "" && tail == "" {
		return caretLines(f.Src, ls, le, start, end, 0, 0, cutBefore)
	}
	// Join no more of the line than the window may show, so that a long
	// line is not copied whole: what is left out is only counted.
	from, to := ls, le
	if len(head)+le-ls+len(tail) > windowBefore+windowAfter {
		from = max(ls, start-windowBefore-utf8.UTFMax)
		to = min(le, start+windowAfter+utf8.UTFMax)
	}
	before, after := from-ls, le-to
	if before > 0 {
		before, head = before+len(head), ""
	}
	if after > 0 {
		after, tail = after+len(tail), ""
	}
	text := head + f.Src[from:to] + tail
	at := len(head) - from
	return caretLines(text, 0, len(text), start+at, end+at, before, after, cutBefore || before > 0)
}

// caretLines returns the line src[ls:le] made printable, cut to a window
// around the span [start, end) when long, and the caret line that
// underlines the span. before and after count bytes of the line that src
// leaves out on either side, and cutBefore marks a line whose start lies
// before the text of the file. Only the window is decoded, so a diagnostic
// on a line of megabytes costs no more than one on a short line.
func caretLines(src string, ls, le, start, end, before, after int, cutBefore bool) (shown, caret string) {
	ws, we := ls, le
	long := before+le-ls+after > windowBefore+windowAfter
	if long && before+start-ls > windowBefore {
		ws = start - windowBefore
		for ws < start && !utf8.RuneStart(src[ws]) {
			ws++
		}
	}
	if long && le-start+after > windowAfter {
		we = start + windowAfter
		for we > start && !utf8.RuneStart(src[we]) {
			we--
		}
	}
	var s, c strings.Builder
	if ws > ls || cutBefore {
		s.WriteString("…")
		c.WriteByte(' ')
	}
	s.Grow(we - ws + 8)
	c.Grow(min(end, we) - ws + 2)
	for i := ws; i < we; {
		if b := src[i]; b >= 0x20 && b < 0x7f {
			// Printable ASCII, nearly every byte of a PGN file: one
			// column each.
			s.WriteByte(b)
			switch {
			case i < start:
				c.WriteByte(' ')
			case i == start:
				c.WriteByte('^')
			case i < end:
				c.WriteByte('~')
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(src[i:])
		r = shownRune(r, size)
		s.WriteRune(r)
		// The caret line takes as many columns as the text above it on
		// a terminal: two under a wide character, none under a
		// combining mark.
		width := uniseg.StringWidth(string(r))
		switch {
		case i < start && r == '\t':
			c.WriteByte('\t')
		case i < start:
			c.WriteString(strings.Repeat(" ", width))
		case i == start:
			c.WriteString("^" + strings.Repeat("~", max(width-1, 0)))
		case i < end:
			c.WriteString(strings.Repeat("~", width))
		}
		i += size
	}
	if start >= we {
		c.WriteByte('^') // at the end of the line, e.g. a missing result
	}
	if we < le || after > 0 {
		s.WriteString("…")
	}
	return s.String(), c.String()
}

// shownRune is the character an excerpt shows for r, decoded from size
// bytes: '?', as the standard suggests for characters that cannot be
// shown, for a byte that is not UTF-8 and for a control character other
// than tab (C0, DEL and C1: ESC or CSI would start a terminal's escape
// sequence); r itself otherwise.
func shownRune(r rune, size int) rune {
	if (r == utf8.RuneError && size == 1) || (r < 0x20 && r != '\t') || (r >= 0x7f && r < 0xa0) {
		return '?'
	}
	return r
}

// Printable returns s as a source excerpt shows it (shownRune), for text
// of a file printed elsewhere, such as a tag value in a title: no byte of
// it can move a terminal's cursor or set its title.
func Printable(s string) string {
	clean := true
	for _, r := range s {
		if r == utf8.RuneError || shownRune(r, 0) != r {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		b.WriteRune(shownRune(r, size))
		i += size
	}
	return b.String()
}

// How much of a long line is shown around a diagnostic, in bytes; lines up
// to their sum are shown whole.
const (
	windowBefore = 50
	windowAfter  = 70
)

// WriteJSON prints d as one JSON object on one line.
func WriteJSON(w io.Writer, f *File, d Diagnostic, c *Catalog) error {
	pos, end := f.Position(d.Start), f.Position(d.End)
	return Located{Diagnostic: d, Pos: pos, EndPos: end, Offset: f.Base + d.Start, EndOffset: f.Base + d.End}.WriteJSON(w, f.Name, c)
}

// WriteJSON prints l as WriteJSON does, in the file named name.
func (l Located) WriteJSON(w io.Writer, name string, c *Catalog) error {
	_, err := w.Write(l.AppendJSON(nil, name, c))
	return err
}

// AppendJSON appends what WriteJSON prints to dst, byte for byte what
// json.Marshal writes for the record of docs/json.md and a line break, and
// returns the extended slice; TestAppendJSONIsMarshal holds it to that.
func (l Located) AppendJSON(dst []byte, name string, c *Catalog) []byte {
	d := l.Diagnostic
	dst = append(dst, `{"file":`...)
	dst = jsonstr.Append(dst, name)
	dst = appendIntField(dst, `,"line":`, l.Pos.Line)
	dst = appendIntField(dst, `,"col":`, l.Pos.Col)
	dst = appendIntField(dst, `,"end":{"line":`, l.EndPos.Line)
	dst = appendIntField(dst, `,"col":`, l.EndPos.Col)
	dst = appendIntField(dst, `},"offset":`, l.Offset)
	dst = appendIntField(dst, `,"end_offset":`, l.EndOffset)
	dst = append(dst, `,"severity":"`...)
	dst = append(dst, c.Lookup(d.Code).Severity.String()...)
	dst = append(dst, `","code":"`...)
	dst = d.Code.append(dst)
	dst = append(dst, `","message":`...)
	dst = jsonstr.Append(dst, c.Message(d))
	if hint := c.Hint(d); hint != "" {
		dst = append(dst, `,"hint":`...)
		dst = jsonstr.Append(dst, hint)
	}
	if d.Game != 0 {
		dst = appendIntField(dst, `,"game":`, d.Game)
	}
	if d.Detail != "" {
		dst = append(dst, `,"detail":`...)
		dst = jsonstr.Append(dst, d.Detail)
	}
	return append(dst, "}\n"...)
}

// appendIntField appends the text before a number, then the number.
func appendIntField(dst []byte, before string, n int) []byte {
	return strconv.AppendInt(append(dst, before...), int64(n), 10)
}
