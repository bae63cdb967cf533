package dedupe

import (
	"bufio"
	"container/heap"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"slices"
)

// sorter sorts records, byte strings, by cmp in a fixed budget of memory:
// records are added to an arena, and when the arena and its index reach
// the budget they are sorted and written to a temporary file, a run. The
// sorted records are then the merge of the runs and what is left in the
// arena; where there are more runs than fanIn, finish first merges them in
// passes, fanIn runs at a time. Each record costs its length, 4 bytes of
// length prefix and 8 of index in memory; its length and 4 bytes in a run.
type sorter struct {
	cmp    func(a, b []byte) int
	budget int64
	dir    string // where runs are made; "" for os.TempDir
	arena  []byte
	index  []int // offsets of the records in arena
	runs   []*os.File
	sorted bool
	// spilled counts the bytes and spills the runs that spill wrote, for
	// the notes on temporary space; merged counts the bytes that the merge
	// passes before the last wrote, and passes the merge passes, the last
	// included.
	spilled int64
	spills  int
	merged  int64
	passes  int
	// maxFanIn, when positive, replaces fanIn's choice (tests).
	maxFanIn int
}

func newSorter(dir string, budget int64, cmp func(a, b []byte) int) *sorter {
	return &sorter{cmp: cmp, budget: budget, dir: dir}
}

// record returns the record at offset off of the arena.
func (s *sorter) record(off int) []byte {
	n := int(binary.LittleEndian.Uint32(s.arena[off:]))
	return s.arena[off+4 : off+4+n]
}

// add adds a copy of rec.
func (s *sorter) add(rec []byte) error {
	if s.inMemory()+int64(len(rec))+12 > s.budget && len(s.index) > 0 {
		if err := s.spill(); err != nil {
			return err
		}
	}
	s.index = append(s.index, len(s.arena))
	s.arena = binary.LittleEndian.AppendUint32(s.arena, uint32(len(rec)))
	s.arena = append(s.arena, rec...)
	s.sorted = false
	return nil
}

// inMemory is the memory the arena's records take.
func (s *sorter) inMemory() int64 { return int64(len(s.arena)) + 8*int64(len(s.index)) }

func (s *sorter) sortArena() {
	if !s.sorted {
		slices.SortStableFunc(s.index, func(a, b int) int { return s.cmp(s.record(a), s.record(b)) })
		s.sorted = true
	}
}

// spill writes the arena's records, sorted, to a new run and empties the
// arena, keeping its memory.
func (s *sorter) spill() error {
	s.sortArena()
	f, err := os.CreateTemp(s.dir, "pgnc-dedupe-*.run")
	if err != nil {
		return err
	}
	os.Remove(f.Name()) // the open file stays readable; nothing is left behind
	s.runs = append(s.runs, f)
	s.spills++
	w := bufio.NewWriterSize(f, 1<<16)
	for _, off := range s.index {
		n := 4 + int(binary.LittleEndian.Uint32(s.arena[off:]))
		if _, err := w.Write(s.arena[off : off+n]); err != nil {
			return err
		}
		s.spilled += int64(n)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	s.arena, s.index = s.arena[:0], s.index[:0]
	if cap(s.arena) > int(s.budget) {
		s.arena = nil
	}
	return nil
}

// finish ends the adding. When the records spilled, the rest spill too
// and the arena's memory is freed, for the merge to have the budget.
func (s *sorter) finish() error {
	if len(s.runs) > 0 && len(s.index) > 0 {
		if err := s.spill(); err != nil {
			return err
		}
	}
	if len(s.runs) > 0 {
		s.arena, s.index = nil, nil
		if err := s.mergePasses(); err != nil {
			return err
		}
		s.passes++
	}
	s.sortArena()
	return nil
}

// close removes the runs.
func (s *sorter) close() {
	for _, f := range s.runs {
		f.Close()
	}
	s.runs = nil
}

// each calls fn for every record in sorted order; rec is valid only during
// the call. It may be called more than once after finish. It stops at the
// first error fn returns, and returns it.
func (s *sorter) each(fn func(rec []byte) error) error {
	if len(s.runs) == 0 {
		for _, off := range s.index {
			if err := fn(s.record(off)); err != nil {
				return err
			}
		}
		return nil
	}
	return s.merge(s.runs, fn)
}

// maxFanIn is the most runs merged at once. Past it, finish merges the
// runs in passes of maxFanIn runs each, so that the open files and the
// merge's buffers stay bounded whatever the number of games: 100 million
// games of 64 bytes in a 4 MiB budget make some 1,700 runs, two passes.
const maxFanIn = 64

// minMergeBuffer is the least read buffer a run gets in a merge: the
// fan-in is lowered below maxFanIn for the buffers of a merge, half the
// budget, to be at least this size each.
const minMergeBuffer = 16 << 10

// fanIn is the most runs that s merges at once: maxFanIn, or fewer for a
// small budget, and at least 2.
func (s *sorter) fanIn() int {
	if s.maxFanIn > 0 {
		return s.maxFanIn
	}
	return int(min(max(s.budget/(2*minMergeBuffer), 2), maxFanIn))
}

// mergePasses merges the runs, fanIn at a time, in passes, until at most
// fanIn are left. Each group of runs merged is closed, so its space freed,
// once its merged run is written. The groups are consecutive runs, so that
// records that compare equal keep the order of their adding.
func (s *sorter) mergePasses() error {
	fanIn := s.fanIn()
	for len(s.runs) > fanIn {
		next := make([]*os.File, 0, (len(s.runs)+fanIn-1)/fanIn)
		for i := 0; i < len(s.runs); i += fanIn {
			group := s.runs[i:min(i+fanIn, len(s.runs))]
			if len(group) == 1 {
				next = append(next, group[0])
				continue
			}
			f, err := s.mergeGroup(group)
			for _, g := range group {
				g.Close()
			}
			if err != nil {
				s.runs = append(next, s.runs[i+len(group):]...)
				return err
			}
			next = append(next, f)
		}
		s.runs = next
		s.passes++
	}
	return nil
}

// mergeGroup merges the runs of group into a new run, which it returns.
func (s *sorter) mergeGroup(group []*os.File) (*os.File, error) {
	f, err := os.CreateTemp(s.dir, "pgnc-dedupe-*.run")
	if err != nil {
		return nil, err
	}
	os.Remove(f.Name())
	w := bufio.NewWriterSize(f, 1<<16)
	var n [4]byte
	err = s.merge(group, func(rec []byte) error {
		binary.LittleEndian.PutUint32(n[:], uint32(len(rec)))
		w.Write(n[:])
		_, err := w.Write(rec)
		s.merged += int64(4 + len(rec))
		return err
	})
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// merge calls fn for every record of runs, in sorted order, reading each
// run from its start with a buffer of its share of half the budget.
func (s *sorter) merge(runs []*os.File, fn func(rec []byte) error) error {
	size := int(min(max(s.budget/int64(2*len(runs)), 4<<10), 1<<20))
	h := &runHeap{cmp: s.cmp}
	for _, f := range runs {
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return err
		}
		r := &runReader{r: bufio.NewReaderSize(f, size)}
		ok, err := r.next()
		if err != nil {
			return err
		}
		if ok {
			h.runs = append(h.runs, r)
		}
	}
	heap.Init(h)
	for len(h.runs) > 0 {
		r := h.runs[0]
		if err := fn(r.rec); err != nil {
			return err
		}
		ok, err := r.next()
		if err != nil {
			return err
		}
		if ok {
			heap.Fix(h, 0)
		} else {
			heap.Pop(h)
		}
	}
	return nil
}

// runReader reads the records of a run one at a time.
type runReader struct {
	r   *bufio.Reader
	rec []byte
	n   [4]byte
}

func (r *runReader) next() (bool, error) {
	if _, err := io.ReadFull(r.r, r.n[:]); err != nil {
		if err == io.EOF {
			return false, nil
		}
		return false, err
	}
	n := int(binary.LittleEndian.Uint32(r.n[:]))
	if cap(r.rec) < n {
		r.rec = make([]byte, n)
	}
	r.rec = r.rec[:n]
	if _, err := io.ReadFull(r.r, r.rec); err != nil {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return false, err
	}
	return true, nil
}

// runHeap orders the runs by their current records. The records of a
// Deduper never compare equal (each holds its game's distinct number), so
// the order of the merge is that of the in-memory sort.
type runHeap struct {
	runs []*runReader
	cmp  func(a, b []byte) int
}

func (h *runHeap) Len() int { return len(h.runs) }
func (h *runHeap) Less(i, j int) bool {
	return h.cmp(h.runs[i].rec, h.runs[j].rec) < 0
}
func (h *runHeap) Swap(i, j int) { h.runs[i], h.runs[j] = h.runs[j], h.runs[i] }
func (h *runHeap) Push(x any)    { h.runs = append(h.runs, x.(*runReader)) }
func (h *runHeap) Pop() any {
	r := h.runs[len(h.runs)-1]
	h.runs = h.runs[:len(h.runs)-1]
	return r
}
