package reader

import (
	"bytes"
	"io"
	"sync"
)

// braceFree remembers a stretch of a file known to hold no "}", so that
// readers of a seekable file learn that a comment is never closed by
// scanning the file, without taking the text into memory: a file of
// comments that are never closed would otherwise have each reader hold
// MaxGameBytes of it. The range readers of one file share one.
type braceFree struct {
	mu       sync.Mutex
	from, to int64 // no "}" in [from, to)
	atEnd    bool  // to is the end of the file
}

// none reports whether r holds no "}" in [from, to) (to clipped to the end
// of r), scanning what it does not know yet.
func (b *braceFree) none(r io.ReaderAt, from, to int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if from < b.from || from > b.to {
		b.from, b.to, b.atEnd = from, from, false
	}
	if to <= b.to || b.atEnd {
		return true
	}
	buf := braceBuffers.Get().(*[]byte)
	defer braceBuffers.Put(buf)
	for b.to < to {
		n, err := r.ReadAt((*buf)[:min(int64(len(*buf)), to-b.to)], b.to)
		if i := bytes.IndexByte((*buf)[:n], '}'); i >= 0 {
			b.to += int64(i)
			return false
		}
		b.to += int64(n)
		if err != nil || n == 0 {
			b.atEnd = true // the end of r: no "}" up to it
			return true
		}
	}
	return true
}

var braceBuffers = sync.Pool{New: func() any { b := make([]byte, 1<<20); return &b }}

// braceMarks is where a reader last saw each kind of brace in its input,
// as offsets plus one (0: none), and how far it has looked (commentOpen).
type braceMarks struct{ seen, open, close int }

// commentOpen reports whether the buffer holds a "{" that no "}" after it
// closes. It looks only at the bytes read since it was last asked, and
// remembers where the last braces were: scanning the whole buffer for each
// piece cut from it cost a check of input without comments (TWIC) 8% of
// its time.
func (rd *Reader) commentOpen() bool {
	end := rd.base + len(rd.buf)
	from := max(rd.marks.seen, rd.base)
	fresh := rd.buf[from-rd.base:]
	if i := bytes.LastIndexByte(fresh, '{'); i >= 0 {
		rd.marks.open = from + i + 1
	}
	if i := bytes.LastIndexByte(fresh, '}'); i >= 0 {
		rd.marks.close = from + i + 1
	}
	rd.marks.seen = end
	return rd.marks.open > rd.base && rd.marks.open > rd.marks.close
}
