package lexer

//go:generate go run ./internal/gentables -o tables_gen.go
