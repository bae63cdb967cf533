package diag

import "testing"

func TestRepeats(t *testing.T) {
	tests := []struct {
		name       string
		max, warns int // NullMove warnings added at offsets 0, 10, 20, ...
		errs       int // IllegalMove errors added likewise
		kept       int
		summaries  []Diagnostic // Code, Start and the count argument
		count      []string
	}{
		{name: "under the default", warns: 100, kept: 100},
		{name: "over the default", warns: 130, errs: 2, kept: 102,
			summaries: []Diagnostic{{Code: MoreWarnings, Start: 1000}}, count: []string{"30"}},
		{name: "small limit, both severities", max: 1, warns: 3, errs: 5, kept: 2,
			summaries: []Diagnostic{{Code: MoreWarnings, Start: 10}, {Code: MoreErrors, Start: 10}}, count: []string{"2", "4"}},
		{name: "no limit", max: -1, warns: 1000, errs: 1000, kept: 2000},
	}
	for _, tc := range tests {
		var r Repeats
		r.Reset(tc.max)
		var l List
		for i := 0; i < max(tc.warns, tc.errs); i++ {
			if i < tc.warns && r.Keep(NullMove, 10*i, 10*i+2) {
				l.Add(NullMove, 10*i, 10*i+2, 7)
			}
			if i < tc.errs && r.Keep(IllegalMove, 10*i, 10*i+2) {
				l.Add(IllegalMove, 10*i, 10*i+2, 7)
			}
		}
		if len(l) != tc.kept {
			t.Errorf("%s: kept %d, want %d", tc.name, len(l), tc.kept)
		}
		r.Flush(&l, 7)
		more := l[tc.kept:]
		if len(more) != len(tc.summaries) {
			t.Fatalf("%s: %d summaries, want %d: %v", tc.name, len(more), len(tc.summaries), more)
		}
		for i, d := range more {
			want := tc.summaries[i]
			if d.Code != want.Code || d.Start != want.Start || d.Game != 7 || d.Args[0].Value != tc.count[i] {
				t.Errorf("%s: summary %d is %+v, want code %v at %d counting %s", tc.name, i, d, want.Code, want.Start, tc.count[i])
			}
		}
		// Flush starts a new game.
		if !r.Keep(NullMove, 0, 1) {
			t.Errorf("%s: the next game does not start afresh", tc.name)
		}
	}
}

func TestRepeatsMessage(t *testing.T) {
	var r Repeats
	r.Reset(2)
	for i := range 5 {
		r.Keep(NullMove, i, i+1)
	}
	var l List
	r.Flush(&l, 1)
	const want = "3 more warnings PGN313 in this game are not shown, from here on"
	if got := l[0].Message(); got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	if l[0].Severity() != Warning {
		t.Errorf("severity %v", l[0].Severity())
	}
}
