package diag

import (
	"reflect"
	"testing"
)

// TestCertainFix: Replace adds a suggestion and ReplaceCertain a certain
// fix, which CertainFix finds; Located and JSON carry the certainty.
func TestCertainFix(t *testing.T) {
	src := "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n"
	d := Diagnostic{Code: CheckMarkMissing, Start: 6, End: 8}
	if _, ok := d.CertainFix(); ok {
		t.Fatal("a diagnostic without fixes has a certain fix")
	}
	d.Replace("e6")
	if _, ok := d.CertainFix(); ok || d.Fixes[0].Certain {
		t.Fatal("Replace added a certain fix")
	}
	d.ReplaceCertain("e5+")
	x, ok := d.CertainFix()
	if !ok || x != (Fix{Start: 6, End: 8, Text: "e5+", Certain: true}) {
		t.Fatalf("CertainFix = %+v, %v", x, ok)
	}
	l := Locate(NewFile("a.pgn", src), d)
	if l.LocatedFixes[0].Certain || !l.LocatedFixes[1].Certain {
		t.Errorf("LocatedFixes = %+v", l.LocatedFixes)
	}
}

// TestNonOverlapping: of overlapping fixes the first is kept, two
// insertions at one offset overlap, touching fixes do not, and applying
// what is kept gives the text with each of them.
func TestNonOverlapping(t *testing.T) {
	src := "0123456789"
	fixes := []Fix{
		{Start: 6, End: 8, Text: "x"},
		{Start: 2, End: 4, Text: "ab"},
		{Start: 3, End: 5, Text: "no"},  // overlaps 2-4
		{Start: 4, End: 4, Text: "<"},   // touches 2-4: kept
		{Start: 4, End: 4, Text: "no"},  // a second insertion at 4
		{Start: 8, End: 10, Text: "yz"}, // touches 6-8
	}
	got := NonOverlapping(fixes)
	want := []Fix{fixes[1], fixes[3], fixes[0], fixes[5]}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("NonOverlapping = %+v, want %+v", got, want)
	}
	if s := ApplyFixes(src, got); s != "01ab<45xyz" {
		t.Errorf("ApplyFixes = %q", s)
	}
	if s := ApplyFixes(src, nil); s != src {
		t.Errorf("ApplyFixes with none = %q", s)
	}
	if fixes[2].Text != "no" || len(fixes) != 6 {
		t.Error("NonOverlapping changed its argument")
	}
}
