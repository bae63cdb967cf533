package san_test

import (
	"fmt"

	"github.com/pgnc/pgnc/san"
)

// Parse reads strict SAN; ParseLenient also the notations people write,
// each marked by its quirk, and ParseIn another language's piece letters.
func ExampleParseLenient() {
	for _, text := range []string{"Nbd7+!", "e2e4", "♘f3", "Qh4++"} {
		_, strict := san.Parse(text)
		m, ok := san.ParseLenient(text)
		fmt.Printf("%s: SAN %v, read %v, piece %q to %s, quirks %b\n", text, strict, ok, m.Piece.Letter(), m.To, m.Quirks)
	}
	m, _ := san.ParseIn("Sf3", san.LanguageOf("de"))
	fmt.Printf("Sf3 in German: piece %q to %s\n", m.Piece.Letter(), m.To)
	// Output:
	// Nbd7+!: SAN true, read true, piece "N" to d7, quirks 0
	// e2e4: SAN false, read true, piece "" to e4, quirks 1000000
	// ♘f3: SAN false, read true, piece "N" to f3, quirks 100000000
	// Qh4++: SAN false, read true, piece "Q" to h4, quirks 10000000
	// Sf3 in German: piece "N" to f3
}
