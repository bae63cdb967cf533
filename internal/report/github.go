package report

import (
	"strconv"
	"strings"

	"github.com/pgnc/pgnc/diag"
)

// appendGitHub appends l as a workflow command of GitHub Actions, which
// shows it as an annotation on its file and line:
//
//	::error file=games.pgn,line=3,col=9,endLine=3,endColumn=12,title=PGN301::illegal move Ke3: …
//
// ::warning for a warning. The message is followed by the game it stands
// in and the hint, on lines of their own, each shown as text output shows
// it (diag.Printable). The data is escaped as GitHub
// reads it (% as %25, CR as %0D, LF as %0A), and the property values
// also their ':' and ',' (%3A, %2C), which would end them.
func appendGitHub(dst []byte, l diag.Located, isError bool, cat *diag.Catalog) []byte {
	d := l.Diagnostic
	if isError {
		dst = append(dst, "::error file="...)
	} else {
		dst = append(dst, "::warning file="...)
	}
	dst = appendEscaped(dst, diag.Printable(l.File), true)
	dst = append(dst, ",line="...)
	dst = strconv.AppendInt(dst, int64(l.Pos.Line), 10)
	dst = append(dst, ",col="...)
	dst = strconv.AppendInt(dst, int64(l.Pos.Col), 10)
	if l.EndPos.Line >= l.Pos.Line && l.EndPos.Line > 0 {
		dst = append(dst, ",endLine="...)
		dst = strconv.AppendInt(dst, int64(l.EndPos.Line), 10)
		dst = append(dst, ",endColumn="...)
		dst = strconv.AppendInt(dst, int64(l.EndPos.Col), 10)
	}
	dst = append(dst, ",title="...)
	dst = append(dst, d.Code.String()...)
	dst = append(dst, "::"...)
	// Each part shown as text output shows it (diag.Printable): input
	// quoted in a message cannot send a terminal its control characters.
	text := diag.Printable(cat.Message(d))
	if l.Where != "" {
		text += "\n" + diag.Printable(l.Where)
	}
	if hint := cat.Hint(d); hint != "" {
		text += "\n" + cat.Phrase("hint") + ": " + diag.Printable(hint)
	}
	dst = appendEscaped(dst, text, false)
	return append(dst, '\n')
}

// appendEscaped appends s escaped as GitHub's workflow commands read
// their data, and, when property, as they read a property's value.
func appendEscaped(dst []byte, s string, property bool) []byte {
	if !strings.ContainsAny(s, "%\r\n:,") {
		return append(dst, s...)
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '%':
			dst = append(dst, "%25"...)
		case c == '\r':
			dst = append(dst, "%0D"...)
		case c == '\n':
			dst = append(dst, "%0A"...)
		case c == ':' && property:
			dst = append(dst, "%3A"...)
		case c == ',' && property:
			dst = append(dst, "%2C"...)
		default:
			dst = append(dst, c)
		}
	}
	return dst
}
