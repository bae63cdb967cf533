package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pgnc/pgnc/diag"
	"golang.org/x/text/encoding/charmap"
)

// noExample lists the codes whose explanation has no example, and why no
// single PGN text can show them: each must say so (Explanation.NoExample).
var noExample = map[diag.Code]string{
	diag.NotPGN:         "it is about an input that is not PGN text: an archive, an image, binary data",
	diag.LoneSurrogate:  "it is about UTF-16 input, decoded before the PGN is read; its damaged bytes are no text to show",
	diag.GameBytesLimit: "it takes more than 64 KiB without a game boundary (--max-game-bytes is at least 65536)",
	diag.TooLong:        "it takes a game of more than 1048576 tag pairs or elements of movetext",
}

// reported matches the code of each diagnostic that pgnc prints as text.
var reported = regexp.MustCompile(`(?:error|warning)\[(PGN\d{3})\]`)

// TestExplanationExamples runs the example of every code's explanation
// through the real command it names (pgnc check by default), saved in the
// encoding it names, and requires that the command reports the code on
// it: an explanation's example shows what it explains.
func TestExplanationExamples(t *testing.T) {
	dir := t.TempDir()
	seen := map[diag.Code]bool{}
	for _, e := range diag.English.Explanations() {
		seen[e.Code] = true
		if e.Example == "" {
			if _, ok := noExample[e.Code]; !ok || e.NoExample == "" {
				t.Errorf("%s: no example, and not listed in noExample with a NoExample text", e.Code)
			}
			continue
		}
		if _, ok := noExample[e.Code]; ok {
			t.Errorf("%s has an example but is listed in noExample", e.Code)
		}
		data := []byte(e.Example)
		switch e.Encoding {
		case "":
		case "Windows-1252":
			text, err := charmap.Windows1252.NewEncoder().String(e.Example)
			if err != nil {
				t.Fatalf("%s: %v", e.Code, err)
			}
			data = []byte(text)
		default:
			t.Fatalf("%s: unknown encoding %q", e.Code, e.Encoding)
		}
		file := filepath.Join(dir, e.Code.String()+".pgn")
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		command := e.Command
		if command == "" {
			command = "pgnc check"
		}
		args := strings.Fields(command)
		if args[0] != "pgnc" || len(args) < 2 {
			t.Fatalf("%s: the command %q is not pgnc's", e.Code, command)
		}
		args = append(args[1:], file)
		var out, errOut strings.Builder
		code := run(args, nil, &out, &errOut)
		var codes []string
		for _, m := range reported.FindAllStringSubmatch(out.String()+errOut.String(), -1) {
			codes = append(codes, m[1])
		}
		if code == exitUsage || !strings.Contains(" "+strings.Join(codes, " ")+" ", " "+e.Code.String()+" ") {
			t.Errorf("%s: %s on its example exits %d and reports %v, not %s:\n%s\n%s", e.Code, command, code, codes, e.Code, out.String(), errOut.String())
		}
	}
	for _, entry := range diag.English.Entries() {
		if !seen[entry.Code] {
			t.Errorf("%s has no explanation", entry.Code)
		}
	}
}
