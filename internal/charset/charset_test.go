package charset

import "testing"

func TestDecode(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Nunn", "Nunn"},
		{"Sch\xf6n", "Schön"},                // ISO 8859-1 range
		{"\x80 \x8a\x9f", "€ ŠŸ"},            // where Windows-1252 differs
		{"\x81\x8d", "\u0081\u008d"},         // undefined in Windows-1252
		{"Sch\xc3\xb6n", "Sch\u00c3\u00b6n"}, // UTF-8 bytes are Latin-1 here
		{"\xff", "ÿ"},
	}
	for _, tt := range tests {
		if got := Decode(tt.in); got != tt.want {
			t.Errorf("Decode(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestRepair(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Schön", "Schön"},
		{"Sch\xf6n", "Schön"},
		{"Sch\xc3\xb6n und Sch\xf6n \x93x\x94", "Schön und Schön “x”"},
	}
	for _, tt := range tests {
		if got := Repair(tt.in); got != tt.want {
			t.Errorf("Repair(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestRuneCoversEveryByte(t *testing.T) {
	seen := map[rune]byte{}
	for b := 0; b < 256; b++ {
		r := Rune(byte(b))
		if prev, dup := seen[r]; dup {
			t.Fatalf("bytes %#x and %#x both decode to %U", prev, b, r)
		}
		seen[r] = byte(b)
	}
}
