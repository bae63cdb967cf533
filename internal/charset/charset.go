// Package charset reads text in Windows-1252, the superset of ISO 8859-1
// (the character set of the PGN standard, section 4.1) that old PGN files
// are written in.
package charset

import (
	"strings"
	"unicode/utf8"
)

// windows1252 maps the bytes 0x80 to 0x9F, where Windows-1252 differs from
// ISO 8859-1. The five bytes it leaves undefined map to the C1 control of the
// same value, as ISO 8859-1 would read them.
var windows1252 = [32]rune{
	'€', 0x81, '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', 0x8D, 'Ž', 0x8F,
	0x90, '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', 0x9D, 'ž', 'Ÿ',
}

// Rune returns the character that byte b stands for in Windows-1252.
func Rune(b byte) rune {
	if b >= 0x80 && b < 0xA0 {
		return windows1252[b-0x80]
	}
	return rune(b)
}

// Decode returns s, read as Windows-1252, in UTF-8.
func Decode(s string) string {
	i := firstNonASCII(s)
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + len(s)/4)
	b.WriteString(s[:i])
	for ; i < len(s); i++ {
		b.WriteRune(Rune(s[i]))
	}
	return b.String()
}

// Repair returns s as valid UTF-8: sequences that are UTF-8 stay, and every
// other byte is read as Windows-1252.
func Repair(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + len(s)/4)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			r = Rune(s[i])
		}
		b.WriteRune(r)
		i += size
	}
	return b.String()
}

func firstNonASCII(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return i
		}
	}
	return len(s)
}
