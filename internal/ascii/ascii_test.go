package ascii

import (
	"strings"
	"testing"
)

// TestPrintable puts every byte value at places inside and after the
// eight-byte words, next to every plain byte value, and at every place of
// texts of every length up to 24 bytes.
func TestPrintable(t *testing.T) {
	for b := 0; b < 256; b++ {
		printable := b >= 0x20 && b < 0x7f
		plain := printable && b != '\\'
		for _, pos := range []int{0, 3, 7, 8, 12, 16} {
			for n := 0; n < 256; n++ {
				s := []byte("abcdefghijklmnopq")
				s[pos] = byte(b)
				other := (pos + 1) % len(s)
				if n < 0x20 || n >= 0x7f || n == '\\' {
					continue // keep the neighbour plain: it must not hide or fake b
				}
				s[other] = byte(n)
				if got := Printable(string(s)); got != printable {
					t.Fatalf("Printable: byte %#x at %d beside %#x: got %v, want %v", b, pos, n, got, printable)
				}
				if got := Plain(string(s)); got != plain {
					t.Fatalf("Plain: byte %#x at %d beside %#x: got %v, want %v", b, pos, n, got, plain)
				}
			}
		}
	}
	// Every length up to three words, every place: the word that ends the
	// text may overlap the one before.
	for size := 1; size <= 24; size++ {
		for pos := 0; pos < size; pos++ {
			for b := 0; b < 256; b++ {
				s := []byte(strings.Repeat("x", size))
				s[pos] = byte(b)
				if got, want := Printable(string(s)), b >= 0x20 && b < 0x7f; got != want {
					t.Fatalf("Printable: byte %#x at %d of %d: got %v, want %v", b, pos, size, got, want)
				}
			}
		}
	}
	for _, s := range []string{"", "[%clk 0:05:00]", "Carlsen, Magnus"} {
		if !Printable(s) || !Plain(s) {
			t.Errorf("plain text %q rejected", s)
		}
	}
	if !Printable(`a\b`) || Plain(`a\b`) || Plain(`Mr. \"X\"`) {
		t.Error("backslash not told apart")
	}
}

// TestWord: the first byte of the text is the word's lowest.
func TestWord(t *testing.T) {
	if got, want := Word("\x01\x02\x03\x04\x05\x06\x07\x08 and more"), uint64(0x0807060504030201); got != want {
		t.Errorf("Word = %#x, want %#x", got, want)
	}
}
