// Package ascii tests text eight bytes at a time, as words: whether it is
// printable ASCII, for the parser's checks of comments and tag values, and
// the word itself, for the scanner's test of a clock comment.
package ascii

// Printable reports whether s has only bytes 0x20 to 0x7e, testing
// eight bytes at a time. From eight bytes on, the last eight are tested as
// one word that may overlap the word before, instead of byte by byte: a
// comment of 16 bytes inside its braces takes two words and no branch
// between them.
func Printable(s string) bool {
	if len(s) < 8 {
		for i := 0; i < len(s); i++ {
			if c := s[i]; c < 0x20 || c >= 0x7f {
				return false
			}
		}
		return true
	}
	flags := unprintableBytes(Word(s[len(s)-8:]))
	for ; len(s) > 8; s = s[8:] {
		flags |= unprintableBytes(Word(s))
	}
	return flags&highs == 0
}

// Plain reports whether s has only bytes 0x20 to 0x7e and no
// backslash: a tag value with nothing to check.
func Plain(s string) bool {
	const backslashes = 0x5c5c5c5c5c5c5c5c
	for len(s) >= 8 {
		if v := Word(s); unprintable(v) || hasZeroByte(v^backslashes) {
			return false
		}
		s = s[8:]
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '\\' {
			return false
		}
	}
	return true
}

const ones, highs = 0x0101010101010101, 0x8080808080808080

// Word returns the first eight bytes of s as a little-endian word, which
// the compiler reads in one load.
func Word(s string) uint64 {
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// unprintable reports whether a byte of v lies outside 0x20 to 0x7e: a
// byte below 0x20 borrows into its top bit when 0x20 is subtracted, a byte
// of 0x7f or more has or gets it when 1 is added. Carries and borrows cross
// into the next byte only from a byte that is already flagged, so they
// cause no false answer.
func unprintable(v uint64) bool { return unprintableBytes(v)&highs != 0 }

// unprintableBytes sets the top bit of every byte of v that unprintable
// flags, and perhaps of bytes after one; other bits mean nothing.
func unprintableBytes(v uint64) uint64 {
	const spaces = 0x2020202020202020
	return (v-spaces)&^v | (v + ones) | v
}

// hasZeroByte reports whether a byte of v is zero: only a zero byte, or
// one above a zero byte, borrows into its top bit while having it clear.
func hasZeroByte(v uint64) bool { return (v-ones)&^v&highs != 0 }
