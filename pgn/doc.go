// Package pgn reads chess games in PGN, the Portable Game Notation, and
// reports every problem in them at its exact position. Open reads a file, a
// directory or a zip archive, plain or compressed; NewReader reads a stream:
//
//	r, err := pgn.Open("games.pgn.zst")
//	if err != nil {
//		log.Fatal(err)
//	}
//	defer r.Close()
//	for g, err := range r.Games() {
//		if err != nil {
//			log.Fatal(err)
//		}
//		fmt.Println(g.Tag("White"), "-", g.Tag("Black"), g.Final().FEN())
//		for _, d := range g.Diags {
//			fmt.Println(d) // games.pgn.zst:12:5: error[PGN301]: illegal move …
//		}
//	}
//
// A broken game never hides the games after it. WithMode reads less and
// faster, and Reader.Visit hands out events without building games. A
// Game's positions are package chess's, its moves package model's.
package pgn
