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

// commentOpen reports whether buf holds a "{" that no "}" after it closes.
func commentOpen(buf []byte) bool {
	return bytes.LastIndexByte(buf, '{') > bytes.LastIndexByte(buf, '}')
}
