package diag

import (
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pgnc/pgnc/internal/jsonstr"
	"github.com/rivo/uniseg"
)

// WriteText prints d, a diagnostic in f, the way compilers do:
//
//	file:line:col: severity[CODE]: message
//	source line
//	     ^~~~
//	  hint: suggested fix
//	    detail lines, e.g. a board diagram
//
// with the texts of c. What comes from the input, the file name, the
// source line, the values quoted in the message and the detail lines, is
// shown as Printable shows it. pgnc check prints one more detail line
// first, the game the diagnostic stands in ("in game 3 (White – Black)");
// a Located with its Where set prints that too.
func WriteText(w io.Writer, f *File, d Diagnostic, c *Catalog) error {
	return LocateStart(f, d).WriteText(w, c)
}

// Located is a diagnostic with what printing it needs from its File: the
// file's name, its positions and the source line shown under it. It no
// longer needs the text, so a program that checks a file in pieces, on
// other machines, can print it later, its lines shifted by those before
// the piece (Shift).
//
// Printed with fmt, a Located gives its first line (String); WriteText
// gives the whole block that pgnc check prints, and WriteJSON its JSON
// record.
type Located struct {
	Diagnostic
	File              string   // the name of the file, as it is printed
	Pos, EndPos       Position // of Start and End
	Offset, EndOffset int      // of Start and End in the whole file
	// Shown and Caret are the source line and the caret line under it;
	// HasSource says there are any (a binary file has none).
	Shown, Caret string
	HasSource    bool
	// Where says in words where the diagnostic stands in its file, "in
	// game 3 (White – Black)" or "outside any game" (report.Where), in the
	// language it is printed in; text prints it as the first detail line,
	// and nothing when it is "".
	Where string
	// LocatedFixes are the diagnostic's Fixes, each located as the
	// diagnostic is. Locate sets them; LocateStart, for text, which prints
	// no fix, leaves them nil.
	LocatedFixes []LocatedFix
}

// LocatedFix is a Fix with its span resolved as a Located's own: lines and
// columns, and offsets in the whole file. Replacing the bytes Offset to
// EndOffset of the file by Text applies it.
type LocatedFix struct {
	Text              string   // the text to write
	Certain           bool     // Fix.Certain: applying it cannot change what the game means
	Pos, EndPos       Position // of the span it replaces
	Offset, EndOffset int      // of the span it replaces, in the whole file
}

// locateFixes resolves fixes in f; nil for none.
func locateFixes(f *File, fixes []Fix) []LocatedFix {
	if len(fixes) == 0 {
		return nil
	}
	out := make([]LocatedFix, len(fixes))
	for i, x := range fixes {
		out[i] = LocatedFix{Text: x.Text, Certain: x.Certain, Pos: f.Position(x.Start), EndPos: f.Position(x.End), Offset: f.base + x.Start, EndOffset: f.base + x.End}
	}
	return out
}

// Locate resolves d in f.
func Locate(f *File, d Diagnostic) Located {
	l := LocateStart(f, d)
	l.EndPos = f.Position(d.End)
	l.LocatedFixes = locateFixes(f, d.Fixes)
	return l
}

// LocateStart is Locate without EndPos and LocatedFixes, which text does
// not print:
// resolving only starts keeps the columns of many diagnostics on one long
// line counted on from the one before (File.Position).
func LocateStart(f *File, d Diagnostic) Located {
	l := Located{Diagnostic: d, File: f.name, Pos: f.Position(d.Start), Offset: f.base + d.Start, EndOffset: f.base + d.End}
	if f.src != "" || d.End > d.Start { // a file with no text to show (binary, say) has no source line
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
	if l.LocatedFixes != nil {
		l.LocatedFixes = append([]LocatedFix(nil), l.LocatedFixes...) // shared with the Located shifted
		for i := range l.LocatedFixes {
			l.LocatedFixes[i].Pos.Line += lines
			l.LocatedFixes[i].EndPos.Line += lines
		}
	}
	return l
}

// String returns the first line that WriteText prints, in English and
// without its line break:
//
//	file:line:col: severity[CODE]: message
//
// The severity is the code's own; WriteText with a catalog that raises
// warnings (Catalog.Raise) prints theirs.
func (l Located) String() string {
	return string(l.appendFirst(nil, English))
}

// WriteText prints l as the function WriteText prints a diagnostic, with
// the texts of c, and with Where as its first detail line when it is set:
// byte for byte what pgnc check prints, which prints through it.
func (l Located) WriteText(w io.Writer, c *Catalog) error {
	_, err := w.Write(l.AppendText(nil, c))
	return err
}

// AppendText appends what WriteText prints to dst and returns the extended
// slice, for a caller that reuses the memory.
func (l Located) AppendText(dst []byte, c *Catalog) []byte {
	d := l.Diagnostic
	dst = append(l.appendFirst(dst, c), '\n')
	if l.HasSource {
		dst = append(append(dst, l.Shown...), '\n')
		dst = append(append(dst, l.Caret...), '\n')
	}
	if hint := c.Hint(d); hint != "" {
		dst = append(dst, "  "...)
		dst = append(dst, c.phrases["hint"]...)
		dst = append(dst, ": "...)
		dst = append(AppendPrintable(dst, hint), '\n')
	}
	if l.Where != "" {
		dst = appendDetail(dst, l.Where)
	}
	return appendDetail(dst, d.Detail)
}

// appendFirst appends the first line of l's text, without its line break.
func (l Located) appendFirst(dst []byte, c *Catalog) []byte {
	d := l.Diagnostic
	dst = AppendPrintable(dst, l.File)
	dst = append(dst, ':')
	dst = strconv.AppendInt(dst, int64(l.Pos.Line), 10)
	dst = append(dst, ':')
	dst = strconv.AppendInt(dst, int64(l.Pos.Col), 10)
	dst = append(dst, ": "...)
	dst = append(dst, c.SeverityName(c.Lookup(d.Code).Severity)...)
	dst = append(dst, '[')
	dst = d.Code.append(dst)
	dst = append(dst, "]: "...)
	return AppendPrintable(dst, c.Message(d))
}

// appendDetail appends the lines of text as detail lines, indented by four
// spaces.
func appendDetail(dst []byte, text string) []byte {
	for rest := text; rest != ""; {
		line, after, found := strings.Cut(rest, "\n")
		dst = AppendPrintable(append(dst, "    "...), line)
		if found || line != "" {
			dst = append(dst, '\n')
		}
		rest = after
	}
	return dst
}

// showLine returns line n made printable around the span [start, end) and
// the caret line under it; see caretLines. A first line that begins in
// head and a last line that goes on in tail are shown with them.
func (f *File) showLine(n, start, end int) (shown, caret string) {
	ls, le := f.lineBounds(n, start)
	start = min(max(start, ls), le)
	end = min(max(end, start), le)
	var head, tail string
	cutBefore := ls == 0 && f.baseCol > 0
	if ls == 0 && f.baseCol > 0 && f.head != "" {
		head, cutBefore = f.head, f.headCut
	}
	if le == len(f.src) {
		tail = f.tail
	}
	if head == "" && tail == "" {
		return caretLines(f.src, ls, le, start, end, 0, 0, cutBefore)
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
	text := head + f.src[from:to] + tail
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
		var width int
		if r != '\t' && mustEscape(r, size) {
			// Shown as its escape (Printable), one column a byte of it.
			esc := appendEscape(nil, r, src[i:i+size])
			s.Write(esc)
			width = len(esc)
		} else {
			s.WriteRune(r)
			// The caret line takes as many columns as the text above it
			// on a terminal: two under a wide character, none under a
			// combining mark.
			width = uniseg.StringWidth(string(r))
		}
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

// Printable returns s as text output shows input: a file or zip member
// name, a tag value, a line of the source. What a terminal would act on
// rather than show is escaped, so that input cannot retitle or clear the
// terminal, move its cursor, forge lines of output, or reorder the text
// around it:
//   - C0 control characters but the tab, and DEL: \x and two hex digits
//     ("\x1b", "\x0a");
//   - each byte that is not part of valid UTF-8: the same ("\xff");
//   - C1 control characters (U+0080 to U+009F), the line and paragraph
//     separators U+2028 and U+2029, and the bidirectional controls
//     (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069): \u
//     and four hex digits ("\u202e").
//
// Everything else, tabs and other languages' letters included, is kept.
// A backslash is not escaped, so the result cannot always be read back:
// it is for reading, and JSON output gives the exact text. The source
// excerpt under a diagnostic shows its line the same way.
func Printable(s string) string {
	if plain(s) {
		return s
	}
	return string(AppendPrintable(make([]byte, 0, len(s)+8), s))
}

// AppendPrintable appends Printable(s) to dst and returns the extended
// slice.
func AppendPrintable(dst []byte, s string) []byte {
	if plain(s) {
		return append(dst, s...)
	}
	for i := 0; i < len(s); {
		if b := s[i]; b >= 0x20 && b < 0x7f || b == '\t' {
			dst = append(dst, b)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if mustEscape(r, size) {
			dst = appendEscape(dst, r, s[i:i+size])
		} else {
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return dst
}

// plain reports whether s is printable ASCII and tabs, which Printable
// keeps as it is: nearly every name and message.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if b := s[i]; (b < 0x20 || b >= 0x7f) && b != '\t' {
			return false
		}
	}
	return true
}

// mustEscape reports whether Printable escapes r, decoded from size bytes.
// It says so for the tab too, which callers keep.
func mustEscape(r rune, size int) bool {
	switch {
	case r == utf8.RuneError && size == 1, r < 0x20, r >= 0x7f && r <= 0x9f:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, r >= 0x2028 && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// appendEscape appends the escape of r, decoded from the bytes raw: \xHH
// for a byte below 0x80 or not UTF-8, \uHHHH for a character.
func appendEscape(dst []byte, r rune, raw string) []byte {
	const hex = "0123456789abcdef"
	if r < 0x80 || r == utf8.RuneError && len(raw) == 1 {
		return append(dst, '\\', 'x', hex[raw[0]>>4], hex[raw[0]&0xf])
	}
	return append(dst, '\\', 'u', hex[r>>12&0xf], hex[r>>8&0xf], hex[r>>4&0xf], hex[r&0xf])
}

// How much of a long line is shown around a diagnostic, in bytes; lines up
// to their sum are shown whole.
const (
	windowBefore = 50
	windowAfter  = 70
)

// WriteJSON prints d, a diagnostic in f, as one JSON object on one line,
// with the texts of c (docs/json.md).
func WriteJSON(w io.Writer, f *File, d Diagnostic, c *Catalog) error {
	pos, end := f.Position(d.Start), f.Position(d.End)
	l := Located{Diagnostic: d, File: f.name, Pos: pos, EndPos: end, Offset: f.base + d.Start, EndOffset: f.base + d.End}
	l.LocatedFixes = locateFixes(f, d.Fixes)
	return l.WriteJSON(w, c)
}

// WriteJSON prints l as the function WriteJSON prints a diagnostic, with
// the texts of c: the record gives the game's index, not Where.
func (l Located) WriteJSON(w io.Writer, c *Catalog) error {
	_, err := w.Write(l.AppendJSON(nil, c))
	return err
}

// AppendJSON appends what WriteJSON prints to dst, byte for byte what
// json.Marshal writes for the record of docs/json.md and a line break, and
// returns the extended slice; TestAppendJSONIsMarshal holds it to that.
func (l Located) AppendJSON(dst []byte, c *Catalog) []byte {
	d := l.Diagnostic
	dst = append(dst, `{"file":`...)
	dst = jsonstr.Append(dst, l.File)
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
	for i, x := range l.LocatedFixes {
		if i == 0 {
			dst = append(dst, `,"fixes":[`...)
		} else {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"text":`...)
		dst = jsonstr.Append(dst, x.Text)
		if x.Certain {
			dst = append(dst, `,"certain":true`...)
		} else {
			dst = append(dst, `,"certain":false`...)
		}
		dst = appendIntField(dst, `,"line":`, x.Pos.Line)
		dst = appendIntField(dst, `,"col":`, x.Pos.Col)
		dst = appendIntField(dst, `,"end":{"line":`, x.EndPos.Line)
		dst = appendIntField(dst, `,"col":`, x.EndPos.Col)
		dst = appendIntField(dst, `},"offset":`, x.Offset)
		dst = appendIntField(dst, `,"end_offset":`, x.EndOffset)
		dst = append(dst, '}')
	}
	if len(l.LocatedFixes) > 0 {
		dst = append(dst, ']')
	}
	if d.FEN != "" {
		dst = append(dst, `,"fen":`...)
		dst = jsonstr.Append(dst, d.FEN)
	}
	for i, m := range d.Legal {
		if i == 0 {
			dst = append(dst, `,"legal":[`...)
		} else {
			dst = append(dst, ',')
		}
		dst = jsonstr.Append(dst, m)
	}
	if len(d.Legal) > 0 {
		dst = append(dst, ']')
	}
	return append(dst, "}\n"...)
}

// appendIntField appends the text before a number, then the number.
func appendIntField(dst []byte, before string, n int) []byte {
	return strconv.AppendInt(append(dst, before...), int64(n), 10)
}
