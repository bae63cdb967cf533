package main

import (
	"errors"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/i18n"
	"github.com/pgnc/pgnc/internal/report"
	"github.com/spf13/pflag"
	"golang.org/x/text/language"
)

// defaultCodes keeps every code at the severity of the catalog.
var defaultCodes report.Codes

// codeFlags are --ignore and --warn-as-error on a command's flag set.
type codeFlags struct{ ignore, warnAsError string }

func (f *codeFlags) add(set *pflag.FlagSet) {
	set.StringVar(&f.ignore, "ignore", "", msg.Sprintf("comma-separated codes (PGN304 or 304) to leave out: not printed, not counted"))
	set.StringVar(&f.warnAsError, "warn-as-error", "", msg.Sprintf("comma-separated warning codes to report, count and fail on as errors"))
}

// policy reads the flags; the codes speak the language of the run.
func (f *codeFlags) policy() (report.Codes, error) {
	codes, err := report.ParseCodes(f.ignore, f.warnAsError)
	var unknown *report.UnknownCodeError
	if errors.As(err, &unknown) {
		return codes, msg.Errorf("%s: unknown diagnostic code %q ('pgnc help codes' lists them)", unknown.Flag, unknown.Code)
	}
	return codes.In(msg.Diag), err
}

// explainUsage and codesUsage are the keys of the usage of pgnc explain
// and of the text that heads pgnc help codes in the catalogs of
// internal/i18n.
const (
	explainUsage = "help.explain"
	codesUsage   = "help.codes"
)

// printCodes prints pgnc help codes: every code of the catalog of the run
// with its severity and summary, in aligned columns.
func printCodes(w io.Writer) {
	cat := msg.Diag
	width := 0
	for _, s := range []diag.Severity{diag.Error, diag.Warning} {
		width = max(width, utf8.RuneCountInString(cat.SeverityName(s)))
	}
	var b strings.Builder
	b.WriteString(msg.Help(codesUsage))
	for _, e := range cat.Entries() {
		name := cat.SeverityName(e.Severity)
		b.WriteString("\t" + e.Code.String() + "  " + name + strings.Repeat(" ", width-utf8.RuneCountInString(name)) + "  " + e.Summary + "\n")
	}
	b.WriteString("\n" + msg.Sprintf("Run 'pgnc explain CODE' for what a code means, an example and the fix.") + "\n")
	io.WriteString(w, b.String())
}

// parseCode reads a diagnostic code written PGN304, pgn304 or 304.
func parseCode(s string) (diag.Code, bool) {
	n, err := strconv.Atoi(strings.TrimPrefix(strings.ToUpper(strings.TrimSpace(s)), "PGN"))
	if err != nil || n <= 0 || n > 999 || !diag.English.Has(diag.Code(n)) {
		return 0, false
	}
	return diag.Code(n), true
}

// runExplain is pgnc explain CODE...: for each code, what it means, why it
// matters, an example that pgnc check reports it on, and the fix.
func runExplain(args []string, stdout, stderr io.Writer) int {
	set := pflag.NewFlagSet("explain", pflag.ContinueOnError)
	set.SetOutput(stderr)
	set.Usage = func() { printUsage(stdout, msg.Help(explainUsage), nil) }
	if code, ok := parseFlags(set, "explain", args, stderr); !ok {
		return code
	}
	if set.NArg() == 0 {
		msg.Fprintf(stderr, "pgnc explain: name a diagnostic code, e.g. pgnc explain PGN304 ('pgnc help codes' lists them)\n")
		return exitUsage
	}
	var codes []diag.Code
	for _, arg := range set.Args() {
		code, ok := parseCode(arg)
		if !ok {
			msg.Fprintf(stderr, "pgnc explain: unknown diagnostic code %q ('pgnc help codes' lists them)\n", diag.Printable(arg))
			return exitUsage
		}
		codes = append(codes, code)
	}
	var b strings.Builder
	for i, code := range codes {
		if i > 0 {
			b.WriteString("\n")
		}
		writeExplanation(&b, code)
	}
	io.WriteString(stdout, b.String())
	return exitClean
}

// explainWidth is the width that pgnc explain fills its paragraphs to.
const explainWidth = 76

// writeExplanation writes the explanation of code in the language of the
// run, or in English, with a note that says so, when it has none.
func writeExplanation(b *strings.Builder, code diag.Code) {
	cat := msg.Diag
	entry := cat.Lookup(code)
	e, translated := cat.Explain(code)
	b.WriteString(code.String() + " (" + cat.SeverityName(entry.Severity) + "): " + entry.Summary + "\n\n")
	msg := msg
	if !translated && msg.Language() != language.English {
		b.WriteString(wrap(msg.Sprintf("(This explanation has not been translated; it follows in English.)"), explainWidth) + "\n\n")
		msg = i18n.New(language.English) // the headings go with the text
	}
	b.WriteString(wrap(e.Meaning, explainWidth) + "\n\n")
	b.WriteString(wrap(msg.Sprintf("Why it matters:")+" "+e.Why, explainWidth) + "\n\n")
	switch {
	case e.Example == "":
		b.WriteString(wrap(msg.Sprintf("Example:")+" "+e.NoExample, explainWidth) + "\n\n")
	default:
		head := msg.Sprintf("Example")
		if e.Command != "" {
			head += " (" + e.Command + ")"
		}
		if e.Encoding != "" {
			head += ", " + msg.Sprintf("saved as %s", e.Encoding)
		}
		b.WriteString(head + ":\n\n")
		for _, line := range strings.Split(strings.TrimSuffix(e.Example, "\n"), "\n") {
			line = strings.ReplaceAll(diag.Printable(line), "\uFEFF", `\ufeff`) // invisible, and not escaped by Printable
			b.WriteString(strings.TrimRight("    "+line, " ") + "\n")
		}
		b.WriteString("\n")
	}
	b.WriteString(wrap(msg.Sprintf("Fix:")+" "+e.Remedy, explainWidth) + "\n")
}

// wrap fills text, words separated by spaces, into lines of at most width
// characters; a longer word gets a line of its own.
func wrap(text string, width int) string {
	var b strings.Builder
	line := 0
	for _, word := range strings.Fields(text) {
		n := utf8.RuneCountInString(word)
		switch {
		case line == 0:
		case line+1+n > width:
			b.WriteByte('\n')
			line = 0
		default:
			b.WriteByte(' ')
			line++
		}
		b.WriteString(word)
		line += n
	}
	return b.String()
}
