package grow

import "testing"

// TestAppendDoubles: a long slice grows by doubling, and every value lands
// in order.
func TestAppendDoubles(t *testing.T) {
	var s []int
	grown := 0
	for i := range 100_000 {
		before := cap(s)
		s = Append(s, i)
		if cap(s) != before {
			grown++
			if before >= small && cap(s) != 2*before {
				t.Fatalf("at length %d the room grew from %d to %d, want %d", i, before, cap(s), 2*before)
			}
		}
	}
	for i, v := range s {
		if v != i {
			t.Fatalf("s[%d] = %d", i, v)
		}
	}
	if grown > 30 {
		t.Errorf("grew %d times for 100,000 values", grown)
	}
}
