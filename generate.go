// Package pgnc is the root of the pgnc module: a toolchain for PGN, the
// Portable Game Notation of chess. The command lives in cmd/pgnc, the Beam
// pipeline in the module beam. The public packages are:
//
//	pgn     the one way in: open files and streams, read games, visit events
//	chess   positions, move generation, FEN, perft
//	san     Standard Algebraic Notation: read, resolve on a position, write
//	model   a game replayed: moves, comments, NAGs, clocks, variations
//	export  the export format and the JSON form of games
//	diag    diagnostic codes, messages in English and Spanish, positions,
//	        fixes and explanations
//	eco     opening names by position, from the lichess opening table
//
// Under internal/: token and lexer (the scanner's DFA), parser (goyacc's
// parser of grammar/pgn.y and its glue), ast (the syntax tree), check (the
// replay and checks), reader (pieces, ranges, workers), input (files,
// directories, zip, decompression), report (pgnc check's report), query
// (the language of pgnc select), dedupe (the external sort of pgnc dedupe)
// and lsp (the language server of pgnc lsp); dfagen compiles token patterns
// into DFAs for the generators.
//
// go generate ./... rebuilds the generated files: the lexer's DFA tables
// from token.Patterns (through lexmachine), and the parser from grammar/pgn.y
// (through goyacc, pinned as a tool in go.mod). It also rebuilds the
// action-free copy of the grammar that bench/floor measures, and the query
// language of pgnc select: its DFA from internal/query/qtoken's patterns and
// its parser from grammar/query.y.
package pgnc

//go:generate go run ./internal/lexer/internal/gentables -o internal/lexer/tables_gen.go
//go:generate go tool goyacc -l -o internal/parser/pgn_gen.go -v grammar/y.output grammar/pgn.y
//go:generate go run ./bench/floor/strip -o bench/floor/floor.y grammar/pgn.y
//go:generate go tool goyacc -l -o bench/floor/floor_gen.go -v bench/floor/y.output bench/floor/floor.y
//go:generate go run ./internal/query/internal/gentables -o internal/query/tables_gen.go
//go:generate go tool goyacc -l -o internal/query/query_gen.go -v grammar/query.output grammar/query.y
