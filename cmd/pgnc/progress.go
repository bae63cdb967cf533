package main

import (
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progress shows a progress bar on a terminal's standard error: bytes read of
// the total, the rate, games per second, errors so far and the time left.
// A nil *progress shows nothing, which is what non-terminals and --quiet get.
type progress struct {
	stderr io.Writer
	fd     int // of the terminal, for its width
	bar    *progressbar.ProgressBar
	name   string
	start  time.Time
	shown  time.Time
	games  int
	errors int
	// descMax is how many characters the description may take on this
	// terminal's line, so that the bar redraws in place.
	descMax int
}

// newProgress returns a progress display, or nil when stderr is not a
// terminal or quiet is set.
func newProgress(stderr io.Writer, quiet bool) *progress {
	f, ok := stderr.(*os.File)
	if quiet || !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return &progress{stderr: stderr, fd: int(f.Fd())}
}

// begin starts the bar of one input of size bytes (-1 when unknown).
func (p *progress) begin(name string, size int64) {
	if p == nil {
		return
	}
	p.finish()
	p.name, p.start, p.games, p.errors = name, time.Now(), 0, 0
	// What fits on one line, so that each redraw overwrites the last: on
	// a wide terminal the bar, the bytes read of the total with the rate,
	// and the time left; on a narrower one less, down to the description
	// and the share done.
	cols := 80
	if w, _, err := term.GetSize(p.fd); err == nil && w > 0 {
		cols = w
	}
	opts := []progressbar.Option{
		progressbar.OptionSetWriter(p.stderr),
		progressbar.OptionThrottle(100 * time.Millisecond),
		progressbar.OptionClearOnFinish(),
	}
	switch {
	case cols >= 100:
		p.descMax = cols - 75
		opts = append(opts, progressbar.OptionSetWidth(20), progressbar.OptionShowBytes(true), progressbar.OptionShowCount(), progressbar.OptionSetPredictTime(true))
	case cols >= 60:
		p.descMax = cols - 45
		opts = append(opts, progressbar.OptionSetWidth(10), progressbar.OptionShowBytes(true), progressbar.OptionShowCount(), progressbar.OptionSetPredictTime(false))
	default:
		p.descMax = cols - 20
		opts = append(opts, progressbar.OptionSetWidth(5), progressbar.OptionSetPredictTime(false), progressbar.OptionSetElapsedTime(false))
	}
	p.bar = progressbar.NewOptions64(size, append(opts, progressbar.OptionSetDescription(fit(name, p.descMax)))...)
}

// describe says how far the check is, in at most descMax characters: the
// input's name and its games, rate and errors, said more briefly, and the
// name shortened, as the line gets narrower.
func (p *progress) describe(rate float64) string {
	statuses := []string{
		msg.Sprintf(": %d games (%.0f/s), %d errors", p.games, rate, p.errors),
		msg.Sprintf(": %d games, %d errors", p.games, p.errors),
		msg.Sprintf(" %dg %de", p.games, p.errors),
	}
	for _, status := range statuses {
		if room := p.descMax - len(status); room >= 8 {
			return fit(p.name, room) + status
		}
	}
	return fit(p.name+statuses[len(statuses)-1], p.descMax)
}

// fit shortens s to at most max characters, marking the cut with "…".
func fit(s string, max int) string {
	r := []rune(s)
	if len(r) <= max || max < 1 {
		return s
	}
	return string(r[:max-1]) + "…"
}

// reached sets the bar to offset off of the input, for inputs read in
// ranges, whose reads run ahead of the games handed out and overlap.
func (p *progress) reached(off int64) {
	if p != nil && p.bar != nil {
		p.bar.Set64(off)
	}
}

// game counts a game and its errors.
func (p *progress) game(errors int) {
	if p == nil || p.bar == nil {
		return
	}
	p.games++
	p.errors += errors
	if now := time.Now(); now.Sub(p.shown) > 100*time.Millisecond {
		p.shown = now
		rate := float64(p.games) / max(now.Sub(p.start).Seconds(), 1e-9)
		p.bar.Describe(p.describe(rate))
	}
}

// finish removes the bar.
func (p *progress) finish() {
	if p != nil && p.bar != nil {
		p.bar.Finish()
		p.bar = nil
	}
}
