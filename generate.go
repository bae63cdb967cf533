// Package pgnc is the root of the pgnc module: a toolchain for PGN, the
// Portable Game Notation of chess. The command lives in cmd/pgnc; the
// libraries are token, lexer, parser, ast, san and diag.
//
// go generate ./... rebuilds the two generated files: the lexer's DFA tables
// from token.Patterns (through lexmachine), and the parser from grammar/pgn.y
// (through goyacc, pinned as a tool in go.mod). It also rebuilds the
// action-free copy of the grammar that bench/floor measures.
package pgnc

//go:generate go run ./lexer/internal/gentables -o lexer/tables_gen.go
//go:generate go tool goyacc -l -o parser/pgn_gen.go -v grammar/y.output grammar/pgn.y
//go:generate go run ./bench/floor/strip -o bench/floor/floor.y grammar/pgn.y
//go:generate go tool goyacc -l -o bench/floor/floor_gen.go -v bench/floor/y.output bench/floor/floor.y
