package export_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/diag"
	"github.com/pgnc/pgnc/export"
	"github.com/pgnc/pgnc/internal/check"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/internal/testfiles"
	"github.com/pgnc/pgnc/model"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// format exports every game of src that has no error, in order.
func format(t testing.TB, src string, opts export.Options) (string, []*model.Game) {
	db, diags := parser.Parse(src)
	games, rules := check.Database(db)
	failed := map[int]bool{}
	for _, d := range append(diags, rules...) {
		if d.Severity() == diag.Error {
			failed[d.Game] = true
		}
	}
	var b strings.Builder
	var kept []*model.Game
	for _, g := range games {
		if failed[g.Index] || !g.Complete {
			continue
		}
		export.Game(&b, g, opts)
		kept = append(kept, g)
	}
	return b.String(), kept
}

func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("../testdata/fmt/*.pgn")
	if len(files) == 0 {
		t.Fatal("no golden inputs")
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		variants := map[string]export.Options{
			"":                {},
			".strip-comments": {StripComments: true, StripVariations: true, StripNAGs: true},
			".keep-suffixes":  {KeepSuffixes: true, Width: 60},
		}
		for suffix, opts := range variants {
			got, _ := format(t, string(src), opts)
			testfiles.Golden(t, strings.TrimSuffix(path, ".pgn")+suffix+".golden", got, *update)
		}
	}
}

// summary is what a round trip must keep of a game: the canonical moves with
// their annotations, comments and variations, and the tags' values.
func summary(moves []*model.Move) string {
	var b strings.Builder
	for _, m := range moves {
		fmt.Fprintf(&b, "%s%v%q%q(", m.SAN, m.NAGs, m.Before, m.Comments)
		for _, v := range m.Variations {
			b.WriteString(summary(v))
			b.WriteString("|")
		}
		b.WriteString(") ")
	}
	return b.String()
}

// roundTrip checks, for every exportable game of src: the export has lines
// under 80 characters, parses back without warnings to the same game, and
// exports again to the same text.
func roundTrip(t *testing.T, name, src string) int {
	out, games := format(t, src, export.Options{})
	inComment := false
	for i, line := range strings.Split(out, "\n") {
		// Only tag pairs and lines that hold comment text may be long.
		commentLine := inComment || strings.ContainsAny(line, "{;")
		inComment = strings.LastIndexByte(line, '{') > strings.LastIndexByte(line, '}') ||
			(inComment && !strings.Contains(line, "}"))
		if len(line) >= 80 && !strings.HasPrefix(line, "[") && !commentLine {
			t.Errorf("%s: output line %d has %d characters", name, i+1, len(line))
		}
	}
	again, games2 := format(t, out, export.Options{})
	if again != out {
		t.Fatalf("%s: fmt is not idempotent", name)
	}
	if len(games2) != len(games) {
		t.Fatalf("%s: %d games exported, %d read back", name, len(games), len(games2))
	}
	for i := range games {
		if a, b := summary(games[i].Moves), summary(games2[i].Moves); a != b {
			t.Fatalf("%s: game %d changes in the round trip:\n%s\n%s", name, games[i].Index, a, b)
		}
		if !reflect.DeepEqual(games[i].Comments, games2[i].Comments) {
			t.Fatalf("%s: game %d loses its comments", name, games[i].Index)
		}
	}
	return len(games)
}

func TestRoundTripTestdata(t *testing.T) {
	files, _ := filepath.Glob("../testdata/*.pgn")
	more, _ := filepath.Glob("../testdata/*/*.pgn")
	for _, path := range append(files, more...) {
		src, _ := os.ReadFile(path)
		roundTrip(t, path, string(src))
	}
}

func TestRoundTripCorpus(t *testing.T) {
	games := 0
	for _, path := range testfiles.Corpus(t, "") {
		src, _ := os.ReadFile(path)
		games += roundTrip(t, path, string(src))
	}
	t.Logf("%d games exported, read back and exported again unchanged", games)
}

// FuzzFmt: the export of any readable game parses back to the same game and
// exports to the same text.
func FuzzFmt(f *testing.F) {
	for _, seed := range testfiles.Seeds() {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		roundTrip(t, "fuzz", src)
	})
}

// AppendGame writes what Game writes, after what dst holds, also into a
// buffer that held a longer game before.
func TestAppendGame(t *testing.T) {
	data, err := os.ReadFile("../testdata/sample.pgn")
	if err != nil {
		t.Fatal(err)
	}
	_, games := format(t, string(data), export.Options{})
	if len(games) < 2 {
		t.Fatalf("sample.pgn has %d exportable games, want at least 2", len(games))
	}
	var buf []byte
	for _, g := range games {
		var b strings.Builder
		export.Game(&b, g, export.Options{})
		buf = export.AppendGame(append(buf[:0], "prefix "...), g, export.Options{})
		if want := "prefix " + b.String(); string(buf) != want {
			t.Errorf("game %d: AppendGame wrote\n%s\nwant\n%s", g.Index, buf, want)
		}
	}
}

// TestTags: the roster in its order, then the other tags by name; of tags
// with one name the first counts, in a section that fits writeTags' array
// on the stack and in one that does not.
func TestTags(t *testing.T) {
	head := "[ECO \"C20\"]\n[White \"A\"]\n[Annotator \"me\"]\n[Event \"E\"]\n[ECO \"C21\"]\n[White \"B\"]\n"
	roster := "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n[Black \"?\"]\n[Result \"1-0\"]\n" +
		"[Annotator \"me\"]\n[ECO \"C20\"]\n"
	for _, extra := range []int{0, 20} {
		var in, want strings.Builder
		for i := extra; i > 0; i-- {
			fmt.Fprintf(&in, "[X%02d \"%d\"]\n[X%02d \"again\"]\n", i, i, i)
		}
		for i := 1; i <= extra; i++ {
			fmt.Fprintf(&want, "[X%02d \"%d\"]\n", i, i)
		}
		got, _ := format(t, head+in.String()+"\n1. e4 e5 1-0\n", export.Options{})
		if w := roster + want.String() + "\n1. e4 e5 1-0\n\n"; got != w {
			t.Errorf("with %d more tags, got\n%s\nwant\n%s", 2*extra, got, w)
		}
	}
}
