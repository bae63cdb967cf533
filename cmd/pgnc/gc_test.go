package main

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

func TestLimitFits(t *testing.T) {
	for _, tt := range []struct {
		limited bool
		live    uint64
		want    bool
	}{
		{true, 1 << 20, true},
		{true, memoryLimit / 2, true},
		{true, memoryLimit/2 + 1, false},
		{false, memoryLimit / 2, false}, // between a quarter and a half: stay
		{false, memoryLimit / 4, false},
		{false, memoryLimit/4 - 1, true},
	} {
		if got := limitFits(tt.limited, tt.live); got != tt.want {
			t.Errorf("limitFits(%v, %d) = %v, want %v", tt.limited, tt.live, got, tt.want)
		}
	}
}

// The tuner runs in this process: it leaves the memory limit for its
// fallback percentage when the live data pass half of it, and takes it
// again once they are gone.
func TestTuneGCFollowsLiveData(t *testing.T) {
	for _, percent := range []int{gcPercent, checkGCPercent} {
		followsLiveData(t, percent)
	}
}

func followsLiveData(t *testing.T, percent int) {
	g := tuneGC(percent)
	if g == nil {
		t.Skip("GOGC or GOMEMLIMIT is set")
	}
	defer g.stop()
	if got := debug.SetGCPercent(-1); got != -1 || !g.limited.Load() {
		t.Fatalf("at start: GC percent %d, limited %v; want -1, true", got, g.limited.Load())
	}
	waitFor := func(limited bool) {
		t.Helper()
		for start := time.Now(); time.Since(start) < 10*time.Second; time.Sleep(10 * time.Millisecond) {
			runtime.GC()
			if g.limited.Load() == limited {
				return
			}
		}
		t.Fatalf("limited stayed %v", !limited)
	}
	live := make([][]byte, 0, 64)
	for range 48 { // 48 MB, with pointers to them, so that they stay live
		live = append(live, make([]byte, 1<<20))
	}
	waitFor(false)
	if got := debug.SetGCPercent(percent); got != percent {
		t.Errorf("with live data over the limit: GC percent %d, want %d", got, percent)
	}
	runtime.KeepAlive(live) // and no longer
	waitFor(true)
	if debug.SetMemoryLimit(-1) != memoryLimit {
		t.Errorf("memory limit not set again")
	}
}
