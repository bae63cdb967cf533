package parser

import "strings"

// SyncLookBehind is how far before a "[" SyncPoint looks to judge the line
// before it.
const SyncLookBehind = 256

// SyncPoint reports whether the "[" at src[off] starts a line that follows
// a blank line or a line ending with a termination marker, or opens an
// Event tag after a tag pair (secondEvent): a place where a game starts
// whatever came before, judged from the SyncLookBehind bytes before it
// alone. Readers that split a text between workers cut it there, and ask
// ParsePrefix to confirm (Cut.Until, Cut.SyncTo), since such a place may
// still lie inside a comment.
func SyncPoint(src string, off int) bool {
	return src[off] == '[' && (off == 0 || src[off-1] == '\n' || src[off-1] == '\r') &&
		(followsBlankLine(src, off) || resultLineBefore(src, off) || secondEvent(src, off))
}

// followsBlankLine reports whether a line of only white space comes just
// before the line that starts at off.
func followsBlankLine(src string, off int) bool {
	// Back over the line break that ends the previous line, then look for
	// another break with only white space between.
	i := off - 1
	if i >= 0 && src[i] == '\n' {
		i--
		if i >= 0 && src[i] == '\r' {
			i--
		}
	} else if i >= 0 && src[i] == '\r' {
		i--
	}
	for ; i >= 0; i-- {
		switch src[i] {
		case '\n', '\r':
			return true
		case ' ', '\t', '\v':
		default:
			return false
		}
	}
	return false
}

// secondEvent reports whether the line at off, which starts with "[", opens
// an Event tag right after a line that ends a tag pair: the parser ends a
// game of tags only there when that game has an Event tag, which the
// worker's confirmation of the cut checks.
func secondEvent(src string, off int) bool {
	return strings.HasPrefix(src[off:], "[Event ") && strings.HasSuffix(textBefore(src, off), "]")
}

// textBefore returns the SyncLookBehind bytes before off, or fewer at the
// start of src, without the white space at their end.
func textBefore(src string, off int) string {
	return strings.TrimRight(src[max(off-SyncLookBehind, 0):off], " \t\v\r\n")
}

// resultLineBefore reports whether the line before the one that starts at
// off ends with a termination marker, looking back at most SyncLookBehind
// bytes.
func resultLineBefore(src string, off int) bool {
	line := textBefore(src, off)
	for _, marker := range []string{"1-0", "0-1", "1/2-1/2", "*"} {
		if rest, ok := strings.CutSuffix(line, marker); ok {
			return rest == "" || strings.ContainsAny(rest[len(rest)-1:], " \t\n\r})")
		}
	}
	return false
}
