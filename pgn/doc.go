// Package pgn reads chess games in PGN, the Portable Game Notation, and
// reports every problem in them at its exact position: the library behind
// pgnc check, fmt and convert.
//
// Open reads a file or a directory, plain or compressed (gzip, bzip2, xz,
// zstd; a pzstd file's frames on every core), in UTF-8, Latin-1 or UTF-16;
// NewReader reads a stream. Games yields the games in input order:
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
// A Game holds its tags, its moves replayed (SAN, UCI, comments, NAGs,
// clocks, evaluations, variations), its start and final positions, its
// result, its span in the input and its diagnostics. A broken game never
// hides the games after it: the reader resynchronises at the next game,
// and text between games that belongs to none comes out of Stray, or of
// WithStray in input order with the games.
//
// Inputs hands over the inputs of a directory or zip archive one by one,
// each with its own Games, for a program that reads some of them or counts
// them; WithSkipped tells of the files a directory holds that are passed
// over, WithProgress how far each input is read.
//
// The zero options do the useful thing. WithMode reads less and runs
// faster: Diagnostics validates as pgnc check does, Syntax reads the
// grammar only, and g.Full() replays one game read that way. WithLimits
// bounds what one game may cost, and the Full mode holds no game of more
// than WholeGameLimit elements (PGN904); WithWorkers, WithEncoding,
// WithPieceLetters and WithCatalog do what they say.
//
// A Visitor reads a file as a stream of events (tags, moves as written,
// comments, variations it may skip) without building games: Reader.Visit.
// A MovetextSkipper also tells from a game's tags that it needs none of
// its moves, and the reader then passes over them without parsing them.
//
// The moves of a Game are those of package model, its positions those of
// package chess (move generation, FEN, SAN); package export writes games in
// the export format and as JSON; package diag holds the diagnostic codes and
// their messages in English and Spanish; package eco names a game's opening
// by its positions: eco.Classify(g.Model()).
package pgn
