package dedupe

import (
	"bytes"
	"encoding/binary"
	"os"
	"slices"
	"testing"
)

// openFiles counts the open file descriptors of the process, -1 where
// /proc/self/fd cannot be read.
func openFiles() int {
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	return len(fds)
}

// TestMergeFanIn: a budget of 256 bytes spills a run every few records, far
// more runs than the fan-in (2 for that budget, or set to 3): finish merges
// them in passes until no more than the fan-in are left open, and the
// records come out as an in-memory sort gives them. No temporary file is
// left in the directory, and no file stays open once the sorter is closed.
func TestMergeFanIn(t *testing.T) {
	// Records of different lengths, with equal keys (the first 2 bytes)
	// told apart by their number (the last 4), as Deduper's are.
	var recs [][]byte
	for i := range 2000 {
		n := 6 + int(splitmix64(uint64(i))%23)
		rec := make([]byte, n)
		for j := range rec {
			rec[j] = byte(splitmix64(uint64(i*31+j)) % 7)
		}
		binary.BigEndian.PutUint32(rec[n-4:], uint32(i))
		recs = append(recs, rec)
	}
	cmp := func(a, b []byte) int {
		if c := bytes.Compare(a[:2], b[:2]); c != 0 {
			return c
		}
		return bytes.Compare(a[len(a)-4:], b[len(b)-4:])
	}
	want := slices.Clone(recs)
	slices.SortStableFunc(want, cmp)

	for _, fanIn := range []int{0, 3, maxFanIn} {
		dir := t.TempDir()
		before := openFiles()
		s := newSorter(dir, 256, cmp)
		s.maxFanIn = fanIn
		for _, rec := range recs {
			if err := s.add(rec); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.finish(); err != nil {
			t.Fatal(err)
		}
		if s.spills <= s.fanIn() {
			t.Fatalf("fan-in %d: %d runs, not more than the fan-in", s.fanIn(), s.spills)
		}
		if len(s.runs) > s.fanIn() {
			t.Errorf("fan-in %d: %d runs open after finish", s.fanIn(), len(s.runs))
		}
		if wantPasses := passes(s.spills, s.fanIn()); s.passes != wantPasses {
			t.Errorf("fan-in %d, %d runs: %d merge passes, want %d", s.fanIn(), s.spills, s.passes, wantPasses)
		}
		if before >= 0 && openFiles() > before+s.fanIn() {
			t.Errorf("fan-in %d: %d files open after finish, %d before", s.fanIn(), openFiles(), before)
		}
		for pass := range 2 { // each may be called more than once
			var got [][]byte
			err := s.each(func(rec []byte) error {
				got = append(got, slices.Clone(rec))
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) {
				t.Fatalf("fan-in %d, reading %d: %d records, want %d", s.fanIn(), pass, len(got), len(want))
			}
			for i := range want {
				if !bytes.Equal(got[i], want[i]) {
					t.Fatalf("fan-in %d, reading %d: record %d is %x, want %x", s.fanIn(), pass, i, got[i], want[i])
				}
			}
		}
		if entries, err := os.ReadDir(dir); err != nil || len(entries) != 0 {
			t.Errorf("fan-in %d: %d files left in the temporary directory (%v)", s.fanIn(), len(entries), err)
		}
		s.close()
		if after := openFiles(); before >= 0 && after != before {
			t.Errorf("fan-in %d: %d files open after close, %d before", s.fanIn(), after, before)
		}
	}
}

// passes is the number of merge passes over runs, fanIn at a time, the
// last included.
func passes(runs, fanIn int) int {
	n := 1
	for runs > fanIn {
		runs = (runs + fanIn - 1) / fanIn
		n++
	}
	return n
}
