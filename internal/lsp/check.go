package lsp

import (
	"runtime"
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

// readerOptions are the options of the reader of a chunk.
func (s *Server) readerOptions() reader.Options {
	return reader.Options{Model: true, Catalog: s.msg.Diag, InParts: true, PartSize: partSize}
}

// check checks the text of one chunk.
func (s *Server) check(text string) *result {
	res := &result{lines: lines{text: text, starts: lineStarts(text)}}
	rd := reader.New(strings.NewReader(text), "", s.readerOptions())
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

// game returns what the server keeps of a game read from a chunk.
func (res *result) game(g *reader.Game, base int) game {
	out := game{from: base + g.From, to: base + g.To, tags: g.Tags}
	out.rng = res.lines.rangeOf(out.from, out.to)
	if g.Model != nil {
		out.result = string(g.Model.Result)
	}
	if g.AST == nil {
		return out
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
		it.fixes = append(it.fixes, edit{from: f.Start, to: f.End, rng: res.lines.rangeOf(f.Start, f.End), text: f.Text})
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
