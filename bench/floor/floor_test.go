package floor

import (
	"os"
	"path/filepath"
	"testing"
)

func TestParse(t *testing.T) {
	sample, err := os.ReadFile(filepath.Join("..", "..", "testdata", "sample.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		src        string
		tokens     int // with the runs and EOF; 0: not counted
		wantErrors bool
	}{
		{"the shipped sample", string(sample), 0, false},
		{"one game", "[Event \"x\"]\n[Site \"y\"]\n\n1. e4 {c} e5 (1... c5) 2. Nf3 $1 1-0\n", 9, false},
		{"a variation never opened", "1. e4 ) e5 *\n", 0, true},
		{"a variation never closed", "1. e4 (1. d4 *\n", 0, true},
	}
	for _, tt := range tests {
		tokens, errors := Parse(tt.src)
		if (errors > 0) != tt.wantErrors {
			t.Errorf("%s: %d syntax errors, want errors: %v", tt.name, errors, tt.wantErrors)
		}
		if tt.tokens > 0 && tokens != tt.tokens {
			t.Errorf("%s: %d tokens, want %d", tt.name, tokens, tt.tokens)
		}
	}
}

func benchmarkFloor(b *testing.B, name string) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "corpus", "edge", "lichess-twic", name))
	if err != nil {
		b.Skipf("benchmark sample not present: %v", err)
	}
	src := string(data)
	if _, errors := Parse(src); errors != 0 {
		b.Fatalf("%d syntax errors in %s", errors, name)
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		Parse(src)
	}
}

func BenchmarkFloorLichess(b *testing.B) { benchmarkFloor(b, "lichess_db_1000k.pgn") }
func BenchmarkFloorTWIC(b *testing.B)    { benchmarkFloor(b, "twic1599_1000k.pgn") }
