package diag

import (
	"sort"
	"strconv"
	"unicode/utf8"
)

// Severity says whether a diagnostic fails a check.
type Severity uint8

// The severities. A code has one (Entry.Severity), which --warn-as-error
// raises (Catalog.Raise).
const (
	Error   Severity = iota // the input is wrong; pgnc check exits 1
	Warning                 // the input deviates from the standard but is readable
)

// String returns "error" or "warning", the name JSON output gives the
// severity in every language (Catalog.SeverityName gives text's).
func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Code is the stable identifier of a kind of problem, printed as PGNnnn:
// 1xx lexical, 2xx syntax, 3xx chess rules, 9xx about the report itself.
type Code uint16

// String returns the code as it is printed: "PGN301", "PGN105".
func (c Code) String() string { return string(c.append(nil)) }

// append appends the code as String writes it.
func (c Code) append(dst []byte) []byte {
	dst = append(dst, "PGN"...)
	for n := 100; n > 1 && uint16(c) < uint16(n); n /= 10 {
		dst = append(dst, '0')
	}
	return strconv.AppendUint(dst, uint64(c), 10)
}

// Arg is one named parameter of a diagnostic's message.
type Arg struct {
	Name, Value string
	// Phrase says that Value is English text to translate, a template
	// whose {names} are other arguments of the same diagnostic ("no {piece}
	// can move to {square}"); several are separated by PhraseSeparator. A
	// catalog renders it in its language (Catalog.Phrase).
	Phrase bool
}

// PhraseArg returns the argument name whose value is the phrase template.
func PhraseArg(name, template string) Arg { return Arg{Name: name, Value: template, Phrase: true} }

// ValueArg returns the argument name with a value that needs no
// translation: a move, a square, a number.
func ValueArg(name, value string) Arg { return Arg{Name: name, Value: value} }

// Diagnostic is one problem found in a file.
type Diagnostic struct {
	Code       Code   // what kind of problem; selects severity and message
	Start, End int    // byte span of the offending text in its File's Src
	Game       int    // 1-based index of the game in its file; 0 when outside any game
	Args       []Arg  // values for the named parameters of the message
	Detail     string // extra lines printed under the caret, e.g. a board diagram
	// Fixes are the replacements that mend the problem, as data for a
	// program to apply: each one alone is a fix, and several are
	// alternatives (the moves an ambiguous move may mean). Empty when
	// there is no exact fix. Text prints none of them: the hint and the
	// detail lines say the same in words.
	Fixes []Fix
	// FEN is the position the diagnostic is about, where the position is
	// the problem: before a move that cannot be played (PGN301, PGN302,
	// PGN326, PGN329), and the final position for a result that the board
	// contradicts (PGN319, PGN320). "" otherwise: a fix of how a move is
	// written needs no position.
	FEN string
	// Legal are the legal moves of the position FEN, in SAN, for a move
	// that cannot be played there (PGN301, PGN326, PGN329): none where
	// the side to move is mated or stalemated, and for other codes.
	Legal []string
}

// Fix is one replacement that mends a diagnostic's problem: the bytes
// Src[Start:End] of the diagnostic's File replaced by Text. Applied to the
// text, it gives the corrected text, so that an editor or a --fix can
// apply it as it is. Its span is usually the diagnostic's own; a fix of a
// Result tag replaces the tag's quoted value.
type Fix struct {
	Start, End int    // byte span replaced, in the File's Src, as Diagnostic.Start and End
	Text       string // the text to write there: a move in SAN, a move number, a result
	// Certain says that applying the fix cannot change what the game
	// means, only how it is written: a check mark, an 'x' on a capture, a
	// move number, a move in standard SAN for one written another way, a
	// Result tag that follows the marker. pgnc check --fix applies these,
	// and only these. A fix that is not certain is a suggestion, which
	// may change the game: the legal moves an illegal move may have
	// meant, those an ambiguous move may mean. A certain fix is the only
	// fix of its diagnostic.
	Certain bool
}

// Apply returns src with the fix applied: src[:Start] + Text + src[End:].
// src is the text the offsets index (File.Src).
func (f Fix) Apply(src string) string { return src[:f.Start] + f.Text + src[f.End:] }

// Replace adds a suggestion to d, a fix that is not certain, which writes
// text over d's own span, and returns d.
func (d *Diagnostic) Replace(text string) *Diagnostic {
	d.Fixes = append(d.Fixes, Fix{Start: d.Start, End: d.End, Text: text})
	return d
}

// ReplaceCertain adds a certain fix to d (Fix.Certain), which writes text
// over d's own span, and returns d.
func (d *Diagnostic) ReplaceCertain(text string) *Diagnostic {
	d.Fixes = append(d.Fixes, Fix{Start: d.Start, End: d.End, Text: text, Certain: true})
	return d
}

// CertainFix returns d's certain fix, and false when d has none.
func (d Diagnostic) CertainFix() (Fix, bool) {
	for _, x := range d.Fixes {
		if x.Certain {
			return x, true
		}
	}
	return Fix{}, false
}

// Severity returns the severity of the code, the same in every language.
func (d Diagnostic) Severity() Severity { return English.Lookup(d.Code).Severity }

// Message renders the diagnostic's message from the English catalog.
func (d Diagnostic) Message() string { return English.Message(d) }

// Hint renders the suggested fix, or "" when the code has none.
func (d Diagnostic) Hint() string { return English.Hint(d) }

// List is a list of diagnostics of one file; Sort orders it by position.
// A List is an error (Err) when it holds one of severity Error.
type List []Diagnostic

// Add appends a diagnostic with the given arguments, given as name, value
// pairs. A value longer than MaxArgBytes, such as a 64 MB token quoted in
// a message, is cut there and ends in "…": the caret line shows where it
// stands, and a message stays one readable line.
func (l *List) Add(code Code, start, end, game int, nameValues ...string) {
	var args []Arg
	for i := 0; i+1 < len(nameValues); i += 2 {
		args = append(args, Arg{Name: nameValues[i], Value: shorten(nameValues[i+1])})
	}
	*l = append(*l, Diagnostic{Code: code, Start: start, End: end, Game: game, Args: args})
}

// AddArgs is Add with arguments that may name phrases (Arg.Phrase).
func (l *List) AddArgs(code Code, start, end, game int, args ...Arg) {
	for i := range args {
		if !args[i].Phrase {
			args[i].Value = shorten(args[i].Value)
		}
	}
	*l = append(*l, Diagnostic{Code: code, Start: start, End: end, Game: game, Args: args})
}

// Sort orders the list by start offset, then end offset, then code; it is
// stable so that equal entries keep the order in which they were found.
func (l List) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i], l[j]
		if a.Start != b.Start {
			return a.Start < b.Start
		}
		if a.End != b.End {
			return a.End < b.End
		}
		return a.Code < b.Code
	})
}

// Err returns the list as an error when it holds a diagnostic of severity
// Error, and nil when it holds none: when it is empty or holds only
// warnings, which do not fail a check. The error is the list itself, so
// that errors.As gives the list back, warnings included.
func (l List) Err() error {
	for _, d := range l {
		if d.Severity() == Error {
			return l
		}
	}
	return nil
}

// Error returns the code and English message of the list's first error, in
// the list's order (after Sort, the first in the text), and how many more
// errors follow: "error[PGN301]: illegal move Ke3: no king can move to e3
// (and 2 more errors)", the message shown as Printable shows it. Warnings
// are not counted. A List holds offsets only: Locate gives a diagnostic
// its file, line and column.
func (l List) Error() string {
	errors, _ := l.Count()
	for _, d := range l {
		if d.Severity() != Error {
			continue
		}
		first := "error[" + d.Code.String() + "]: " + Printable(d.Message())
		switch errors {
		case 1:
			return first
		case 2:
			return first + " (and 1 more error)"
		}
		return first + " (and " + strconv.Itoa(errors-1) + " more errors)"
	}
	return "no errors"
}

// Count returns the number of errors and of warnings in the list.
func (l List) Count() (errors, warnings int) {
	for _, d := range l {
		if d.Severity() == Error {
			errors++
		} else {
			warnings++
		}
	}
	return errors, warnings
}

// MaxArgBytes bounds a diagnostic argument; see List.Add.
const MaxArgBytes = 200

// shorten cuts s to at most MaxArgBytes bytes at a character boundary,
// ending in "…" when it cut.
func shorten(s string) string {
	if len(s) <= MaxArgBytes {
		return s
	}
	cut := MaxArgBytes - len("…")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
