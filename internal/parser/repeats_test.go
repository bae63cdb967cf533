package parser

import (
	"os"
	"testing"

	"github.com/pgnc/pgnc/diag"
)

// TestRepeats: a game keeps the first diagnostics of one code, and one more
// counts the rest; diagnostics between games are counted on their own.
func TestRepeats(t *testing.T) {
	data, err := os.ReadFile("../../testdata/repeats.pgn")
	if err != nil {
		t.Fatal(err)
	}
	type key struct {
		game int
		code diag.Code
	}
	count := func(max int) (map[key]int, map[key]string) {
		p := Parser{MaxRepeats: max}
		_, diags := p.Parse(string(data))
		n, more := map[key]int{}, map[key]string{}
		for _, d := range diags {
			k := key{d.Game, d.Code}
			n[k]++
			if d.Code == diag.MoreErrors || d.Code == diag.MoreWarnings {
				more[k] = d.Args[0].Value + " " + d.Args[1].Value
			}
		}
		return n, more
	}
	n, more := count(0)
	want := map[key]int{{2, diag.DetachedSuffix}: 100, {2, diag.MoreWarnings}: 1, {3, diag.IllegalChar}: 60, {0, diag.IllegalChar}: 160, {0, diag.MoreErrors}: 1}
	for k, w := range want {
		if n[k] != w {
			t.Errorf("game %d has %d %s, want %d", k.game, n[k], k.code, w)
		}
	}
	if got := more[key{2, diag.MoreWarnings}]; got != "10 PGN208" {
		t.Errorf("game 2 counts %q more", got)
	}
	if got := more[key{0, diag.MoreErrors}]; got != "5 PGN101" {
		t.Errorf("between games 3 and 4, %q more", got)
	}
	n, more = count(-1)
	if n[key{2, diag.DetachedSuffix}] != 110 || n[key{0, diag.IllegalChar}] != 165 || len(more) != 0 {
		t.Errorf("with no limit: %d PGN208, %d PGN101, summaries %v", n[key{2, diag.DetachedSuffix}], n[key{0, diag.IllegalChar}], more)
	}
}
