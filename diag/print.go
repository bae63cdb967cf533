package diag

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// maxShown is how many characters of a long source line are shown around the
// caret.
const maxShown = 100

// WriteText prints d the way compilers do:
//
//	file:line:col: severity[CODE]: message
//	source line
//	     ^~~~
//	  hint: suggested fix
func WriteText(w io.Writer, f *File, d Diagnostic, c Catalog) error {
	pos := f.Position(d.Start)
	e := c.Lookup(d.Code)
	var b strings.Builder
	fmt.Fprintf(&b, "%s:%d:%d: %s[%s]: %s\n", f.Name, pos.Line, pos.Col, e.Severity, d.Code, c.Message(d))
	line := f.Line(pos.Line)
	endCol := pos.Col + 1
	if end := f.Position(d.End); end.Line == pos.Line && end.Col > pos.Col {
		endCol = end.Col
	}
	shown, caret := caretLines(line, pos.Col, endCol)
	b.WriteString(shown)
	b.WriteByte('\n')
	b.WriteString(caret)
	b.WriteByte('\n')
	if hint := c.Hint(d); hint != "" {
		fmt.Fprintf(&b, "  hint: %s\n", hint)
	}
	for _, line := range strings.SplitAfter(d.Detail, "\n") {
		if line != "" {
			b.WriteString("    ")
			b.WriteString(line)
		}
	}
	if d.Detail != "" && !strings.HasSuffix(d.Detail, "\n") {
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// caretLines returns the source line made printable, cut to a window around
// the span when long, and the caret line that underlines columns
// [col, endCol).
func caretLines(line string, col, endCol int) (shown, caret string) {
	var runes []rune
	for i := 0; i < len(line); {
		r, size := utf8.DecodeRuneInString(line[i:])
		if (r == utf8.RuneError && size == 1) || (r < 0x20 && r != '\t') || r == 0x7f {
			r = '?' // as the standard suggests for characters that cannot be shown
		}
		runes = append(runes, r)
		i += size
	}
	first, last := 0, len(runes)
	prefix, suffix := "", ""
	if len(runes) > maxShown {
		first = max(0, col-1-maxShown/2)
		last = min(len(runes), first+maxShown)
		if first > 0 {
			prefix = "…"
		}
		if last < len(runes) {
			suffix = "…"
		}
	}
	var c strings.Builder
	if prefix != "" {
		c.WriteByte(' ')
	}
	for i := first; i < col-1 && i < len(runes); i++ {
		if runes[i] == '\t' {
			c.WriteByte('\t')
		} else {
			c.WriteByte(' ')
		}
	}
	for i := col - 1; i < len(runes)+1 && i < col-1+maxShown; i++ {
		if i > col-1 && i >= endCol-1 {
			break
		}
		if i == col-1 {
			c.WriteByte('^')
		} else {
			c.WriteByte('~')
		}
	}
	return prefix + string(runes[first:last]) + suffix, c.String()
}

// jsonDiagnostic is the --format json record of one diagnostic.
type jsonDiagnostic struct {
	File      string   `json:"file"`
	Line      int      `json:"line"`
	Col       int      `json:"col"`
	End       Position `json:"end"`
	Offset    int      `json:"offset"`
	EndOffset int      `json:"end_offset"`
	Severity  string   `json:"severity"`
	Code      string   `json:"code"`
	Message   string   `json:"message"`
	Hint      string   `json:"hint,omitempty"`
	Game      int      `json:"game,omitempty"`
	Detail    string   `json:"detail,omitempty"`
}

// WriteJSON prints d as one JSON object on one line.
func WriteJSON(w io.Writer, f *File, d Diagnostic, c Catalog) error {
	pos, end := f.Position(d.Start), f.Position(d.End)
	rec := jsonDiagnostic{
		File: f.Name, Line: pos.Line, Col: pos.Col, End: end,
		Offset: f.Base + d.Start, EndOffset: f.Base + d.End,
		Severity: c.Lookup(d.Code).Severity.String(), Code: d.Code.String(),
		Message: c.Message(d), Hint: c.Hint(d), Game: d.Game, Detail: d.Detail,
	}
	data, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}
