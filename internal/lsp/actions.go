package lsp

import (
	"sort"
	"strings"

	"go.lsp.dev/protocol"
)

// fixAll is the kind of the action that applies every certain fix of a
// file: LSP's "source.fixAll", which editors may run on save.
const fixAll protocol.CodeActionKind = "source.fixAll"

// located is an item of a document with its chunk.
type located struct {
	c  *chunk
	it *item
}

// overlaps reports whether the ranges a and b share a position; an empty
// range overlaps a range it touches.
func overlaps(a, b protocol.Range) bool {
	return !before(a.End, b.Start) && !before(b.End, a.Start)
}

// before reports whether p comes before q.
func before(p, q protocol.Position) bool {
	return p.Line < q.Line || p.Line == q.Line && p.Character < q.Character
}

// codeActions returns a quick fix for each fix of the diagnostics in r,
// and one action that applies every certain fix of the document, as only
// allows (all kinds when it is empty).
func (s *Server) codeActions(d *document, r protocol.Range, only []protocol.CodeActionKind) []protocol.CodeAction {
	wants := func(kind protocol.CodeActionKind) bool {
		if len(only) == 0 {
			return true
		}
		for _, o := range only {
			if kind == o || strings.HasPrefix(string(kind), string(o)+".") {
				return true
			}
		}
		return false
	}
	msg := s.msg
	actions := []protocol.CodeAction{}
	var all []located
	for ci := d.chunkAtLine(int(r.Start.Line)); ci < len(d.chunks) && d.chunks[ci].line <= int(r.End.Line); ci++ {
		c := d.chunks[ci]
		for i := range c.res.items {
			it := &c.res.items[i]
			if len(it.fixes) == 0 || !overlaps(shift(it.lsp.Range, c.line), r) {
				continue
			}
			all = append(all, located{c, it})
		}
	}
	if wants(protocol.QuickFix) {
		for _, l := range all {
			diagnostic := l.it.lsp
			diagnostic.Range = shift(diagnostic.Range, l.c.line)
			for _, f := range l.it.fixes {
				written := l.c.text[f.from:f.to]
				title := msg.Sprintf("Replace %s with %s", written, f.text)
				if written == "" {
					title = msg.Sprintf("Insert %s", f.text)
				}
				actions = append(actions, protocol.CodeAction{
					Title:       title,
					Kind:        protocol.QuickFix,
					Diagnostics: []protocol.Diagnostic{diagnostic},
					IsPreferred: f.certain && len(l.it.fixes) == 1,
					Edit:        &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{d.uri: {{Range: shift(f.rng, l.c.line), NewText: f.text}}}},
				})
			}
		}
	}
	if wants(fixAll) {
		if edits := certainEdits(d); len(edits) > 0 {
			actions = append(actions, protocol.CodeAction{
				Title: msg.Sprintf("Fix every certain problem in the file (%d edits)", len(edits)),
				Kind:  fixAll,
				Edit:  &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{d.uri: edits}},
			})
		}
	}
	return actions
}

// certainEdits returns the fixes of the document's diagnostics that are
// certain (diag.Fix.Certain) and have one fix only, in order, without two that overlap (the
// first is kept: two diagnostics of one move, a missing check mark and a
// missing capture mark, both rewrite it to the same canonical SAN).
func certainEdits(d *document) []protocol.TextEdit {
	type abs struct {
		from, to int
		e        protocol.TextEdit
	}
	var edits []abs
	for _, c := range d.chunks {
		for _, it := range c.res.items {
			if len(it.fixes) != 1 || !it.fixes[0].certain {
				continue
			}
			f := it.fixes[0]
			edits = append(edits, abs{c.start + f.from, c.start + f.to, protocol.TextEdit{Range: shift(f.rng, c.line), NewText: f.text}})
		}
	}
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].from < edits[j].from })
	out := []protocol.TextEdit{}
	end, last := -1, abs{}
	for _, e := range edits {
		if e.from < end || len(out) > 0 && e == last {
			continue
		}
		out = append(out, e.e)
		end, last = e.to, e
	}
	return out
}

// format returns the edits that format the document as pgnc fmt does, or,
// with r, the games that r touches.
func (s *Server) format(d *document, r *protocol.Range) ([]protocol.TextEdit, error) {
	edits := []protocol.TextEdit{}
	if d == nil || s.opts.Format == nil {
		return edits, nil
	}
	from, to := 0, d.size
	if r != nil {
		lo, hi := d.chunkAtLine(int(r.Start.Line)), d.chunkAtLine(int(r.End.Line))
		if r.End.Character == 0 && r.End.Line > r.Start.Line && d.chunks[hi].line == int(r.End.Line) && hi > lo {
			hi-- // a range of whole lines ends before the chunk that starts its next line
		}
		from, to = d.chunks[lo].start, d.chunks[hi].end()
	}
	text := d.slice(from, to)
	formatted, err := s.opts.Format(text)
	if err != nil {
		return nil, err
	}
	if r != nil {
		// The games that follow keep the blank lines before them.
		formatted = strings.TrimRight(formatted, " \t\r\n") + text[len(strings.TrimRight(text, " \t\r\n")):]
	}
	if formatted == text {
		return edits, nil
	}
	// Only the text from the first difference to the last is replaced, so
	// that the cursor and marks elsewhere stay where they are.
	pre := 0
	for pre < len(text) && pre < len(formatted) && text[pre] == formatted[pre] {
		pre++
	}
	for pre > 0 && !utf8Start(text, pre) {
		pre--
	}
	suf := 0
	for suf < len(text)-pre && suf < len(formatted)-pre && text[len(text)-1-suf] == formatted[len(formatted)-1-suf] {
		suf++
	}
	for suf > 0 && !utf8Start(text, len(text)-suf) {
		suf--
	}
	edits = append(edits, protocol.TextEdit{Range: d.rangeOf(from+pre, to-suf), NewText: formatted[pre : len(formatted)-suf]})
	return edits, nil
}

// utf8Start reports whether off in s starts a character (or is its end).
func utf8Start(s string, off int) bool { return off >= len(s) || s[off]&0xC0 != 0x80 }

// symbols returns one symbol per game: "White – Black, Event, Result".
func (s *Server) symbols(d *document) []protocol.DocumentSymbol {
	out := []protocol.DocumentSymbol{}
	if d == nil {
		return out
	}
	msg, index := s.msg, 0
	for _, c := range d.chunks {
		for _, g := range c.res.games {
			index++
			white, black := g.tags.Tag("White"), g.tags.Tag("Black")
			name := orUnknown(white) + " – " + orUnknown(black)
			for _, part := range []string{g.tags.Tag("Event"), g.result} {
				if part != "" {
					name += ", " + part
				}
			}
			rng := shift(g.rng, c.line)
			out = append(out, protocol.DocumentSymbol{
				Name:           name,
				Detail:         msg.Sprintf("game %d", index),
				Kind:           protocol.SymbolKindNamespace,
				Range:          rng,
				SelectionRange: protocol.Range{Start: rng.Start, End: rng.Start},
			})
		}
	}
	return out
}

// orUnknown returns s, or "?" for "".
func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// folds returns a folding range for each game and each variation that
// spans several lines.
func folds(d *document) []protocol.FoldingRange {
	out := []protocol.FoldingRange{}
	if d == nil {
		return out
	}
	for _, c := range d.chunks {
		for _, g := range c.res.games {
			first := int(g.rng.Start.Line)
			last := int(c.res.lines.position(max(g.to-1, g.from)).Line)
			if last > first {
				out = append(out, protocol.FoldingRange{StartLine: uint32(c.line + first), EndLine: uint32(c.line + last), Kind: protocol.RegionFoldingRange})
			}
			for _, f := range g.folds {
				out = append(out, protocol.FoldingRange{StartLine: uint32(c.line + f[0]), EndLine: uint32(c.line + f[1]), Kind: protocol.RegionFoldingRange})
			}
		}
	}
	return out
}
