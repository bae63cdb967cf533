package export

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/pgnc/pgnc/internal/check"
	"github.com/pgnc/pgnc/internal/parser"
	"github.com/pgnc/pgnc/internal/testfiles"
)

// jsonAgrees checks AppendJSON against json.Marshal of ToJSON on every game
// of src, and returns how many games it compared.
func jsonAgrees(t testing.TB, name, src string) int {
	db, _ := parser.Parse(src)
	games, _ := check.Database(db)
	for _, g := range games {
		for _, base := range []int{0, 1 << 20} {
			want, err := json.Marshal(ToJSON(g, base))
			if err != nil {
				t.Fatal(err)
			}
			if got := AppendJSON([]byte("x"), g, base); string(got[1:]) != string(want) {
				t.Fatalf("%s: game %d, base %d:\nAppendJSON   %s\njson.Marshal %s", name, g.Index, base, got[1:], want)
			}
		}
	}
	return len(games)
}

func TestAppendJSON(t *testing.T) {
	files := testfiles.PGN("../testdata")
	if len(files) == 0 {
		t.Fatal("no test files")
	}
	games := 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		games += jsonAgrees(t, path, string(src))
	}
	// Every field that may be left out, present, and the odd ones.
	games += jsonAgrees(t, "fields", `[Event "<&>"]
[Variant "chess960"]
[FEN "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1"]

{before all} 1. e4!? $14 {after} (1. d4 {v} (1. c4) 1... d5) 1... e5 2. -- Nf6
3. O-O {} *
`)
	games += jsonAgrees(t, "promotion", "1. e4 f5 2. exf5 g6 3. fxg6 Nf6 4. gxh7 Ng8 5. hxg8=Q Rxg8 6. Qh5+ Rg6 7. Qxg6# 1-0 {mate}\n")
	games += jsonAgrees(t, "no tags", "*\n")
	t.Logf("%d games compared", games)
}

func TestAppendJSONCorpus(t *testing.T) {
	games := 0
	for _, path := range testfiles.Corpus(t, "edge") {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		games += jsonAgrees(t, path, string(src))
	}
	t.Logf("%d games compared", games)
}

// FuzzAppendJSON: AppendJSON writes what json.Marshal writes for any
// readable input.
func FuzzAppendJSON(f *testing.F) {
	for _, seed := range testfiles.Seeds() {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		jsonAgrees(t, "fuzz", src)
	})
}
