package lsp

import (
	"runtime"
	"sort"
	"strings"
	"sync"

	"go.lsp.dev/protocol"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/model"
)

// result is what checking a chunk found, its positions relative to the
// chunk: lines count from the chunk's first, and columns, which do not
// depend on where the chunk stands as it starts a line, are final.
type result struct {
	lines lines
	items []item
	games []game
}

// item is one diagnostic of a chunk, with its LSP form in the server's
// language.
type item struct {
	d     diag.Diagnostic // offsets relative to the chunk
	lsp   protocol.Diagnostic
	fixes []edit
	game  int // index in result.games, or -1 outside any game
}

// edit is one replacement: a Fix with its range.
type edit struct {
	from, to int // relative to the chunk
	rng      protocol.Range
	text     string
	// certain says that the edit cannot change the game's meaning
	// (diag.Fix.Certain): only such edits join "fix all".
	certain bool
}

// game is one game of a chunk.
type game struct {
	from, to int // relative to the chunk
	rng      protocol.Range
	tags     model.Tags
	result   string
	tagNames []tagName
	folds    [][2]int // chunk-relative lines of variations that span several
}

// tagName is where a tag's name is written.
type tagName struct {
	name     string
	from, to int
}

// partSize is how many tag pairs or elements of movetext make a game too
// long to hold whole, as for pgnc fmt: it is checked in parts.
const partSize = 1 << 20

// readerOptions are the options of the reader of a chunk of size bytes:
// one piece of it, so that the reader's buffer is no larger than the
// chunk (its default, for files, is 64 KiB, which for thousands of small
// chunks cost more than checking them). model asks for the games' models,
// which a hover needs and a check does not: building them took five times
// as long as checking (2026-11-27, 11 MB of games).
func (s *Server) readerOptions(size int, model bool) reader.Options {
	return reader.Options{Model: model, SkipComments: !model, Catalog: s.msg.Diag, InParts: true, PartSize: partSize, PieceSize: max(size+1, 1<<10)}
}

// check checks the text of one chunk.
func (s *Server) check(text string) *result {
	res := &result{lines: lines{text: text, starts: lineStarts(text)}}
	rd := reader.New(strings.NewReader(text), "", s.readerOptions(len(text), false))
	defer rd.Close()
	for g, err := range rd.All() {
		if err != nil {
			break // a strings.Reader does not fail
		}
		base := g.File.Base()
		index := -1
		if g.Index > 0 {
			index = len(res.games)
			res.games = append(res.games, res.game(g, base))
		}
		for _, d := range g.Diags {
			res.items = append(res.items, s.item(res, d, base, index))
		}
	}
	return res
}

// checkWhole reads text as one file, on every core, as pgnc check does,
// and gives each chunk (starting at starts) the games and diagnostics that
// lie in it: the same as checking the chunk on its own, where a game of
// the reading starts at the chunk's start and no game and no diagnostic
// crosses the chunk's ends. A chunk where that is not so, after a comment
// that no "}" closes, say, which a reading of the whole file runs on into
// the next games, gets nil, and is checked on its own (and so is the
// chunk before it).
// Reading a 10 MB file whole takes a fifth of the time that reading it
// in 16,000 chunks does (2026-11-27), most of which goes to setting up a
// reader for each.
func (s *Server) checkWhole(text string, starts []int) []*result {
	ends := func(i int) int {
		if i+1 < len(starts) {
			return starts[i+1]
		}
		return len(text)
	}
	out := make([]*result, len(starts))
	for i, from := range starts {
		chunk := strings.Clone(text[from:ends(i)])
		out[i] = &result{lines: lines{text: chunk, starts: lineStarts(chunk)}}
	}
	crossed, begun := make([]bool, len(starts)), make([]bool, len(starts))
	at := func(off int) int { return max(sort.SearchInts(starts, off+1)-1, 0) }
	opts := s.readerOptions(len(text), false)
	opts.PieceSize, opts.Workers = 0, runtime.GOMAXPROCS(0)
	rd := reader.New(strings.NewReader(text), "", opts)
	defer rd.Close()
	for g, err := range rd.All() {
		if err != nil {
			return nil // a strings.Reader does not fail
		}
		base := g.File.Base()
		ci, index := -1, -1
		if g.Index > 0 {
			from, to := base+g.From, base+g.To
			ci = at(from)
			begun[ci] = begun[ci] || from == starts[ci]
			if last := at(max(to-1, from)); last != ci {
				for i := ci; i <= last; i++ {
					crossed[i] = true
				}
				continue
			}
			res := out[ci]
			index = len(res.games)
			res.games = append(res.games, res.game(g, base-starts[ci]))
		}
		for _, d := range g.Diags {
			di := ci
			if di < 0 {
				di = at(base + d.Start)
			}
			end := base + d.End
			for _, f := range d.Fixes {
				end = max(end, base+f.End)
			}
			if base+d.Start < starts[di] || end > ends(di) {
				crossed[di] = true
				continue
			}
			out[di].items = append(out[di].items, s.item(out[di], d, base-starts[di], index))
		}
	}
	for i := 1; i < len(starts); i++ {
		if !begun[i] { // the reading of the whole ran on over the chunk's start
			crossed[i-1], crossed[i] = true, true
		}
	}
	for i := range out {
		if crossed[i] {
			out[i] = nil
		}
	}
	return out
}

// game returns what the server keeps of a game read from a chunk.
func (res *result) game(g *reader.Game, base int) game {
	out := game{from: base + g.From, to: base + g.To, tags: g.Tags}
	out.rng = res.lines.rangeOf(out.from, out.to)
	if g.AST == nil {
		return out
	}
	if g.AST.Result != nil {
		out.result = g.AST.Result.Outcome.String()
	}
	for _, t := range g.AST.Tags {
		out.tagNames = append(out.tagNames, tagName{name: t.Name, from: base + t.NameSpan.From, to: base + t.NameSpan.To})
	}
	var walk func([]ast.Element)
	walk = func(line []ast.Element) {
		for _, e := range line {
			if v, ok := e.(*ast.Variation); ok {
				first, last := res.lines.position(base+v.From).Line, res.lines.position(base+v.To-1).Line
				if last > first {
					out.folds = append(out.folds, [2]int{int(first), int(last)})
				}
				walk(v.Elements)
			}
		}
	}
	walk(g.AST.Moves)
	return out
}

// item returns the LSP form of d, found at offset base of a chunk.
func (s *Server) item(res *result, d diag.Diagnostic, base, game int) item {
	d.Start += base
	d.End += base
	for i := range d.Fixes {
		d.Fixes[i].Start += base
		d.Fixes[i].End += base
	}
	it := item{d: d, game: game}
	cat := s.msg.Diag
	severity := protocol.DiagnosticSeverityError
	if d.Severity() == diag.Warning {
		severity = protocol.DiagnosticSeverityWarning
	}
	message := cat.Message(d)
	if hint := cat.Hint(d); hint != "" {
		message += "\n" + cat.Phrase("hint") + ": " + hint
	}
	it.lsp = protocol.Diagnostic{
		Range:    res.lines.rangeOf(d.Start, d.End),
		Severity: severity,
		Code:     d.Code.String(),
		Source:   "pgnc",
		Message:  message,
	}
	for _, f := range d.Fixes {
		it.fixes = append(it.fixes, edit{from: f.Start, to: f.End, rng: res.lines.rangeOf(f.Start, f.End), text: f.Text, certain: f.Certain})
	}
	return it
}

// checkAll checks the chunks that have no result, on every core.
func checkAll(chunks []*chunk, check checker) {
	run := func(c *chunk) {
		c.res = check(strings.Clone(c.text))
		c.text = c.res.lines.text
	}
	workers := min(runtime.GOMAXPROCS(0), len(chunks))
	if workers <= 1 {
		for _, c := range chunks {
			run(c)
		}
		return
	}
	var wg sync.WaitGroup
	next := make(chan *chunk)
	for range workers {
		wg.Go(func() {
			for c := range next {
				run(c)
			}
		})
	}
	for _, c := range chunks {
		next <- c
	}
	close(next)
	wg.Wait()
}
