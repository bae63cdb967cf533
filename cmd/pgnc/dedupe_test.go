package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// carlsen is the otb-masters file of Carlsen's games in the shared corpus,
// beside the project.
const carlsen = "../../../shared/corpus/bulk/otb-masters/Carlsen.pgn"

// TestDedupeCarlsenTwice: Carlsen.pgn concatenated with itself keeps 3,430
// of 6,860 games, and the output is Carlsen.pgn byte for byte, in memory
// and sorted on disk (--memory 1 spills the records of 6,860 games), on
// one goroutine and two; pgn-extract -D, where installed, keeps as many.
func TestDedupeCarlsenTwice(t *testing.T) {
	if os.Getenv("PGNC_EXTENDED") == "" {
		t.Skip("set PGNC_EXTENDED=1 to run on the shared corpus")
	}
	src, err := os.ReadFile(carlsen)
	if err != nil {
		t.Skipf("the shared corpus is absent: %v", err)
	}
	twice := filepath.Join(t.TempDir(), "twice.pgn")
	if err := os.WriteFile(twice, append(append([]byte{}, src...), src...), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"-j", "1"}, {"-j", "2", "--memory", "1", "--temp-dir", t.TempDir()}, {"--kind", "moves"}} {
		var out, errOut bytes.Buffer
		args = append(append([]string{"dedupe"}, args...), twice)
		if code := run(args, nil, &out, &errOut); code != exitClean {
			t.Fatalf("%v: exit %d: %s", args, code, errOut.String())
		}
		if !bytes.Equal(out.Bytes(), src) {
			t.Errorf("%v: the output is not Carlsen.pgn byte for byte (%d bytes, want %d)", args, out.Len(), len(src))
		}
		out.Reset()
		args = append([]string{"dedupe", "--count"}, args[1:]...)
		if code := run(args, nil, &out, &errOut); code != exitClean {
			t.Fatalf("%v: exit %d: %s", args, code, errOut.String())
		}
		if !strings.HasPrefix(out.String(), "6860 games: 3430 kept, 3430 duplicates (3430 exact,") {
			t.Errorf("%v: %s", args, out.String())
		}
	}
	if _, err := os.Stat("/usr/games/pgn-extract"); err != nil {
		t.Skip("pgn-extract is not installed: apt-get install pgn-extract")
	}
	kept := filepath.Join(t.TempDir(), "kept.pgn")
	if err := exec.Command("/usr/games/pgn-extract", "-D", "-s", "-o", kept, twice).Run(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(kept)
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(b, []byte("\n[Event ")) + 1; n != 3430 {
		t.Errorf("pgn-extract -D kept %d games, want 3430", n)
	}
}
