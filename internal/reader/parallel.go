package reader

import (
	"errors"
	"sync"

	"github.com/pgnc/pgnc/internal/parser"
)

// pool runs the pipeline of Workers > 1: the reader goroutine cuts pieces,
// the workers parse and check them, and nextParallel hands their games out
// in piece order. About three pieces per worker are in flight at most, so
// memory stays bounded.
//
// Pieces are cut at sync points (piece.sync) and confirmed by the workers.
// Where a cut fails (a sync point inside a comment, say), nextParallel
// stops the pool, puts the text of the pieces from the failed one on back
// in front of the buffer and starts again from there, with cuts found by
// scanning for a while: the games are those of a serial read either way.
type pool struct {
	slots   chan struct{} // one per piece cut and not yet handed out
	jobs    chan piece
	results chan result
	done    chan struct{}
	exited  chan struct{} // closed when the reader goroutine has returned
	once    sync.Once
	pending map[int]result // finished pieces that wait for an earlier one
	next    int            // the piece to hand out next

	mu sync.Mutex
	// cut holds the pieces cut and not yet handed out, in order: the text
	// to read again after a failed sync cut.
	cut []piece
	// drained, when not nil, is closed once cut is empty (see drain).
	drained chan struct{}
}

type result struct {
	seq    int
	games  []*Game
	mem    *pieceMemory // the pooled memory of the games, or nil
	sync   bool         // the piece was cut at a sync point
	failed bool         // that cut is no game boundary
	err    error        // a read error, reported after the pieces before it
}

// errStopped ends the reader goroutine when the pool stops while it waits.
var errStopped = errors.New("reader stopped")

// syncPause is how many pieces are cut by scanning after a failed sync cut;
// it doubles with each failure that follows without a sync cut confirmed in
// between, up to syncPause << 6.
const syncPause = 16

func (rd *Reader) startPool() {
	n := rd.opts.Workers
	p := &pool{
		slots:   make(chan struct{}, 2*n),
		jobs:    make(chan piece, n),
		results: make(chan result, n),
		done:    make(chan struct{}),
		exited:  make(chan struct{}),
		pending: map[int]result{},
		next:    rd.pieces,
	}
	rd.pool = p
	go func() {
		defer close(p.exited)
		defer close(p.jobs)
		for {
			// Wait for a free slot first: a slow piece cannot make the
			// pieces after it pile up.
			select {
			case p.slots <- struct{}{}:
			case <-p.done:
				return
			}
			pc, err := rd.nextPiece()
			if err != nil {
				select {
				case p.results <- result{seq: rd.pieces, err: err}: // after every piece cut
				case <-p.done:
				}
				return
			}
			p.mu.Lock()
			p.cut = append(p.cut, pc)
			p.mu.Unlock()
			select {
			case p.jobs <- pc:
			case <-p.done:
				return
			}
		}
	}()
	for range n {
		go func() {
			w := rd.opts.newWorker()
			for pc := range p.jobs {
				r := result{seq: pc.seq, sync: pc.sync, mem: pc.mem}
				if pc.sync && !confirmCut(w, &pc) {
					r.failed = true
				} else {
					r.games = process(w, pc, rd.name, rd.opts)
				}
				select {
				case p.results <- r:
				case <-p.done:
					return
				}
			}
		}()
	}
}

// nextParallel returns the games of the next piece in input order.
func (rd *Reader) nextParallel() ([]*Game, error) {
	if rd.pool == nil {
		rd.startPool()
	}
	p := rd.pool
	for {
		if r, ok := p.pending[p.next]; ok {
			delete(p.pending, p.next)
			if r.err != nil {
				p.stop()
				return nil, r.err
			}
			if r.failed {
				rd.rollback()
				return nil, nil
			}
			if r.sync {
				rd.syncFails = 0
			}
			p.next++
			p.mu.Lock()
			p.cut[0] = piece{} // its text is the games' now, not the pool's
			p.cut = p.cut[1:]
			if len(p.cut) == 0 && p.drained != nil {
				close(p.drained)
				p.drained = nil
			}
			p.mu.Unlock()
			<-p.slots
			rd.holdText(r.mem)
			return r.games, nil
		}
		r := <-p.results
		p.pending[r.seq] = r
	}
}

func (p *pool) stop() { p.once.Do(func() { close(p.done) }) }

// drain waits, on the reader goroutine, until every piece cut so far has
// been handed out, so that none of them can still fail; it reports false
// when the pool stops first.
func (p *pool) drain() bool {
	for {
		p.mu.Lock()
		if len(p.cut) == 0 {
			p.mu.Unlock()
			return true
		}
		if p.drained == nil {
			p.drained = make(chan struct{})
		}
		drained := p.drained
		p.mu.Unlock()
		select {
		case <-drained:
		case <-p.done:
			return false
		}
	}
}

// confirmCut parses pc, a piece cut at a sync point, and reports whether
// the parser ends a game at the cut, so that the piece reads alone as in
// place. The parse is then kept in pc for process. It fails where the
// piece holds more than maxPieceGames games, and where a comment in it is
// not closed: a "}" after the cut would close it in place, so the parser
// cuts nowhere after such a comment.
func confirmCut(w *worker, pc *piece) bool {
	end := len(pc.src) - pc.ahead // where the next piece starts
	w.resetWatcher()
	db, diags, at := w.parser.ParsePrefix(pc.src, parser.Cut{From: end, Games: maxPieceGames, Until: end})
	if at != end {
		return false
	}
	pc.src, pc.db, pc.diags, pc.sync = pc.src[:end], db, diags, false
	return true
}

// rollback stops the pool after the sync cut of its next piece failed and
// makes the reader read again from that piece's start: the text of the
// pieces cut since goes back in front of the buffer, and the next pieces
// are cut by scanning.
func (rd *Reader) rollback() {
	p := rd.pool
	p.stop()
	<-p.exited // the reader goroutine no longer touches rd
	first := p.cut[0]
	var text []byte
	for i := range p.cut {
		text = append(text, p.cut[i].text()...)
	}
	rd.buf = append(text, rd.buf...)
	rd.bufMem = nil // buf is new memory, not pooled
	rd.base, rd.line, rd.col, rd.head, rd.headCut = first.base, first.line, first.col, first.head, first.headCut
	rd.skipped, rd.pieces = first.skipped, first.seq
	rd.pool = nil
	rd.syncFrom = rd.pieces + syncPause<<min(rd.syncFails, 6)
	rd.syncFails++
}
