// Package jsonstr writes JSON strings byte for byte as encoding/json does,
// without reflection, for the encoders of pgnc's JSON output (games in
// package export, diagnostics in package diag) that must equal what
// json.Marshal writes.
package jsonstr

import "unicode/utf8"

// Append appends s as a JSON string the way json.Marshal writes
// one: '"' and '\' escaped with a backslash; the control characters with
// short escapes where JSON has them (\b \f \n \r \t) and as \u00XX
// otherwise; '<', '>' and '&' as \u003c, \u003e and \u0026 (Marshal's
// HTML escaping); U+2028 and U+2029 as \u2028 and \u2029; and each byte
// that is not part of valid UTF-8 as \ufffd.
func Append(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	done := 0 // s[:done] is written
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if plain[c] {
				i++
				continue
			}
			dst = append(dst, s[done:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, `\b`...)
			case '\f':
				dst = append(dst, `\f`...)
			case '\n':
				dst = append(dst, `\n`...)
			case '\r':
				dst = append(dst, `\r`...)
			case '\t':
				dst = append(dst, `\t`...)
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			}
			i++
			done = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, s[done:i]...)
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, s[done:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&15])
		default:
			i += size
			continue
		}
		i += size
		done = i
	}
	dst = append(dst, s[done:]...)
	return append(dst, '"')
}

// plain marks the ASCII bytes that json.Marshal writes as they are.
var plain = func() (plain [utf8.RuneSelf]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		plain[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return plain
}()
