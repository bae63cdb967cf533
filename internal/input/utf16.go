package input

import (
	"bufio"
	"encoding/binary"
	"io"
	"slices"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
)

// utf16Reader decodes UTF-16 into UTF-8. A lone surrogate becomes U+FFFD,
// noted (loneSurrogates) so that it is reported where it stands; a final
// odd byte becomes U+FFFD too.
type utf16Reader struct {
	r       *bufio.Reader
	order   binary.ByteOrder
	pending []byte // encoded output not yet returned
	pair    [2]byte
	held    uint16 // a unit read ahead after a lone high surrogate
	holding bool
	in      int64 // UTF-16 bytes read, the byte order mark included
	out     int64 // UTF-8 bytes decoded, pending ones included

	mu   sync.Mutex
	lone []surrogate // not yet taken by loneSurrogates
}

// surrogate is a lone UTF-16 surrogate, decoded as U+FFFD.
type surrogate struct {
	At     int64  // offset of its U+FFFD in the decoded text
	Source int64  // offset of the surrogate in the UTF-16 text (after decompression)
	Unit   uint16 // the surrogate, 0xD800 to 0xDFFF
}

// loneSurrogates returns the lone surrogates that r, a reader from Reader,
// File or TextReader, has decoded as U+FFFD at offsets of the decoded text
// before before, and forgets them; nil for text that is not UTF-16.
func loneSurrogates(r io.Reader, before int64) []surrogate {
	rc, ok := r.(readCloser)
	if !ok {
		return nil
	}
	u, ok := rc.Reader.(*utf16Reader)
	if !ok {
		return nil
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	n := 0
	for n < len(u.lone) && u.lone[n].At < before {
		n++
	}
	found := slices.Clone(u.lone[:n])
	u.lone = u.lone[n:]
	return found
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
		u.out += int64(utf8.RuneLen(r))
	}
	n := copy(p, u.pending)
	u.pending = u.pending[:copy(u.pending, u.pending[n:])]
	return n, nil
}

// next decodes one character.
func (u *utf16Reader) next() (rune, error) {
	at := u.in
	if u.holding {
		at -= 2 // the unit read ahead
	}
	unit, err := u.unit()
	if err != nil {
		return 0, err
	}
	if !utf16.IsSurrogate(rune(unit)) {
		return rune(unit), nil
	}
	if unit >= 0xdc00 { // a low surrogate first
		return u.loneSurrogate(unit, at), nil
	}
	low, err := u.unit()
	if err != nil {
		return u.loneSurrogate(unit, at), nil
	}
	if r := utf16.DecodeRune(rune(unit), rune(low)); r != utf8.RuneError {
		return r, nil
	}
	u.held, u.holding = low, true // not a low surrogate: decode it next
	return u.loneSurrogate(unit, at), nil
}

// loneSurrogate notes the lone surrogate unit read at offset at and
// returns U+FFFD for it.
func (u *utf16Reader) loneSurrogate(unit uint16, at int64) rune {
	u.mu.Lock()
	u.lone = append(u.lone, surrogate{At: u.out, Source: at, Unit: unit})
	u.mu.Unlock()
	return utf8.RuneError
}

func (u *utf16Reader) unit() (uint16, error) {
	if u.holding {
		u.holding = false
		return u.held, nil
	}
	n, err := io.ReadFull(u.r, u.pair[:])
	u.in += int64(n)
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
