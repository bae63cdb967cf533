package export

import (
	"strconv"
	"testing"
)

func TestMoveNumber(t *testing.T) {
	for _, n := range []int{1, 2, 9, 10, 99, 100, 298, 299, 300, 301, 1000, 123456} {
		for _, dots := range []string{".", "..."} {
			if got, want := moveNumber(n, dots), strconv.Itoa(n)+dots; got != want {
				t.Errorf("moveNumber(%d, %q) = %q, want %q", n, dots, got, want)
			}
		}
	}
}
