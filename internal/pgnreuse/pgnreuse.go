// Package pgnreuse lets pgnc's commands read through package pgn with the
// memory of each game used again for the next: the text it was read from,
// the Game value, its Tags and Diags. Package pgn does not offer that to
// its users, whose Games stay valid after the loop moves on, and whose
// options each mean the same in every mode; pgnc check reports each game
// before it reads the next, and so reads in flat memory, the collector
// having next to nothing to do. The Full mode, whose games hold their
// moves, reuses nothing.
package pgnreuse

// Option returns that option of a pgn.Reader, a pgn.Option; package pgn
// sets it when it is loaded.
var Option func() any
