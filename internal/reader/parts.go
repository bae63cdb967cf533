package reader

import (
	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/check"
	"github.com/pgnc/pgnc/internal/parser"
)

// worker is what one goroutine parses and checks pieces with, kept from
// piece to piece so that their memory is reused.
type worker struct {
	parser *parser.Parser
	models *check.Memory // where the parser's games get their models, reused as the trees are
	// parts holds the checks of the games that the parser handed out in
	// parts during its last parse (Options.InParts), for process to finish.
	parts map[*ast.Game]*check.Parts
	// stream replays the games' main lines while the parser reads them
	// (Options.ReplayWhileParsing); nil when it does not.
	stream *check.Stream
	// syncBuf is the memory a range worker searches for sync points in.
	syncBuf []byte
	// watcher gets the main lines' positions (Options.NewWatcher); nil
	// when nothing watches them.
	watcher PositionWatcher
}

// newWorker returns a worker set up as the options say.
func (opts Options) newWorker() *worker {
	w := &worker{parser: opts.newParser(), models: new(check.Memory)}
	if opts.NewWatcher != nil && opts.PrepareWatched != nil && !opts.Model && !opts.SyntaxOnly {
		w.watcher = opts.NewWatcher()
	}
	if opts.ReplayWhileParsing && !opts.SyntaxOnly && !opts.Model {
		k := opts.checker()
		if w.watcher != nil {
			k.Positions = w.watcher
		}
		switch w.stream = k.Stream(); {
		case w.stream == nil:
		case w.watcher != nil:
			w.parser.Replayer = w.stream.Positions()
		default:
			w.parser.Replayer = w.stream
		}
	}
	switch {
	case !opts.InParts:
	case opts.SyntaxOnly && opts.NewParts != nil:
		w.parser.Parts = opts.NewParts()
	case opts.SyntaxOnly:
		w.parser.Parts = skipParts{} // nothing to check
	default:
		w.parts = make(map[*ast.Game]*check.Parts)
		w.parser.Parts = &checkParts{checker: opts.checker(), games: w.parts}
	}
	return w
}

// resetWatcher tells the watcher, if any, that a piece is about to be
// parsed.
func (w *worker) resetWatcher() {
	if w.watcher != nil {
		w.watcher.Reset()
	}
}

// checkParts checks the games that the parser hands out in parts, and
// keeps their checks in games for process to finish.
type checkParts struct {
	checker check.Checker
	games   map[*ast.Game]*check.Parts
	current *check.Parts
}

// Begin replaces any check left from an earlier parse whose game's memory
// g reuses.
func (s *checkParts) Begin(g *ast.Game) {
	s.current = s.checker.Begin(g)
	s.games[g] = s.current
}

func (s *checkParts) Tags(tags []*ast.TagPair)     { s.current.Tags(tags) }
func (s *checkParts) Elements(elems []ast.Element) { s.current.Add(elems) }
func (s *checkParts) Open(int)                     { s.current.Open() }
func (s *checkParts) Close()                       { s.current.Close() }

// skipParts drops the parts of a game: a syntax check needs nothing of them.
type skipParts struct{}

func (skipParts) Begin(*ast.Game)        {}
func (skipParts) Tags([]*ast.TagPair)    {}
func (skipParts) Elements([]ast.Element) {}
func (skipParts) Open(int)               {}
func (skipParts) Close()                 {}

// replay checks g without building its model: it finishes the check of a
// game handed out in parts, or checks it whole. For a watcher it only
// replays what the stream did not, for the positions: see
// Options.NewWatcher.
func (w *worker) replay(checker check.Checker, g *ast.Game) (diag.List, int) {
	switch p := w.parts[g]; {
	case p != nil && g.Parts > 0:
		delete(w.parts, g)
		return p.End(g)
	case w.watcher != nil && w.stream != nil:
		return nil, w.stream.Watch(g)
	case w.watcher != nil:
		_, plies := checker.Replay(g)
		return nil, plies
	case w.stream != nil:
		return w.stream.Replay(g)
	}
	return checker.Replay(g)
}
