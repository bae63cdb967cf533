package model

import (
	"reflect"
	"testing"
	"time"
)

func TestParseCommands(t *testing.T) {
	for text, want := range map[string][]Command{
		"[%clk 1:05:23]": {{"clk", []string{"1:05:23"}}},
		"Optional leading [%clk 1:05:23] optional trailing":    {{"clk", []string{"1:05:23"}}},
		"[%clk 0:00:07][%eval -6.05] White is toast":           {{"clk", []string{"0:00:07"}}, {"eval", []string{"-6.05"}}},
		`[%command 1:45:12,Nf6,"very interesting, but wrong"]`: {{"command", []string{"1:45:12", "Nf6", "very interesting, but wrong"}}},
		"[%command \"tense start\",4r1k1/pp1b2r1/2n1pq1p/3p2pP/2pP2B1/P1P1Q3/2P2PPB/R4RK1 w - - 0 1,e4]": {
			{"command", []string{"tense start", "4r1k1/pp1b2r1/2n1pq1p/3p2pP/2pP2B1/P1P1Q3/2P2PPB/R4RK1 w - - 0 1", "e4"}}},
		"no command [% clk 1:00:00] [%clk1:00:00] [%clk 1:00:00": nil,
	} {
		if got := ParseCommands(text); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %+v, want %+v", text, got, want)
		}
	}
}

func TestReadCommands(t *testing.T) {
	for comment, want := range map[string]Move{
		"[%clk 1:55:21]":                   {Clock: time.Hour + 55*time.Minute + 21*time.Second, Has: HasClock},
		"[%clk 0:00:05.3] [%emt 0:05:42]":  {Clock: 5300 * time.Millisecond, Elapsed: 5*time.Minute + 42*time.Second, Has: HasClock | HasElapsed},
		"[%eval 0.17] [%clk 0:03:00]":      {Eval: Eval{Centipawns: 17}, Clock: 3 * time.Minute, Has: HasEval | HasClock},
		"[%eval -6.05]":                    {Eval: Eval{Centipawns: -605}, Has: HasEval},
		"[%eval #-3]":                      {Eval: Eval{Mate: -3}, Has: HasEval},
		"[%eval 0.25,18]":                  {Eval: Eval{Centipawns: 25}, Has: HasEval},
		"[%clk 1:75:00] [%eval x] [%emt ]": {},
		"[%clk 12] [%eval #0]":             {},
	} {
		var m Move
		m.ReadCommands(comment)
		if m.Clock != want.Clock || m.Elapsed != want.Elapsed || m.Eval != want.Eval || m.Has != want.Has {
			t.Errorf("%q: clock %v, emt %v, eval %+v, has %b; want %v, %v, %+v, %b", comment, m.Clock, m.Elapsed, m.Eval, m.Has, want.Clock, want.Elapsed, want.Eval, want.Has)
		}
	}
}

// FuzzReadCommands: any comment text reads without panic, and a command
// read back from its parts reads the same.
func FuzzReadCommands(f *testing.F) {
	for _, s := range []string{"[%clk 1:05:23]", "[%clk 0:00:07][%eval -6.05] x", `[%c 1,"a,]b",c]`, "[%eval #-3]", "[%", "[%a "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		var m Move
		m.ReadCommands(text)
		for _, c := range ParseCommands(text) {
			if c.Name == "" {
				t.Fatalf("%q: a command without name", text)
			}
		}
	})
}
