package export_test

import (
	"fmt"

	"github.com/pgnc/pgnc/export"
	"github.com/pgnc/pgnc/internal/check"
	"github.com/pgnc/pgnc/internal/parser"
)

// AppendGame writes a resolved game in the standard's export format; the
// JSON form has every move's SAN, UCI and squares.
func ExampleAppendGame() {
	db, _ := parser.Parse("[White \"A\"][Black \"B\"] 1.e4 e5 2.Nf3 {[%clk 0:03:00]} Nc6 *")
	m, _ := check.Game(db.Games[0])
	fmt.Print(string(export.AppendGame(nil, m, export.Options{})))
	j := export.ToJSON(m, 0)
	fmt.Println(j.Tags["White"], j.Moves[2].UCI, *j.Moves[2].Clock)
	// Output:
	// [Event "?"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "A"]
	// [Black "B"]
	// [Result "*"]
	//
	// 1. e4 e5 2. Nf3 {[%clk 0:03:00]} 2... Nc6 *
	//
	// A g1f3 180
}
