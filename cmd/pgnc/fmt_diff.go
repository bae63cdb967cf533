package main

import (
	"bytes"
	"fmt"
	"strings"
	"sync"

	"github.com/rogpeppe/go-internal/diff"
)

// differ builds the unified diff that fmt -d prints, from a file's text
// (FILE.orig) to its export format (FILE), in pieces. formatGames marks
// where the two are in step, after each game it formats (mark); the text
// between two marks is diffed alone and then let go. So memory holds a few
// games and the diff, not both whole texts, and each hunk stays within the
// games it is about: the anchored diff of go-internal/diff (the algorithm
// of gofmt -d) anchors on lines found once in each text, which a whole
// PGN file has few of ([Site "?"] and the like repeat), and would make a
// single hunk of most of a big file.
//
// Each piece is cut at line breaks, so that the pieces split both texts
// into whole lines and their hunks, with line numbers moved to those of
// the whole texts, make one valid diff.
type differ struct {
	// mu guards old, which the reader's goroutine may write (it reads
	// ahead) while mark cuts it.
	mu       sync.Mutex
	old, new []byte // the text after the last cut
	oldOff   int64  // the offset in the file of old[0]
	marks    []int64
	newMarks []int
	hunks    hunkWriter // the diff so far, without its header
}

// oldWriter and newWriter take the two texts as they come.
type (
	oldWriter struct{ d *differ }
	newWriter struct{ d *differ }
)

func (w oldWriter) Write(p []byte) (int, error) {
	w.d.mu.Lock()
	defer w.d.mu.Unlock()
	w.d.old = append(w.d.old, p...)
	return len(p), nil
}

func (w newWriter) Write(p []byte) (int, error) {
	w.d.new = append(w.d.new, p...)
	return len(p), nil
}

// mark says that the file's text up to offset end stands for the export
// format written so far: fmt has just written a game that ends there. On
// both sides the piece ends with the line of the game's last character,
// before the blank lines after it.
func (d *differ) mark(end int64) {
	last := len(bytes.TrimRight(d.new, " \t\r\n"))
	d.marks = append(d.marks, end)
	d.newMarks = append(d.newMarks, last)
	d.cut(false)
}

// cut diffs the pieces up to the marks whose line breaks are read; at the
// end (last), all that is left.
func (d *differ) cut(last bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for len(d.marks) > 0 {
		// A game ends before the line break that ends its line.
		o := lineEnd(d.old, int(d.marks[0]-d.oldOff))
		n := lineEnd(d.new, d.newMarks[0])
		if o < 0 || n < 0 {
			break
		}
		d.piece(o, n)
		d.marks, d.newMarks = d.marks[1:], d.newMarks[1:]
		for i := range d.newMarks {
			d.newMarks[i] -= n
		}
	}
	if last {
		d.piece(len(d.old), len(d.new))
	}
}

// lineEnd returns the offset just past the first line break at or after
// at in text (at itself when a line starts there), or -1 when none is read
// yet.
func lineEnd(text []byte, at int) int {
	switch {
	case at <= 0:
		return 0
	case at > len(text):
		return -1
	case text[at-1] == '\n':
		return at
	}
	i := bytes.IndexByte(text[at:], '\n')
	if i < 0 {
		return -1
	}
	return at + i + 1
}

// piece diffs old[:o] with new[:n], passes its lines on to the hunks,
// and lets them go.
func (d *differ) piece(o, n int) {
	before, after := d.old[:o], d.new[:n]
	oldLines := splitLines(string(before))
	if bytes.Equal(before, after) {
		for _, line := range oldLines {
			d.hunks.equal(line)
		}
	} else {
		// The lines outside the piece's hunks are the same on both
		// sides; those inside are as its hunks say.
		next := 0 // the next line of oldLines
		text := string(diff.Diff("a", before, "b", after))
		_, text, _ = strings.Cut(text, "\n+++ b\n")
		for _, line := range splitLines(text) {
			switch line[0] {
			case '@':
				var a int
				fmt.Sscanf(line, "@@ -%d,", &a)
				for ; next < a-1; next++ {
					d.hunks.equal(oldLines[next])
				}
			case ' ':
				d.hunks.equal(line[1:])
				next++
			case '-':
				d.hunks.change('-', line[1:])
				next++
			case '+':
				d.hunks.change('+', line[1:])
			}
		}
		for ; next < len(oldLines); next++ {
			d.hunks.equal(oldLines[next])
		}
	}
	// Resliced, not copied down: append moves what is left when it
	// needs room, and the memory before it is then let go.
	d.oldOff += int64(o)
	d.old, d.new = d.old[o:], d.new[n:]
}

// splitLines splits text after its line breaks; a last line without one
// gets the note of diff -u, as go-internal/diff writes it.
func splitLines(text string) []string {
	if text == "" {
		return nil
	}
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	// A line "\ No newline..." that diff.Diff wrote stays with its line.
	out := lines[:0]
	for _, line := range lines {
		if strings.HasPrefix(line, "\\") && len(out) > 0 {
			out[len(out)-1] += line
			continue
		}
		out = append(out, line)
	}
	if last := out[len(out)-1]; !strings.HasSuffix(last, "\n") {
		out[len(out)-1] = last + "\n\\ No newline at end of file\n"
	}
	return out
}

// result returns the whole diff, with its header, or nil when the texts
// are the same.
func (d *differ) result() []byte {
	d.cut(true)
	d.hunks.end()
	return d.hunks.out.Bytes()
}

// hunkWriter writes the hunks of a unified diff from its lines, in order:
// lines the same on both sides (equal) and lines removed or added
// (change), with 3 lines of context around each hunk, as diff -u does,
// however the lines were cut into pieces. The lines of the open hunk are
// held as text, for its header, which counts them, comes first.
type hunkWriter struct {
	header           string // written before the first hunk
	out              bytes.Buffer
	oldLine, newLine int      // the lines passed so far, on each side
	context          []string // the last equal lines, while no hunk is open
	open             bool
	body             bytes.Buffer // the open hunk's lines, with their prefixes
	start            [2]int       // its first line on each side, 1-based
	count            [2]int       // its lines on each side
	tail             []int        // where the equal lines at its end start in body
}

// contextLines is how many equal lines stand before and after a change.
const contextLines = 3

func (h *hunkWriter) equal(line string) {
	h.oldLine++
	h.newLine++
	if !h.open {
		h.context = append(h.context, line)
		if len(h.context) > contextLines {
			h.context = h.context[1:]
		}
		return
	}
	h.tail = append(h.tail, h.body.Len())
	h.body.WriteByte(' ')
	h.body.WriteString(line)
	h.count[0]++
	h.count[1]++
	if len(h.tail) == 2*contextLines {
		// The next change is far enough for a hunk of its own.
		h.context = append(h.context[:0], h.trim()...)
		h.flush()
	}
}

func (h *hunkWriter) change(prefix byte, line string) {
	if !h.open {
		h.open = true
		h.start = [2]int{h.oldLine - len(h.context) + 1, h.newLine - len(h.context) + 1}
		h.count = [2]int{len(h.context), len(h.context)}
		h.body.Reset()
		for _, c := range h.context {
			h.body.WriteByte(' ')
			h.body.WriteString(c)
		}
		h.context = h.context[:0]
	}
	h.body.WriteByte(prefix)
	h.body.WriteString(line)
	h.tail = h.tail[:0]
	if prefix == '-' {
		h.oldLine++
		h.count[0]++
	} else {
		h.newLine++
		h.count[1]++
	}
}

// trim cuts the open hunk's equal lines at its end down to contextLines,
// and returns those it cut, without their prefixes.
func (h *hunkWriter) trim() []string {
	if len(h.tail) <= contextLines {
		return nil
	}
	from := h.tail[contextLines]
	cut := h.tail[contextLines:]
	lines := make([]string, len(cut))
	for i, at := range cut {
		end := h.body.Len()
		if i+1 < len(cut) {
			end = cut[i+1]
		}
		lines[i] = string(h.body.Bytes()[at+1 : end])
	}
	h.body.Truncate(from)
	h.count[0] -= len(cut)
	h.count[1] -= len(cut)
	h.tail = h.tail[:contextLines]
	return lines
}

// flush writes the open hunk and closes it.
func (h *hunkWriter) flush() {
	if h.out.Len() == 0 {
		h.out.WriteString(h.header)
	}
	// A range of no lines is named by the line before it.
	from := h.start
	for i := range from {
		if h.count[i] == 0 {
			from[i]--
		}
	}
	fmt.Fprintf(&h.out, "@@ -%d,%d +%d,%d @@\n", from[0], h.count[0], from[1], h.count[1])
	h.out.Write(h.body.Bytes())
	h.open, h.tail = false, h.tail[:0]
}

// end writes the last hunk.
func (h *hunkWriter) end() {
	if h.open {
		h.trim()
		h.flush()
	}
}
