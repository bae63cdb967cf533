package testfiles

import (
	"os"
	"testing"
)

// ExtendedVar names the environment variable that turns on the extended
// tests: the ones over the shared corpus, the memory and allocation
// measures on inputs of many megabytes, and the long differential runs.
// The README's `go test ./...` leaves them out so that it ends in a minute
// or two; .ci/run sets PGNC_EXTENDED=1 and runs them all.
const ExtendedVar = "PGNC_EXTENDED"

// IsExtended reports whether the extended tests run: PGNC_EXTENDED=1, and
// the tests are not run with -short. Tests that run a small version by
// default (testdata instead of the corpus) ask it to choose their inputs.
func IsExtended() bool {
	return os.Getenv(ExtendedVar) == "1" && !testing.Short()
}

// Extended skips t unless the extended tests run, naming the variable that
// turns them on.
func Extended(t testing.TB) {
	t.Helper()
	if !IsExtended() {
		t.Skipf("extended test: run with %s=1 (and without -short)", ExtendedVar)
	}
}

// NoRace skips t when the tests are built with the race detector (go test
// -race), under which allocation counts and memory measures do not hold.
func NoRace(t testing.TB) {
	t.Helper()
	if Race {
		t.Skip("measures allocations, which the race detector changes")
	}
}
