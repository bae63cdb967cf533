package main

import (
	"fmt"
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
	bar    *progressbar.ProgressBar
	name   string
	start  time.Time
	shown  time.Time
	games  int
	errors int
}

// newProgress returns a progress display, or nil when stderr is not a
// terminal or quiet is set.
func newProgress(stderr io.Writer, quiet bool) *progress {
	f, ok := stderr.(*os.File)
	if quiet || !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return &progress{stderr: stderr}
}

// begin starts the bar of one input of size bytes (-1 when unknown).
func (p *progress) begin(name string, size int64) {
	if p == nil {
		return
	}
	p.finish()
	p.name, p.start, p.games, p.errors = name, time.Now(), 0, 0
	p.bar = progressbar.NewOptions64(size,
		progressbar.OptionSetWriter(p.stderr),
		progressbar.OptionSetDescription(name),
		progressbar.OptionShowBytes(true),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetWidth(30),
	)
}

// wrap counts the bytes read from r (the file's own bytes, before any
// decompression) into the bar.
func (p *progress) wrap(r io.Reader) io.Reader {
	if p == nil {
		return r
	}
	return progressReader{r, p}
}

type progressReader struct {
	r io.Reader
	p *progress
}

func (pr progressReader) Read(b []byte) (int, error) {
	n, err := pr.r.Read(b)
	if pr.p.bar != nil {
		pr.p.bar.Add(n)
	}
	return n, err
}

// wrapAt counts the bytes read from r, a file read out of order (a zip
// archive, the frames of a zstd file), into the bar.
func (p *progress) wrapAt(r io.ReaderAt) io.ReaderAt {
	if p == nil {
		return r
	}
	return &progressAt{r: r, p: p}
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
		p.bar.Describe(fmt.Sprintf("%s: %d games (%.0f/s), %d errors", p.name, p.games, rate, p.errors))
	}
}

// finish removes the bar.
func (p *progress) finish() {
	if p != nil && p.bar != nil {
		p.bar.Finish()
		p.bar = nil
	}
}
