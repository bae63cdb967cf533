package lexer

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/token"
)

func TestTokens(t *testing.T) {
	tests := []struct {
		src  string
		want string // kind:text pairs separated by spaces
	}{
		{`[Event "A \"q\" \\"]`, `[:[ symbol:Event string:"A \"q\" \\" ]:]`},
		{"1.e4 e5 12... Nf6", "move number:1. move:e4 move:e5 move number:12... move:Nf6"},
		{"1-0 0-1 1/2-1/2 *", "result:1-0 result:0-1 result:1/2-1/2 result:*"},
		{"O-O O-O-O+ 0-0 0-0-0#", "move:O-O move:O-O-O+ move:0-0 move:0-0-0#"},
		{"exd5 cxb8=Q+ e8Q Rfe8 R3xd4 Qh8xg7#", "move:exd5 move:cxb8=Q+ move:e8Q move:Rfe8 move:R3xd4 move:Qh8xg7#"},
		{"e4! e4? e4!! e4?? e4!? e4?!", "move:e4! move:e4? move:e4!! move:e4?? move:e4!? move:e4?!"},
		{"-- Z0 $14 $1", "move:-- move:Z0 NAG:$14 NAG:$1"},
		{"{multi\nline} ; rest\n(", "comment:{multi\nline} line comment:; rest (:("},
		{"%escape\n)", "escape line:%escape ):)"},
		{"\xef\xbb\xbf[", "BOM:\xef\xbb\xbf [:["},
		{"\xc2\xbd-\xc2\xbd 1\xe2\x80\x930", "non-standard result:\xc2\xbd-\xc2\xbd non-standard result:1\xe2\x80\x930"},
		{"12 ... !? e.p. e2e4 < >", "integer:12 periods:... suffix annotation:!? e.p.:e.p. symbol:e2e4 <:< >:>"},
		{"\x00a", "illegal:\x00 symbol:a"},
		{"{open", "illegal:{open"},
		{"\"open\nx", "illegal:\"open\n symbol:x"},
		{"\r\n\t\v e4", "move:e4"},
		{"♘f3 ♞xc6+ ♙e4 ♟exd5 ♔g1", "move:♘f3 move:♞xc6+ move:♙e4 move:♟exd5 move:♔g1"},
		{"N@e6 @e4 P@h3+ K@e1", "move:N@e6 move:@e4 move:P@h3+ symbol:K move:@e1"},
		{"e4 { [%clk 0:03:00] } e5 { [%clk 0:02:5}] }", "move:e4 comment:{ [%clk 0:03:00] } move:e5 comment:{ [%clk 0:02:5} ]:] illegal:}"},
		{"{ [%clk 0:03:00] } { [%clk 0:03:00]", "comment:{ [%clk 0:03:00] } illegal:{ [%clk 0:03:00]"},
		{"{ [%clk 0:03:00] }}", "comment:{ [%clk 0:03:00] } illegal:}"},
	}
	for _, tt := range tests {
		var parts []string
		var s Scanner
		s.Reset(tt.src)
		for tok := s.Next(); tok.Kind != token.EOF; tok = s.Next() {
			parts = append(parts, tok.Kind.String()+":"+tt.src[tok.Start:tok.End])
		}
		if got := strings.Join(parts, " "); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestPlainString(t *testing.T) {
	tests := []struct {
		src   string
		plain bool
	}{
		{`""`, true},
		{`"Carlsen, Magnus"`, true},
		{`" ~!#$%&'()*+,-./09:;<=>?@AZ[]^_` + "`" + `az{|}"`, true},
		{`"A \"q\""`, false},
		{`"back\\slash"`, false},
		{"\"tab\there\"", false},
		{"\"del\x7f\"", false},
		{"\"nul\x00\"", false},
		{"\"Jos\xc3\xa9\"", false},
		{"\"Jos\xe9\"", false},
	}
	for _, tt := range tests {
		var s Scanner
		s.Reset(tt.src)
		tok := s.Next()
		if tok.Kind != token.String || tok.End != len(tt.src) {
			t.Fatalf("%q: got %v %q, want one string", tt.src, tok.Kind, tt.src[tok.Start:tok.End])
		}
		if got := s.PlainString(); got != tt.plain || got != isPlain(tt.src[1:len(tt.src)-1]) {
			t.Errorf("%q: PlainString() = %v, want %v", tt.src, got, tt.plain)
		}
	}
}

// isPlain is PlainString's definition, byte by byte.
func isPlain(text string) bool {
	for i := 0; i < len(text); i++ {
		if c := text[i]; c < 0x20 || c > 0x7e || c == '\\' {
			return false
		}
	}
	return true
}

// TestClosingBraceCache: a scanner that seeks around (as the parser's
// recovery does) finds the same tokens as a fresh scanner at each place,
// in text with comments closed near, closed far and never closed.
func TestClosingBraceCache(t *testing.T) {
	src := "[Event \"x\"]\n1. e4 { closed } e5 {far" + strings.Repeat("\n{ y", 2000) + "\n}\n{ open {nested\n\n[Event \"y\"]\n{ never closed"
	var long Scanner
	long.Reset(src)
	rng := rand.New(rand.NewSource(1))
	for range 20000 {
		pos := rng.Intn(len(src) + 1)
		long.Seek(pos)
		var fresh Scanner
		fresh.Reset(src)
		fresh.Seek(pos)
		if got, want := long.Next(), fresh.Next(); got != want {
			t.Fatalf("at %d: %v, want %v", pos, got, want)
		}
	}
}

// TestIsClockComment: the clock comments of lichess, and texts one byte
// away from them.
func TestIsClockComment(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"{ [%clk 0:03:00] }", true},
		{"{ [%clk 9:59:59] } 2. e4", true},
		{"{ [%clk 0:03:00] ", false},
		{"{ [%clk 0:03:00]}", false},
		{"{ [%clk 10:03:00] }", false},
		{"{ [%clk 0:03:00] ]", false},
		{"{ [%clk 0:03:0@] }", false},
		{"{ [%clk 0:03:0/] }", false},
		{"{ [%clk 0:03:0}] }", false},
		{"{  %clk 0:03:00] }", false},
		{"{ [%eval 0.17] }", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := IsClockComment(tt.text); got != tt.want {
			t.Errorf("IsClockComment(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

// TestClockCommentsArePrintable puts every byte value at every place of a
// clock comment: wherever IsClockComment accepts the text, its "}" is the
// first after its "{", and the text between is printable ASCII, so that
// the scanner and the parser may skip their tests.
func TestClockCommentsArePrintable(t *testing.T) {
	accepted := 0
	for at := range len(ClockComment) {
		for b := range 256 {
			text := []byte(ClockComment)
			text[at] = byte(b)
			if !IsClockComment(string(text)) {
				continue
			}
			accepted++
			body := string(text[1 : len(text)-1])
			if strings.IndexByte(body, '}') >= 0 || !isPrintable(body) || text[len(text)-1] != '}' {
				t.Fatalf("IsClockComment accepts %q", text)
			}
		}
	}
	if accepted != 7*16+(len(ClockComment)-7) { // 16 bytes at each place of the time, one elsewhere
		t.Errorf("%d texts accepted", accepted)
	}
}

// isPrintable reports whether text has only bytes 0x20 to 0x7e.
func isPrintable(text string) bool {
	for i := 0; i < len(text); i++ {
		if text[i] < 0x20 || text[i] > 0x7e {
			return false
		}
	}
	return true
}
