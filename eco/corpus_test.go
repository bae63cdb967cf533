package eco_test

import (
	"cmp"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/pgnc/pgnc/eco"
	"github.com/pgnc/pgnc/pgn"
)

// otbCorpus is the bulk corpus of master games that TestOTBCorpus reads.
const otbCorpus = "../../shared/corpus/bulk/otb-masters"

// TestOTBCorpus classifies every game of the OTB corpus and prints how many
// ECO tags agree with the position, and the most common disagreements:
// evidence for docs, run with PGNC_EXTENDED=1 go test ./eco -run
// TestOTBCorpus -v.
func TestOTBCorpus(t *testing.T) {
	if os.Getenv("PGNC_EXTENDED") != "1" {
		t.Skip("set PGNC_EXTENDED=1 to classify the OTB corpus")
	}
	if _, err := os.Stat(otbCorpus); err != nil {
		t.Skipf("the OTB corpus is absent: %v", err)
	}
	r, err := pgn.Open(otbCorpus)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var games, tagged, classified, agree, sameLetterDigit, unclassified int
	type pair struct{ tag, got string }
	pairs := map[pair]int{}
	for g, err := range r.Games() {
		if err != nil {
			t.Fatal(err)
		}
		games++
		tag, hasTag := g.LookupTag("ECO")
		o, ok := eco.Classify(g.Model())
		if ok {
			classified++
		}
		if !hasTag || tag == "" || tag == "?" {
			continue
		}
		tagged++
		switch {
		case !ok:
			unclassified++
		case o.ECO == tag:
			agree++
		default:
			if o.ECO[:2] == tag[:min(2, len(tag))] {
				sameLetterDigit++
			}
			pairs[pair{tag, o.ECO}]++
		}
	}
	t.Logf("games %d, classified %d; with an ECO tag %d: agree %d (%.1f%%), disagree %d (of which same first two characters %d), unclassified %d",
		games, classified, tagged, agree, 100*float64(agree)/float64(tagged), tagged-agree-unclassified, sameLetterDigit, unclassified)
	type count struct {
		pair
		n int
	}
	var counts []count
	for p, n := range pairs {
		counts = append(counts, count{p, n})
	}
	slices.SortFunc(counts, func(a, b count) int {
		return cmp.Or(b.n-a.n, cmp.Compare(a.tag, b.tag), cmp.Compare(a.got, b.got))
	})
	out := "tag → classified: games\n"
	for _, c := range counts[:min(25, len(counts))] {
		out += fmt.Sprintf("%s → %s: %d\n", c.tag, c.got, c.n)
	}
	t.Log(out)
	if tagged == 0 || classified == 0 {
		t.Fatalf("nothing classified")
	}
}
