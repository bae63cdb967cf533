package pgn

import (
	"encoding/binary"
	"strings"
	"sync"
	"unsafe"

	"github.com/pgnc/pgnc/model"
)

// The kinds of event an eventLog holds, each a byte followed by its data:
// a string is its length (uvarint) and its bytes; a NAG's number is a
// varint; a variation's start holds the length of what follows up to its
// end, so that a Visitor that skips it costs nothing.
const (
	evTag            byte = iota // name, value
	evMove                       // text
	evNAG                        // number
	evComment                    // text
	evBeginVariation             // 4 bytes, little endian: length up to evEndVariation
	evEndVariation
	evOutcome // text
)

// An eventLog is a Visitor that writes the events of a game into bytes,
// on a reader's worker, for replayEvents to hand to the caller's Visitor
// in input order: a parallel Visit. It never skips: what the caller's
// Visitor skips is decided as the events are replayed.
type eventLog struct {
	b    []byte
	open []int // where the length of each open variation goes
}

func (e *eventLog) BeginGame(int) bool { return false }
func (e *eventLog) EndGame()           {}

func (e *eventLog) Tag(name, value string) {
	e.b = append(e.b, evTag)
	e.str(name)
	e.str(value)
}

func (e *eventLog) Move(san string) { e.b = append(e.b, evMove); e.str(san) }

func (e *eventLog) NAG(n int) { e.b = binary.AppendVarint(append(e.b, evNAG), int64(n)) }

func (e *eventLog) Comment(text string) { e.b = append(e.b, evComment); e.str(text) }

func (e *eventLog) BeginVariation() bool {
	e.b = append(e.b, evBeginVariation, 0, 0, 0, 0)
	e.open = append(e.open, len(e.b))
	return false
}

func (e *eventLog) EndVariation() {
	at := e.open[len(e.open)-1]
	e.open = e.open[:len(e.open)-1]
	binary.LittleEndian.PutUint32(e.b[at-4:at], uint32(len(e.b)-at))
	e.b = append(e.b, evEndVariation)
}

func (e *eventLog) Outcome(result string) { e.b = append(e.b, evOutcome); e.str(result) }

func (e *eventLog) str(s string) {
	e.b = append(binary.AppendUvarint(e.b, uint64(len(s))), s...)
}

// replayEvents hands the events of the index-th game, as an eventLog wrote
// them into b, to v.
func replayEvents(v Visitor, index int, b []byte) {
	if v.BeginGame(index) {
		v.EndGame()
		return
	}
	for i := 0; i < len(b); {
		kind := b[i]
		i++
		switch kind {
		case evTag:
			var name, value string
			name, i = readString(b, i)
			value, i = readString(b, i)
			v.Tag(name, value)
		case evMove:
			var text string
			text, i = readString(b, i)
			v.Move(text)
		case evNAG:
			n, k := binary.Varint(b[i:])
			i += k
			v.NAG(int(n))
		case evComment:
			var text string
			text, i = readString(b, i)
			v.Comment(text)
		case evBeginVariation:
			length := int(binary.LittleEndian.Uint32(b[i:]))
			i += 4
			if v.BeginVariation() {
				i += length // to its evEndVariation
			}
		case evEndVariation:
			v.EndVariation()
		case evOutcome:
			var text string
			text, i = readString(b, i)
			v.Outcome(outcome(text))
		}
	}
	v.EndGame()
}

// outcome returns the constant that text, a termination marker, equals:
// a visitor that keeps it as it keeps it from a walk of the tree is not
// left with memory that the next game's events overwrite.
func outcome(text string) string {
	for _, r := range [...]Result{model.WhiteWins, model.BlackWins, model.Draw, model.Unknown} {
		if string(r) == text {
			return string(r)
		}
	}
	return strings.Clone(text)
}

// readString reads the string at b[i:] and returns it and where it ends.
// The string shares b's memory, which the caller does not change while a
// Visitor holds it: events' strings are valid only during the call.
func readString(b []byte, i int) (string, int) {
	n, k := binary.Uvarint(b[i:])
	i += k
	if n == 0 {
		return "", i
	}
	return unsafe.String(&b[i], int(n)), i + int(n)
}

// eventBuffers keeps the memory of the event logs that a parallel Visit
// has replayed, for its workers to write the next ones into: as many as
// the games of the pieces in flight, up to maxFreeEvents bytes.
type eventBuffers struct {
	mu    sync.Mutex
	free  [][]byte
	bytes int // the capacity of free's buffers
}

const maxFreeEvents = 16 << 20

func (p *eventBuffers) get() []byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n := len(p.free); n > 0 {
		b := p.free[n-1]
		p.free = p.free[:n-1]
		p.bytes -= cap(b)
		return b[:0]
	}
	return nil
}

// put gives b back once its events are replayed.
func (p *eventBuffers) put(b []byte) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bytes+cap(b) <= maxFreeEvents {
		p.free = append(p.free, b)
		p.bytes += cap(b)
	}
}
