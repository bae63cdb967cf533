package pgn

import (
	"encoding/binary"
	"slices"
	"sync"
	"unsafe"

	"github.com/pgnc/pgnc/internal/ast"
)

// The kinds of event an event log holds, each a byte followed by its data:
// a string is a uvarint, its length times two, plus one when an offset into
// the game's text follows (a uvarint), which is where it stands; otherwise
// its bytes follow. A NAG's number is a varint; a variation's start holds
// the length of what follows up to its end (4 bytes, little endian), so
// that a Visitor that skips it costs nothing; an outcome is an ast.Outcome.
const (
	evTag            byte = iota // name, value
	evMove                       // text
	evNAG                        // number
	evComment                    // text
	evBeginVariation             // length up to evEndVariation
	evEndVariation
	evOutcome // ast.Outcome
)

// eventLog is a Visitor that writes the events of a game into bytes, on a
// reader's worker, for replayEvents to hand to the caller's Visitor in
// input order: a parallel Visit. walkGame feeds it as it feeds any
// Visitor; it never skips, as what the caller's Visitor skips is decided
// as the events are replayed.
type eventLog struct {
	b    []byte
	src  string // the text of the game's piece
	open []int  // where the length of each open variation goes
}

func (e *eventLog) BeginGame(int) bool { return false }
func (e *eventLog) EndGame()           {}

func (e *eventLog) Tag(name, value string) {
	e.b = append(e.b, evTag)
	e.str(name)
	e.str(value)
}

func (e *eventLog) Move(text string) { e.b = append(e.b, evMove); e.str(text) }

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

// Outcome logs the termination marker, one of outcomes.
func (e *eventLog) Outcome(result string) {
	e.b = append(e.b, evOutcome, byte(max(slices.Index(outcomes[:], result), 0)))
}

// outcomes are the termination markers by ast.Outcome, as walkGame hands
// them on: replayEvents hands on the same strings, which a Visitor may
// keep as it keeps them from a walk.
var outcomes = func() (o [ast.Draw + 1]string) {
	for i := range o {
		o[i] = ast.Outcome(i).String()
	}
	return o
}()

// str logs s: where it stands in the game's text, when it does, as most
// strings do, or else its bytes.
func (e *eventLog) str(s string) {
	if off, ok := offsetIn(e.src, s); ok {
		e.b = binary.AppendUvarint(binary.AppendUvarint(e.b, uint64(len(s))<<1|1), uint64(off))
		return
	}
	e.b = append(binary.AppendUvarint(e.b, uint64(len(s))<<1), s...)
}

// offsetIn returns where s stands in src when s is a part of src's memory,
// not a copy of it: comparing addresses costs nothing, comparing bytes
// would.
func offsetIn(src, s string) (int, bool) {
	if len(s) == 0 || len(src) == 0 {
		return 0, false
	}
	base := uintptr(unsafe.Pointer(unsafe.StringData(src)))
	at := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	if at < base || at-base > uintptr(len(src)-len(s)) || len(s) > len(src) {
		return 0, false
	}
	return int(at - base), true
}

// replayEvents hands the events of the index-th game, logged into b by an
// eventLog from the text src, to v.
func replayEvents(v Visitor, index int, src string, b []byte) {
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
			name, i = readString(src, b, i)
			value, i = readString(src, b, i)
			v.Tag(name, value)
		case evMove:
			var text string
			text, i = readString(src, b, i)
			v.Move(text)
		case evNAG:
			n, k := binary.Varint(b[i:])
			i += k
			v.NAG(int(n))
		case evComment:
			var text string
			text, i = readString(src, b, i)
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
			v.Outcome(outcomes[b[i]])
			i++
		}
	}
	v.EndGame()
}

// readString reads the string logged at b[i:], and returns it and where
// its record ends. A string logged as bytes shares b's memory, which the
// caller does not change while a Visitor holds it: events' strings are
// valid only during the call.
func readString(src string, b []byte, i int) (string, int) {
	n, k := binary.Uvarint(b[i:])
	i += k
	size := int(n >> 1)
	if n&1 != 0 {
		off, k := binary.Uvarint(b[i:])
		return src[off : int(off)+size], i + k
	}
	if size == 0 {
		return "", i
	}
	return unsafe.String(&b[i], size), i + size
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
