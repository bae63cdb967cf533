package main

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
)

// The collector of check, fmt and convert. fmt and convert allocate about
// 18 bytes for each byte of input (the syntax tree and the model of every
// game), of which little stays live. With the collector's usual trigger, a
// cycle each time the heap has grown by gcPercent of the live data, they
// spent about 40% of their time collecting. check allocates far less, but
// its few live megabytes made the usual trigger start a cycle every few
// megabytes of input, which cost it 3% to 7% of its time. Instead the
// trigger is a soft memory limit with no percentage: the collector runs
// only when the heap nears memoryLimit. When the live data alone take more
// than half the limit (one huge game), that trigger would have the
// collector run almost without pause, so a percentage trigger comes back
// until the live data fall under a quarter of the limit: 50% for fmt and
// convert, whose huge game holds its model too, and check's usual 100%,
// under which the text of a huge comment is read fastest.
const (
	memoryLimit    = 48 << 20 // keeps RSS under the 64 MB that streaming promises
	gcPercent      = 50       // the fallback of fmt and convert: the heap grows to 1.5 times the live data
	checkGCPercent = 100      // the fallback of check
)

// gcTuner switches the collector between the two triggers after each cycle.
type gcTuner struct {
	limited atomic.Bool // the memory limit is the trigger
	stopped atomic.Bool // see stop
	percent int         // the percentage trigger of the fallback
	sample  []metrics.Sample
}

// tuneGC sets the collector up as described above, with a fallback of
// percent, unless GOGC or GOMEMLIMIT says how to run it.
func tuneGC(percent int) *gcTuner {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return nil
	}
	g := &gcTuner{percent: percent, sample: []metrics.Sample{{Name: "/gc/heap/live:bytes"}}}
	g.setLimited(true)
	g.arm()
	return g
}

func (g *gcTuner) setLimited(on bool) {
	g.limited.Store(on)
	if on {
		debug.SetGCPercent(-1)
		debug.SetMemoryLimit(memoryLimit)
	} else {
		debug.SetGCPercent(g.percent)
		debug.SetMemoryLimit(math.MaxInt64)
	}
}

// gcSentinel is garbage as soon as it is made: its finalizer runs after
// the next collection.
type gcSentinel struct{ g *gcTuner }

// arm has afterGC called after the next collection.
func (g *gcTuner) arm() {
	runtime.SetFinalizer(&gcSentinel{g}, func(s *gcSentinel) {
		if !s.g.stopped.Load() {
			s.g.afterGC()
			s.g.arm()
		}
	})
}

// stop gives the collector back its defaults after the next collection
// at the latest, for a process that goes on with other work (a test).
func (g *gcTuner) stop() {
	g.stopped.Store(true)
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(math.MaxInt64)
}

// afterGC picks the trigger from the live data the last cycle found.
func (g *gcTuner) afterGC() {
	metrics.Read(g.sample)
	if on := limitFits(g.limited.Load(), g.sample[0].Value.Uint64()); on != g.limited.Load() {
		g.setLimited(on)
	}
}

// limitFits reports whether the memory limit should be the trigger, given
// whether it is and the live data; the gap between half and a quarter of
// the limit keeps the tuner from switching back and forth.
func limitFits(limited bool, live uint64) bool {
	if limited {
		return live <= memoryLimit/2
	}
	return live < memoryLimit/4
}
