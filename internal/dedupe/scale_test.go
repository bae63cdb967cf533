package dedupe

import (
	"encoding/binary"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/pgnc/pgnc/internal/testfiles"
)

// splitmix64 is a bijection of uint64 that scatters its input: distinct
// game identities get distinct, evenly spread keys.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// envInt returns the integer in the environment variable name, or def.
func envInt(t *testing.T, name string, def int64) int64 {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		t.Fatalf("%s=%q: want a positive integer", name, s)
	}
	return n
}

// scaleTarget returns the game that synthetic game i duplicates, or i: one
// game in ten (i%10 == 9) is a copy of a game before it whose number is a
// multiple of ten, chosen at random.
func scaleTarget(i uint64) uint64 {
	if i%10 != 9 {
		return i
	}
	return splitmix64(i) % (i/10 + 1) * 10
}

// TestScale dedupes PGNC_DEDUPE_GAMES synthetic games (10,000,000 by
// default) by 128-bit keys alone (Options.HashOnly), in PGNC_DEDUPE_BUDGET
// bytes of memory (4 MiB by default, which spills a run every 58,000
// games), with temporary files in PGNC_DEDUPE_DIR (a test directory by
// default). One game in ten copies an earlier game; each duplicate found
// must be one of them, naming the game it copies. It logs the time, the
// runs, the merge passes and the bytes spilled: a measure, run on its own
// (docs/dedupe.md):
//
//	go test -c -o /tmp/dedupe.test ./internal/dedupe
//	PGNC_EXTENDED=1 PGNC_DEDUPE_GAMES=100000000 /usr/bin/time -f '%e s %M KB' /tmp/dedupe.test -test.run TestScale -test.v
func TestScale(t *testing.T) {
	testfiles.Extended(t)
	n := uint64(envInt(t, "PGNC_DEDUPE_GAMES", 10_000_000))
	budget := envInt(t, "PGNC_DEDUPE_BUDGET", 4<<20)
	dir := os.Getenv("PGNC_DEDUPE_DIR")
	if dir == "" {
		dir = t.TempDir()
	}
	start := time.Now()
	d := New(Options{Kind: Moves, HashOnly: true, Budget: budget, Dir: dir})
	defer d.Close()
	var want uint64
	var key [16]byte
	for i := range n {
		id := scaleTarget(i)
		if id != i {
			want++
		}
		binary.BigEndian.PutUint64(key[:], splitmix64(id))
		binary.BigEndian.PutUint64(key[8:], splitmix64(id^0x5bd1e9955bd1e995))
		if err := d.Add(Game{Key: key[:]}, i+1, Loc{Line: uint32(i)}); err != nil {
			t.Fatal(err)
		}
	}
	added := time.Since(start)
	if err := d.Finish(); err != nil {
		t.Fatal(err)
	}
	finished := time.Since(start)
	var found uint64
	last := uint64(0)
	err := d.Dups(func(dup Dup) error {
		found++
		i := dup.Seq - 1
		if dup.Seq <= last {
			t.Fatalf("duplicate %d after %d: not in input order", dup.Seq, last)
		}
		last = dup.Seq
		if target := scaleTarget(i); target == i || dup.Of != target+1 || dup.Kind != Exact {
			t.Fatalf("game %d reported a duplicate (%s) of %d; it copies game %d", dup.Seq, dup.Kind, dup.Of, target+1)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	c := d.Counts()
	if found != want || c.Games != n || c.Kept != n-want || c.Dups[Exact] != want {
		t.Errorf("%d games: %d duplicates reported, counts %+v; want %d duplicates", n, found, c, want)
	}
	runs, bytes := d.Spilled()
	t.Logf("%d games, %d duplicates, budget %d bytes: add %.1f s, finish %.1f s, total %.1f s",
		n, want, budget, added.Seconds(), finished.Seconds(), time.Since(start).Seconds())
	t.Logf("spilled %d runs (games %d, duplicates %d), %d bytes, %.1f bytes a game; merge passes: games %d, duplicates %d (fan-in %d), writing %d bytes more",
		runs, d.main.spills, d.dups.spills, bytes, float64(bytes)/float64(n), d.main.passes, d.dups.passes, d.main.fanIn(), d.main.merged+d.dups.merged)
}
