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
	// The "}" is most often a few bytes on (the buffer ended inside a
	// comment): read a little first, and more as none comes.
	for chunk := int64(4 << 10); b.to < to; chunk = min(2*chunk, int64(len(*buf))) {
		n, err := r.ReadAt((*buf)[:min(chunk, to-b.to)], b.to)
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

// braceMarks is the last brace a reader saw in its input and where, and
// how far it has looked (commentOpen).
type braceMarks struct {
	seen, at int
	last     byte // '{', '}', or 0 for none
}

// commentOpen reports whether the buffer holds a "{" that no "}" after it
// closes: whether the last brace read is a "{" still in the buffer. It
// looks only at the bytes read since it was last asked, first for any
// brace at all (a vector search; input without comments, such as TWIC,
// has none), and then back from their end for the last one: scanning the
// whole buffer for each piece cut from it cost a check of TWIC 8% of its
// time.
func (rd *Reader) commentOpen() bool {
	from := max(rd.marks.seen, rd.base)
	fresh := rd.buf[from-rd.base:]
	rd.marks.seen = rd.base + len(rd.buf)
	if bytes.IndexByte(fresh, '{') >= 0 || bytes.IndexByte(fresh, '}') >= 0 {
		i := len(fresh) - 1
		for fresh[i] != '{' && fresh[i] != '}' {
			i--
		}
		rd.marks.last, rd.marks.at = fresh[i], from+i
	}
	return rd.marks.last == '{' && rd.marks.at >= rd.base
}
