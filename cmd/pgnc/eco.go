package main

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/pgnc/pgnc/chess"
	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/eco"
	"github.com/pgnc/pgnc/export"
	"github.com/pgnc/pgnc/internal/ast"
	"github.com/pgnc/pgnc/internal/reader"
	"github.com/pgnc/pgnc/model"
	"github.com/pgnc/pgnc/san"
)

// setOpening gives g the ECO and Opening tags of the opening its moves
// reach (package eco), for fmt --eco and convert --eco: the first tag of
// each name gets the classified value, and a missing one is added (the
// export format sorts the tags after the Seven Tag Roster by name). The
// tags are copied, not changed in place: the reader's game shares them.
// A game that reaches no named position keeps its tags, and a Variation
// tag is left as it is: the Opening tag holds the whole lichess name,
// "Family: Variation". It returns the opening, and the ply after which its
// position stands, when there is one.
func setOpening(g *model.Game) (eco.Opening, int, bool) {
	o, ply, ok := eco.ClassifyPly(g)
	if !ok {
		return o, ply, false
	}
	tags := slices.Clone(g.Tags)
	tags = setTag(tags, "ECO", o.ECO)
	tags = setTag(tags, "Opening", o.Name)
	g.Tags = tags
	return o, ply, true
}

// setTag gives the first tag named name the value value, or adds it.
func setTag(tags model.Tags, name, value string) model.Tags {
	for i := range tags {
		if tags[i].Name == name {
			tags[i].Value = value
			return tags
		}
	}
	return append(tags, model.Tag{Name: name, Value: value})
}

// appendJSONOpening adds the "opening" field (export.JSONOpening) to the
// JSON record of a game that render wrote, before its closing brace, as
// json.Marshal of an export.JSONGame writes its last field.
func appendJSONOpening(b []byte, o eco.Opening, ply int) []byte {
	field, err := json.Marshal(export.JSONOpening{ECO: o.ECO, Name: o.Name, Ply: ply})
	if err != nil || len(b) == 0 || b[len(b)-1] != '}' {
		return b
	}
	b = append(b[:len(b)-1], `,"opening":`...)
	return append(append(b, field...), '}')
}

// checkOpening adds to g's diagnostics, for check --eco, PGN330 where its
// first ECO tag names another opening than its moves reach, with the
// classified code as the fix. A game without an ECO tag, with an empty or
// "?" one, or that reaches no named position gets none. It runs on the
// reader's workers (reader.Options.Prepare), on the game's syntax tree:
// check builds no model, and the first eco.MaxPlies moves of the main line
// are all the classification needs.
func checkOpening(g *reader.Game) {
	if g.AST == nil || g.AST.Parts > 0 || g.AST.OtherVariant {
		return
	}
	var ecoTag *ast.TagPair
	start := chess.StartingPosition()
	for _, tp := range g.AST.Tags {
		switch tp.Name {
		case "ECO":
			if ecoTag == nil {
				ecoTag = tp
			}
		case "Variant":
			if _, chess960 := chess.PlaysVariant(tp.Value); chess960 {
				return
			}
		case "FEN":
			pos, err := chess.ParseFEN(tp.Value)
			if err != nil || pos.IsChess960() {
				return
			}
			start = pos
		}
	}
	if ecoTag == nil || ecoTag.Value == "" || ecoTag.Value == "?" {
		return
	}
	var moves [eco.MaxPlies]chess.Move
	n := 0
	pos := start
	for _, e := range g.AST.Moves {
		m, ok := e.(*ast.Move)
		if !ok {
			continue
		}
		if n == len(moves) {
			break
		}
		mv, _, err := san.Resolve(&pos, m.SAN)
		if err != nil || m.SAN.Kind == san.Null {
			break
		}
		pos.Play(mv)
		moves[n] = mv
		n++
	}
	o, ply, ok := eco.ClassifyMoves(start, moves[:n])
	if !ok || o.ECO == ecoTag.Value {
		return
	}
	d := diag.Diagnostic{Code: diag.ECOMismatch, Start: ecoTag.ValueSpan.From, End: ecoTag.ValueSpan.To, Game: g.Index,
		Args: []diag.Arg{diag.ValueArg("tag", strconv.Quote(ecoTag.Value)), diag.ValueArg("eco", o.ECO), diag.ValueArg("name", o.Name), diag.ValueArg("ply", strconv.Itoa(ply))}}
	d.Replace(strconv.Quote(o.ECO))
	at, _ := slices.BinarySearchFunc(g.Diags, d.Start, func(e diag.Diagnostic, start int) int { return e.Start - start })
	for at < len(g.Diags) && g.Diags[at].Start == d.Start {
		at++
	}
	g.Diags = slices.Insert(g.Diags, at, d)
}
