//go:build !race

package testfiles

// Race is true when the tests are built with the race detector, which
// makes allocation counts and memory measures meaningless (it allocates
// for its own bookkeeping) and code several times slower.
const Race = false
