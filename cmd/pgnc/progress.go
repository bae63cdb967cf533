package main

import (
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pgnc/pgnc/diag"
	"github.com/rivo/uniseg"
	"golang.org/x/term"
	"golang.org/x/text/number"
)

// progress shows a progress bar on the last line of a terminal, the one
// standard error is: the input's name, the share read, the bytes read of
// the total and their rate, the games and errors so far and the time left.
// A nil *progress shows nothing and costs nothing, which is what
// non-terminals and --quiet get.
//
// Everything else written to that terminal goes through the writers that
// writers returns, which take the bar off the line, write, and draw it
// again below what they wrote, as cargo and apt do: the report's lines
// reach the screen whole. The bar is drawn only when the cursor is at the
// start of a line, so it never lands in the middle of one.
//
// The counts come from the goroutine that reports the games (game) and
// from the goroutines that read the input (reached); drawing and writing
// hold mu, so that a redraw never comes between a clear and the write it
// makes room for.
type progress struct {
	term     *os.File // standard error, a terminal
	throttle time.Duration

	read   atomic.Int64 // bytes of the input read, as stored
	games  atomic.Int64
	errors atomic.Int64
	// ready says a redraw may come: the throttle's time has passed since
	// the last one. A timer sets it, so that counting a game reads no
	// clock.
	ready atomic.Bool

	mu      sync.Mutex
	active  bool // between begin and finish
	name    string
	size    int64 // -1 when unknown
	start   time.Time
	line    string // the bar as last drawn, "" before the first draw
	drawn   int    // its width in columns
	shown   bool   // the bar is on the screen
	midLine bool   // the last write left the cursor after text on its line
}

// throttleEnv names an environment variable that sets the least time
// between two redraws of the bar (a Go duration, "0" for every update),
// 100ms when unset. It is there for the tests, which need the bar drawn
// between every two report lines to see that none is damaged.
const throttleEnv = "PGNC_PROGRESS_THROTTLE"

// newProgress returns a progress display, or nil when stderr is not a
// terminal or quiet is set.
func newProgress(stderr io.Writer, quiet bool) *progress {
	f, ok := stderr.(*os.File)
	if quiet || !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	p := &progress{term: f, throttle: 100 * time.Millisecond}
	if d, err := time.ParseDuration(os.Getenv(throttleEnv)); err == nil && d >= 0 {
		p.throttle = d
	}
	return p
}

// writers returns stdout and stderr as a command writes to them while the
// bar shows: stderr through a terminalWriter, and stdout through one when
// it is the same terminal (shared); a stdout that is a file or a pipe is
// returned as it is. A nil p returns both as they are.
func (p *progress) writers(stdout, stderr io.Writer) (out, errOut io.Writer, shared bool) {
	if p == nil {
		return stdout, stderr, false
	}
	errOut = &terminalWriter{p: p, w: stderr}
	if f := fileOf(stdout); f != nil && sameFile(f, p.term) {
		return &terminalWriter{p: p, w: stdout}, errOut, true
	}
	return stdout, errOut, false
}

// fileOf returns the file that w writes to, or nil.
func fileOf(w io.Writer) *os.File {
	switch w := w.(type) {
	case *os.File:
		return w
	case *checkedWriter:
		return fileOf(w.w)
	}
	return nil
}

// sameFile reports whether a and b are the same file: the same terminal
// when both are one.
func sameFile(a, b *os.File) bool {
	ai, err := a.Stat()
	if err != nil {
		return false
	}
	bi, err := b.Stat()
	return err == nil && os.SameFile(ai, bi)
}

// terminalWriter writes to the terminal the bar is on: it takes the bar
// off, writes, and draws the bar again when the write ends a line.
type terminalWriter struct {
	p *progress
	w io.Writer
}

func (t *terminalWriter) Write(b []byte) (int, error) {
	p := t.p
	p.mu.Lock()
	defer p.mu.Unlock()
	p.hide()
	n, err := t.w.Write(b)
	if n > 0 {
		p.midLine = b[n-1] != '\n'
	}
	if p.active && !p.midLine && p.line != "" {
		p.draw(p.line)
	}
	return n, err
}

// begin starts the bar of one input of size bytes (-1 when unknown).
func (p *progress) begin(name string, size int64) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.hide()
	p.active, p.name, p.size, p.start, p.line = true, name, size, time.Now(), ""
	p.read.Store(0)
	p.games.Store(0)
	p.errors.Store(0)
	p.ready.Store(true)
}

// reached sets the bar to offset off of the input.
func (p *progress) reached(off int64) {
	if p != nil {
		p.read.Store(off)
		p.tick()
	}
}

// game counts a game and its errors.
func (p *progress) game(errors int) {
	if p != nil {
		p.games.Add(1)
		if errors != 0 {
			p.errors.Add(int64(errors))
		}
		p.tick()
	}
}

// finish removes the bar.
func (p *progress) finish() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.hide()
	p.active, p.line = false, ""
}

// tick redraws the bar with the counts as they are, when the throttle
// lets it and the cursor is at the start of a line.
func (p *progress) tick() {
	if !p.ready.Load() {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.active || p.midLine || !p.ready.Load() {
		return
	}
	if p.throttle > 0 {
		p.ready.Store(false)
		time.AfterFunc(p.throttle, func() { p.ready.Store(true) })
	}
	now := time.Now()
	cols := 80
	if w, _, err := term.GetSize(int(p.term.Fd())); err == nil && w > 0 {
		cols = w
	}
	p.line = barLine(barState{name: p.name, size: p.size, read: p.read.Load(), games: p.games.Load(),
		errors: p.errors.Load(), elapsed: now.Sub(p.start)}, cols)
	p.draw(p.line)
}

// ansi says whether the terminal takes ANSI escapes. The Windows console
// takes them only when a program turns them on, so there the bar is
// cleared with spaces.
var ansi = runtime.GOOS != "windows"

// draw puts line on the screen in place of the bar. It holds mu.
func (p *progress) draw(line string) {
	w := cells(line)
	s := "\r" + line
	if ansi {
		s += "\x1b[K"
	} else if p.shown && p.drawn > w {
		s += strings.Repeat(" ", p.drawn-w)
	}
	p.term.WriteString(s)
	p.drawn, p.shown = w, true
}

// hide takes the bar off the screen, leaving the cursor at the start of
// its line. It holds mu.
func (p *progress) hide() {
	if !p.shown {
		return
	}
	if ansi {
		p.term.WriteString("\r\x1b[K")
	} else {
		p.term.WriteString("\r" + strings.Repeat(" ", p.drawn) + "\r")
	}
	p.shown = false
}

// barState is what the bar shows.
type barState struct {
	name          string
	size, read    int64 // size is -1 when unknown
	games, errors int64
	elapsed       time.Duration
}

// Widths of the bar's parts, in columns.
const (
	minNameCells = 12 // the least of the name kept before the counts go
	minBarCells  = 10
	maxBarCells  = 30
)

// barItem is one part of the bar's line after the name.
type barItem struct {
	text string
	// keep orders the parts as the line narrows: the one with the least
	// goes first.
	keep int
	// head parts (the share and the bar) are set off by a space, the
	// others by a comma; a suffix (the games' rate) follows the part
	// before it after a space.
	head, suffix bool
}

// barLine is the bar's line for a terminal cols columns wide, in at most
// cols-1 columns so that the terminal never wraps it: the name, then
// the parts that fit of the share read, the bar, the bytes read, their
// rate, the games and their rate, the errors and the time left. Parts go
// whole, from the least telling, as the line narrows, and the name is cut
// at its start to what is left, at least minNameCells of it while a part
// can go instead. Counts are never cut.
func barLine(s barState, cols int) string {
	avail := cols - 1
	if avail < 1 {
		return ""
	}
	secs := s.elapsed.Seconds()
	rates := secs >= 0.2 // before, a rate says little
	var items []barItem
	known := s.size > 0
	if known {
		items = append(items, barItem{text: percent(s.read, s.size), keep: 7, head: true},
			barItem{text: strings.Repeat(" ", minBarCells), keep: 2, head: true}) // the bar's place, drawn last
		items = append(items, barItem{text: bytesOf(s.read, s.size), keep: 3})
	} else {
		items = append(items, barItem{text: bytesOf(s.read, -1), keep: 3})
	}
	if rates {
		items = append(items, barItem{text: bytesOf(int64(float64(s.read)/secs), -1) + "/s", keep: 1})
	}
	items = append(items, barItem{text: count(msg.Sprintf("%d games", s.games), s.games), keep: 6})
	if rates {
		items = append(items, barItem{text: "(" + group(int64(float64(s.games)/secs)) + "/s)", keep: 0, suffix: true})
	}
	items = append(items, barItem{text: count(msg.Sprintf("%d errors", s.errors), s.errors), keep: 5})
	if known && rates && s.read > 0 && s.read < s.size && secs >= 1 {
		left := time.Duration(float64(s.elapsed) * float64(s.size-s.read) / float64(s.read))
		items = append(items, barItem{text: msg.Sprintf("%s left", duration(left)), keep: 4})
	}

	name := strings.ReplaceAll(diag.Printable(s.name), "\t", " ")
	nameCells := cells(name)
	for {
		used := itemCells(items)
		if used+min(nameCells, minNameCells) <= avail || len(items) == 0 {
			break
		}
		least := 0
		for i, it := range items {
			if it.keep < items[least].keep {
				least = i
			}
		}
		items = append(items[:least], items[least+1:]...)
	}
	room := avail - itemCells(items)
	for i, it := range items {
		if it.head && it.keep == 2 {
			items[i].text = bar(s.read, s.size, minBarCells+max(0, min(maxBarCells-minBarCells, room-nameCells)))
			room -= cells(items[i].text) - minBarCells
		}
	}
	var b strings.Builder
	b.WriteString(cutStart(name, room))
	prevHead := true
	for _, it := range items {
		if it.suffix || it.head || prevHead {
			b.WriteByte(' ')
		} else {
			b.WriteString(", ")
		}
		b.WriteString(it.text)
		prevHead = it.head
	}
	return strings.TrimLeft(b.String(), " ")
}

// itemCells is the width of the parts with what sets them off.
func itemCells(items []barItem) int {
	n := 0
	prevHead := true
	for _, it := range items {
		if it.suffix || it.head || prevHead {
			n++
		} else {
			n += 2
		}
		n += cells(it.text)
		prevHead = it.head
	}
	return n
}

// cutStart shortens s to at most max columns, keeping its end, the file's
// own name, and marking the cut with "…". It cuts between characters as
// a reader sees them (grapheme clusters).
func cutStart(s string, max int) string {
	if cells(s) <= max {
		return s
	}
	if max < 1 {
		return ""
	}
	var clusters []string
	var widths []int
	state := -1
	for rest := s; rest != ""; {
		var c string
		var w int
		c, rest, w, state = uniseg.FirstGraphemeClusterInString(rest, state)
		clusters, widths = append(clusters, c), append(widths, w)
	}
	w, i := 1, len(clusters) // 1 for "…"
	for i > 0 && w+widths[i-1] <= max {
		i--
		w += widths[i]
	}
	return "…" + strings.Join(clusters[i:], "")
}

// cells is how many columns of a terminal s takes: two for the wide
// characters of East Asian scripts, none for combining marks.
func cells(s string) int { return uniseg.StringWidth(s) }

// group writes n with its digits in groups of three set off by spaces,
// 95 357, in every language: a comma or a point would read as a decimal
// mark in one language or the other, and a terminal shows a thin space
// as wide as a space.
func group(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// count is a message that counts n, "95357 games", with n in groups
// (group). The catalogs print counts as plain digits.
func count(text string, n int64) string {
	return strings.Replace(text, strconv.FormatInt(n, 10), group(n), 1)
}

// percent is the share of size that read is, in four columns.
func percent(read, size int64) string {
	pct := min(100, max(0, read*100/size))
	s := strconv.FormatInt(pct, 10) + "%"
	return strings.Repeat(" ", 4-len(s)) + s
}

// bar draws the share of size that read is in a bar of n columns.
func bar(read, size int64, n int) string {
	inside := n - 2
	full := int(min(int64(inside), max(0, read*int64(inside)/size)))
	s := "[" + strings.Repeat("=", full)
	if full < inside {
		s += ">" + strings.Repeat(" ", inside-full-1)
	}
	return s + "]"
}

// byteUnits are the units of bytesOf, by powers of 1000.
var byteUnits = []string{"B", "kB", "MB", "GB", "TB", "PB", "EB"}

// bytesOf writes n bytes in the unit that keeps the figure below 1000,
// with one decimal below 10, in the language's decimal mark: "4.8 MB".
// With a total (not -1) it writes both in the total's unit, "24/42 MB".
func bytesOf(n, total int64) string {
	unit := 0
	for of := max(n, total); of >= 1000*pow1000(unit) && unit < len(byteUnits)-1; {
		unit++
	}
	figure := func(v int64) string {
		f := float64(v) / float64(pow1000(unit))
		if unit > 0 && f < 10 {
			return msg.Sprint(number.Decimal(f, number.MaxFractionDigits(1), number.MinFractionDigits(1)))
		}
		return strconv.FormatInt(int64(f+0.5), 10)
	}
	if total < 0 {
		return figure(n) + " " + byteUnits[unit]
	}
	return figure(n) + "/" + figure(total) + " " + byteUnits[unit]
}

func pow1000(unit int) int64 {
	p := int64(1)
	for range unit {
		p *= 1000
	}
	return p
}

// duration writes d to the second, 42s, 3m05s or 2h07m, in units every
// language of pgnc writes so.
func duration(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	two := func(n int64) string {
		if n < 10 {
			return "0" + strconv.FormatInt(n, 10)
		}
		return strconv.FormatInt(n, 10)
	}
	switch {
	case s < 60:
		return strconv.FormatInt(s, 10) + "s"
	case s < 3600:
		return strconv.FormatInt(s/60, 10) + "m" + two(s%60) + "s"
	}
	return strconv.FormatInt(s/3600, 10) + "h" + two(s%3600/60) + "m"
}
