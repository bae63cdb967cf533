package check

import (
	"slices"

	"github.com/pgnc/pgnc/model"
)

// Memory holds the models that a Checker builds, so that a caller who is
// done with them can have the next ones built in the same memory (Reset)
// instead of in new memory that the garbage collector must reclaim. The
// reader does this with Options.ReuseMemory. Its zero value is ready to
// use; it is not safe for use by several goroutines at once.
type Memory struct {
	games    slab[model.Game]
	tags     slab[model.Tag]
	moves    slab[model.Move]
	lists    slab[*model.Move]
	comments slab[string]
	nags     slab[int]
}

// Reset makes all of m available again: the models built in it so far
// become invalid.
func (m *Memory) Reset() {
	m.games.reset()
	m.tags.reset()
	m.moves.reset()
	m.lists.reset()
	m.comments.reset()
	m.nags.reset()
}

// allocator is where a checker takes the memory of a model: the slabs of
// a Memory, or, where they are nil, new memory.
type allocator struct {
	games    *slab[model.Game]
	tags     *slab[model.Tag]
	moves    *slab[model.Move]
	lists    *slab[*model.Move]
	comments *slab[string]
	nags     *slab[int]
}

func (m *Memory) allocator() allocator {
	if m == nil {
		return allocator{}
	}
	return allocator{&m.games, &m.tags, &m.moves, &m.lists, &m.comments, &m.nags}
}

// slab hands out runs of Ts from chunks that are used again after a reset.
type slab[T any] struct {
	chunks [][]T
	chunk  int // the chunk being filled
	used   int // how much of it is taken
}

// slabChunk is the size of a chunk; a larger run gets a chunk of its own,
// which reset lets go, so that one huge game does not keep its memory.
const slabChunk = 1024

// take returns n Ts from s, or from new memory when s is nil; nil when n
// is 0. They may hold earlier values: callers assign them before reading.
func take[T any](s *slab[T], n int) []T {
	switch {
	case n == 0:
		return nil
	case s == nil:
		return make([]T, n)
	}
	for {
		if s.chunk == len(s.chunks) {
			s.chunks = append(s.chunks, make([]T, max(slabChunk, n)))
		}
		if c := s.chunks[s.chunk]; len(c)-s.used >= n {
			s.used += n
			return c[s.used-n : s.used : s.used]
		}
		if s.used == 0 { // too small even when empty: insert one that fits
			s.chunks = slices.Insert(s.chunks, s.chunk, make([]T, n))
			continue
		}
		s.chunk, s.used = s.chunk+1, 0
	}
}

// reset clears what was taken, so that no old text stays reachable, drops
// the chunks of single large runs, and makes the rest available again.
func (s *slab[T]) reset() {
	kept := s.chunks[:0]
	for i, c := range s.chunks {
		if len(c) != slabChunk {
			continue // a single large run's: let go
		}
		if i <= s.chunk {
			clear(c)
		}
		kept = append(kept, c)
	}
	clear(s.chunks[len(kept):])
	s.chunks, s.chunk, s.used = kept, 0, 0
}
