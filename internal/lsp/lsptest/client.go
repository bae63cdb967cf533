// Package lsptest is a language client for tests of pgnc's language
// server: it speaks to a server over in-process pipes, through the same
// JSON-RPC library, and collects the diagnostics the server publishes.
package lsptest

import (
	"context"
	"encoding/json"
	"io"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// pipe is one end of a pair of pipes as one stream.
type pipe struct {
	io.Reader
	io.WriteCloser
}

// Pipes returns the two ends of an in-process connection: the server's
// and the client's.
func Pipes() (server, client io.ReadWriteCloser) {
	sr, cw := io.Pipe()
	cr, sw := io.Pipe()
	return pipe{sr, sw}, pipe{cr, cw}
}

// Client is a language client.
type Client struct {
	t    testing.TB
	Conn jsonrpc2.Conn
	// Diagnostics receives each textDocument/publishDiagnostics.
	Diagnostics chan protocol.PublishDiagnosticsParams
}

// New starts a client on rwc.
func New(t testing.TB, rwc io.ReadWriteCloser) *Client {
	c := &Client{t: t, Conn: jsonrpc2.NewConn(jsonrpc2.NewStream(rwc)), Diagnostics: make(chan protocol.PublishDiagnosticsParams, 1000)}
	c.Conn.Go(context.Background(), func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		if req.Method() == protocol.MethodTextDocumentPublishDiagnostics {
			var p protocol.PublishDiagnosticsParams
			if err := json.Unmarshal(req.Params(), &p); err != nil {
				t.Errorf("publishDiagnostics: %v", err)
			}
			c.Diagnostics <- p
		}
		return reply(ctx, nil, nil)
	})
	return c
}

// Call sends a request and decodes its result into result.
func (c *Client) Call(method string, params, result any) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := c.Conn.Call(ctx, method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// Notify sends a notification.
func (c *Client) Notify(method string, params any) {
	c.t.Helper()
	if err := c.Conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// Wait returns the next diagnostics published.
func (c *Client) Wait() protocol.PublishDiagnosticsParams {
	c.t.Helper()
	select {
	case p := <-c.Diagnostics:
		return p
	case <-time.After(time.Minute):
		c.t.Fatal("no diagnostics published within a minute")
	}
	return protocol.PublishDiagnosticsParams{}
}

// Initialize sends initialize, in the locale, and initialized.
func (c *Client) Initialize(locale string) protocol.InitializeResult {
	c.t.Helper()
	var res protocol.InitializeResult
	c.Call(protocol.MethodInitialize, &protocol.InitializeParams{Locale: locale}, &res)
	c.Notify(protocol.MethodInitialized, &protocol.InitializedParams{})
	return res
}

// Open opens a document and returns its first diagnostics.
func (c *Client) Open(uri protocol.DocumentURI, text string) protocol.PublishDiagnosticsParams {
	c.t.Helper()
	c.Notify(protocol.MethodTextDocumentDidOpen, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "pgn", Version: 1, Text: text}})
	return c.Wait()
}

// Change sends one incremental change and returns the diagnostics it
// brings.
func (c *Client) Change(uri protocol.DocumentURI, version int32, r protocol.Range, text string) protocol.PublishDiagnosticsParams {
	c.t.Helper()
	c.Notify(protocol.MethodTextDocumentDidChange, &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri}, Version: version},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{{Range: r, Text: text}},
	})
	return c.Wait()
}

// Close sends shutdown and exit and closes the connection.
func (c *Client) Close() {
	c.t.Helper()
	c.Call(protocol.MethodShutdown, nil, nil)
	c.Notify(protocol.MethodExit, nil)
	c.Conn.Close()
}
