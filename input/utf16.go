package input

import (
	"bufio"
	"encoding/binary"
	"io"
	"unicode/utf16"
	"unicode/utf8"
)

// utf16Reader decodes UTF-16 into UTF-8. Unpaired surrogates and a final
// odd byte become U+FFFD, which the parser then reports where they stand.
type utf16Reader struct {
	r       *bufio.Reader
	order   binary.ByteOrder
	pending []byte // encoded output not yet returned
	pair    [2]byte
	held    uint16 // a unit read ahead after a lone high surrogate
	holding bool
}

func (u *utf16Reader) Read(p []byte) (int, error) {
	for len(u.pending) < len(p) {
		r, err := u.next()
		if err != nil {
			if len(u.pending) > 0 {
				break
			}
			return 0, err
		}
		u.pending = utf8.AppendRune(u.pending, r)
	}
	n := copy(p, u.pending)
	u.pending = u.pending[:copy(u.pending, u.pending[n:])]
	return n, nil
}

// next decodes one character.
func (u *utf16Reader) next() (rune, error) {
	unit, err := u.unit()
	if err != nil {
		return 0, err
	}
	if !utf16.IsSurrogate(rune(unit)) {
		return rune(unit), nil
	}
	if unit >= 0xdc00 { // a low surrogate first
		return utf8.RuneError, nil
	}
	low, err := u.unit()
	if err != nil {
		return utf8.RuneError, nil
	}
	if r := utf16.DecodeRune(rune(unit), rune(low)); r != utf8.RuneError {
		return r, nil
	}
	u.held, u.holding = low, true // not a low surrogate: decode it next
	return utf8.RuneError, nil
}

func (u *utf16Reader) unit() (uint16, error) {
	if u.holding {
		u.holding = false
		return u.held, nil
	}
	n, err := io.ReadFull(u.r, u.pair[:])
	switch {
	case n == 1:
		return uint16(utf8.RuneError), nil
	case err != nil:
		return 0, err
	}
	return u.order.Uint16(u.pair[:]), nil
}

// binaryUTF16 reports whether sample, the first bytes after a UTF-16 byte
// order mark, is binary data rather than text: decoded, it is binary as
// Binary judges, or fewer than one unit in ten is ASCII. PGN in any
// language is mostly ASCII (tag names, moves, results), while random bytes
// make an ASCII unit once in 512.
func binaryUTF16(sample []byte, order binary.ByteOrder) bool {
	var text []byte
	units, ascii := 0, 0
	for ; len(sample) >= 2; sample = sample[2:] {
		u := order.Uint16(sample)
		units++
		if u < 0x80 {
			ascii++
		}
		text = utf8.AppendRune(text, rune(u))
	}
	return Binary(text) || units >= 16 && ascii*10 < units
}
