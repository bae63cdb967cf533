package lexer

// SkipPlain passes over white space and the plain words after it, from
// where the scanner stands: a word is a run of bytes up to white space, and
// a plain one holds only letters, digits, "." "+" "#" "=" "!" "?" "_" ":"
// "@", and "-" where it does not stand between two digits. Every token of
// a plain word is a move, move number, integer, run of dots, annotation or
// symbol, none of them a termination marker ("1-0" and "0-1" put "-"
// between digits; "1/2-1/2", "*" and the quirks use other bytes) nor the
// start of anything longer than the word. It stops before the first other
// word, a word whose first token is the move number "1." (which starts a
// game after a blank line), or a word that reaches the end of the text
// (which may go on after it), leaving the plain word before that for Next
// to scan too; it returns the end of the last word it passed over, or -1
// when it passed over none.
// It lets a caller that needs only where movetext ends skip it with a look
// at each byte instead of a scan of each token. Only the words of the bytes
// of set are plain: a word with a byte that set leaves out is left to
// Next, so that a caller that passes over movetext looking for some
// letters sees each of them in a token (PlainWithout); Plain is every byte
// above.
func (s *Scanner) SkipPlain(set *PlainSet) (lastEnd int) {
	src, from := s.src, s.pos
	i := from
	for {
		// Eight bytes at a time while all are boring, with one branch.
		for i+8 <= len(src) {
			w := src[i : i+8]
			if set[w[0]]&set[w[1]]&set[w[2]]&set[w[3]]&set[w[4]]&set[w[5]]&set[w[6]]&set[w[7]] == 0 {
				break
			}
			i += 8
		}
		for uint(i) < uint(len(src)) && set[src[i]] != 0 {
			i++
		}
		if i < len(src) {
			switch c := src[i]; {
			case c == '\n' || c == '\r':
				// Only a "1." that starts a line can follow a blank line.
				j := i + 1
				for j < len(src) && isSpace[src[j]] {
					j++
				}
				if !firstMoveNumber(src[j:]) {
					i = j
					continue
				}
				i = j
			case c == '-' && !(i > from && isDigit(src[i-1]) && i+1 < len(src) && isDigit(src[i+1])):
				i++
				continue
			}
		}
		// Stop at the start of the word that holds i, or rather of the
		// plain word before it: the last word passed over is left to Next,
		// as a byte that no pattern takes (a lone "#") ends no game but,
		// at the end of one, is not part of it.
		for i > from && !isSpace[src[i-1]] {
			i--
		}
		for i > from && isSpace[src[i-1]] {
			i--
		}
		for i > from && !isSpace[src[i-1]] {
			i--
		}
		s.pos = i
		for i > from && isSpace[src[i-1]] {
			i--
		}
		if i == from {
			return -1
		}
		return i
	}
}

// firstMoveNumber reports whether text starts with the move number "1.".
func firstMoveNumber(text string) bool {
	return len(text) >= 2 && text[0] == '1' && text[1] == '.' && (len(text) == 2 || text[2] != '.')
}

func isDigit(c byte) bool { return c-'0' < 10 }

// PlainSet is the set of bytes that SkipPlain passes over without a second
// look.
type PlainSet [256]uint8

// Plain returns the bytes of plain words, which the caller must not change.
func Plain() *PlainSet { return &boring }

// PlainWithout returns the bytes of plain words but those that out
// reports.
func PlainWithout(out func(c byte) bool) *PlainSet {
	set := boring
	for c := range 256 {
		if out(byte(c)) {
			set[c] = 0
		}
	}
	return &set
}

// boring marks the bytes that SkipPlain passes over without a second look:
// white space but line breaks, and the bytes of plain words but "-".
var boring = func() (t PlainSet) {
	for c := 0; c < 256; c++ {
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
			t[c] = 1
		}
	}
	for _, c := range ".+#=!?_:@ \t\v" {
		t[c] = 1
	}
	return t
}()
