// Package eco names the opening of a game: its ECO code (A00 to E99) and
// its name, from the lichess opening names (lichess-org/chess-openings,
// CC0; data/README.md), 3,807 named lines embedded in the package.
//
// A game is classified by position, as lichess does it: its main line is
// replayed from the initial position, and the last position along it that
// is the final position of a named line names the opening. Positions
// compare as EPD does (board, side to move, castling rights, and the en
// passant square only where a capture en passant is legal), so that
// transpositions classify: 1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 and 1. c4 e6
// 2. Nc3 Nf6 3. d4 Bb4 are both E20, Nimzo-Indian Defense. Where several
// named lines end in the same position, the last of them in the data
// (files a to e, in order) names it, as in lichess.
//
// The search looks at the first MaxPlies plies, and stops where fewer
// pieces are left on the board than in any named position (captures are
// never undone). A game from a FEN start classifies only if the start is
// the initial position; a Chess960 game never does.
//
// The table is built on first use, in about 10 ms (BenchmarkBuild).
package eco

import (
	"bufio"
	"bytes"
	"embed"
	"fmt"
	"strings"
	"sync"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/model"
	"github.com/pgnc/pgnc/san"
)

// Opening is one named line of the data.
type Opening struct {
	ECO  string // the ECO code: "E20"
	Name string // the name as lichess writes it, "Family: Variation, Subvariation": "Nimzo-Indian Defense: Normal Variation"
	PGN  string // the line's moves as the data writes them: "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. e3"
}

// Family returns the name up to its first colon, "Nimzo-Indian Defense",
// and Variation the rest, "Normal Variation", "" when there is none.
func (o Opening) Family() string {
	family, _, _ := strings.Cut(o.Name, ": ")
	return family
}

// Variation returns the part of the name after its family: see Family.
func (o Opening) Variation() string {
	_, variation, _ := strings.Cut(o.Name, ": ")
	return variation
}

// MaxPlies is how many plies of a game's main line Classify looks at: the
// longest named line has 36; lichess searches 40.
const MaxPlies = 40

//go:embed data/*.tsv
var data embed.FS

// table is the opening data, built once.
type table struct {
	openings  []Opening        // every line of the data, in order
	byKey     map[uint64]int32 // EPDKey of a line's final position → index in openings of the last such line
	minPieces int              // the fewest pieces on the board in a named position
	initial   uint64           // EPDKey of the initial position
	// occupied is a filter of the occupied squares of the named
	// positions, a bit per hash (occupiedBit): a position whose bit is
	// clear is none of them, which spares the Key of most positions.
	occupied [1 << 10]uint64
}

// occupiedBit returns the index in table.occupied of the bit of occ.
func occupiedBit(occ chess.Bitboard) uint64 { return uint64(occ) * 0x9e3779b97f4a7c15 >> 48 }

// mayHold reports whether a named position may have the occupied squares
// occ.
func (t *table) mayHold(occ chess.Bitboard) bool {
	i := occupiedBit(occ)
	return t.occupied[i>>6&(1<<10-1)]&(1<<(i&63)) != 0
}

var (
	once sync.Once
	tab  *table
)

// get returns the table, building it on first use.
func get() *table {
	once.Do(func() { tab = build() })
	return tab
}

// files are the data files, in the order whose last line wins.
var files = [...]string{"a.tsv", "b.tsv", "c.tsv", "d.tsv", "e.tsv"}

// build reads the embedded data. The data is fixed and tested line by
// line (TestEveryLine), so a line that does not read is a bug: it panics.
func build() *table {
	t := &table{byKey: make(map[uint64]int32, 4096), minPieces: 32}
	start := chess.StartingPosition()
	t.initial = start.EPDKey()
	for _, name := range files {
		b, err := data.ReadFile("data/" + name)
		if err != nil {
			panic(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(b))
		header := true
		for sc.Scan() {
			if header {
				header = false
				continue
			}
			fields := strings.Split(sc.Text(), "\t")
			if len(fields) != 3 {
				panic(fmt.Sprintf("eco: data/%s: %q has %d fields, want 3", name, sc.Text(), len(fields)))
			}
			o := Opening{ECO: fields[0], Name: fields[1], PGN: fields[2]}
			pos, err := play(o.PGN)
			if err != nil {
				panic(fmt.Sprintf("eco: data/%s: %s: %v", name, o.Name, err))
			}
			t.byKey[pos.EPDKey()] = int32(len(t.openings))
			t.openings = append(t.openings, o)
			t.minPieces = min(t.minPieces, pos.Occupied().Count())
			i := occupiedBit(pos.Occupied())
			t.occupied[i>>6] |= 1 << (i & 63)
		}
	}
	return t
}

// play replays a line of the data, "1. d4 Nf6 2. c4", from the initial
// position, and returns the position after it.
func play(line string) (chess.Position, error) {
	pos := chess.StartingPosition()
	for _, word := range strings.Fields(line) {
		if strings.HasSuffix(word, ".") {
			continue // a move number
		}
		sm, ok := san.Parse(word)
		if !ok {
			return pos, fmt.Errorf("%q is not SAN", word)
		}
		m, _, err := san.Resolve(&pos, sm)
		if err != nil {
			return pos, fmt.Errorf("%s: %w", word, err)
		}
		pos.Play(m)
	}
	return pos, nil
}

// Openings returns every named line of the data, in its order (files a
// to e): 3,807 of them. The slice is shared; do not modify it.
func Openings() []Opening { return get().openings }

// Lookup returns the opening that names pos: the last named line of the
// data whose final position is pos, compared as EPD (chess.Position.EPDKey).
// It does not know how pos was reached: a Chess960 position that stands as
// a named one is found as well.
func Lookup(pos chess.Position) (Opening, bool) {
	t := get()
	if i, ok := t.byKey[pos.EPDKey()]; ok {
		return t.openings[i], true
	}
	return Opening{}, false
}

// Classify returns the opening of g: that of the last position of its main
// line, within its first MaxPlies plies, that is a named line's final
// position. A game from a FEN start other than the initial position, a
// Chess960 game, and a game that reaches no named position have none.
func Classify(g *model.Game) (Opening, bool) {
	o, _, ok := ClassifyPly(g)
	return o, ok
}

// ClassifyPly is Classify, with the ply of the main line (1 for white's
// first move) after which the opening's position stands.
func ClassifyPly(g *model.Game) (o Opening, ply int, ok bool) {
	if g == nil || g.Chess960 {
		return Opening{}, 0, false
	}
	return classify(g.Start, lineOfModel(g.Moves))
}

// ClassifyMoves is ClassifyPly for a main line given as the moves played
// from start, for a caller that has no model; a null move in moves ends
// the search. The caller leaves out Chess960 games.
func ClassifyMoves(start chess.Position, moves []chess.Move) (o Opening, ply int, ok bool) {
	return classify(start, lineOfMoves(moves))
}

// line is a main line, as model moves or as chess moves.
type line interface {
	len() int
	play(i int, pos *chess.Position) bool // false for a move that cannot be played here (a null move in []chess.Move)
}

type lineOfModel []*model.Move

func (l lineOfModel) len() int { return len(l) }
func (l lineOfModel) play(i int, pos *chess.Position) bool {
	l[i].Play(pos)
	return true
}

type lineOfMoves []chess.Move

func (l lineOfMoves) len() int { return len(l) }
func (l lineOfMoves) play(i int, pos *chess.Position) bool {
	if l[i] == (chess.Move{}) {
		return false
	}
	pos.Play(l[i])
	return true
}

// classify searches the positions of l, played from start.
func classify[L line](start chess.Position, l L) (o Opening, ply int, ok bool) {
	t := get()
	pos := start
	if pos.EPDKey() != t.initial {
		return Opening{}, 0, false
	}
	found := int32(-1)
	for i := range min(l.len(), MaxPlies) {
		if !l.play(i, &pos) {
			break
		}
		occ := pos.Occupied()
		if occ.Count() < t.minPieces {
			break
		}
		if !t.mayHold(occ) {
			continue
		}
		if j, ok := t.byKey[pos.EPDKey()]; ok {
			found, ply = j, i+1
		}
	}
	if found < 0 {
		return Opening{}, 0, false
	}
	return t.openings[found], ply, true
}
