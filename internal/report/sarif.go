package report

import (
	"encoding/json"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/pgnc/pgnc/diag"
)

// SARIF output is one log of SARIF 2.1.0 (OASIS, Static Analysis Results
// Interchange Format), of one run: pgnc's rules, the codes of the catalog
// with their explanations, and a result for each diagnostic printed. It
// is written as the check goes: the head, with the rules, before the first
// result, each result as its game is reported, and the end by Summary, so
// that memory does not grow with the results. The records are the structs
// below, written by encoding/json: a SARIF library would bring a
// dependency for the few objects used here. Columns count characters
// (columnKind unicodeCodePoints), as pgnc's do, and each region gives its
// byte offsets too.

// sarifSchema is where the schema of SARIF 2.1.0 is published.
const sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

type sarifMessage struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Language       string      `json:"language,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string        `json:"id"`
	ShortDescription     sarifMessage  `json:"shortDescription"`
	FullDescription      *sarifMessage `json:"fullDescription,omitempty"`
	Help                 *sarifMessage `json:"help,omitempty"`
	DefaultConfiguration sarifConfig   `json:"defaultConfiguration"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

type sarifResult struct {
	RuleID     string          `json:"ruleId"`
	RuleIndex  int             `json:"ruleIndex"`
	Level      string          `json:"level"`
	Message    sarifMessage    `json:"message"`
	Locations  []sarifLocation `json:"locations"`
	Fixes      []sarifFix      `json:"fixes,omitempty"`
	Properties *sarifResultBag `json:"properties,omitempty"`
}

// sarifResultBag holds what a diagnostic carries for programs besides its
// fixes (docs/json.md): its game, and the position it is about.
type sarifResultBag struct {
	Game  int      `json:"game,omitempty"`
	FEN   string   `json:"fen,omitempty"`
	Legal []string `json:"legal,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

// sarifRegion is a span by line and column, 1-based, the end column that
// of the character after the span, and by byte offset and length in the
// whole file.
type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
	ByteOffset  int `json:"byteOffset"`
	ByteLength  int `json:"byteLength"`
}

type sarifFix struct {
	ArtifactChanges []sarifChange `json:"artifactChanges"`
	Properties      sarifFixBag   `json:"properties"`
}

// sarifFixBag says whether a fix is certain (diag.Fix.Certain).
type sarifFixBag struct {
	Certain bool `json:"certain"`
}

type sarifChange struct {
	ArtifactLocation sarifArtifact      `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion  `json:"deletedRegion"`
	InsertedContent sarifContent `json:"insertedContent"`
}

type sarifContent struct {
	Text string `json:"text"`
}

// sarifHead writes the log up to its first result: the tool and its rules.
func (r *Report) sarifHead() error {
	cat := r.opts.Codes.Catalog()
	driver := sarifDriver{Name: "pgnc", Version: r.opts.ToolVersion, InformationURI: "https://github.com/pgnc/pgnc", Language: cat.Language().String()}
	r.ruleIndex = map[diag.Code]int{}
	for i, e := range cat.Entries() {
		r.ruleIndex[e.Code] = i
		rule := sarifRule{ID: e.Code.String(), ShortDescription: sarifMessage{Text: e.Summary},
			DefaultConfiguration: sarifConfig{Level: sarifLevel(e.Severity)}}
		if x, _ := cat.Explain(e.Code); x.Code != 0 {
			rule.FullDescription = &sarifMessage{Text: x.Meaning}
			rule.Help = sarifHelp(x)
		}
		driver.Rules = append(driver.Rules, rule)
	}
	tool, err := json.Marshal(sarifTool{Driver: driver})
	if err != nil {
		return err
	}
	b := append([]byte(`{"$schema":"`+sarifSchema+`","version":"2.1.0","runs":[{"tool":`), tool...)
	b = append(b, `,"columnKind":"unicodeCodePoints","results":[`...)
	b = append(b, '\n')
	_, err = r.out.Write(b)
	r.started = true
	return err
}

// sarifHelp is a rule's help: its explanation, what it means, why it
// matters and the fix, with its example in Markdown.
func sarifHelp(x diag.Explanation) *sarifMessage {
	var text []string
	for _, s := range []string{x.Meaning, x.Why, x.Remedy} {
		if s != "" {
			text = append(text, s)
		}
	}
	h := &sarifMessage{Text: strings.Join(text, "\n\n")}
	h.Markdown = h.Text
	if x.Example != "" {
		h.Markdown += "\n\n```\n" + strings.TrimRight(x.Example, "\n") + "\n```"
	}
	return h
}

// sarifLevel is the SARIF level of a severity.
func sarifLevel(s diag.Severity) string {
	if s == diag.Warning {
		return "warning"
	}
	return "error"
}

// appendSARIF appends the result of l, with a comma before it unless it is
// the first, and a line break.
func (r *Report) appendSARIF(dst []byte, l diag.Located, isError bool) ([]byte, error) {
	cat := r.opts.Codes.Catalog()
	d := l.Diagnostic
	text := cat.Message(d)
	if hint := cat.Hint(d); hint != "" {
		text += "\n" + cat.Phrase("hint") + ": " + hint
	}
	uri := fileURI(l.File)
	level := "warning"
	if isError {
		level = "error"
	}
	res := sarifResult{RuleID: d.Code.String(), RuleIndex: r.ruleIndex[d.Code], Level: level, Message: sarifMessage{Text: text},
		Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{ArtifactLocation: sarifArtifact{URI: uri},
			Region: region(l.Pos, l.EndPos, l.Offset, l.EndOffset)}}}}
	if _, ok := r.ruleIndex[d.Code]; !ok {
		res.RuleIndex = -1 // a code the catalog lacks: ruleId alone names it
	}
	for _, x := range l.LocatedFixes {
		res.Fixes = append(res.Fixes, sarifFix{
			ArtifactChanges: []sarifChange{{ArtifactLocation: sarifArtifact{URI: uri}, Replacements: []sarifReplacement{{
				DeletedRegion: region(x.Pos, x.EndPos, x.Offset, x.EndOffset), InsertedContent: sarifContent{Text: x.Text}}}}},
			Properties: sarifFixBag{Certain: x.Certain}})
	}
	if d.Game != 0 || d.FEN != "" || len(d.Legal) > 0 {
		res.Properties = &sarifResultBag{Game: d.Game, FEN: d.FEN, Legal: d.Legal}
	}
	b, err := json.Marshal(res)
	if err != nil {
		return dst, err
	}
	if r.results > 0 {
		dst = append(dst, ',')
	}
	r.results++
	return append(append(dst, b...), '\n'), nil
}

// region is a SARIF region from positions and offsets; an end before its
// start, which no diagnostic has, is taken as the start.
func region(pos, end diag.Position, offset, endOffset int) sarifRegion {
	if end.Line < pos.Line || end.Line == pos.Line && end.Col < pos.Col {
		end = pos
	}
	return sarifRegion{StartLine: max(pos.Line, 1), StartColumn: max(pos.Col, 1), EndLine: max(end.Line, 1), EndColumn: max(end.Col, 1),
		ByteOffset: max(offset, 0), ByteLength: max(endOffset-offset, 0)}
}

// fileURI is the URI reference of a file name as pgnc prints it: its path
// with forward slashes, escaped as a URI needs ("<stdin>" is
// "%3Cstdin%3E").
func fileURI(name string) string {
	return (&url.URL{Path: filepath.ToSlash(name)}).String()
}

// sarifEnd ends the log, with its head when there were no results.
func (r *Report) sarifEnd() error {
	if !r.started {
		if err := r.sarifHead(); err != nil {
			return err
		}
	}
	_, err := r.out.Write([]byte("]}]}\n"))
	return err
}

// writeSARIF writes the result of l, after the log's head when it is the
// first.
func (r *Report) writeSARIF(l diag.Located, isError bool) error {
	if !r.started {
		if err := r.sarifHead(); err != nil {
			return err
		}
	}
	var err error
	if r.buf, err = r.appendSARIF(r.buf[:0], l, isError); err != nil {
		return err
	}
	_, err = r.out.Write(r.buf)
	return err
}
