package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestECOFix: the fix of PGN330 (check --eco --format json) writes the
// classified code over the ECO tag's value, and the file it gives checks
// clean.
func TestECOFix(t *testing.T) {
	src := "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[ECO \"A13\"]\n\n1. c4 e6 2. Nc3 Nf6 3. d4 Bb4 *\n"
	file := filepath.Join(t.TempDir(), "g.pgn")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut strings.Builder
	if code := run([]string{"check", "--eco", "--format", "json", file}, nil, &out, &errOut); code != exitClean {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var fixed string
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var rec struct {
			Code  string `json:"code"`
			Fixes []struct {
				Text      string `json:"text"`
				Offset    int    `json:"offset"`
				EndOffset int    `json:"end_offset"`
			} `json:"fixes"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Code != "PGN330" {
			continue
		}
		if len(rec.Fixes) != 1 {
			t.Fatalf("PGN330 has fixes %+v", rec.Fixes)
		}
		f := rec.Fixes[0]
		if got := src[f.Offset:f.EndOffset]; got != `"A13"` {
			t.Errorf("the fix replaces %q, want the tag's value", got)
		}
		fixed = src[:f.Offset] + f.Text + src[f.EndOffset:]
	}
	if !strings.Contains(fixed, `[ECO "E20"]`) {
		t.Fatalf("fixed text:\n%s", fixed)
	}
	if err := os.WriteFile(file, []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if code := run([]string{"check", "--eco", "--strict", file}, nil, &out, &errOut); code != exitClean || strings.Contains(out.String(), "PGN330") {
		t.Errorf("after the fix: exit %d\n%s", code, out.String())
	}
}
