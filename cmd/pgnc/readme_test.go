package main

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// readmeBlock returns the fenced block of the README that starts with
// first, without its fences.
func readmeBlock(t *testing.T, first string) string {
	t.Helper()
	return docBlock(t, "README.md", first)
}

// docBlock returns the code block of the document at path (from the
// repository's root) whose first line starts with first.
func docBlock(t *testing.T, path, first string) string {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join("../..", path))
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	start := strings.Index(text, "```\n"+first)
	if start < 0 {
		start = strings.Index(text, "```go\n"+first)
	}
	if start < 0 {
		t.Fatalf("%s has no block starting %q", path, first)
	}
	body := text[strings.IndexByte(text[start:], '\n')+start+1:]
	return body[:strings.Index(body, "```")]
}

// TestDocsNotPGN: docs/commands.md's example of a file that is not PGN is
// what pgnc prints for one, exit code 2.
func TestDocsNotPGN(t *testing.T) {
	shown := docBlock(t, "docs/commands.md", "x.7z:")
	t.Chdir(t.TempDir())
	if err := os.WriteFile("x.7z", []byte("7z\xbc\xaf\x27\x1c\x00\x04 and the rest of an archive"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, stderr strings.Builder
	if code := run([]string{"check", "x.7z"}, nil, &out, &stderr); code != exitUsage || !strings.HasPrefix(out.String(), shown) {
		t.Errorf("exit %d, printed:\n%s\nwant it to start with the docs':\n%s", code, out.String(), shown)
	}
}

// TestREADMELibrary: the README's library example compiles as written and
// reads a file with errors, a compressed file and a game without moves.
func TestREADMELibrary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	code := readmeBlock(t, `r, err := pgn.Open("games.pgn.zst")`)
	if !strings.Contains(code, `"games.pgn.zst"`) {
		t.Fatalf("the README's example opens no games.pgn.zst:\n%s", code)
	}
	code = strings.Replace(code, `"games.pgn.zst"`, "path", 1)
	dir, err := os.MkdirTemp("../..", ".readme-example-") // inside the module, which it imports
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	program := `package main

import (
	"fmt"
	"log"
	"os"

	"github.com/pgnc/pgnc/pgn"
)

func main() {
	for _, path := range os.Args[1:] {
		read(path)
	}
}

func read(path string) {
` + code + `}
`
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(program), 0o644); err != nil {
		t.Fatal(err)
	}
	noMoves := filepath.Join(t.TempDir(), "no-moves.pgn")
	os.WriteFile(noMoves, []byte("[Event \"x\"]\n[White \"A\"]\n[Black \"B\"]\n\n*\n"), 0o644)
	cmd := exec.Command("go", "run", ".", "../testdata/mistakes.pgn", "../testdata/compressed/sample.pgn.zst", noMoves)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the README's example fails: %v\n%s", err, out)
	}
	for _, want := range []string{"mistakes.pgn:10:34: error[PGN301]", "Adams, Jane - Brown, Tom", "Morphy, Paul - ", "A - B rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the example's output lacks %q:\n%.2000s", want, out)
		}
	}
}

// TestREADMEInstall: the README's install command builds a pgnc that runs,
// and a static one, which is why the command turns cgo off.
func TestREADMEInstall(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	readme, _ := os.ReadFile("../../README.md")
	if !strings.Contains(string(readme), "\nCGO_ENABLED=0 go install ./cmd/pgnc\n") {
		t.Fatal("the README's install command is not CGO_ENABLED=0 go install ./cmd/pgnc")
	}
	bin := t.TempDir()
	install := exec.Command("go", "install", "./cmd/pgnc")
	install.Dir = "../.."
	install.Env = append(os.Environ(), "GOBIN="+bin, "CGO_ENABLED=0")
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("CGO_ENABLED=0 go install ./cmd/pgnc: %v\n%s", err, out)
	}
	out, err := exec.Command(filepath.Join(bin, "pgnc"), "version").CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "pgnc ") {
		t.Errorf("the installed pgnc: %v: %s", err, out)
	}
	if runtime.GOOS == "linux" {
		f, err := elf.Open(filepath.Join(bin, "pgnc"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		for _, p := range f.Progs {
			if p.Type == elf.PT_INTERP {
				t.Error("the installed pgnc is linked dynamically")
			}
		}
	}
}
