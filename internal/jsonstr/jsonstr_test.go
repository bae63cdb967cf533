package jsonstr

import (
	"encoding/json"
	"testing"
)

// marshalString is what json.Marshal writes for s.
func marshalString(t testing.TB, s string) string {
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestAppendJSONString compares the escaping with json.Marshal on every
// byte value alone and inside text, and on runes it treats apart.
func TestAppendJSONString(t *testing.T) {
	var cases []string
	for b := range 256 {
		c := string([]byte{byte(b)})
		cases = append(cases, c, "a"+c+"b", c+c)
	}
	cases = append(cases, "", "plain text", "é ü ß", "\u2028 and \u2029", "\u2027\u202a", "\xe2\x80", "\xe2\x80\xa8x", "ok\xffok", "\xf0\x9f\x98\x80", "<a href=\"x\">&amp;</a>", "tab\there\r\n")
	for _, s := range cases {
		if got, want := string(Append(nil, s)), marshalString(t, s); got != want {
			t.Errorf("%q: Append gives %s, json.Marshal %s", s, got, want)
		}
	}
}

func FuzzAppendJSONString(f *testing.F) {
	f.Add("a\x00<>&\u2028\xff")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := string(Append(nil, s)), marshalString(t, s); got != want {
			t.Fatalf("%q: Append gives %s, json.Marshal %s", s, got, want)
		}
	})
}
