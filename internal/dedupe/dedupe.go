// Package dedupe finds the duplicate games of a PGN database in a fixed
// budget of memory, whatever the number of games.
//
// Each game is reduced, on the reader's workers, to a record: a sort key
// (a 128-bit hash of what the kind compares, followed by the main line's
// moves at two bytes a ply unless Options.HashOnly), the rank that chooses
// the copy kept, two 64-bit hashes that label each duplicate, its number
// in the input and its place (file and line). The records are sorted by
// key, then rank (highest first), then number, in memory up to
// Options.Budget and in sorted runs on disk past it, merged at the end
// (external sort). Duplicates are then neighbours: the first record of a
// run of equal keys is the copy kept, the others its duplicates. The
// duplicates are sorted again, by number, the same way, so that the caller
// can write the games kept in input order in a second pass.
package dedupe

import (
	"bytes"
	"cmp"
	"encoding/binary"
)

// Loc is where a game starts: the caller's number of its input file, and
// its line there.
type Loc struct{ File, Line uint32 }

// Dup is a duplicate: game Seq, at Loc, duplicates game Of, at OfLoc,
// the copy kept, as Kind says.
type Dup struct {
	Seq, Of    uint64
	Loc, OfLoc Loc
	Kind       Kind
}

// Counts are the games compared, those kept and the duplicates of each
// label (indexed by Kind).
type Counts struct {
	Games, Kept uint64
	Dups        [4]uint64
}

// Deduper finds the duplicates among the games added to it.
type Deduper struct {
	opts   Options
	main   *sorter
	dups   *sorter
	counts Counts
	rec    []byte
}

// dupSize is the size of a duplicate's record: its number, that of the
// copy kept, the label and the two places.
const dupSize = 8 + 8 + 1 + 8 + 8

// New returns a Deduper; Close removes its temporary files.
func New(opts Options) *Deduper {
	if opts.Budget <= 0 {
		opts.Budget = DefaultBudget
	}
	return &Deduper{opts: opts, main: newSorter(opts.Dir, opts.Budget, compareRecords)}
}

// DefaultBudget is the default of Options.Budget: 256 MiB.
const DefaultBudget = 256 << 20

// record is a decoded record.
type record struct {
	key          []byte
	rank, seq    uint64
	exact, names uint64
	loc          Loc
	raw          []byte
}

func decode(raw []byte) record {
	n := int(binary.BigEndian.Uint32(raw))
	key, t := raw[4:4+n], raw[4+n:]
	return record{key: key, rank: binary.BigEndian.Uint64(t), seq: binary.BigEndian.Uint64(t[8:]),
		exact: binary.BigEndian.Uint64(t[16:]), names: binary.BigEndian.Uint64(t[24:]),
		loc: Loc{binary.BigEndian.Uint32(t[32:]), binary.BigEndian.Uint32(t[36:])}, raw: raw}
}

// compareRecords orders records by key, then rank from the highest, then
// number in the input.
func compareRecords(a, b []byte) int {
	ra, rb := decode(a), decode(b)
	if c := bytes.Compare(ra.key, rb.key); c != 0 {
		return c
	}
	if c := cmp.Compare(rb.rank, ra.rank); c != 0 {
		return c
	}
	return cmp.Compare(ra.seq, rb.seq)
}

// Add adds game number seq, at loc. The numbers must be distinct.
func (d *Deduper) Add(g Game, seq uint64, loc Loc) error {
	b := binary.BigEndian.AppendUint32(d.rec[:0], uint32(len(g.Key)))
	b = append(b, g.Key...)
	b = binary.BigEndian.AppendUint64(b, g.Rank)
	b = binary.BigEndian.AppendUint64(b, seq)
	b = binary.BigEndian.AppendUint64(b, g.Exact)
	b = binary.BigEndian.AppendUint64(b, g.Names)
	b = binary.BigEndian.AppendUint32(b, loc.File)
	b = binary.BigEndian.AppendUint32(b, loc.Line)
	d.rec = b
	d.counts.Games++
	return d.main.add(b)
}

// Finish sorts the games added and finds their duplicates.
func (d *Deduper) Finish() error {
	if err := d.main.finish(); err != nil {
		return err
	}
	budget := d.opts.Budget / 2
	if len(d.main.runs) == 0 {
		budget = max(d.opts.Budget-d.main.inMemory(), 1<<20)
	}
	d.dups = newSorter(d.opts.Dir, budget, func(a, b []byte) int { return bytes.Compare(a[:8], b[:8]) })
	var err error
	if d.opts.Kind == Contained {
		err = d.resolveContained()
	} else {
		err = d.resolve()
	}
	if err != nil {
		return err
	}
	d.counts.Kept = d.counts.Games
	for _, n := range d.counts.Dups {
		d.counts.Kept -= n
	}
	return d.dups.finish()
}

// resolve finds the duplicates of the kinds whose keys are equal for
// duplicates: the first record of a run of equal keys is kept.
func (d *Deduper) resolve() error {
	var kept record
	var keptRaw []byte
	return d.main.each(func(raw []byte) error {
		r := decode(raw)
		if keptRaw != nil && bytes.Equal(r.key, kept.key) {
			return d.addDup(r, kept, label(r, kept, true))
		}
		keptRaw = append(keptRaw[:0], raw...)
		kept = decode(keptRaw)
		return nil
	})
}

// resolveContained finds the duplicates of Contained. The records are
// sorted by start and players, then by moves, so that a line comes right
// before the lines it is a prefix of. The games of one line are held
// until the next line is seen: when that line extends theirs with the same
// players, they are all duplicates of its copy kept (which may in turn be
// held by a longer line, reported on its own), else the first of them is
// kept.
func (d *Deduper) resolveContained() error {
	var held [][]byte
	var free [][]byte
	flush := func(next *record) error {
		if len(held) == 0 {
			return nil
		}
		first := decode(held[0])
		if next != nil && bytes.Equal(next.key[:16], first.key[:16]) && bytes.HasPrefix(next.key[16:], first.key[16:]) {
			for _, raw := range held {
				if err := d.addDup(decode(raw), *next, Contained); err != nil {
					return err
				}
			}
		} else {
			for _, raw := range held[1:] {
				r := decode(raw)
				if err := d.addDup(r, first, label(r, first, true)); err != nil {
					return err
				}
			}
		}
		free, held = append(free, held...), held[:0]
		return nil
	}
	err := d.main.each(func(raw []byte) error {
		r := decode(raw)
		if len(held) > 0 && !bytes.Equal(r.key, decode(held[0]).key) {
			if err := flush(&r); err != nil {
				return err
			}
		}
		var b []byte
		if len(free) > 0 {
			b, free = free[len(free)-1][:0], free[:len(free)-1]
		}
		held = append(held, append(b, raw...))
		return nil
	})
	if err != nil {
		return err
	}
	return flush(nil)
}

// label is the strictest kind that a duplicate r meets with its copy kept;
// sameLine says their main lines are the same.
func label(r, kept record, sameLine bool) Kind {
	switch {
	case !sameLine:
		return Contained
	case r.exact == kept.exact:
		return Exact
	case r.names == kept.names:
		return Fuzzy
	}
	return Moves
}

func (d *Deduper) addDup(r, of record, kind Kind) error {
	d.counts.Dups[kind]++
	var b [dupSize]byte
	binary.BigEndian.PutUint64(b[0:], r.seq)
	binary.BigEndian.PutUint64(b[8:], of.seq)
	b[16] = byte(kind)
	binary.BigEndian.PutUint32(b[17:], r.loc.File)
	binary.BigEndian.PutUint32(b[21:], r.loc.Line)
	binary.BigEndian.PutUint32(b[25:], of.loc.File)
	binary.BigEndian.PutUint32(b[29:], of.loc.Line)
	return d.dups.add(b[:])
}

// Dups calls fn for each duplicate, in input order (by number), after
// Finish; it may be called more than once. It stops at the first error fn
// returns, and returns it.
func (d *Deduper) Dups(fn func(Dup) error) error {
	return d.dups.each(func(b []byte) error {
		return fn(Dup{Seq: binary.BigEndian.Uint64(b), Of: binary.BigEndian.Uint64(b[8:]), Kind: Kind(b[16]),
			Loc:   Loc{binary.BigEndian.Uint32(b[17:]), binary.BigEndian.Uint32(b[21:])},
			OfLoc: Loc{binary.BigEndian.Uint32(b[25:]), binary.BigEndian.Uint32(b[29:])}})
	})
}

// Counts returns the counts, complete after Finish.
func (d *Deduper) Counts() Counts { return d.counts }

// Spilled returns how many runs the records spilled to and their bytes on
// disk, both sorts together.
func (d *Deduper) Spilled() (runs int, bytes int64) {
	runs, bytes = d.main.spills, d.main.spilled
	if d.dups != nil {
		runs += d.dups.spills
		bytes += d.dups.spilled
	}
	return runs, bytes
}

// Close removes the temporary files.
func (d *Deduper) Close() {
	d.main.close()
	if d.dups != nil {
		d.dups.close()
	}
}
