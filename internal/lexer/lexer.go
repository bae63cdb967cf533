// Package lexer splits PGN text into tokens with the DFA that lexmachine
// compiles from token.Patterns at go generate time (see tables_gen.go).
//
// The scanner keeps positions as byte offsets, allocates nothing per token and
// never builds a line table. Brace comments, rest-of-line comments, escape
// lines, strings, whitespace and the commonest moves and move numbers take
// hand-written fast paths; the tests prove them equivalent to lexmachine's
// own scanner over the same patterns.
package lexer

import (
	"strings"

	"github.com/pgnc/pgnc/internal/ascii"

	"github.com/pgnc/pgnc/internal/token"
)

// Token is one lexical token: its kind and the byte span [Start, End) of its
// text in the source.
type Token struct {
	Kind       token.Kind // what the text is; token.Illegal where no pattern matched
	Start, End int        // byte offsets of the token text
}

// Scanner produces the tokens of a source text one at a time. Its zero value
// scans the empty text; Reset starts it on another.
type Scanner struct {
	src   string
	pos   int
	plain bool // see PlainString
	// The last long search for the '}' that closes a comment: from
	// closeFrom on, the first '}' is at closeAt (-1: there is none). A
	// later search that starts between the two has the same answer, so
	// that a text of many comments that are never closed (or closed far
	// away) costs linear time, not quadratic. closeFrom is past the end of
	// the text before the first long search.
	closeFrom, closeAt int
}

// Reset makes the scanner read src from its first byte.
func (s *Scanner) Reset(src string) {
	s.src = src
	s.pos = 0
	s.closeFrom, s.closeAt = len(src)+1, 0 // no search yet
}

// Pos returns the offset where the next token's scan begins.
func (s *Scanner) Pos() int { return s.pos }

// PlainString reports, after Next returned a String token, whether the text
// between its quotes is plain: printable ASCII without backslash, so that
// it holds no escape and nothing to report. After other tokens its result
// means nothing.
func (s *Scanner) PlainString() bool { return s.plain }

// Seek moves the scanner to offset pos, for callers that resynchronise after
// an error.
func (s *Scanner) Seek(pos int) { s.pos = min(max(pos, 0), len(s.src)) }

// Next returns the next token other than whitespace, or a token of kind EOF
// (with Start = End = len(src)) at the end.
//
// Where no pattern matches, Next returns a token.Illegal token that spans the
// bytes lexmachine's scanner reports as unconsumed (from the start of the
// failed match to just past the byte on which the DFA died, or to the end of
// the input), and scanning resumes after it.
func (s *Scanner) Next() Token {
	kind, start, end := s.scan(s.pos)
	s.pos = end
	return Token{Kind: kind, Start: start, End: end}
}

// Run scans into run, from where the scanner stands, the tokens that the
// parser takes together as one run of movetext: moves, NAGs, brace comments
// and move numbers other than "1." (which may start a game), each starting
// before limit. It stops when run is full or before the first other token,
// which Next then returns, and returns how many tokens it scanned. It is
// Next in a loop, without a call for each token.
func (s *Scanner) Run(run []Token, limit int) int {
	for n := range run {
		kind, start, end := s.scan(s.pos)
		switch {
		case start >= limit:
		case kind == token.Move || kind == token.NAG || kind == token.Comment:
			run[n] = Token{Kind: kind, Start: start, End: end}
			s.pos = end
			continue
		case kind == token.MoveNumber && s.src[start:end] != "1.":
			run[n] = Token{Kind: kind, Start: start, End: end}
			s.pos = end
			continue
		}
		s.pos = start
		return n
	}
	return len(run)
}

// NameAndValue returns the next two tokens, as two calls of Next would:
// after the "[" of a tag pair, its name and its value. The common shape, a
// name of letters, one space and a plain string, takes one short scan
// instead of two calls to the automaton and scanString. A word of letters
// followed by white space is a Symbol: every other pattern that starts with
// a letter needs a digit, a "-", a "." or an annotation.
func (s *Scanner) NameAndValue() (name, value Token) {
	src, i := s.src, s.pos
	j := i
	for j < len(src) && isLetter[src[j]] {
		j++
	}
	if j > i && j+1 < len(src) && src[j] == ' ' && src[j+1] == '"' {
		k := j + 2
		for k < len(src) && plainStringByte[src[k]] {
			k++
		}
		if k < len(src) && src[k] == '"' {
			s.pos, s.plain = k+1, true
			return Token{Kind: token.Symbol, Start: i, End: j}, Token{Kind: token.String, Start: j + 1, End: k + 1}
		}
	}
	name = s.Next()
	return name, s.Next()
}

// isLetter marks the ASCII letters.
var isLetter = func() (t [256]bool) {
	for c := 'A'; c <= 'Z'; c++ {
		t[c], t[c+'a'-'A'] = true, true
	}
	return t
}()

// scan scans the token after the white space at i, and returns its kind
// and span.
func (s *Scanner) scan(i int) (kind token.Kind, start, end int) {
	src := s.src
	// An unsigned comparison, so that it also stands for the bounds check.
	for uint(i) < uint(len(src)) && isSpace[src[i]] {
		i++
	}
	start = i
	if i >= len(src) {
		return token.EOF, i, i
	}
	switch src[i] {
	case '{':
		if IsClockComment(src[i:]) {
			return token.Comment, start, i + len(ClockComment)
		}
		var close int
		if i+1 >= s.closeFrom {
			close = s.closingBrace(i + 1)
		} else if close = strings.IndexByte(src[i+1:], '}'); close >= 0 {
			if close > longSearch {
				s.closeFrom, s.closeAt = i+1, i+1+close
			}
			close += i + 1
		} else {
			s.closeFrom, s.closeAt = i+1, -1
		}
		if close >= 0 {
			kind, i = token.Comment, close+1
		} else {
			kind, i = token.Illegal, len(src)
		}
	case ';':
		kind, i = token.LineComment, restOfLine(src, i)
	case '%':
		kind, i = token.Escape, restOfLine(src, i)
	case '"':
		kind, i, s.plain = scanString(src, i)
	default:
		// The commonest tokens of movetext need not walk the automaton: a
		// pawn move "e4" or a piece move "Nf3" followed by white space, and
		// a move number "12." or "12...". No pattern but Whitespace takes a
		// white space byte, and nothing but more periods makes a move
		// number longer, so the automaton would stop at the same byte and
		// answer the same kind.
		if c := src[i]; i+3 < len(src) {
			if c-'a' < 8 && src[i+1]-'1' < 8 && isSpace[src[i+2]] {
				kind, i = token.Move, i+2
				break
			}
			if isPieceLetter[c] && src[i+1]-'a' < 8 && src[i+2]-'1' < 8 && isSpace[src[i+3]] {
				kind, i = token.Move, i+3
				break
			}
			if c-'0' < 10 {
				j := i + 1
				for j < len(src) && src[j]-'0' < 10 {
					j++
				}
				if j < len(src) && src[j] == '.' {
					for j++; j < len(src) && src[j] == '.'; j++ {
					}
					kind, i = token.MoveNumber, j
					break
				}
			}
		}
		// The automaton, written out here rather than called: this is the
		// hottest loop of the whole toolchain. It runs until the automaton
		// dies, without looking at accepting states on the way: almost
		// always the last live state accepts, and that is the longest
		// match. Only when it does not ("O-O-", "e.p") does dfaBacktrack
		// look for a shorter one.
		row := uint16(dfaStart)
		for ; i < len(src); i++ {
			next := dfaNext[row|uint16(src[i])]
			if next == 0 {
				break
			}
			row = next
		}
		if kind = dfaAccept[row>>dfaRowShift]; kind == token.Illegal {
			kind, i = s.dfaBacktrack(start)
		}
	}
	return kind, start, i
}

// ClockComment is the shape of the comment that lichess writes after
// every move of a game with clocks: the time left after the move, in the
// %clk command of the 2001 supplement to the standard. Such comments make
// up a third of the tokens of lichess's files. The scanner takes one in
// three comparisons, without a search for its "}", and the parser need
// not test its text, which is printable ASCII.
const ClockComment = "{ [%clk 0:00:00] }"

// IsClockComment reports whether text starts with a comment of the shape
// of ClockComment, where each byte of the time may be any of 0x30 to 0x3f:
// the digits and ":;<=>?", all of them printable, none of them a "}".
func IsClockComment(text string) bool {
	const (
		head = "{ [%clk " // the eight bytes before the time
		// The time and the "]" after it, masked: the top half of each
		// byte of the time, and the whole "]".
		mask, time = 0xfff0f0f0f0f0f0f0, 0x5d30303030303030
	)
	return len(text) >= len(ClockComment) && text[:len(head)] == head &&
		ascii.Word(text[len(head):])&mask == time && text[16:18] == " }"
}

// longSearch is how far a search for a '}' must go before the scanner
// remembers its answer: near ones cost less to find again.
const longSearch = 4096

// closingBrace returns the offset of the first '}' at or after from, or
// -1, for a from at or after closeFrom.
func (s *Scanner) closingBrace(from int) int {
	if s.closeAt < 0 || from <= s.closeAt {
		return s.closeAt
	}
	at := strings.IndexByte(s.src[from:], '}')
	if at >= 0 {
		at += from
	}
	s.closeFrom, s.closeAt = from, at
	return at
}

// isPieceLetter marks the letters of the pieces other than the pawn, which
// start a piece move.
var isPieceLetter = [256]bool{'N': true, 'B': true, 'R': true, 'Q': true, 'K': true}

// isSpace marks the bytes of the Whitespace pattern.
var isSpace = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, '\v': true}

// restOfLine returns the offset of the CR or LF ending the line at i, or
// the end of the text.
func restOfLine(src string, i int) int {
	if j := strings.IndexAny(src[i:], "\r\n"); j >= 0 {
		return i + j
	}
	return len(src)
}

// scanString scans the String pattern from the quote at i, and reports
// whether its text is plain (see PlainString).
func scanString(src string, i int) (kind token.Kind, end int, plain bool) {
	i++
	for i < len(src) && plainStringByte[src[i]] {
		i++
	}
	if i < len(src) && src[i] == '"' {
		return token.String, i + 1, true
	}
	for ; i < len(src); i++ {
		switch src[i] {
		case '"':
			return token.String, i + 1, false
		case '\n', '\r':
			return token.Illegal, i + 1, false
		case '\\':
			i++
			if i < len(src) && (src[i] == '\n' || src[i] == '\r') {
				return token.Illegal, i + 1, false
			}
		}
	}
	return token.Illegal, len(src), false
}

// plainStringByte marks the bytes of plain string text: printable ASCII
// other than the quote and the backslash.
var plainStringByte = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// dfaBacktrack runs the automaton again from start, remembering the last
// accepting state, for matches that end before the automaton dies. It
// returns the longest match, preferring the earliest pattern on ties
// (lexmachine's rules), or an Illegal token where nothing matches.
func (s *Scanner) dfaBacktrack(start int) (token.Kind, int) {
	src := s.src
	row := uint16(dfaStart)
	kind, end := token.Illegal, -1
	i := start
	for ; i < len(src); i++ {
		row = dfaNext[row|uint16(src[i])]
		if row == 0 {
			break
		}
		if k := dfaAccept[row>>dfaRowShift]; k != token.Illegal {
			kind, end = k, i+1
		}
	}
	if end >= 0 {
		return kind, end
	}
	if i < len(src) {
		return token.Illegal, i + 1
	}
	return token.Illegal, len(src)
}
