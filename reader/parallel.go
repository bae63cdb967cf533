package reader

import (
	"sync"
)

// pool runs the pipeline of Workers > 1: the reader goroutine cuts pieces,
// the workers parse and check them, and nextParallel hands their games out
// in piece order. About three pieces per worker are in flight at most, so
// memory stays bounded.
type pool struct {
	slots   chan struct{} // one per piece cut and not yet handed out
	jobs    chan piece
	results chan result
	done    chan struct{}
	once    sync.Once
	pending map[int]result // finished pieces that wait for an earlier one
	next    int            // the piece to hand out next
}

type result struct {
	seq   int
	games []*Game
	err   error // a read error, reported after the pieces before it
}

func (rd *Reader) startPool() {
	n := rd.opts.Workers
	p := &pool{
		slots:   make(chan struct{}, 2*n),
		jobs:    make(chan piece, n),
		results: make(chan result, n),
		done:    make(chan struct{}),
		pending: map[int]result{},
	}
	rd.pool = p
	go func() {
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
			select {
			case p.jobs <- pc:
			case <-p.done:
				return
			}
		}
	}()
	for range n {
		go func() {
			ps := rd.opts.newParser()
			for pc := range p.jobs {
				r := result{seq: pc.seq, games: process(ps, pc, rd.name, rd.opts)}
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
			p.next++
			<-p.slots
			return r.games, nil
		}
		r := <-p.results
		p.pending[r.seq] = r
	}
}

func (p *pool) stop() { p.once.Do(func() { close(p.done) }) }
