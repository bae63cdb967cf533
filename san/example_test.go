package san_test

import (
	"fmt"

	"github.com/pgnc/pgnc/chess"
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

// Play moves given in SAN or UCI on a position, and get each back in
// canonical SAN.
func ExamplePlayMove() {
	p := chess.StartingPosition()
	for _, text := range []string{"e4", "e7e5", "g1f3", "Nb8-c6", "Bb5", "a6", "Ba4", "Nf6", "e1g1"} {
		m, played, err := san.PlayMove(&p, text)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(text, "is", played, m.UCI())
	}
	fmt.Println(p.FEN())
	// Output:
	// e4 is e4 e2e4
	// e7e5 is e5 e7e5
	// g1f3 is Nf3 g1f3
	// Nb8-c6 is Nc6 b8c6
	// Bb5 is Bb5 f1b5
	// a6 is a6 a7a6
	// Ba4 is Ba4 b5a4
	// Nf6 is Nf6 g8f6
	// e1g1 is O-O e1g1
	// r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 3 5
}
