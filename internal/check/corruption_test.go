package check

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/internal/parser"
)

// fingerprints describes each game of src by its text and its diagnostics
// relative to its start, so that the same game checked the same way has the
// same fingerprint wherever it stands.
func fingerprints(src string) (map[string]int, []string) {
	db, diags := parser.Parse(src)
	diags = append(diags, DatabaseDiagnostics(db)...)
	byGame := map[int][]string{}
	for _, d := range diags {
		if d.Game > 0 {
			g := db.Games[d.Game-1]
			byGame[d.Game] = append(byGame[d.Game], fmt.Sprintf("%s@%d", d.Code, d.Start-g.From))
		}
	}
	counts := map[string]int{}
	var order []string
	for _, g := range db.Games {
		fp := src[g.From:g.To] + "\x00" + strings.Join(byGame[g.Index], ",")
		counts[fp]++
		order = append(order, fp)
	}
	return counts, order
}

// TestCorruptionOTB corrupts one game in the middle of an OTB masters file
// in 20 ways: every other game must still be read and checked identically.
func TestCorruptionOTB(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(corpusDir, "bulk", "otb-masters", "*.pgn"))
	if len(files) == 0 {
		t.Skip("corpus not present")
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	original, order := fingerprints(src)
	db, _ := parser.Parse(src)
	victim := db.Games[len(db.Games)/2]
	vText := src[victim.From:victim.To]
	moves := strings.Index(vText, "\n1.")
	if moves < 0 {
		t.Fatal("victim game has no movetext")
	}
	mid := moves + (len(vText)-moves)/2
	for mid < len(vText) && vText[mid] != ' ' {
		mid++
	}
	insert := func(s string) string { return vText[:mid] + s + vText[mid:] }
	corruptions := map[string]string{
		"unclosed variation": insert(" ( Nf3 "),
		"stray close":        insert(" ) "),
		"unclosed comment":   insert(" {never closed "),
		"stray quote":        insert(` " `),
		"NUL bytes":          insert("\x00\x00"),
		"random bytes":       insert("\x9f\xee\x01~^&"),
		"garbage move":       insert(" Zz9 "),
		"UCI move":           insert(" e2e4 "),
		"illegal move":       insert(" Ke8 "),
		"result inside":      insert(" 1-0 "),
		"tag inside":         insert("\n[Event \"x\"]\n"),
		"escape mid-line":    insert(" %x "),
		"reserved token":     insert(" <> "),
		"NAG overflow":       insert(" $999999999999999999999 "),
		"BOM inside":         insert("\xef\xbb\xbf"),
		"lone CRs":           strings.ReplaceAll(vText, "\n", "\r"),
		"no result":          strings.TrimRight(strings.TrimSuffix(strings.TrimRight(vText, "\r\n "), "1-0"), " "),
		"broken tag":         strings.Replace(vText, "\"]", "", 1),
		"truncated mid-move": vText[:mid-1],
		"deep nesting":       insert(strings.Repeat("(", 2000) + strings.Repeat(")", 2000)),
	}
	if len(corruptions) != 20 {
		t.Fatalf("%d corruptions", len(corruptions))
	}
	for name, broken := range corruptions {
		t.Run(name, func(t *testing.T) {
			text := src[:victim.From] + broken + src[victim.To:]
			got, _ := fingerprints(text)
			for i, fp := range order {
				if i == victim.Index-1 {
					continue
				}
				if got[fp] < original[fp] {
					t.Fatalf("game %d is no longer read and checked the same", i+1)
				}
			}
		})
	}
	t.Logf("%s: %d games; game %d corrupted 20 ways, every other game unchanged", filepath.Base(files[0]), len(order), victim.Index)
}
