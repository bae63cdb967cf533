package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/export"
	"github.com/pgnc/pgnc/model"
	"github.com/pgnc/pgnc/parser"
	"github.com/pgnc/pgnc/reader"
	"github.com/pgnc/pgnc/report"
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
	encoding encodingFlag
	spelling spellingFlags
	codes    codeFlags
}

func newConvertFlags(out io.Writer) *convertFlags {
	f := &convertFlags{set: pflag.NewFlagSet("convert", pflag.ContinueOnError)}
	f.set.SetOutput(out)
	f.set.StringVar(&f.to, "to", "", msg.Sprintf("output format: json, ndjson, uci, san, fen, epd or pgn"))
	f.set.StringVar(&f.from, "from", "pgn", msg.Sprintf("input format: pgn or json (json reads json and ndjson)"))
	f.set.BoolVar(&f.final, "final", false, msg.Sprintf("fen, epd: only the final position of each game"))
	f.set.IntVarP(&f.jobs, "jobs", "j", runtime.GOMAXPROCS(0), msg.Sprintf("read with this many goroutines (at least 1; more than %d, 4 per core, counts as %d); the output order stays that of the input", maxJobs(), maxJobs()))
	addEncodingFlag(f.set, &f.encoding)
	f.spelling.add(f.set)
	f.codes.add(f.set)
	return f
}

var convertFormats = map[string]bool{"json": true, "ndjson": true, "uci": true, "san": true, "fen": true, "epd": true, "pgn": true}

func runConvert(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newConvertFlags(stderr)
	flags.set.Usage = func() {
		printUsage(stderr, msg.Sprintf(convertUsage), flags.set)
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
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	codes, err := flags.codes.policy()
	if err != nil {
		msg.Fprintf(stderr, "pgnc convert: %v\n", err)
		return exitUsage
	}
	w := &converter{to: flags.to, final: flags.final, out: out, jobs: flags.jobs, encoding: flags.encoding.enc, letters: flags.encoding.letters.lang, codes: codes, spelling: flags.spelling}
	if flags.to == "json" {
		out.WriteString(`{"games":[`)
	}
	code := exitClean
	for _, arg := range args {
		eachInput(arg, stdin, openOptions{jobs: flags.jobs, stderr: stderr}, func(in *pgnInput, err error) {
			if err != nil {
				msg.Fprintf(stderr, "pgnc: %v\n", err)
				code = exitUsage
				return
			}
			defer in.Close()
			var failed bool
			if flags.from == "json" {
				failed, err = w.fromJSON(in.text)
			} else {
				failed, err = w.fromPGN(in.text, in.name, stderr)
			}
			if err != nil {
				msg.Fprintf(stderr, "pgnc: %s: %v\n", diag.Printable(in.name), err)
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
		return w.render(g.Model, g.File.Base)
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
		for _, d := range g.Diags {
			if w.codes.IsError(d) || d.Code == diag.TooLong {
				diag.WriteText(stderr, g.File, d, w.codes.Catalog())
				failed = true
			}
		}
		if g.Index > 0 {
			w.write(g.Index, g.Prepared)
			giveBuffer(g.Prepared)
		}
	}
}

// fromJSON reads JSON documents or lines of JSON games from r. It reports
// whether some record was of a game that could not be converted.
func (w *converter) fromJSON(r io.Reader) (failed bool, err error) {
	dec := json.NewDecoder(r)
	for {
		var doc struct {
			Games []export.JSONGame `json:"games"`
			export.JSONGame
		}
		if err := dec.Decode(&doc); errors.Is(err, io.EOF) {
			return failed, nil
		} else if err != nil {
			return failed, err
		}
		games := doc.Games
		if games == nil {
			games = []export.JSONGame{doc.JSONGame}
		}
		for _, j := range games {
			if j.Error != "" {
				w.write(j.Index, w.failedRecord(j.Error, nil, j.Span[0], j.Span[1], ""))
				failed = true
				continue
			}
			g, err := export.FromJSON(j)
			if err != nil {
				return failed, err
			}
			text := w.render(g, 0)
			w.write(g.Index, text)
			giveBuffer(text)
		}
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
			message = msg.Sprintf("%s:%d:%d: error[%s]: %s", g.File.Name, pos.Line, pos.Col, d.Code, w.codes.Catalog().Message(d))
			if !w.codes.IsError(d) { // PGN904
				message = msg.Sprintf("%s:%d:%d: warning[%s]: %s", g.File.Name, pos.Line, pos.Col, d.Code, w.codes.Catalog().Message(d))
			}
			break
		}
	}
	base := g.File.Base
	return w.failedRecord(message, g.Tags, base+g.AST.From, base+g.AST.To, g.File.Src[g.AST.From:g.AST.To])
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
