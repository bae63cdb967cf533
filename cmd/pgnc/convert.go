package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/export"
	"github.com/pgnc/pgnc/internal/input"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/internal/report"
	"github.com/pgnc/pgnc/model"
	"github.com/pgnc/pgnc/san"
	"github.com/spf13/pflag"
)

// convertUsage is the key of convert's usage in the catalogs of internal/i18n.
const convertUsage = "help.convert"

type convertFlags struct {
	set      *pflag.FlagSet
	to       string
	from     string
	final    bool
	jobs     int
	quiet    bool
	encoding encodingFlag
	spelling spellingFlags
	codes    codeFlags
	eco      bool
}

func newConvertFlags(out io.Writer) *convertFlags {
	f := &convertFlags{set: pflag.NewFlagSet("convert", pflag.ContinueOnError)}
	f.set.SetOutput(out)
	f.set.StringVar(&f.to, "to", "", msg.Sprintf("output format: json, ndjson, uci, san, fen, epd or pgn"))
	f.set.StringVar(&f.from, "from", "pgn", msg.Sprintf("input format: pgn or json (json reads json and ndjson)"))
	f.set.BoolVar(&f.final, "final", false, msg.Sprintf("fen, epd: only the final position of each game"))
	f.set.BoolVar(&f.eco, "eco", false, msg.Sprintf("pgn, json, ndjson: add or correct the ECO and Opening tags, named by position from the lichess opening names; json and ndjson also get an \"opening\" field"))
	addJobsFlag(f.set, &f.jobs, msg.Sprintf("read with this many goroutines (at least 1; more than 4 per core counts as 4 per core); the output order stays that of the input"))
	f.set.BoolVarP(&f.quiet, "quiet", "q", false, msg.Sprintf("no progress bar (it shows only when standard error is a terminal)"))
	addEncodingFlag(f.set, &f.encoding)
	f.spelling.add(f.set)
	f.codes.add(f.set)
	return f
}

var convertFormats = map[string]bool{"json": true, "ndjson": true, "uci": true, "san": true, "fen": true, "epd": true, "pgn": true}

func runConvert(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newConvertFlags(stderr)
	flags.set.Usage = func() {
		printUsage(stdout, msg.Help(convertUsage), flags.set)
	}
	if code, ok := parseFlags(flags.set, "convert", args, stderr); !ok {
		return code
	}
	args = inputArgs(flags.set.Args(), stdin)
	switch {
	case !convertFormats[flags.to]:
		msg.Fprintf(stderr, "pgnc convert: --to %q is not one of json, ndjson, uci, san, fen, epd, pgn\n", flags.to)
		return exitUsage
	case flags.from != "pgn" && flags.from != "json":
		msg.Fprintf(stderr, "pgnc convert: --from %q is not pgn or json\n", flags.from)
		return exitUsage
	case len(args) == 0:
		msg.Fprintf(stderr, "pgnc convert: no input files (use - for standard input)\n")
		return exitUsage
	case !jobsValid("convert", &flags.jobs, stderr):
		return exitUsage
	}
	codes, err := flags.codes.policy()
	if err != nil {
		msg.Fprintf(stderr, "pgnc convert: %v\n", err)
		return exitUsage
	}
	progress := newProgress(stderr, flags.quiet)
	defer progress.finish()
	stdout, stderr, _ = progress.writers(stdout, stderr)
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	w := &converter{to: flags.to, final: flags.final, out: out, jobs: flags.jobs, encoding: flags.encoding.enc, letters: flags.encoding.letters.lang, codes: codes, spelling: flags.spelling, progress: progress, eco: flags.eco}
	if flags.to == "json" {
		out.WriteString(`{"games":[`)
	}
	code := exitClean
	for _, arg := range args {
		eachInput(arg, stdin, openOptions{jobs: flags.jobs, progress: progress, stderr: stderr}, func(in *input.Source, err error) {
			if err != nil {
				progress.finish()
				msg.Fprintf(stderr, "pgnc: %v\n", err)
				code = exitUsage
				return
			}
			defer in.Close()
			var failed bool
			if flags.from == "json" {
				failed, err = w.fromJSON(in, in.Name, stderr)
			} else {
				failed, err = w.fromPGN(in, in.Name, stderr)
			}
			if err != nil {
				progress.finish()
				msg.Fprintf(stderr, "pgnc: %s: %v\n", diag.Printable(in.Name), err)
				code = exitUsage
			} else if failed && code == exitClean {
				code = exitProblems
			}
		})
	}
	if flags.to == "json" {
		out.WriteString("]}\n")
	}
	return code
}

// converter writes games in one output format.
type converter struct {
	to       string
	final    bool
	jobs     int
	encoding parser.Encoding
	letters  *san.Language
	spelling spellingFlags // --write-letters, --figurine: san and pgn
	codes    report.Codes  // --ignore and --warn-as-error
	out      *bufio.Writer
	games    int
	progress *progress // nil unless standard error is a terminal
	eco      bool      // --eco: ECO and Opening tags, and the JSON "opening" field
}

// fromPGN streams the games of r. It reports whether some game had errors.
// The games are rendered on the reader's workers (reader.Options.Prepare),
// which reuse the memory of trees and models, and written here, in order.
func (w *converter) fromPGN(r io.Reader, name string, stderr io.Writer) (bool, error) {
	prepare := func(g *reader.Game) []byte {
		if g.AST.Parts > 0 {
			g.Diags = append(g.Diags, tooLong(g))
		}
		if !convertible(g) {
			return w.renderFailed(g)
		}
		return w.render(g.Model, g.File.Base())
	}
	rd := reader.New(r, name, reader.Options{Model: true, ReuseMemory: true, Workers: w.jobs, Encoding: w.encoding, Language: w.letters, Prepare: prepare, Catalog: msg.Diag,
		InParts: true, PartSize: wholeGameLimit})
	defer rd.Close()
	failed := false
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return failed, nil
		}
		if err != nil {
			return failed, err
		}
		errs := 0
		for _, d := range g.Diags {
			if w.codes.IsError(d) || d.Code == diag.TooLong {
				diag.WriteText(stderr, g.File, d, w.codes.Catalog())
				failed = true
				errs++
			}
		}
		if g.Index > 0 {
			w.progress.game(errs)
			w.write(g.Index, g.Prepared)
			giveBuffer(g.Prepared)
		}
	}
}

// fromJSON reads the games of r, named name: documents {"games": [GAME,
// …]}, lines of GAMEs (ndjson), or both, one after the other. Every game
// gets its record or its error, in order, and one that is not valid never
// stops the next: each problem is reported on stderr, positioned at the
// value at fault, and the game gets the record of a failed game
// (failedRecord). It reports whether some game had problems; its error is
// a failure to read r, or input that is not JSON at all (its first byte
// that is not white space is no "{").
func (w *converter) fromJSON(r io.Reader, name string, stderr io.Writer) (failed bool, err error) {
	rd := &jsonReader{w: w, name: name, stderr: stderr}
	s := &jsonScanner{r: bufio.NewReaderSize(r, 1<<16)}
	for {
		rec, err := s.next()
		if err == io.EOF {
			return rd.failed, nil
		}
		if err != nil {
			return rd.failed, err
		}
		if rec.broken != "" {
			rd.ordinal++
			at := len(bytes.TrimRight(rec.text, " \t\r\n")) // where it was cut
			if rec.text[0] != '{' {
				at = 0 // where the object should have started
			}
			rd.fail(rd.report(rec, at, rec.where(), msg.Sprintf("not JSON: %s", rec.broken)), nil, [2]int{})
			continue
		}
		if rec.document {
			rd.document(rec)
			continue
		}
		rd.game(rec, rec.text, 0, rec.where())
	}
}

// jsonReader converts the records of one JSON input.
type jsonReader struct {
	w       *converter
	name    string
	stderr  io.Writer
	ordinal int // games met so far, the index of a game that has none
	failed  bool
}

// report writes one problem of rec, at byte at of its text, to stderr,
// and returns the line it wrote, less the newline.
func (rd *jsonReader) report(rec *jsonRecord, at int, where, problem string) string {
	line, col := rec.position(at)
	text := msg.Sprintf("%s:%d:%d: error: %s: %s", rd.name, line, col, where, problem)
	io.WriteString(rd.stderr, text+"\n")
	return text
}

// fail writes the record of a game that cannot be converted, with the
// first problem found in it.
func (rd *jsonReader) fail(message string, tags []model.Tag, span [2]int) {
	rd.failed = true
	rd.w.progress.game(1)
	rd.w.write(rd.ordinal, rd.w.failedRecord(message, tags, span[0], span[1], ""))
}

// document converts the games of rec, an object with a "games" field.
// An element that is not JSON ends it: the elements after it cannot be
// told apart.
func (rd *jsonReader) document(rec *jsonRecord) {
	dec := json.NewDecoder(bytes.NewReader(rec.text))
	syntax := func(err error, where string) {
		at := int(dec.InputOffset())
		var se *json.SyntaxError
		if errors.As(err, &se) {
			at = int(se.Offset)
		}
		rd.ordinal++
		rd.fail(rd.report(rec, at, where, msg.Sprintf("not JSON: %s; the rest of the document is not read", strings.TrimPrefix(err.Error(), "json: "))), nil, [2]int{})
	}
	if _, err := dec.Token(); err != nil { // "{"
		syntax(err, rec.where())
		return
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			syntax(err, rec.where())
			return
		}
		at := valueStart(rec.text, dec.InputOffset())
		if key != "games" {
			rd.failed = true
			rd.report(rec, at, rec.where(), msg.Sprintf("field %q: a document holds \"games\" alone", key))
			if err := skipValue(dec); err != nil {
				syntax(err, rec.where())
				return
			}
			continue
		}
		if tok, err := dec.Token(); err != nil {
			syntax(err, rec.where())
			return
		} else if tok == nil {
			continue // "games": null, no games
		} else if tok != json.Delim('[') {
			rd.failed = true
			rd.report(rec, at, rec.where(), msg.Sprintf("\"games\" is not an array"))
			if d, ok := tok.(json.Delim); ok && (d == '{') {
				if err := skipRest(dec); err != nil {
					syntax(err, rec.where())
					return
				}
			}
			continue
		}
		for k := 0; dec.More(); k++ {
			where := "games[" + strconv.Itoa(k) + "]"
			from := valueStart(rec.text, dec.InputOffset())
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				syntax(err, where)
				return
			}
			rd.game(rec, raw, from, where)
		}
		if _, err := dec.Token(); err != nil { // "]"
			syntax(err, rec.where())
			return
		}
	}
}

// game converts one game, raw, which starts at byte base of rec.
func (rd *jsonReader) game(rec *jsonRecord, raw []byte, base int, where string) {
	rd.ordinal++
	var j export.JSONGame
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		at, problem := decodeProblem(raw, err)
		if j.Index > 0 {
			rd.ordinal = j.Index
		}
		rd.fail(rd.report(rec, base+at, where, problem), jsonTags(j), j.Span)
		return
	}
	if j.Index > 0 {
		rd.ordinal = j.Index
	} else {
		j.Index = rd.ordinal
	}
	if j.Error != "" {
		// The record of a game that was not converted from its PGN.
		rd.report(rec, base+locate(raw, []any{"error"}), where, msg.Sprintf("a game that was not converted: %s", j.Error))
		rd.failed = true
		rd.w.progress.game(1)
		rd.w.write(j.Index, rd.w.failedRecord(j.Error, jsonTags(j), j.Span[0], j.Span[1], ""))
		return
	}
	g, err := export.FromJSON(j)
	if err != nil {
		var je *export.JSONError
		if !errors.As(err, &je) {
			rd.fail(rd.report(rec, base, where, err.Error()), jsonTags(j), j.Span)
			return
		}
		first := ""
		for i, p := range je.Problems {
			text := rd.report(rec, base+locate(raw, p.Path), where, p.String())
			if i == 0 {
				first = text
			}
		}
		if g == nil {
			rd.fail(first, jsonTags(j), j.Span)
			return
		}
		rd.failed = true // errors in the tags alone, as convert reports them for PGN
		rd.w.progress.game(len(je.Problems))
	} else {
		rd.w.progress.game(0)
	}
	text := rd.w.render(g, 0)
	rd.w.write(g.Index, text)
	giveBuffer(text)
}

// jsonTags returns the tags of a game's JSON form: tag_list, or else the
// tags object by name.
func jsonTags(j export.JSONGame) []model.Tag {
	var tags []model.Tag
	for _, t := range j.TagList {
		tags = append(tags, model.Tag{Name: t.Name, Value: t.Value})
	}
	if j.TagList == nil {
		for _, name := range slices.Sorted(maps.Keys(j.Tags)) {
			tags = append(tags, model.Tag{Name: name, Value: j.Tags[name]})
		}
	}
	return tags
}

// decodeProblem returns where in raw the decoding error err is, and what
// it is.
func decodeProblem(raw []byte, err error) (at int, problem string) {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return int(se.Offset), msg.Sprintf("not JSON: %s", se.Error())
	case errors.As(err, &te):
		// The offset is the end of the value: back to its start, and its
		// path with the array indexes that te.Field leaves out.
		at := min(max(int(te.Offset), 0), len(raw))
		for at > 0 && strings.IndexByte(",:[{", raw[at-1]) < 0 {
			at--
		}
		at = valueStart(raw, int64(at))
		return at, msg.Sprintf("%s: %s where %s belongs", pathAt(raw, at), te.Value, jsonKind(te.Type))
	case errors.Is(err, io.ErrUnexpectedEOF):
		return len(raw), msg.Sprintf("not JSON: %s", err.Error())
	}
	text := strings.TrimPrefix(err.Error(), "json: ")
	if field, ok := strings.CutPrefix(text, "unknown field "); ok {
		// encoding/json names the field but not where it is: its first
		// occurrence as a key.
		if i := bytes.Index(raw, []byte(field+":")); i >= 0 {
			return i, msg.Sprintf("unknown field %s", field)
		}
		return 0, msg.Sprintf("unknown field %s", field)
	}
	return 0, text
}

// jsonKind names the JSON type that a Go type is decoded from, as
// encoding/json names the type of a value.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "bool"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "integer"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Slice, reflect.Array:
		return "array"
	}
	return "object"
}

// locate returns the byte offset in raw, a JSON object, of the value that
// path leads to (field names and array indexes), or of the deepest part of
// it that is there.
func locate(raw []byte, path []any) int {
	dec := json.NewDecoder(bytes.NewReader(raw))
	at := 0
	for _, step := range path {
		if _, err := dec.Token(); err != nil { // the container's "{" or "["
			return at
		}
		found := false
		for i := 0; !found && dec.More(); i++ {
			if name, ok := step.(string); ok {
				key, err := dec.Token()
				if err != nil {
					return at
				}
				found = key == name
			} else {
				found = i == step
			}
			if found {
				at = valueStart(raw, dec.InputOffset())
			} else if skipValue(dec) != nil {
				return at
			}
		}
		if !found {
			return at
		}
	}
	return at
}

// pathAt returns the path, as export.JSONProblem.Where writes it, of the
// last value of raw, a JSON object, that starts at or before byte at.
func pathAt(raw []byte, at int) string {
	type frame struct {
		object, wantKey bool
		key             string // the key of the value being read, in an object
		next            int    // the index of the next value, in an array
		step            any    // the frame's own place in its container
	}
	var stack []frame
	var path []any
	dec := json.NewDecoder(bytes.NewReader(raw))
	for {
		start := valueStart(raw, dec.InputOffset())
		tok, err := dec.Token()
		if err != nil || start > at {
			break
		}
		d, isDelim := tok.(json.Delim)
		var top *frame
		if len(stack) > 0 {
			top = &stack[len(stack)-1]
		}
		switch {
		case isDelim && (d == '}' || d == ']'):
			stack = stack[:len(stack)-1]
			continue
		case top != nil && top.wantKey:
			top.key, top.wantKey = fmt.Sprint(tok), false
			continue
		}
		// A value: its path is its container's and its place in it.
		var step any
		if top != nil {
			if top.object {
				step, top.wantKey = top.key, true
			} else {
				step, top.next = top.next, top.next+1
			}
		}
		path = path[:0]
		for _, f := range stack {
			if f.step != nil {
				path = append(path, f.step)
			}
		}
		if step != nil {
			path = append(path, step)
		}
		if isDelim {
			stack = append(stack, frame{object: d == '{', wantKey: d == '{', step: step})
		}
	}
	if len(path) == 0 {
		return "."
	}
	return export.JSONProblem{Path: path}.Where()
}

// valueStart returns where the value after offset off of text starts,
// past white space and the "," or ":" before it.
func valueStart(text []byte, off int64) int {
	i := int(off)
	for i < len(text) && strings.IndexByte(" \t\r\n,:", text[i]) >= 0 {
		i++
	}
	return i
}

// skipValue reads the next value of dec.
func skipValue(dec *json.Decoder) error {
	var v json.RawMessage
	return dec.Decode(&v)
}

// skipRest reads the rest of the object or array whose opening dec has
// just read.
func skipRest(dec *json.Decoder) error {
	for depth := 1; depth > 0; {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		if d, ok := tok.(json.Delim); ok {
			if d == '{' || d == '[' {
				depth++
			} else {
				depth--
			}
		}
	}
	return nil
}

// jsonRecord is one top-level value of a JSON input.
type jsonRecord struct {
	text      []byte
	line, col int  // where it starts: 1-based line, and column in characters
	document  bool // an object with a "games" field
	// broken, when not "", says why text is not a whole JSON value (in
	// the printer's language): the
	// scanner cut it where a new record starts, so that a line of ndjson
	// cut short does not swallow the next.
	broken string
}

// where names the record in messages: by its line.
func (rec *jsonRecord) where() string { return msg.Sprintf("line %d", rec.line) }

// position returns the line and column (in characters, 1-based) of byte at
// of the record's text.
func (rec *jsonRecord) position(at int) (line, col int) {
	at = min(max(at, 0), len(rec.text))
	before := rec.text[:at]
	nl := bytes.LastIndexByte(before, '\n')
	if nl < 0 {
		return rec.line, rec.col + utf8.RuneCount(before)
	}
	return rec.line + bytes.Count(before, []byte{'\n'}), utf8.RuneCount(before[nl+1:]) + 1
}

// jsonScanner cuts a JSON input into its top-level values without decoding
// them, a line at a time. A value ends where its braces balance; it is cut
// short, as a broken record, at a line break inside a string (which JSON
// strings cannot hold), at a "{" in column 1 that is not an element of an
// open array (ndjson's next record), and at the end of the input.
type jsonScanner struct {
	r       *bufio.Reader
	cur     []byte // the current line, its line break included
	pos     int    // the next byte of cur to scan
	line    int    // the 1-based number of cur
	eof     bool   // cur is the last line
	started bool   // a value was found: the input is JSON
}

// errNotJSON is the error of an input whose first value is no JSON object.
type errNotJSON struct {
	line, col int
	first     string
}

func (e *errNotJSON) Error() string {
	return msg.Sprintf("%d:%d: not JSON: %q where a JSON object starts; convert --from json reads {\"games\": [...]} or one game object a line", e.line, e.col, e.first)
}

// readLine moves on to the next line, in new memory (a record's text may
// be a piece of the line before); io.EOF when there is none.
func (s *jsonScanner) readLine() error {
	if s.eof {
		return io.EOF
	}
	line, err := s.r.ReadBytes('\n')
	if err == io.EOF {
		s.eof = true
		if len(line) == 0 {
			return io.EOF
		}
	} else if err != nil {
		return err
	}
	s.cur, s.pos, s.line = line, 0, s.line+1
	return nil
}

// next returns the next top-level value, io.EOF at the end, or the error
// of the input.
func (s *jsonScanner) next() (*jsonRecord, error) {
	for { // white space, and a byte order mark at the start
		if s.pos >= len(s.cur) {
			if err := s.readLine(); err != nil {
				return nil, err
			}
			if s.line == 1 && bytes.HasPrefix(s.cur, []byte("\xEF\xBB\xBF")) {
				s.pos = 3
			}
			continue
		}
		if b := s.cur[s.pos]; b != ' ' && b != '\t' && b != '\r' && b != '\n' {
			break
		}
		s.pos++
	}
	rec := &jsonRecord{line: s.line, col: utf8.RuneCount(s.cur[:s.pos]) + 1}
	if s.cur[s.pos] != '{' {
		rest := bytes.TrimRight(s.cur[s.pos:], "\r\n")
		if !s.started {
			return nil, &errNotJSON{rec.line, rec.col, string(rest[:min(len(rest), 16)])}
		}
		// Not a record: the rest of the line.
		rec.text, s.pos = rest, len(s.cur)
		rec.broken = msg.Sprintf("a JSON object starts with {")
		return rec, nil
	}
	s.started = true
	inString, escaped, key := false, false, -1
	var open []byte // the objects and arrays open, innermost last
	last := byte(0) // the last byte outside strings that is not white space
	from := s.pos   // where the part of the value on this line starts
	for {
		for ; s.pos < len(s.cur); s.pos++ {
			b := s.cur[s.pos]
			if inString {
				switch {
				case escaped:
					escaped = false
				case b == '\\':
					escaped = true
				case b == '"':
					inString = false
					if key >= 0 && string(s.cur[key:s.pos]) == `"games` {
						rec.document = true
					}
					key, last = -1, b
				case b == '\n':
					rec.text = append(rec.text, s.cur[from:s.pos]...)
					rec.broken = msg.Sprintf("a string runs past the end of its line")
					return rec, nil
				}
				continue
			}
			switch b {
			case '"':
				inString = true
				if len(open) == 1 && (last == '{' || last == ',') {
					key = s.pos
				}
			case '{', '[':
				if b == '{' && s.pos == 0 && rec.text != nil && !(open[len(open)-1] == '[' && (last == '[' || last == ',')) {
					// Only an element of an array may start in column 1.
					rec.broken = msg.Sprintf("the object is not closed before the next line starts another")
					return rec, nil
				}
				open = append(open, b)
				last = b
			case '}', ']':
				open = open[:len(open)-1]
				last = b
				if len(open) == 0 {
					s.pos++
					if rec.text == nil {
						rec.text = s.cur[from:s.pos] // the line is new memory
					} else {
						rec.text = append(rec.text, s.cur[from:s.pos]...)
					}
					return rec, nil
				}
			case ' ', '\t', '\r', '\n':
			default:
				last = b
			}
		}
		rec.text = append(rec.text, s.cur[from:]...)
		if err := s.readLine(); err == io.EOF {
			rec.broken = msg.Sprintf("the input ends inside the object")
			return rec, nil
		} else if err != nil {
			return nil, err
		}
		from = 0
	}
}

// write writes one game that render rendered, with its index.
func (w *converter) write(index int, text []byte) {
	w.games++
	switch w.to {
	case "json", "ndjson":
		if w.to == "json" && w.games > 1 {
			w.out.WriteByte(',')
		}
		w.out.WriteString(`{"index":`)
		w.out.WriteString(strconv.Itoa(index))
		w.out.Write(text)
		if w.to == "ndjson" {
			w.out.WriteByte('\n')
		}
	default:
		w.out.Write(text)
	}
}

// renderBuffers are the buffers that games are written out into on the
// reader's workers (fmt and convert), handed back once they are copied to
// the output.
var renderBuffers sync.Pool

// takeBuffer returns an empty buffer from renderBuffers, or nil.
func takeBuffer() []byte {
	if buf, ok := renderBuffers.Get().(*[]byte); ok {
		return *buf
	}
	return nil
}

// giveBuffer hands b back to renderBuffers.
func giveBuffer(b []byte) {
	b = b[:0]
	renderBuffers.Put(&b)
}

// convertible reports whether the moves of g can be converted: its main
// line was replayed to the end, and no syntax error cut it short. Errors
// in the tags alone (a Result tag that differs from the marker, SetUp
// without FEN) do not stop it.
func convertible(g *reader.Game) bool {
	return g.Model != nil && g.Model.Complete && !g.AST.Broken
}

// renderFailed renders the record of g, a game that is not convertible,
// naming its first error; see failedRecord.
func (w *converter) renderFailed(g *reader.Game) []byte {
	message := msg.Sprintf("its moves could not be replayed")
	for _, d := range g.Diags {
		if w.codes.IsError(d) || d.Code == diag.TooLong {
			pos := g.File.Position(d.Start)
			message = msg.Sprintf("%s:%d:%d: error[%s]: %s", g.File.Name(), pos.Line, pos.Col, d.Code, w.codes.Catalog().Message(d))
			if !w.codes.IsError(d) { // PGN904
				message = msg.Sprintf("%s:%d:%d: warning[%s]: %s", g.File.Name(), pos.Line, pos.Col, d.Code, w.codes.Catalog().Message(d))
			}
			break
		}
	}
	base := g.File.Base()
	return w.failedRecord(message, g.Tags, base+g.AST.From, base+g.AST.To, g.File.Src()[g.AST.From:g.AST.To])
}

// failedRecord is the record of a game whose moves cannot be converted,
// so that every game has one, in order: for JSON an "error" field with the
// game's tags and span; for PGN the game's text as it is (source, when
// known); for the other formats an empty line, or an empty block of
// positions for FEN and EPD.
func (w *converter) failedRecord(message string, tags []model.Tag, from, to int, source string) []byte {
	b := takeBuffer()
	switch w.to {
	case "json", "ndjson":
		return export.AppendJSONErrorAfterIndex(b, message, tags, from, to)
	case "pgn":
		if source == "" {
			return b
		}
		return append(append(b, strings.TrimRight(source, " \t\r\n")...), "\n\n"...)
	default:
		return append(b, '\n')
	}
}

// render returns one game in the output format, never empty; for JSON,
// what follows its index (which write puts in front). It may run on
// several goroutines.
func (w *converter) render(g *model.Game, base int) []byte {
	b := takeBuffer()
	if w.eco {
		if o, ply, ok := setOpening(g); ok && (w.to == "json" || w.to == "ndjson") {
			return appendJSONOpening(export.AppendJSONAfterIndex(b, g, base), o, ply)
		}
	}
	switch w.to {
	case "json", "ndjson":
		return export.AppendJSONAfterIndex(b, g, base)
	case "uci":
		for i, m := range g.Moves {
			if i > 0 {
				b = append(b, ' ')
			}
			b = m.AppendUCI(b)
		}
		return append(b, '\n')
	case "san":
		opts := export.Options{Width: 1 << 30, StripComments: true, StripVariations: true, StripNAGs: true}
		w.spelling.apply(&opts)
		b = export.AppendGame(b, g, opts)
		movetext := bytes.TrimSpace(b[bytes.Index(b, []byte("\n\n"))+2:])
		return append(b[:copy(b, movetext)], '\n')
	case "fen", "epd":
		pos := g.Start
		positions := []string{pos.FEN()}
		for _, m := range g.Moves {
			m.Play(&pos)
			positions = append(positions, pos.FEN())
		}
		if w.final {
			positions = positions[len(positions)-1:]
		}
		for _, fen := range positions {
			if w.to == "epd" {
				fen = strings.Join(strings.Fields(fen)[:4], " ")
			}
			b = append(append(b, fen...), '\n')
		}
		return append(b, '\n')
	default: // pgn
		var opts export.Options
		w.spelling.apply(&opts)
		return export.AppendGame(b, g, opts)
	}
}
