package export

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/internal/check"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/internal/testfiles"
	"github.com/pgnc/pgnc/model"
)

// fromJSONText decodes one game's JSON and rebuilds it.
func fromJSONText(t testing.TB, text string) (*model.Game, error) {
	t.Helper()
	var j JSONGame
	if err := json.Unmarshal([]byte(text), &j); err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return FromJSON(j)
}

// TestFromJSONRefuses: every game that cannot be written as PGN reading
// back the same is refused, with the path of each value at fault.
func TestFromJSONRefuses(t *testing.T) {
	for _, c := range []struct {
		json string
		want []string // the problems, path first
	}{
		{`{"moves":[{"san":"e4"},{"san":"Ke3"}],"result":"*"}`, []string{"moves[1].san: illegal move Ke3"}},
		{`{"moves":[{"san":"e4"},{"san":"e5","variations":[[{"san":"Qh5"}]]}],"result":"*"}`, []string{"moves[1].variations[0][0].san: illegal move Qh5"}},
		{`{"moves":[{"san":"Nf3+"}],"result":"*"}`, []string{`moves[0].san: "Nf3+" is not canonical SAN: write "Nf3"`}},
		{`{"moves":[{"san":"Ng1f3"}],"result":"*"}`, []string{`moves[0].san: "Ng1f3" is not canonical SAN`}},
		{`{"moves":[{"san":"e4 {x}"}],"result":"*"}`, []string{`moves[0].san: "e4 {x}" is not SAN`}},
		{`{"moves":[{"san":"e4","null":true}],"result":"*"}`, []string{`moves[0].san: "e4" is not "--", yet null is true`}},
		{`{"start":"not a fen","result":"*"}`, []string{"start: FEN"}},
		{`{"start":"8/8/8/8/8/8/8/K1k5 w - - 0 1","result":"*"}`, []string{"start: \"8/8/8/8/8/8/8/K1k5 w - - 0 1\" is not the initial position, there being no FEN tag"}},
		{`{"tags":{"FEN":"8/8/8/8/8/8/8/K1k5 w - - 0 1","SetUp":"1"},"start":"8/8/8/8/8/8/8/k1K5 w - - 0 1","result":"*"}`, []string{"start: \"8/8/8/8/8/8/8/k1K5 w - - 0 1\" is not that of the FEN tag"}},
		{`{"tags":{"FEN":"8/8/8/8/8/8/8/8 w - - 0 1","SetUp":"1"},"result":"*"}`, []string{"tags.FEN: "}},
		{`{"tags":{"Variant":"crazyhouse"},"result":"*"}`, []string{`tags.Variant: variant "crazyhouse" is not played`}},
		{`{"tags":{"Variant":"chess960"},"result":"*"}`, []string{"chess960: false, but the Variant and FEN tags make it true"}},
		{`{"result":"2-0"}`, []string{`result: "2-0" is not a termination marker`}},
		{`{"result":"1-0 {x}"}`, []string{`result: "1-0 {x}" is not a termination marker`}},
		{`{"tags":{"X\"]\n\n1. e4 *\n\n[Injected":"v"},"result":"*"}`, []string{`tags."X\"]\n\n1. e4 *\n\n[Injected": "X\"]\n\n1. e4 *\n\n[Injected" is not a PGN tag name`}},
		{`{"tag_list":[{"name":"_x","value":"v"},{"name":"","value":"v"},{"name":"A+","value":"v"},{"name":"` + strings.Repeat("a", 256) + `","value":"v"}],"result":"*"}`,
			[]string{`tag_list[0].name: "_x" is not`, `tag_list[1].name: "" is not`, `tag_list[2].name: "A+" is not`, `tag_list[3].name: "aaaa`}},
		{`{"tags":{"Event":"a\nb"},"result":"*"}`, []string{"tags.Event: control character U+000A"}},
		{`{"tags":{"Event":"a"},"tag_list":[{"name":"Event","value":"b"},{"name":"Site","value":"c"}],"result":"*"}`,
			[]string{`tags.Event: "a" differs from the first Event in tag_list, "b"`, `tag_list[1].name: tag "Site" is not in tags`}},
		{`{"moves":[{"san":"e4","nags":[-5,256,4611686018427387904]}],"result":"*"}`,
			[]string{"moves[0].nags[0]: NAG -5 is outside", "moves[0].nags[1]: NAG 256 is outside", "moves[0].nags[2]: NAG 4611686018427387904 is outside"}},
		{`{"moves":[{"san":"e4","suffix":"!"}],"result":"*"}`, []string{"moves[0].suffix: ! is NAG 1, which must be the move's first NAG"}},
		{`{"moves":[{"san":"e4","suffix":"!!!","nags":[3]}],"result":"*"}`, []string{`moves[0].suffix: "!!!" is not a suffix annotation`}},
		{`{"moves":[{"san":"e4","comments":["a}\nb"]}],"result":"*"}`, []string{`moves[0].comments[0]: a comment with both "}" and a line break`}},
		{`{"comments":["a\u0001b"],"trailing":["x}\r"],"result":"*"}`, []string{"comments[0]: control character U+0001", `trailing[0]: a comment with both "}"`}},
		{`{"moves":[{"san":"e4","before":["x\n[Event \"a\"]\n\n1. e4 *"]}],"result":"*"}`, []string{"moves[0].before[0]: PGN117"}},
		{`{"error":"x.pgn:1:1: error[PGN301]: illegal move","result":""}`, []string{"error: the record of a game that was not converted: x.pgn:1:1"}},
		{`{"tags":{"FEN":"4k3/8/8/8/8/8/8/4K2r w - - 0 1","SetUp":"1"},"start":"4k3/8/8/8/8/8/8/4K2r w - - 0 1","moves":[{"san":"--","null":true}],"result":"*"}`, []string{"moves[0].san: a null move while in check"}},
	} {
		g, err := fromJSONText(t, c.json)
		je, ok := err.(*JSONError)
		if g != nil || !ok {
			t.Errorf("%s: got %v, %v; want it refused", c.json, g, err)
			continue
		}
		if len(je.Problems) != len(c.want) {
			t.Errorf("%s: %d problems, want %d: %v", c.json, len(je.Problems), len(c.want), err)
			continue
		}
		for i, p := range je.Problems {
			if !strings.HasPrefix(p.String(), c.want[i]) {
				t.Errorf("%s: problem %d is %q, want %q…", c.json, i, p.String(), c.want[i])
			}
		}
	}
}

// TestFromJSONKeeps: errors of the tags alone that the PGN reader reports
// without stopping the moves give the game and the error.
func TestFromJSONKeeps(t *testing.T) {
	for _, text := range []string{
		`{"tags":{"Result":"1-0"},"moves":[{"san":"e4"}],"result":"*"}`,
		`{"tags":{"SetUp":"1"},"moves":[{"san":"e4"}],"result":"*"}`,
	} {
		g, err := fromJSONText(t, text)
		if je, ok := err.(*JSONError); g == nil || !ok || len(je.Problems) != 1 || !je.Problems[0].Kept {
			t.Errorf("%s: got %v, %v; want the game and one kept problem", text, g, err)
		}
	}
	// Written by hand: tags alone, start from the FEN tag, no ply.
	g, err := fromJSONText(t, `{"tags":{"White":"w","FEN":"4k3/8/8/8/8/8/8/4K3 b - - 3 40","SetUp":"1"},"moves":[{"san":"Kd7"},{"san":"Kd2"}],"result":"*"}`)
	if err != nil {
		t.Fatal(err)
	}
	if g.Moves[0].Ply != 80 || g.Moves[1].Ply != 81 || len(g.Tags) != 3 {
		t.Errorf("plies %d, %d, tags %v", g.Moves[0].Ply, g.Moves[1].Ply, g.Tags)
	}
}

// TestJSONEmptyShapes: a game without a tag section has "tags": {} and
// "tag_list": [], never null, from ToJSON, AppendJSON and error records.
func TestJSONEmptyShapes(t *testing.T) {
	db, _ := parser.Parse("1. e4 (1. d4) *\n")
	games, _ := check.Database(db)
	marshalled, err := json.Marshal(ToJSON(games[0], 0))
	if err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string]string{
		"ToJSON":     string(marshalled),
		"AppendJSON": string(AppendJSON(nil, games[0], 0)),
		"error":      string(AppendJSONErrorAfterIndex(nil, "x", nil, 0, 0)),
	} {
		if !strings.Contains(got, `"tags":{},"tag_list":[]`) || strings.Contains(got, "null") {
			t.Errorf("%s: %s", name, got)
		}
	}
	if !strings.Contains(string(marshalled), `"moves":[{`) {
		t.Errorf("moves: %s", marshalled)
	}
	db, _ = parser.Parse("*\n")
	games, _ = check.Database(db)
	if got := string(AppendJSON(nil, games[0], 0)); !strings.Contains(got, `"moves":[]`) {
		t.Errorf("no moves: %s", got)
	}
}

// keptCodes are the errors of the PGN reader that FromJSON reports as
// kept problems, giving the game all the same.
var keptCodes = map[diag.Code]bool{diag.ResultMismatch: true, diag.SetUpWithoutFEN: true, diag.ResultVsBoard: true}

// readsBack writes the games of ndjson that FromJSON accepts as PGN, reads
// that back, and checks that it holds as many games as were accepted, with
// no syntax error, each replayed to the end and equal to the game it was
// written from. Only the errors of kept problems (keptCodes) may be found,
// in the games that FromJSON gave with them. It returns how many games it wrote.
func readsBack(t testing.TB, ndjson string) int {
	var written []*model.Game
	kept := map[int]bool{} // the games written with errors of their tags or result
	var pgn []byte
	for line := range strings.Lines(ndjson) {
		var j JSONGame
		if json.Unmarshal([]byte(line), &j) != nil {
			continue
		}
		g, err := FromJSON(j)
		if g == nil {
			continue
		}
		written = append(written, g)
		kept[len(written)] = err != nil
		pgn = AppendGame(pgn, g, Options{})
	}
	p := parser.Parser{MaxDepth: parser.DepthCap}
	db, diags := p.Parse(string(pgn))
	if len(db.Games) != len(written) {
		t.Fatalf("%d games written, %d read back:\n%s", len(written), len(db.Games), pgn)
	}
	games, more := check.Database(db)
	for _, d := range append(diags, more...) {
		if d.Severity() == diag.Error && !(kept[d.Game] && keptCodes[d.Code]) {
			t.Fatalf("error %v in game %d read back: %s\n%s", d.Code, d.Game, d.Message(), pgn)
		}
	}
	for i, g := range games {
		if !g.Complete || db.Games[i].Broken {
			t.Fatalf("game %d does not read back whole:\n%s", i+1, pgn)
		}
		if want, got := sameShape(written[i]), sameShape(g); got != want {
			t.Fatalf("game %d reads back differently:\nwritten %s\nread    %s\n%s", i+1, want, got, pgn)
		}
	}
	return len(written)
}

// sameShape is what a game is: its export format, which holds its tags
// as the export format writes them (the Seven Tag Roster filled in, the
// others by name), and its JSON less the tags and what a game's text alone
// sets (byte spans, moves as written, suffixes, which the export format
// writes as NAGs, the index) and the result, which
// the export format holds (a missing one written as the Result tag's
// marker or "*").
func sameShape(g *model.Game) string {
	j := ToJSON(g, 0)
	j.Index, j.Span, j.Tags, j.TagList, j.Result = 0, [2]int{}, nil, nil, ""
	var clear func(moves []JSONMove)
	clear = func(moves []JSONMove) {
		for i := range moves {
			moves[i].Written, moves[i].Span, moves[i].Suffix = "", [2]int{}, ""
			for _, v := range moves[i].Variations {
				clear(v)
			}
		}
	}
	clear(j.Moves)
	b, _ := json.Marshal(j)
	return string(AppendGame(nil, g, Options{})) + string(b)
}

// TestJSONRoundTrip: every game of testdata and the corpus that FromJSON
// accepts from its JSON reads back from the PGN it is written as the same
// game (readsBack).
func TestJSONRoundTrip(t *testing.T) {
	files := testfiles.PGN("../testdata", "testdata")
	if testfiles.IsExtended() {
		if _, err := os.Stat("../../shared/corpus/edge"); err == nil {
			files = append(files, testfiles.PGN("../../shared/corpus/edge")...)
		}
	}
	games := 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		games += readsBack(t, pgnToNDJSON(string(src)))
	}
	data, err := os.ReadFile("testdata/json-seeds.ndjson")
	if err != nil {
		t.Fatal(err)
	}
	if n := readsBack(t, string(data)); n != 3 {
		t.Errorf("%d of the seeds written, want 3", n)
	}
	t.Logf("%d games from %d files read back", games, len(files))
}

// pgnToNDJSON returns the ndjson of the games of src whose moves replay.
func pgnToNDJSON(src string) string {
	p := parser.Parser{MaxDepth: parser.DepthCap}
	db, _ := p.Parse(src)
	models, _ := check.Database(db)
	var b []byte
	for i, g := range models {
		if g.Complete && !db.Games[i].Broken {
			b = append(AppendJSON(b, g, 0), '\n')
		}
	}
	return string(b)
}

// FuzzJSONToPGN: the PGN written for the games of any ndjson that FromJSON
// accepts reads back without syntax errors, as many games as were
// accepted, each the same game (readsBack). Seeded with the records of
// testdata/json-seeds.ndjson and the JSON of the PGN seeds.
func FuzzJSONToPGN(f *testing.F) {
	file, err := os.Open("testdata/json-seeds.ndjson")
	if err != nil {
		f.Fatal(err)
	}
	lines := bufio.NewScanner(file)
	for lines.Scan() {
		f.Add(lines.Text())
	}
	file.Close()
	for _, seed := range testfiles.Seeds() {
		// Small seeds only: the fuzzer spends minutes minimizing the
		// new inputs it finds from a large one.
		if ndjson := pgnToNDJSON(seed); len(ndjson) < 1<<12 {
			f.Add(ndjson)
		}
	}
	f.Fuzz(func(t *testing.T, ndjson string) {
		readsBack(t, ndjson)
	})
}

// TestJSONKeepsText: PGN → model → JSON → FromJSON → model keeps the moves
// as written, the byte spans of the game and its moves, and the result;
// the JSON written again is the JSON read, byte for byte, for every game
// of testdata that FromJSON accepts.
func TestJSONKeepsText(t *testing.T) {
	const src = "[White \"a\"]\n\n1. e4 e5 2. Nf3!? -- 3. Bc4 (3. Bb5 a6) Nc6 ½-½\n\n1. d4 *\n\n1. c4\n"
	db, _ := parser.Parse(src)
	games, _ := check.Database(db)
	back := make([]*model.Game, len(games))
	for i, g := range games {
		j := ToJSON(g, 0)
		text, err := json.Marshal(j)
		if err != nil {
			t.Fatal(err)
		}
		if back[i], err = fromJSONText(t, string(text)); back[i] == nil {
			t.Fatalf("game %d: %v", i+1, err)
		}
	}
	g := back[0]
	nf3, null, bb5 := g.Moves[2], g.Moves[3], g.Moves[4].Variations[0][0]
	for _, c := range []struct {
		m       *model.Move
		written string
	}{{nf3, "Nf3!?"}, {null, "--"}, {bb5, "Bb5"}} {
		if c.m.Written != c.written || src[c.m.Span.From:c.m.Span.To] != c.written {
			t.Errorf("move %s: written %q at %v, want %q", c.m.SAN, c.m.Written, c.m.Span, c.written)
		}
	}
	if g.Result != model.Draw || g.Span != (model.Span{From: 0, To: strings.Index(src, "½-½") + len("½-½")}) {
		t.Errorf("game 1: result %q, span %v", g.Result, g.Span)
	}
	if back[1].Result != model.Unknown || back[2].Result != model.NoResult {
		t.Errorf("results %q, %q; want %q, %q", back[1].Result, back[2].Result, model.Unknown, model.NoResult)
	}

	n := 0
	for _, path := range testfiles.PGN("../testdata", "testdata") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for line := range strings.Lines(pgnToNDJSON(string(data))) {
			line = strings.TrimSuffix(line, "\n")
			g, _ := fromJSONText(t, line)
			if g == nil {
				continue
			}
			if got := string(AppendJSON(nil, g, 0)); got != line {
				t.Fatalf("%s: JSON read back as\n%s\nwant\n%s", path, got, line)
			}
			n++
		}
	}
	t.Logf("%d games read back to the same JSON", n)
}
