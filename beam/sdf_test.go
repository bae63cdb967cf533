package pgncbeam

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/sdf"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"
)

// splitting is a tracker that the runner splits after every few claims,
// as a runner may while a restriction is processed: the residual goes on
// the queue, to be processed after.
type splitting struct {
	*offsetrange.Tracker
	claims, every int
	fraction      float64
	queue         *[]offsetrange.Restriction
}

func (s *splitting) TryClaim(pos any) bool {
	ok := s.Tracker.TryClaim(pos)
	if s.claims++; ok && s.claims%s.every == 0 {
		if _, residual, err := s.Tracker.TrySplit(s.fraction); err == nil && residual != nil {
			*s.queue = append(*s.queue, residual.(offsetrange.Restriction))
		}
	}
	return ok
}

// TestDynamicSplits: restrictions that the runner splits while they are
// read, at odd places, still give what pgnc check prints: each piece reads
// up to the first sync point after where its restriction ends now, and the
// next starts from the sync point of its own start.
func TestDynamicSplits(t *testing.T) {
	pgnc := pgncBinary(t)
	text := cleanGames(t)
	path := filepath.Join(t.TempDir(), "split.pgn")
	os.WriteFile(path, []byte(strings.Repeat(text, 8)), 0o644)
	want, _ := exec.Command(pgnc, "check", "-q", path).Output()

	opts := Options{RangeSize: 4096}
	units, err := Expand([]string{path}, opts)
	if err != nil {
		t.Fatal(err)
	}
	encoded, _ := json.Marshal(units[0])
	fn := &checkRangesFn{Opts: opts}
	for _, split := range []struct {
		every    int
		fraction float64
	}{{1, 0.5}, {2, 0.1}, {3, 0.77}} {
		queue := fn.SplitRestriction(string(encoded), fn.CreateInitialRestriction(string(encoded)))
		var results [][]byte
		for len(queue) > 0 {
			rest := queue[0]
			queue = queue[1:]
			rt := sdf.NewLockRTracker(&splitting{Tracker: offsetrange.NewTracker(rest), every: split.every, fraction: split.fraction, queue: &queue})
			if err := fn.ProcessElement(context.Background(), rt, string(encoded), func(b []byte) { results = append(results, b) }); err != nil {
				t.Fatal(err)
			}
		}
		next := 0
		out, err := (&mergeFn{Opts: opts}).ProcessElement(context.Background(), 0, func(b *[]byte) bool {
			if next == len(results) {
				return false
			}
			*b, next = results[next], next+1
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		got, sum, err := SplitOutput(out)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("split every %d claims at %v: %d pieces, output differs:\n%s", split.every, split.fraction, len(results), firstDifference(got, want))
		}
		if sum.Reread != 0 {
			t.Errorf("split every %d claims at %v: %d ranges read again; a piece read past where its restriction ends", split.every, split.fraction, sum.Reread)
		}
		if len(results) < 20 {
			t.Errorf("split every %d claims at %v: only %d pieces", split.every, split.fraction, len(results))
		}
	}
}
