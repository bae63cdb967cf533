package pgn

import (
	"errors"
	"io"
	"sync"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/san"
)

// A Visitor receives the games of an input as a stream of events, in input
// order, without a Game or a move list being built: the fastest way to
// count, index or collect something from a large file. Visit calls, for
// each game:
//
//	BeginGame, Tag…, then movetext events (Move, NAG, Comment,
//	BeginVariation … EndVariation), Outcome when the game has a
//	termination marker, EndGame.
//
// Moves are not replayed: Move gets the move as written. A BeginGame or
// BeginVariation that returns skip leaves the game or variation unvisited
// (EndGame or EndVariation still comes). The strings an event gets are
// valid only during the call, as the reader reuses the memory of the text:
// copy what you keep (strings.Clone). Embed NopVisitor to implement only the
// events needed.
type Visitor interface {
	// BeginGame starts the index-th game of its input (1-based).
	BeginGame(index int) (skip bool)
	// Tag is a tag pair, its value unescaped.
	Tag(name, value string)
	// Move is a move of the line being read, as written ("Nbd7+!").
	Move(san string)
	// NAG is a numeric annotation glyph, such as 14 for "$14"; -1 when
	// its number overflows.
	NAG(n int)
	// Comment is the text of a brace or rest-of-line comment, without
	// its delimiters.
	Comment(text string)
	// BeginVariation opens a variation of the line being read.
	BeginVariation() (skip bool)
	// EndVariation closes it.
	EndVariation()
	// Outcome is the termination marker as the standard writes it.
	Outcome(result string)
	// EndGame ends the game.
	EndGame()
}

// A MovetextSkipper is a Visitor that can tell from a game's tags that it
// needs none of the game's movetext, as a selection of games by player or
// event can. Visit then reads such a game's movetext only as far as needed
// to find where the game ends, which costs a fraction of a parse: the
// Visitor gets BeginGame, the Tags, Outcome and EndGame, and no Move, NAG,
// Comment or variation events, nor the diagnostics of that movetext.
//
// SkipMovetext may be asked while a game is read, ahead of the events of
// the games before it, on a worker's goroutine (never while another call
// or an event runs), and more than once for a game: it must answer from
// the tags alone, the same each time. Its tags are valid only during the
// call. It is not asked about a game of more than 65,536 tag pairs, which
// it could not be shown whole.
type MovetextSkipper interface {
	Visitor
	SkipMovetext(tags Tags) bool
}

// A DiagnosticVisitor is a Visitor that also receives the diagnostics of
// the syntax, each after the events of the game it belongs to (or, outside
// games, where it stands between them).
type DiagnosticVisitor interface {
	Visitor
	Diagnostic(d Diagnostic)
}

// NopVisitor is a Visitor that does nothing, to embed in a Visitor that
// needs only some of the events.
type NopVisitor struct{}

func (NopVisitor) BeginGame(int) bool   { return false }
func (NopVisitor) Tag(string, string)   {}
func (NopVisitor) Move(string)          {}
func (NopVisitor) NAG(int)              {}
func (NopVisitor) Comment(string)       {}
func (NopVisitor) BeginVariation() bool { return false }
func (NopVisitor) EndVariation()        {}
func (NopVisitor) Outcome(string)       {}
func (NopVisitor) EndGame()             {}

var _ Visitor = NopVisitor{}

// Visit reads every game of the input and hands it to v as events. Only
// the syntax is read, whatever the Mode. A game of more than 65,536 tag
// pairs or elements of movetext is read in parts and held as its events,
// a few bytes each, so that no game costs its syntax tree. With more than one worker
// (WithWorkers), games are parsed on all of them and their events come to
// v on the caller's goroutine, in input order; a MovetextSkipper is then
// asked on the workers, never while an event runs. It returns the errors that
// ended the reading of an input, joined; the other inputs are read all the
// same.
func (rd *Reader) Visit(v Visitor) error {
	o := rd.cfg.readerOptions()
	o.Model, o.SyntaxOnly, o.SkipComments, o.ReplayWhileParsing = false, true, false, false
	o.ReuseText, o.Prepare = true, nil
	vs := &visit{v: v, parallel: rd.cfg.workers > 1}
	// A huge game comes in parts, as events: see partEvents.
	o.InParts, o.PartSize = true, visitPartSize
	o.NewParts = func() parser.PartSink { return &partSink{logs: &vs.parts} }
	vs.dv, _ = v.(DiagnosticVisitor)
	vs.ms, _ = v.(MovetextSkipper)
	if !vs.parallel {
		o.Workers = 1
	}
	if vs.ms != nil {
		o.SkipMovetext = func(pairs []*ast.TagPair) int {
			vs.mu.Lock()
			defer vs.mu.Unlock()
			vs.tags = vs.tags[:0]
			for _, t := range pairs {
				vs.tags = append(vs.tags, Tag{Name: t.Name, Value: t.Value})
			}
			if vs.ms.SkipMovetext(vs.tags) {
				return 0
			}
			return -1
		}
	}
	if vs.parallel {
		o.Prepare = vs.record
	}
	var errs []error
	for in, err := range rd.sources {
		if err == nil {
			err = rd.visitSource(&source{Source: in}, o, vs)
		}
		if err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// visitPartSize is the PartSize of a Visit: 0, the parser's default, but
// in tests that read small games in parts.
var visitPartSize = 0

// visit is what a Visit needs beside its Reader.
type visit struct {
	v        Visitor
	dv       DiagnosticVisitor // v, when it is one
	ms       MovetextSkipper   // v, when it is one
	parallel bool              // games are parsed on workers, their events logged (record)
	mu       sync.Mutex        // held while ms is asked, and while events run beside it
	tags     Tags              // what ms is asked about
	buffers  eventBuffers
	parts    partLogs // the events of the games read in parts
}

// skipsMovetext reports whether the visitor gets none of g's movetext:
// the parser passed over it, or a MovetextSkipper declines it. The
// parser does not ask about every game (see Parser.SkipMovetext).
func (vs *visit) skipsMovetext(g *reader.Game) bool {
	if g.AST.UnparsedFrom > 0 {
		return true
	}
	if vs.ms == nil || len(g.Tags) == 0 {
		return false
	}
	vs.mu.Lock()
	defer vs.mu.Unlock()
	return vs.ms.SkipMovetext(g.Tags)
}

// record is the reader's Prepare for a parallel Visit: it logs the events
// of g on the worker that parsed it.
func (vs *visit) record(g *reader.Game) []byte {
	if g.AST.Parts > 0 {
		return vs.partEvents(g)
	}
	skip := vs.skipsMovetext(g)
	log := eventLog{b: vs.buffers.get(), src: g.File.Src()}
	walkGame(&log, 0, g.AST, skip)
	if skip {
		g.Diags = tagDiagnostics(g.Diags, g.AST)
	}
	return log.b
}

// visitSource visits the games of one input.
func (rd *Reader) visitSource(src *source, o reader.Options, vs *visit) error {
	r := src.open(o)
	rd.current, rd.closer = r, src.Source
	defer rd.Close()
	for {
		g, err := r.Next()
		if err == io.EOF {
			rd.endStray()
			return nil
		}
		if err != nil {
			rd.endStray()
			return &InputError{Source: src.Name, Err: err}
		}
		src.count(g, rd.cfg.progress)
		src.addLost(g)
		rd.addStray(g, src.Name, o.ReuseText)
		if vs.parallel && vs.ms != nil {
			vs.mu.Lock() // SkipMovetext, on a worker, waits for the events
		}
		if g.Index > 0 {
			rd.endStray()
			if vs.parallel {
				replayEvents(vs.v, g.Index, g.File.Src(), g.Prepared)
				vs.buffers.put(g.Prepared)
			} else if g.AST.Parts > 0 {
				replayEvents(vs.v, g.Index, g.File.Src(), vs.partEvents(g))
			} else {
				skip := vs.skipsMovetext(g)
				walkGame(vs.v, g.Index, g.AST, skip)
				if skip {
					g.Diags = tagDiagnostics(g.Diags, g.AST)
				}
			}
		}
		if vs.dv != nil {
			for _, d := range appendLocated(nil, g, rd.cfg.catalog) {
				vs.dv.Diagnostic(d)
			}
		}
		if vs.parallel && vs.ms != nil {
			vs.mu.Unlock()
		}
	}
}

// walkGame hands the syntax tree of a game to v; skipMovetext leaves out
// all of its movetext but the result.
func walkGame(v Visitor, index int, g *ast.Game, skipMovetext bool) {
	if !v.BeginGame(index) {
		for _, t := range g.Tags {
			v.Tag(t.Name, t.Value)
		}
		if !skipMovetext {
			walkLine(v, g.Moves)
		}
		if g.Result != nil {
			v.Outcome(g.Result.Outcome.String())
		}
		if !skipMovetext {
			for _, c := range g.Trailing {
				v.Comment(c.Text)
			}
		}
	}
	v.EndGame()
}

// tagDiagnostics keeps of diags, those of a game whose movetext a
// MovetextSkipper skipped, the ones that do not lie in its movetext: up to
// the end of its tag section, and from its result on.
func tagDiagnostics(diags diag.List, g *ast.Game) diag.List {
	tagsEnd, resultFrom := g.From, g.To
	if n := len(g.Tags); n > 0 {
		tagsEnd = g.Tags[n-1].To
	}
	if g.Result != nil {
		resultFrom = g.Result.From
	}
	kept := diags[:0:0]
	for _, d := range diags {
		if d.Start < tagsEnd || d.Start >= resultFrom {
			kept = append(kept, d)
		}
	}
	return kept
}

// walkLine hands the elements of a line to v.
func walkLine(v Visitor, elems []ast.Element) {
	for _, e := range elems {
		switch e := e.(type) {
		case *ast.Move:
			v.Move(e.Text)
		case *ast.BadMove:
			v.Move(e.Text)
		case *ast.NAG:
			v.NAG(e.Value)
		case *ast.Suffix:
			if a, ok := san.ParseAnnotation(e.Text); ok { // not "e.p."
				v.NAG(int(a))
			}
		case *ast.Comment:
			v.Comment(e.Text)
		case *ast.Variation:
			if !v.BeginVariation() {
				walkLine(v, e.Elements)
			}
			v.EndVariation()
		}
	}
}
