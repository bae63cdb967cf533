// Package report counts and prints the diagnostics of a check the way
// pgnc check does: each diagnostic in input order with the game it belongs
// to, then one summary line; or as JSON records, one SARIF 2.1.0 log
// (sarif.go), or GitHub Actions workflow commands (github.go). The pgnc command and pgnc-beam, which checks
// files on a cluster, both print through it, so that they print the same
// bytes for the same input.
package report

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/i18n"
	"github.com/pgnc/pgnc/internal/input"
	"github.com/pgnc/pgnc/internal/jsonstr"
	"github.com/pgnc/pgnc/model"
	"golang.org/x/text/language"
)

// Options say what to print.
type Options struct {
	JSON      bool  // one JSON object per diagnostic, and no summary
	MaxErrors int   // print no more errors than this (0: all); counting goes on
	Syntax    bool  // moves were not replayed: the summary leaves out plies
	Codes     Codes // --ignore and --warn-as-error
	// ErrorsOnly leaves warnings unprinted and uncounted as warnings
	// (pgnc check --severity error): HiddenWarnings counts them, and the
	// summary says how many there were.
	ErrorsOnly bool
	// Statistics prints, instead of the diagnostics, one line per code
	// (Summary): its count, severity and summary, most frequent first.
	Statistics bool
	// SARIF writes one SARIF 2.1.0 log instead of text (sarif.go), with
	// ToolVersion as pgnc's version; GitHub writes a workflow command of
	// GitHub Actions for each diagnostic (github.go), and the summary
	// line. JSON is false with either.
	SARIF, GitHub bool
	ToolVersion   string
	// Language is the language of the text (i18n.Supported); the zero Tag
	// is English. JSON keeps its field names and severities, and gives
	// messages and hints in it.
	Language language.Tag
}

// Report accumulates the counts of one check and prints its diagnostics.
type Report struct {
	opts Options
	out  io.Writer
	// The counts the summary gives. GamesWithErrors counts games with at
	// least one error, ErrorsOutside the errors that belong to no game
	// (text between games); Skipped the bytes that error recovery passed
	// over, Plies the main-line moves replayed. A diagnostic belongs to
	// the game whose text holds it, a fragment counted as a game included
	// (reader.Game), so Errors is the errors of the games and
	// ErrorsOutside together, and a game is with errors when it owns one.
	Files, Games, GamesWithErrors, Errors, ErrorsOutside, Warnings, Skipped, Plies int
	// HiddenWarnings counts the warnings that ErrorsOnly left out.
	HiddenWarnings int
	reported       int // errors printed, for MaxErrors
	print          *i18n.Printer
	buf            []byte // a diagnostic's text, reused
	perCode        map[diag.Code]int
	// For SARIF: whether the head is written, the index of each code's
	// rule, and the results written.
	started   bool
	ruleIndex map[diag.Code]int
	results   int
}

// New returns a Report that prints to out.
func New(out io.Writer, opts Options) *Report {
	r := &Report{opts: opts, out: out, print: i18n.New(opts.Language)}
	r.opts.Codes = opts.Codes.In(r.print.Diag)
	return r
}

// Game is one game's part of a check: Index 0 for text outside games.
type Game struct {
	Index  int         // 1-based in the file; 0 outside games
	Tags   []model.Tag // for the game's name: White and Black
	Plies  int
	Diags  diag.List
	Locate func(i int) diag.Located // resolves Diags[i], with its file name, to print it
	Skip   int                      // bytes skipped
	// Located, when Diags is nil, are the diagnostics resolved already
	// (pgn.Game.Diags), printed as they are but for Where.
	Located []diag.Located
}

// Game counts and prints the diagnostics of g, each as diag.Located's
// AppendText or AppendJSON prints it, text with its Where set to the
// game's (Where). It returns how many errors it counted, and the error of
// a failed write.
func (r *Report) Game(g Game) (int, error) {
	if g.Index > 0 {
		r.Games++
	}
	r.Skipped += g.Skip
	r.Plies += g.Plies
	errorsBefore := r.Errors
	counted := false
	where := "" // the game's name, worked out for its first diagnostic printed
	n := len(g.Diags)
	if g.Diags == nil {
		n = len(g.Located)
	}
	for i := range n {
		var d diag.Diagnostic
		if g.Diags != nil {
			d = g.Diags[i]
		} else {
			d = g.Located[i].Diagnostic
		}
		if !r.opts.Codes.Shown(d) {
			continue
		}
		isError := r.opts.Codes.IsError(d)
		if !isError && r.opts.ErrorsOnly {
			r.HiddenWarnings++
			continue
		}
		if r.opts.Statistics {
			r.count(d.Code)
		}
		if isError {
			r.Errors++
			if g.Index == 0 {
				r.ErrorsOutside++
			} else if !counted {
				counted = true
				r.GamesWithErrors++
			}
		} else {
			r.Warnings++
		}
		if r.opts.Statistics || r.opts.MaxErrors > 0 && r.reported >= r.opts.MaxErrors {
			continue
		}
		if isError {
			r.reported++
		}
		var l diag.Located
		if g.Diags != nil {
			l = g.Locate(i)
		} else {
			l = g.Located[i]
		}
		cat := r.opts.Codes.Catalog()
		if r.opts.SARIF {
			if err := r.writeSARIF(l, isError); err != nil {
				return r.Errors - errorsBefore, err
			}
			continue
		}
		if r.opts.GitHub {
			if where == "" {
				where = Where(cat, g.Index, g.Tags)
			}
			l.Where = where
			r.buf = appendGitHub(r.buf[:0], l, isError, cat)
		} else if r.opts.JSON {
			r.buf = l.AppendJSON(r.buf[:0], cat)
		} else {
			if where == "" {
				where = Where(cat, g.Index, g.Tags)
			}
			l.Where = where
			r.buf = l.AppendText(r.buf[:0], cat)
		}
		if _, err := r.out.Write(r.buf); err != nil {
			return r.Errors - errorsBefore, err
		}
	}
	return r.Errors - errorsBefore, nil
}

// NotPGN counts and prints an input that is not PGN text, with what it is
// and how to read it (input.NotPGNError): one error outside any game.
func (r *Report) NotPGN(name string, notPGN *input.NotPGNError) error {
	r.Files++
	r.Errors++
	r.ErrorsOutside++
	d := diag.Diagnostic{Code: diag.NotPGN, Args: []diag.Arg{diag.ValueArg("file", filepath.Base(name)), diag.PhraseArg("what", notPGN.What), diag.PhraseArg("fix", notPGN.Fix)}}
	if r.opts.Statistics {
		r.count(d.Code)
		return nil
	}
	l := diag.Locate(diag.NewFile(name, ""), d)
	switch {
	case r.opts.SARIF:
		return r.writeSARIF(l, true)
	case r.opts.GitHub:
		_, err := r.out.Write(appendGitHub(nil, l, true, r.opts.Codes.Catalog()))
		return err
	}
	if r.opts.JSON {
		return l.WriteJSON(r.out, r.opts.Codes.Catalog())
	}
	return l.WriteText(r.out, r.opts.Codes.Catalog())
}

// count counts a diagnostic of code for Statistics.
func (r *Report) count(code diag.Code) {
	if r.perCode == nil {
		r.perCode = map[diag.Code]int{}
	}
	r.perCode[code]++
}

// CodeCount is the number of diagnostics of one code that a check counted.
type CodeCount struct {
	Code     diag.Code
	Severity diag.Severity // as counted: --warn-as-error raises warnings
	Count    int
}

// CodeCounts returns, with Statistics, the count of each code reported,
// most frequent first and, among codes as frequent, by code.
func (r *Report) CodeCounts() []CodeCount {
	counts := make([]CodeCount, 0, len(r.perCode))
	for code, n := range r.perCode {
		counts = append(counts, CodeCount{Code: code, Severity: r.opts.Codes.Catalog().Lookup(code).Severity, Count: n})
	}
	sort.Slice(counts, func(i, j int) bool {
		if counts[i].Count != counts[j].Count {
			return counts[i].Count > counts[j].Count
		}
		return counts[i].Code < counts[j].Code
	})
	return counts
}

// statistics prints CodeCounts: for text one line per code, its count
// right-aligned, the code, the severity and the code's summary; for JSON one
// object per line, {"code", "severity", "count", "summary"}.
func (r *Report) statistics() error {
	cat := r.opts.Codes.Catalog()
	counts := r.CodeCounts()
	countWidth, severityWidth := 1, 1
	for _, c := range counts {
		countWidth = max(countWidth, len(strconv.Itoa(c.Count)))
		severityWidth = max(severityWidth, utf8.RuneCountInString(cat.SeverityName(c.Severity)))
	}
	var b []byte
	for _, c := range counts {
		summary := cat.Lookup(c.Code).Summary
		if r.opts.JSON {
			b = append(b, `{"code":"`...)
			b = append(b, c.Code.String()...)
			b = append(b, `","severity":"`...)
			b = append(b, c.Severity.String()...)
			b = append(b, `","count":`...)
			b = strconv.AppendInt(b, int64(c.Count), 10)
			b = append(b, `,"summary":`...)
			b = jsonstr.Append(b, summary)
			b = append(b, "}\n"...)
			continue
		}
		b = fmt.Appendf(b, "%*d  %s  %-*s  %s\n", countWidth, c.Count, c.Code, severityWidth, cat.SeverityName(c.Severity), summary)
	}
	_, err := r.out.Write(b)
	return err
}

// Summary prints, with Statistics, the count of each code
// (statistics); then, for text, the line saying how many errors
// --max-errors left unprinted and the summary line.
func (r *Report) Summary() error {
	if r.opts.Statistics {
		if err := r.statistics(); err != nil {
			return err
		}
	}
	if r.opts.SARIF {
		return r.sarifEnd()
	}
	if r.opts.JSON {
		return nil
	}
	p := r.print
	if hidden := r.Errors - r.reported; r.opts.MaxErrors > 0 && hidden > 0 && !r.opts.Statistics {
		if _, err := p.Fprintf(r.out, "stopped printing errors after --max-errors %d: %d more errors not shown\n", r.opts.MaxErrors, hidden); err != nil {
			return err
		}
	}
	replayed := "" // --syntax replays nothing
	if !r.opts.Syntax {
		replayed = p.Sprintf(", %d plies replayed", r.Plies)
	}
	errors := p.Sprintf("%d errors", r.Errors)
	if r.ErrorsOutside > 0 {
		errors += p.Sprintf(" (%d outside any game)", r.ErrorsOutside)
	}
	warnings := p.Sprintf("%d warnings", r.Warnings)
	if r.opts.ErrorsOnly {
		warnings = p.Sprintf("%d warnings not shown (--severity error)", r.HiddenWarnings)
	}
	_, err := p.Fprintf(r.out, "%s, %s (%d with errors)%s: %s, %s, %s skipped\n", p.Sprintf("%d files", r.Files), p.Sprintf("%d games", r.Games),
		r.GamesWithErrors, replayed, errors, warnings, p.Sprintf("%d bytes", r.Skipped))
	return err
}

// Where says where a diagnostic stands, in the language of cat: "in game
// 3 (White – Black)", or, for index 0, "outside any game". It is what
// diag.Located.Where holds in the text that pgnc check prints.
func Where(cat *diag.Catalog, index int, tags []model.Tag) string {
	if index == 0 {
		return cat.Render("outside any game")
	}
	return cat.Render("in game {game}", diag.ValueArg("game", GameName(index, tags)))
}

// GameName names a game for a reader: its index and players, as the tags
// give them, control characters and bytes that are not UTF-8 included.
// Text is to show it through diag.Printable, as diagnostics do (the
// line "in game N (White – Black)" is their first detail line).
func GameName(index int, tags []model.Tag) string {
	white, black := "?", "?"
	for _, t := range tags {
		switch t.Name {
		case "White":
			white = t.Value
		case "Black":
			black = t.Value
		}
	}
	return fmt.Sprintf("%d (%s – %s)", index, white, black)
}
