package reader

import (
	"io"
	"math"
	"strings"
	"sync"
	"unsafe"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/input"
	"github.com/pgnc/pgnc/internal/parser"
)

// Sync returns the first sync point at or after offset off of r and before
// limit: 0 for off <= 0, else the start of the first line that begins with
// "[" and follows a blank line or a line that ends with a termination
// marker, or opens an Event tag after a tag pair (parser.SyncPoint). Where there
// is none before limit it returns limit, or the size of r when r ends
// first. A sync point is found from the bytes around it alone, so it may
// lie inside a comment; NewRange and NewFile check every sync point they
// start from against the reading of the range before.
//
// The limit keeps the search within a range: a range with no sync point
// holds no start of a game, and searching on through the ranges after it,
// as each such range would, took time that grew with the square of a file
// without game boundaries (2026-11-25: 256 MB of bare moves, pgnc check
// -j 2 took 3.5 s, against 0.8 s on one core).
func Sync(r io.ReaderAt, off, limit int64) (int64, error) {
	at, _, err := syncPoint(r, off, limit, nil)
	return at, err
}

// syncPoint is Sync reading into buf, or into new memory where buf is too
// short; it returns the memory it read into, for the next search.
func syncPoint(r io.ReaderAt, off, limit int64, buf []byte) (int64, []byte, error) {
	if off <= 0 {
		return 0, buf, nil
	}
	if off >= limit {
		return limit, buf, nil
	}
	if len(buf) < 8<<10 {
		buf = make([]byte, 8<<10) // games are short: most sync points are near
	}
	buf = buf[:8<<10]
	from := max(off-parser.SyncLookBehind, 0) // buf[0] is at from
	for {
		n, err := r.ReadAt(buf, from)
		chunk := unsafe.String(unsafe.SliceData(buf), n)
		stop := int(min(int64(n), limit-from)) // a sync point starts before stop
		for i := int(off - from); i < stop; i++ {
			j := strings.IndexByte(chunk[i:stop], '[')
			if j < 0 {
				break
			}
			i += j
			if parser.SyncPoint(chunk, i) {
				return from + int64(i), buf, nil
			}
		}
		if err == io.EOF || (err == nil && n < len(buf)) {
			return min(from+int64(n), limit), buf, nil
		}
		if err != nil {
			return 0, buf, err
		}
		if from+int64(n) >= limit {
			return limit, buf, nil
		}
		// Go on, keeping enough of the chunk to judge lines again, in
		// bigger chunks up to 1 MiB.
		off = from + int64(n)
		from = max(off-parser.SyncLookBehind, 0)
		if len(buf) < 1<<20 {
			if cap(buf) >= 2*len(buf) {
				buf = buf[:2*len(buf)]
			} else {
				buf = make([]byte, 2*len(buf))
			}
		}
	}
}

// lastSyncPoint returns the last sync point in src after which the parser
// can start a game, or 0 when there is none: a "[" at the start of a line
// that follows a line ending with a termination marker, or a blank line
// (after movetext, or after a tag section, where a game of tags only
// ends), or an Event tag that follows a tag pair (secondEvent). Only lines
// ended by LF count. The worker that parses the piece
// confirms the cut (confirmCut): after a broken tag pair, say, the parser
// may still be skipping there.
func lastSyncPoint(src string) int {
	for end := len(src); ; {
		i := strings.LastIndex(src[:end], "\n[")
		if i < 0 {
			return 0
		}
		if at := i + 1; parser.SyncPoint(src, at) {
			return at
		}
		end = i
	}
}

// manyGames reports whether src holds more than limit lines that start
// with "[" after a blank line or open an Event tag after a tag pair: an
// upper bound on its sync points other than those after a result, found in
// one pass that looks only at the "[" bytes.
func manyGames(src string, limit int) bool {
	n := 0
	for i := 0; ; i++ {
		j := strings.IndexByte(src[i:], '[')
		if j < 0 {
			return false
		}
		if i += j; i < 2 || src[i-1] != '\n' {
			continue
		}
		before := src[i-2]
		if before == '\n' || before == '\r' && i >= 3 && src[i-3] == '\n' || before == ']' && strings.HasPrefix(src[i:], "[Event ") {
			if n++; n > limit {
				return true
			}
		}
	}
}

// syncCut returns where a stream read on several workers cuts src, the
// text read so far: at its last sync point, or, where src holds more games
// than a piece may (tiny games, games of tags only), at the sync point after
// half that many, so that a piece of them stays small. Games are counted
// first cheaply (manyGames), and only then one by one.
func syncCut(src string) int {
	if !manyGames(src, maxPieceGames/2) {
		return lastSyncPoint(src)
	}
	games := 0
	for i := 0; ; {
		j := strings.Index(src[i:], "\n[")
		if j < 0 {
			return lastSyncPoint(src)
		}
		at := i + j + 1
		if parser.SyncPoint(src, at) {
			if games++; games == maxPieceGames/2 {
				return at
			}
		}
		i = at
	}
}

// NewRange returns a reader of the games of r that start in the byte range
// [start, end): it reads from start, which must be where a game starts (0,
// a sync point from Sync, or the End of the range before), and stops at the
// first game at or after end that starts at a sync point, or at the end of
// r. End then says where it stopped: ranges that each start where the one
// before ended read exactly the games of a serial read, so ranges can be
// read independently and their seams verified by comparing End with the
// next range's start.
//
// Offsets of games and diagnostics are offsets in r; line numbers count
// from the line of start, which is line 1 (see Lines), and columns on that
// line from start. Workers is ignored.
func NewRange(r io.ReaderAt, name string, start, end int64, opts Options) *Reader {
	return newRange(r, name, start, end, opts, nil, new(braceFree))
}

// newRange is NewRange with the worker w (a new one for nil) and the
// record of braces of the file.
func newRange(r io.ReaderAt, name string, start, end int64, opts Options, w *worker, braces *braceFree) *Reader {
	opts.Workers = 0
	rd := newReader(io.NewSectionReader(r, start, math.MaxInt64-start), name, opts, w)
	rd.at, rd.braces = r, braces
	rd.base = int(start)
	rd.ranged, rd.limit = true, int(end)
	rd.head, rd.headCut = lineBefore(r, start)
	if start >= end {
		rd.stopAt(0) // no game starts in the range
	}
	return rd
}

// lineBefore returns the text of the line that off is on before off, up to
// diag.MaxTail bytes, and whether the line starts before that: "" at a
// line start, as for a range from a sync point.
func lineBefore(r io.ReaderAt, off int64) (string, bool) {
	n := min(off, diag.MaxTail)
	buf := make([]byte, n)
	if k, _ := r.ReadAt(buf, off-n); int64(k) != n {
		return "", false
	}
	text := string(buf)
	if i := strings.LastIndexAny(text, "\r\n"); i >= 0 {
		return text[i+1:], false
	}
	return text, off > n
}

// End returns the offset where a range reader stopped: the start of the
// first game after its range, or the end of the input. It is valid once
// Next has returned io.EOF.
func (rd *Reader) End() int64 { return int64(rd.base) }

// Lines returns the number of line breaks in the input read so far; once
// Next has returned io.EOF, the number in the whole range.
func (rd *Reader) Lines() int { return rd.line }

// limitRange ends the input of a range reader at the first game at a sync
// point at or after its limit, once the buffer reaches that far. Until it
// is found, pieces are cut as usual: none of them holds such a game.
func (rd *Reader) limitRange() {
	if rd.stopped || rd.base+len(rd.buf) <= rd.limit {
		return
	}
	src := unsafe.String(unsafe.SliceData(rd.buf), len(rd.buf))
	if n, games := boundary(src, rd.eof || rd.commentsEnd, max(rd.limit-rd.base, 0)); n >= 0 {
		rd.stopAt(n)
		// Few enough games for one piece: cut it without scanning again.
		rd.onePiece = games < maxPieceGames
	}
}

// stopAt ends the input of a range reader n bytes into the buffer.
func (rd *Reader) stopAt(n int) {
	rd.stopTail = lineAfter(rd.buf, n)
	rd.buf = rd.buf[:n]
	rd.eof, rd.stopped = true, true
	rd.marks = braceMarks{} // they may lie past the new end
}

// DefaultRangeSize is the default for Options.RangeSize. The ranges in
// flight hold their text until they are handed out: with half a MiB they
// stay closer to the caches than with a whole one (2026-11-25, pgnc check
// -q -j 2, medians of 15 alternating runs in each order: lichess x51 144.2
// against 140.3 ms of CPU; TWIC x50 and the OTB masters about 1% less),
// and from 384 KiB to 768 KiB the time is the same.
const DefaultRangeSize = 512 << 10

// NewFile returns a reader of r, a file of size bytes, that splits it into
// ranges of Options.RangeSize bytes, smaller ones at its end (see
// splitRanges), and reads them (NewRange) on Workers goroutines, each from
// its own sync point. Games come out in input order,
// exactly those of a serial read: where a range did not start where the
// range before it ended (its sync point was inside a comment, say), it is
// read again from there. With one worker it reads serially.
func NewFile(r io.ReaderAt, size int64, name string, opts Options) *Reader {
	if opts.Workers <= 1 {
		rd := New(io.NewSectionReader(r, 0, size), name, opts)
		rd.at, rd.braces = r, new(braceFree)
		return rd
	}
	if opts.RangeSize <= 0 {
		opts.RangeSize = DefaultRangeSize
	}
	rd := New(nil, name, opts)
	rd.files = &filePool{r: r, size: size, continued: -1}
	rd.files.full, rd.files.ranges = splitRanges(size, int64(opts.RangeSize), opts.Workers)
	return rd
}

// splitRanges splits a file of size bytes for n workers: full ranges of
// size bytes first, then, for the last n to n+1 ranges' worth of the file,
// ranges a quarter as long, so that the workers finish at about the same
// time; a file of fewer than n ranges is read in quarter ranges by all the
// workers. It returns how many ranges are full, and how many there are.
func splitRanges(size, rangeSize int64, n int) (full, ranges int) {
	full = int(max(size-int64(n)*rangeSize, 0) / rangeSize)
	rest := size - int64(full)*rangeSize
	quarter := max(rangeSize/4, 1)
	return full, full + int((rest+quarter-1)/quarter)
}

// unsynced reports whether r, the first chunk of a range other than the
// last, starts at the range's end: Sync found no sync point in the range,
// so no game starts in it, and it holds nothing.
func (p *filePool) unsynced(r rangeResult, rangeSize int64) bool {
	_, end := p.bounds(r.seq, rangeSize)
	return r.start >= end && r.seq < p.ranges-1
}

// bounds returns where range seq starts and ends, before sync points.
func (p *filePool) bounds(seq int, rangeSize int64) (start, end int64) {
	if seq < p.full {
		return int64(seq) * rangeSize, int64(seq+1) * rangeSize
	}
	from := int64(p.full) * rangeSize
	rest, parts, i := p.size-from, int64(p.ranges-p.full), int64(seq-p.full)
	return from + rest*i/parts, from + rest*(i+1)/parts
}

// OpenFile returns a reader of the games in r, a file of size bytes, read
// by its content: plain text is read in ranges (NewFile); a compressed
// file, or one in UTF-16, is decoded (input.File) and read as a stream
// (New), both on Options.Workers goroutines, and the frames of a zstd file
// that pzstd wrote are decoded in parallel too. Input that is not PGN text
// fails with an *input.NotPGNError from Next, and a zip archive with
// input.ErrZipStream. Close releases the decoder.
func OpenFile(r io.ReaderAt, size int64, name string, opts Options) *Reader {
	head := make([]byte, input.BinarySample)
	n, err := r.ReadAt(head, 0)
	if err != nil && err != io.EOF {
		return New(failing{err}, name, opts)
	}
	head = head[:n]
	if format, err := input.Detect(head); format != input.Text || err != nil {
		text, _, err := input.File(r, size, opts.Workers)
		if err != nil {
			return New(failing{err}, name, opts)
		}
		rd := New(text, name, opts)
		rd.closer = text
		return rd
	}
	if input.Binary(head) {
		return New(failing{input.ErrBinary}, name, opts)
	}
	return NewFile(r, size, name, opts)
}

// failing is an input that fails at once.
type failing struct{ err error }

func (f failing) Read([]byte) (int, error) { return 0, f.err }

// filePool runs the range workers of NewFile. At most two ranges per worker
// are in flight, and a worker reads at most chunksAhead chunks of its range
// ahead of the reader that hands them out, so memory stays bounded.
type filePool struct {
	r       io.ReaderAt
	size    int64
	ranges  int // how many ranges the file is split into
	full    int // how many of them are Options.RangeSize bytes long (bounds)
	started bool
	slots   chan struct{} // one per range handed to a worker and not yet out
	jobs    chan *rangeJob
	order   chan *rangeJob // the same jobs, in input order, for nextFile
	done    chan struct{}
	once    sync.Once
	next    int       // the range to hand out next
	current *rangeJob // the range whose chunks are being handed out
	end     int64     // where the ranges handed out so far ended
	// continued is the range whose reading, again and by nextFile itself,
	// stopped early (capped) and goes on from end; -1 when none.
	continued int
	lines     int // line breaks before end
	col       int // characters before end on its line
	braces    braceFree
	readHere  int // ranges and chunks read by nextFile itself, for tests
}

// rangeJob is one range handed to a worker: the worker sends the range's
// chunks on out, up to the first that is not capped (or fails), and gives
// up when cancel is closed (the range is read again from elsewhere).
type rangeJob struct {
	seq    int
	out    chan rangeResult
	cancel chan struct{}
}

// chunksAhead is how many chunks of its range a worker may read before
// they are handed out. A range of tiny games, or of games full of errors, is
// read in several chunks (maxRangeGames, maxRangeDiags); its worker reads
// them all, one ahead of the reader that hands them out, while the other
// workers read the ranges after it. With more ahead, memory grew and speed
// did not (2026-11-25, 121-byte games, 18 MB, -j 2: 0.086 s and 36 MB with
// one ahead, 0.09 s and 44 MB with two, 0.10 s and 47 MB with four; 0.107 s
// and 40 MB when nextFile read every chunk after the first itself).
const chunksAhead = 1

// rangeResult is what reading one range, or one chunk of it, gave.
type rangeResult struct {
	seq        int
	start, end int64
	lines      int
	col        int // characters before end on its line, counted from start
	games      []*Game
	mem        []*pieceMemory // the pooled memory of the games
	capped     bool           // stopped early; see readRange
	err        error
}

func (rd *Reader) startFiles() {
	p := rd.files
	n := rd.opts.Workers
	p.started = true
	p.slots = make(chan struct{}, 2*n)
	p.jobs = make(chan *rangeJob, n)
	p.order = make(chan *rangeJob, 2*n)
	p.done = make(chan struct{})
	go func() {
		defer close(p.jobs)
		for seq := range p.ranges {
			select {
			case p.slots <- struct{}{}:
			case <-p.done:
				return
			}
			// The slot bounds the jobs in flight, so order has room.
			j := &rangeJob{seq: seq, out: make(chan rangeResult, chunksAhead), cancel: make(chan struct{})}
			p.order <- j
			select {
			case p.jobs <- j:
			case <-p.done:
				return
			}
		}
	}()
	for range n {
		go func() {
			w := rd.opts.newWorker() // one per goroutine, to reuse its memory
			for j := range p.jobs {
				if !rd.readChunks(j, w) {
					return
				}
			}
		}()
	}
}

// readChunks reads the range of j from its sync point, chunk by chunk, and
// sends the chunks on j.out. It reports false when the pool stops.
func (rd *Reader) readChunks(j *rangeJob, w *worker) bool {
	p := rd.files
	from, to := p.bounds(j.seq, int64(rd.opts.RangeSize))
	start, buf, err := syncPoint(p.r, from, to, w.syncBuf)
	w.syncBuf = buf
	for {
		r := rangeResult{seq: j.seq, err: err}
		if err == nil {
			r = rd.readRange(j.seq, start, w)
		}
		select {
		case j.out <- r:
		case <-j.cancel:
			return true
		case <-p.done:
			return false
		}
		if !r.capped || r.err != nil {
			return true
		}
		start = r.end
	}
}

// maxRangeGames and maxRangeDiags bound the games and diagnostics a range
// worker holds before they are handed out, as maxPieceGames does for a
// piece: tiny games or input that is mostly errors take many times their
// size in memory. A range of real games holds fewer (a MiB of lichess or
// TWIC games: about 440 and 1,100); 11 MB of tiny games with an error
// each check in 40 MB on two cores with these bounds, against 94 MB with
// four times as much (26 MB on one core).
const (
	maxRangeGames = maxPieceGames
	maxRangeDiags = 1 << 13
)

// readRange reads range seq from start. It stops early, at a piece
// boundary, once it holds maxRangeGames games or maxRangeDiags diagnostics
// or has read a whole range past its end without finding a sync point, so
// that its games never take much more memory than a range; the result is
// then marked capped, and the rest is read from its end, as the next chunk.
func (rd *Reader) readRange(seq int, start int64, w *worker) rangeResult {
	_, end := rd.files.bounds(seq, int64(rd.opts.RangeSize))
	if seq == rd.files.ranges-1 {
		end = math.MaxInt // the last range reads to the end, however long the file has grown
	}
	rr := newRange(rd.files.r, rd.name, start, end, rd.opts, w, &rd.files.braces)
	rr.keepText = true // the games are handed out after the range is read
	// With ReuseText the read buffer is pooled: a piece that takes it
	// (handOver) holds it until its games are handed out, and the buffer
	// left at the end goes back at once. It starts as large as a serial
	// reader's, though pooled memory comes in powers of two: twice that
	// made pieces of twice the text, whose trees fit the caches less well
	// (2026-11-25, pgnc check -j 2 on the OTB masters, 66 MB: 2% less time).
	rr.newBuffer(nil, rd.opts.PieceSize+4096)
	defer func() { giveBack(rr.bufMem) }()
	res := rangeResult{seq: seq, start: start}
	diags := 0
	for {
		g, err := rr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			res.err = err
			break
		}
		if rd.opts.ReuseMemory {
			g.AST, g.Model = nil, nil // the range reader reuses their memory for the next piece
		}
		res.games = append(res.games, g)
		diags += len(g.Diags)
		past := max(end, start)
		overrun := past < math.MaxInt-int64(rd.opts.RangeSize) && int64(rr.base) >= past+int64(rd.opts.RangeSize)
		// Stop only where a game starts: not while skipping after a cut at
		// MaxGameBytes.
		if len(rr.queue) == 0 && !rr.skipping && (len(res.games) >= maxRangeGames || diags >= maxRangeDiags || overrun) {
			res.capped = true
			break
		}
	}
	res.end, res.lines, res.col = rr.End(), rr.Lines(), rr.col
	res.mem = rr.held
	return res
}

// nextFile returns the games of the next range in input order, with their
// line numbers counted from the start of the file.
func (rd *Reader) nextFile() ([]*Game, error) {
	p := rd.files
	if !p.started {
		rd.startFiles()
	}
	var r rangeResult
	switch {
	case p.continued >= 0:
		// The range read again here stopped early: read on from where it
		// stopped, up to the end of its range.
		p.readHere++
		r = rd.readRange(p.continued, p.end, rd.w)
	case p.current != nil:
		// The next chunk of the range a worker reads.
		r = <-p.current.out
	case p.next == p.ranges:
		p.stop()
		return nil, io.EOF
	default:
		j := <-p.order
		p.next++
		r = <-j.out
		switch {
		case r.err == nil && p.unsynced(r, int64(rd.opts.RangeSize)) && p.end >= r.start:
			// No game starts in the range, and the reading of the ranges
			// before went past it: it holds nothing, and the seam holds.
			r.start, r.end = p.end, p.end
			p.current = j
		case r.err == nil && r.start != p.end:
			// The seam does not hold: read the range again from where
			// the one before ended, which the reading of that range
			// found with the whole context.
			close(j.cancel)
			<-p.slots
			p.readHere++
			r = rd.readRange(r.seq, p.end, rd.w)
		default:
			p.current = j
		}
	}
	if r.err != nil {
		p.stop()
		return nil, r.err
	}
	p.continued = -1
	switch {
	case p.current == nil:
		if r.capped {
			p.continued = r.seq
		}
	case !r.capped:
		p.current = nil // the range's last chunk
		<-p.slots
	}
	// Positions count from the start of the range: shift them by the lines
	// before it, and, on its first line, which a range that stopped early
	// may have left midway, by the characters before it.
	var last *diag.File
	for _, g := range r.games {
		if g.File != last {
			last = g.File
			last.Shift(p.lines, p.col)
		}
	}
	if r.lines == 0 {
		p.col += r.col
	} else {
		p.col = r.col
	}
	p.end, p.lines = r.end, p.lines+r.lines
	rd.holdText(r.mem...)
	return r.games, nil
}

func (p *filePool) stop() {
	if p.started {
		p.once.Do(func() { close(p.done) })
	}
}
