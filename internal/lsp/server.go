// Package lsp is pgnc's language server: it speaks the Language Server
// Protocol over a stream (pgnc lsp: standard input and output) and gives
// an editor pgnc's diagnostics as the text changes, their fixes as code
// actions, hovers on moves (the board after the move, its FEN, SAN and
// UCI, clock and evaluation) and on tag names (their meaning in the
// standard), formatting as pgnc fmt formats, one symbol per game and
// folding ranges per game and variation, in English or Spanish as the
// client's locale asks.
//
// The protocol's types and its JSON-RPC framing are those of
// go.lsp.dev/protocol v0.12.0 and go.lsp.dev/jsonrpc2 v0.10.0.
//
// A document is cut into chunks at the lines where games start (see
// document), each checked on its own and kept until its text changes: a
// keystroke re-checks one game, however large the file.
package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/pgnc/pgnc/internal/i18n"
	"github.com/pgnc/pgnc/internal/report"
)

// Options configure a Server.
type Options struct {
	// Format formats PGN text as pgnc fmt does; nil offers no formatting.
	Format func(text string) (string, error)
	// Locale, when not empty, is the language to speak whatever the
	// client's locale ("es"); otherwise the client's initialize request
	// chooses, and where it names none, DefaultLocale (English when
	// empty).
	Locale, DefaultLocale string
}

// Server is a language server for PGN files. Its methods run on the
// connection's reading goroutine one at a time, in the order the client
// sent them, so that it needs no locks.
type Server struct {
	opts     Options
	conn     jsonrpc2.Conn
	msg      *i18n.Printer
	docs     map[protocol.DocumentURI]*document
	shutdown bool
	exited   chan struct{} // closed on the exit notification
	// checked counts the chunks checked, for tests that an edit re-checks
	// only what it changed.
	checked int
}

// NewServer returns a server with the options.
func NewServer(opts Options) *Server {
	s := &Server{opts: opts, docs: map[protocol.DocumentURI]*document{}, exited: make(chan struct{})}
	s.setLocale(opts.Locale)
	if opts.Locale == "" {
		s.setLocale(opts.DefaultLocale)
	}
	return s
}

// setLocale chooses the language of the messages from a locale such as
// "es", "es-ES" or "en_US".
func (s *Server) setLocale(locale string) {
	s.msg = i18n.New(i18n.FromLocale(locale))
}

// Serve serves the protocol on rwc until the client sends exit or closes
// the stream.
func (s *Server) Serve(ctx context.Context, rwc io.ReadWriteCloser) error {
	s.conn = jsonrpc2.NewConn(jsonrpc2.NewStream(rwc))
	s.conn.Go(ctx, s.handle)
	select {
	case <-ctx.Done():
		s.conn.Close()
		return ctx.Err()
	case <-s.exited:
		return nil
	case <-s.conn.Done():
	}
	if err := s.conn.Err(); err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrClosedPipe) && !strings.Contains(err.Error(), "closed") {
		return err
	}
	return nil
}

// changeParams is DidChangeTextDocumentParams with the range of a change
// optional, as the protocol has it: a change without one replaces the
// whole text.
type changeParams struct {
	TextDocument   protocol.VersionedTextDocumentIdentifier `json:"textDocument"`
	ContentChanges []struct {
		Range *protocol.Range `json:"range,omitempty"`
		Text  string          `json:"text"`
	} `json:"contentChanges"`
}

// handle answers one request or notification.
func (s *Server) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
	decode := func(v any) bool {
		if err := json.Unmarshal(req.Params(), v); err != nil {
			reply(ctx, nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%v", err))
			return false
		}
		return true
	}
	switch req.Method() {
	case protocol.MethodInitialize:
		var p protocol.InitializeParams
		if !decode(&p) {
			return nil
		}
		if s.opts.Locale == "" && p.Locale != "" {
			s.setLocale(p.Locale)
		}
		return reply(ctx, s.initialize(), nil)
	case protocol.MethodInitialized:
		return nil
	case protocol.MethodShutdown:
		s.shutdown = true
		return reply(ctx, nil, nil)
	case protocol.MethodExit:
		close(s.exited)
		return nil
	case protocol.MethodTextDocumentDidOpen:
		var p protocol.DidOpenTextDocumentParams
		if !decode(&p) {
			return nil
		}
		d := &document{uri: p.TextDocument.URI, version: p.TextDocument.Version}
		d.open(p.TextDocument.Text, s.counted, s.checkWhole)
		s.docs[d.uri] = d
		return s.publish(ctx, d)
	case protocol.MethodTextDocumentDidChange:
		var p changeParams
		if !decode(&p) {
			return nil
		}
		d := s.docs[p.TextDocument.URI]
		if d == nil {
			return nil
		}
		for _, c := range p.ContentChanges {
			if c.Range == nil {
				d.open(c.Text, s.counted, s.checkWhole)
			} else {
				d.edit(*c.Range, c.Text, s.counted)
			}
		}
		d.version = p.TextDocument.Version
		return s.publish(ctx, d)
	case protocol.MethodTextDocumentDidClose:
		var p protocol.DidCloseTextDocumentParams
		if !decode(&p) {
			return nil
		}
		delete(s.docs, p.TextDocument.URI)
		return s.conn.Notify(ctx, protocol.MethodTextDocumentPublishDiagnostics, &protocol.PublishDiagnosticsParams{URI: p.TextDocument.URI, Diagnostics: []protocol.Diagnostic{}})
	case protocol.MethodTextDocumentDidSave:
		return nil
	case protocol.MethodTextDocumentHover:
		var p protocol.HoverParams
		if !decode(&p) {
			return nil
		}
		if d := s.docs[p.TextDocument.URI]; d != nil {
			if h := s.hover(d, p.Position); h != nil {
				return reply(ctx, h, nil)
			}
		}
		return reply(ctx, nil, nil)
	case protocol.MethodTextDocumentCodeAction:
		var p protocol.CodeActionParams
		if !decode(&p) {
			return nil
		}
		actions := []protocol.CodeAction{}
		if d := s.docs[p.TextDocument.URI]; d != nil {
			actions = s.codeActions(d, p.Range, p.Context.Only)
		}
		return reply(ctx, actions, nil)
	case protocol.MethodTextDocumentFormatting:
		var p protocol.DocumentFormattingParams
		if !decode(&p) {
			return nil
		}
		edits, err := s.format(s.docs[p.TextDocument.URI], nil)
		return reply(ctx, edits, err)
	case protocol.MethodTextDocumentRangeFormatting:
		var p protocol.DocumentRangeFormattingParams
		if !decode(&p) {
			return nil
		}
		edits, err := s.format(s.docs[p.TextDocument.URI], &p.Range)
		return reply(ctx, edits, err)
	case protocol.MethodTextDocumentDocumentSymbol:
		var p protocol.DocumentSymbolParams
		if !decode(&p) {
			return nil
		}
		return reply(ctx, s.symbols(s.docs[p.TextDocument.URI]), nil)
	case protocol.MethodTextDocumentFoldingRange:
		var p protocol.FoldingRangeParams
		if !decode(&p) {
			return nil
		}
		return reply(ctx, folds(s.docs[p.TextDocument.URI]), nil)
	}
	if _, isCall := req.(*jsonrpc2.Call); !isCall {
		return nil // notifications the server does not handle, such as $/cancelRequest
	}
	return jsonrpc2.MethodNotFoundHandler(ctx, reply, req)
}

// counted checks a chunk's text, counting it.
func (s *Server) counted(text string) *result {
	s.checked++
	return s.check(text)
}

// initialize returns the server's capabilities.
func (s *Server) initialize() *protocol.InitializeResult {
	caps := protocol.ServerCapabilities{
		TextDocumentSync: &protocol.TextDocumentSyncOptions{
			OpenClose: true,
			Change:    protocol.TextDocumentSyncKindIncremental,
		},
		HoverProvider:          true,
		CodeActionProvider:     &protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.QuickFix, fixAll}},
		DocumentSymbolProvider: true,
		FoldingRangeProvider:   true,
	}
	if s.opts.Format != nil {
		caps.DocumentFormattingProvider = true
		caps.DocumentRangeFormattingProvider = true
	}
	return &protocol.InitializeResult{
		Capabilities: caps,
		ServerInfo:   &protocol.ServerInfo{Name: "pgnc"},
	}
}

// publish sends the document's diagnostics, each with the first line of
// its game as related information: where an editor goes from a
// diagnostic to the game.
func (s *Server) publish(ctx context.Context, d *document) error {
	return s.conn.Notify(ctx, protocol.MethodTextDocumentPublishDiagnostics, &protocol.PublishDiagnosticsParams{
		URI: d.uri, Version: uint32(d.version), Diagnostics: s.diagnostics(d),
	})
}

// diagnostics returns the document's diagnostics in LSP form.
func (s *Server) diagnostics(d *document) []protocol.Diagnostic {
	out := []protocol.Diagnostic{}
	games := 0
	for _, c := range d.chunks {
		for _, it := range c.res.items {
			l := it.lsp
			l.Range = shift(l.Range, c.line)
			if it.game >= 0 {
				g := c.res.games[it.game]
				start := shift(g.rng, c.line).Start
				l.RelatedInformation = []protocol.DiagnosticRelatedInformation{{
					Location: protocol.Location{URI: d.uri, Range: protocol.Range{Start: start, End: start}},
					Message:  report.Where(s.msg.Diag, games+it.game+1, g.tags),
				}}
			}
			out = append(out, l)
		}
		games += len(c.res.games)
	}
	return out
}
