package pgncbeam

import (
	"bytes"
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
// the queue, to be processed after. A late one splits while a step reads,
// after it chose where to end: at the second look at the restriction after
// a claim.
type splitting struct {
	*offsetrange.Tracker
	claims, every int
	fraction      float64
	queue         *[]offsetrange.Restriction
	late          bool
	looks         int // at the restriction since the last claim
}

func (s *splitting) TryClaim(pos any) bool {
	ok := s.Tracker.TryClaim(pos)
	s.looks = 0
	if s.claims++; ok && !s.late && s.claims%s.every == 0 {
		s.split()
	}
	return ok
}

func (s *splitting) GetRestriction() any {
	if s.looks++; s.late && s.looks == 2 && s.claims%s.every == 0 {
		s.split()
	}
	return s.Tracker.GetRestriction()
}

func (s *splitting) split() {
	if _, residual, err := s.Tracker.TrySplit(s.fraction); err == nil && residual != nil {
		*s.queue = append(*s.queue, residual.(offsetrange.Restriction))
	}
}

// TestDynamicSplits: restrictions that the runner splits while they are
// read, at odd places, still give what pgnc check prints: each piece reads
// up to the first sync point after where its restriction ends now, and the
// next starts from the sync point of its own start. A split that lands
// inside a step that is reading (late) makes the step read its tail again
// to end there, so that the settle step reads nothing again.
func TestDynamicSplits(t *testing.T) {
	pgnc := pgncBinary(t)
	text := cleanGames(t)
	path := filepath.Join(t.TempDir(), "split.pgn")
	os.WriteFile(path, []byte(strings.Repeat(text, 8)), 0o644)
	want, _ := exec.Command(pgnc, "check", "-q", path).Output()

	opts := Options{RangeSize: 4096}
	units := expandArgs(t, path)
	for _, split := range []struct {
		every    int
		fraction float64
		late     bool
	}{{1, 0.5, false}, {2, 0.1, false}, {3, 0.77, false}, {1, 0, true}, {2, 0.01, true}, {3, 0.5, true}} {
		pieces := 0
		out, ship := runDirect(t, units, opts, func(rest offsetrange.Restriction, queue *[]offsetrange.Restriction) sdf.RTracker {
			pieces++
			return &splitting{Tracker: offsetrange.NewTracker(rest), every: split.every, fraction: split.fraction, queue: queue, late: split.late}
		})
		got, sum, err := SplitOutput(out)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("split every %d claims at %v (late %v): %d pieces, output differs:\n%s", split.every, split.fraction, split.late, pieces, firstDifference(got, want))
		}
		if sum.Reread != 0 {
			t.Errorf("split every %d claims at %v (late %v): %d ranges read again; a piece read past where its restriction ends", split.every, split.fraction, split.late, sum.Reread)
		}
		if pieces < 20 || ship.Records < 20 {
			t.Errorf("split every %d claims at %v (late %v): only %d pieces, %d steps", split.every, split.fraction, split.late, pieces, ship.Records)
		}
	}
}
