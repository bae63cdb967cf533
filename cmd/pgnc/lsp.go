package main

import (
	"context"
	"io"
	"strings"

	"github.com/pgnc/pgnc/export"
	"github.com/pgnc/pgnc/internal/lsp"
	"github.com/pgnc/pgnc/internal/report"
	"github.com/spf13/pflag"
)

// lspUsage is the key of lsp's usage in the catalogs of internal/i18n.
const lspUsage = "help.lsp"

// newLSPFlags returns the options of pgnc lsp.
func newLSPFlags(out io.Writer) *pflag.FlagSet {
	set := pflag.NewFlagSet("lsp", pflag.ContinueOnError)
	set.SetOutput(out)
	// Editors start language servers with --stdio; it is the only way
	// pgnc speaks, so the flag is accepted and changes nothing.
	set.Bool("stdio", false, msg.Sprintf("speak the protocol on standard input and output, as pgnc lsp always does; accepted for editors that pass it"))
	return set
}

// runLSP serves the protocol on standard input and output. lang is the
// --lang flag: it fixes the language; without it the client's locale
// chooses, and where the client sends none, the locale of the
// environment.
func runLSP(args []string, lang string, stdin io.Reader, stdout, stderr io.Writer) int {
	set := newLSPFlags(stderr)
	set.Usage = func() { printUsage(stdout, msg.Help(lspUsage), set) }
	if code, ok := parseFlags(set, "lsp", args, stderr); !ok {
		return code
	}
	if set.NArg() > 0 {
		msg.Fprintf(stderr, "pgnc lsp: takes no FILE; an editor starts it and sends the files it opens\n")
		return exitUsage
	}
	opts := lsp.Options{Format: formatText, DefaultLocale: msg.Language().String()}
	if lang != "" {
		opts.Locale = msg.Language().String()
	}
	if err := lsp.NewServer(opts).Serve(context.Background(), stdio{stdin, stdout}); err != nil {
		msg.Fprintf(stderr, "pgnc lsp: %v\n", err)
		return exitUsage
	}
	return exitClean
}

// formatText formats text as pgnc fmt formats a file with its default
// options: the same code, formatGames; a game with errors is left as it is.
func formatText(text string) (string, error) {
	var out strings.Builder
	_, err := formatStream("", strings.NewReader(text), &out, export.Options{Width: 79}, (&fmtFlags{}).readOptions(), report.Codes{}, io.Discard)
	return out.String(), err
}

// stdio is standard input and output as one stream.
type stdio struct {
	in  io.Reader
	out io.Writer
}

func (s stdio) Read(p []byte) (int, error)  { return s.in.Read(p) }
func (s stdio) Write(p []byte) (int, error) { return s.out.Write(p) }

// Close closes neither: the process ends after the server.
func (s stdio) Close() error { return nil }
