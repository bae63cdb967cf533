package lsp

import (
	"sort"
	"strings"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// A document is an open file, cut into chunks: the first starts at offset
// 0 and each other at a line that starts a game (isBoundary). Each chunk is
// checked on its own and its result (a *result) is kept until its text
// changes, so that an edit re-checks only the chunks whose text it
// changed: usually one game. The chunks hold the text: the document keeps
// no copy of the whole, which an edit would have to copy, 10 MB for a
// keystroke in a 10 MB file.
type document struct {
	uri     protocol.DocumentURI
	version int32
	size    int // the length of the text
	chunks  []*chunk
}

// slice returns the document's text from from to to.
func (d *document) slice(from, to int) string {
	var b strings.Builder
	b.Grow(to - from)
	for i := d.chunkAtOffset(from); i < len(d.chunks) && d.chunks[i].start < to; i++ {
		c := d.chunks[i]
		b.WriteString(c.text[max(from-c.start, 0):min(to-c.start, len(c.text))])
	}
	return b.String()
}

// chunk is a piece of a document's text that starts at the start of a
// line, with what checking it found.
type chunk struct {
	start int // byte offset in the document
	line  int // the document's line that the chunk starts
	// text is the document's text[start:start+len(text)]: once checked,
	// the result's own copy, so that no chunk keeps an old version of the
	// whole document alive.
	text string
	res  *result
}

// end returns the offset just past the chunk.
func (c *chunk) end() int { return c.start + len(c.text) }

// isBoundary reports whether a chunk starts at off in text: a "[" at the
// start of a line that follows a blank line or a line that ends with a
// termination marker, or an Event tag right after a tag pair. These are
// the sync points at which pgnc's reader cuts a file to read it on
// several cores; they are found from the text around them alone, so a
// comment left open in one game ends at the end of its chunk instead of
// running on into the next games.
func isBoundary(text string, off int) bool {
	if off == 0 {
		return true
	}
	if text[off] != '[' || (text[off-1] != '\n' && text[off-1] != '\r') {
		return false
	}
	before := prevLine(text, off)
	if strings.TrimSpace(before) == "" {
		return true
	}
	before = strings.TrimRight(before, " \t\v")
	for _, marker := range []string{"1-0", "0-1", "1/2-1/2", "*"} {
		if rest, ok := strings.CutSuffix(before, marker); ok {
			if rest == "" || strings.ContainsAny(rest[len(rest)-1:], " \t})") {
				return true
			}
		}
	}
	return strings.HasPrefix(text[off:], "[Event ") && strings.HasSuffix(before, "]")
}

// prevLine returns the line before the one that starts at off, without its
// line break; off > 0 is at the start of a line.
func prevLine(text string, off int) string {
	end := off - 1
	if text[end] == '\n' && end > 0 && text[end-1] == '\r' {
		end--
	}
	start := strings.LastIndexAny(text[:end], "\r\n") + 1
	return text[start:end]
}

// boundaries returns the offsets in [from, to) of text at which chunks
// start: from, which must be one, and every boundary after it.
func boundaries(text string, from, to int) []int {
	out := []int{from}
	for i := from + 1; i < to; {
		j := strings.IndexByte(text[i:to], '[')
		if j < 0 {
			break
		}
		i += j
		if isBoundary(text, i) {
			out = append(out, i)
		}
		i++
	}
	return out
}

// lineStarts returns the offsets at which the lines of text start: 0, and
// the offset after each line break (LF, CRLF or a lone CR, as LSP counts
// them).
func lineStarts(text string) []int {
	starts := []int{0}
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\n':
			starts = append(starts, i+1)
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		}
	}
	return starts
}

// utf16Len returns how many UTF-16 code units s takes, the unit of LSP's
// columns.
func utf16Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += size
	}
	return n
}

// utf16Offset returns the byte offset in line of the UTF-16 column col,
// at most len(line).
func utf16Offset(line string, col int) int {
	n := 0
	for i := 0; i < len(line); {
		if n >= col {
			return i
		}
		r, size := utf8.DecodeRuneInString(line[i:])
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += size
	}
	return len(line)
}

// lines is the line table of a chunk's text.
type lines struct {
	text   string
	starts []int
}

// position returns the chunk-relative LSP position of the byte offset off.
func (l *lines) position(off int) protocol.Position {
	off = min(max(off, 0), len(l.text))
	n := sort.SearchInts(l.starts, off+1) - 1
	return protocol.Position{Line: uint32(n), Character: uint32(utf16Len(l.text[l.starts[n]:off]))}
}

// rangeOf returns the chunk-relative LSP range of the bytes [from, to).
func (l *lines) rangeOf(from, to int) protocol.Range {
	return protocol.Range{Start: l.position(from), End: l.position(to)}
}

// offset returns the byte offset of the chunk-relative position (line,
// col): past the end of a line is its end, past the last line the end of
// the text.
func (l *lines) offset(line, col int) int {
	if line >= len(l.starts) {
		return len(l.text)
	}
	start := l.starts[line]
	end := len(l.text)
	if line+1 < len(l.starts) {
		end = l.starts[line+1]
	}
	text := strings.TrimRight(l.text[start:end], "\r\n")
	return start + utf16Offset(text, col)
}

// breaks returns how many line breaks the chunk's text holds.
func (l *lines) breaks() int { return len(l.starts) - 1 }

// shift returns r moved down by n lines.
func shift(r protocol.Range, n int) protocol.Range {
	r.Start.Line += uint32(n)
	r.End.Line += uint32(n)
	return r
}

// chunkAtLine returns the index of the chunk that holds the document's
// line.
func (d *document) chunkAtLine(line int) int {
	return max(sort.Search(len(d.chunks), func(i int) bool { return d.chunks[i].line > line })-1, 0)
}

// chunkAtOffset returns the index of the chunk that holds the offset.
func (d *document) chunkAtOffset(off int) int {
	return max(sort.Search(len(d.chunks), func(i int) bool { return d.chunks[i].start > off })-1, 0)
}

// offset returns the byte offset of an LSP position.
func (d *document) offset(p protocol.Position) int {
	c := d.chunks[d.chunkAtLine(int(p.Line))]
	return c.start + c.res.lines.offset(int(p.Line)-c.line, int(p.Character))
}

// position returns the LSP position of a byte offset.
func (d *document) position(off int) protocol.Position {
	c := d.chunks[d.chunkAtOffset(off)]
	p := c.res.lines.position(off - c.start)
	p.Line += uint32(c.line)
	return p
}

// rangeOf returns the LSP range of the bytes [from, to) of the document.
func (d *document) rangeOf(from, to int) protocol.Range {
	return protocol.Range{Start: d.position(from), End: d.position(to)}
}

// checker checks the text of a chunk; the server's check, which a test
// may count.
type checker func(text string) *result

// wholeChecker checks a whole text, cut into chunks at starts, at once: it
// returns the result of each chunk, nil for one it could not tell apart
// from its neighbours.
type wholeChecker func(text string, starts []int) []*result

// open sets the document's text and checks it: whole, where whole is not
// nil, and the chunks whole leaves without a result one by one, on every
// core.
func (d *document) open(text string, check checker, whole wholeChecker) {
	d.size = len(text)
	starts := boundaries(text, 0, len(text))
	var results []*result
	if whole != nil {
		results = whole(text, starts)
	}
	d.chunks = make([]*chunk, len(starts))
	var unchecked []*chunk
	for i, s := range starts {
		end := len(text)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		c := &chunk{start: s, text: text[s:end]}
		if results != nil && results[i] != nil {
			c.res, c.text = results[i], results[i].lines.text
		} else {
			unchecked = append(unchecked, c)
		}
		d.chunks[i] = c
	}
	checkAll(unchecked, check)
	line := 0
	for _, c := range d.chunks {
		c.line = line
		line += c.res.lines.breaks()
	}
}

// edit replaces the text between two LSP positions with newText. It cuts
// anew only the chunks around the edit, from the chunk before the one the
// edit starts in to the chunk after the one it ends in, and checks only
// those of them whose text is new: a chunk of the same text as one
// replaced keeps its result.
func (d *document) edit(r protocol.Range, newText string, check checker) {
	from, to := d.offset(r.Start), d.offset(r.End)
	if to < from {
		from, to = to, from
	}
	d.replace(from, to, newText, check)
}

// replace replaces the bytes [from, to) with newText.
func (d *document) replace(from, to int, newText string, check checker) {
	delta := len(newText) - (to - from)
	lo := max(d.chunkAtOffset(from)-1, 0)
	hi := min(d.chunkAtOffset(to)+1, len(d.chunks)-1)
	// The region is cut anew by itself: a boundary depends on the line
	// before it only, and every boundary inside the region has that line
	// inside the region, which starts a line.
	regionStart := d.chunks[lo].start
	text := d.slice(regionStart, from) + newText + d.slice(to, d.chunks[hi].end())
	old := map[string]*result{}
	oldBreaks := 0
	for _, c := range d.chunks[lo : hi+1] {
		old[c.text] = c.res
		oldBreaks += c.res.lines.breaks()
	}
	starts := boundaries(text, 0, len(text))
	fresh := make([]*chunk, len(starts))
	var unchecked []*chunk
	newBreaks := 0
	line := d.chunks[lo].line
	for i, s := range starts {
		end := len(text)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		c := &chunk{start: regionStart + s, text: text[s:end]}
		if res, ok := old[c.text]; ok {
			c.res, c.text = res, res.lines.text
		} else {
			unchecked = append(unchecked, c)
		}
		fresh[i] = c
	}
	checkAll(unchecked, check)
	for _, c := range fresh {
		c.line = line
		line += c.res.lines.breaks()
		newBreaks += c.res.lines.breaks()
	}
	after := d.chunks[hi+1:]
	for _, c := range after {
		c.start += delta
		c.line += newBreaks - oldBreaks
	}
	chunks := make([]*chunk, 0, lo+len(fresh)+len(after))
	chunks = append(append(append(chunks, d.chunks[:lo]...), fresh...), after...)
	d.chunks, d.size = chunks, d.size+delta
}
