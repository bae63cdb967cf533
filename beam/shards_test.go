package pgncbeam

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"
)

// TestShards: the pipeline writes its report in shards and a summary;
// the shards, joined in the order of their names, are what pgnc check
// prints, byte for byte, text and JSON lines, on the project's files and
// the edge corpus when it is there. A shard of a run with another number
// of shards, left at the same --output, has another name.
func TestShards(t *testing.T) {
	pgnc := pgncBinary(t)
	inputs := []string{"../testdata"}
	if _, err := os.Stat("../../shared/corpus/edge"); err == nil {
		inputs = append(inputs, "../../shared/corpus/edge")
	} else {
		t.Log("the edge corpus is not there: the project's files only")
	}
	dir := t.TempDir()
	stale := filepath.Join(dir, "report-00000-of-00099.txt")
	os.WriteFile(stale, []byte("a shard of another run\n"), 0o644)
	for _, input := range inputs {
		for _, json := range []bool{false, true} {
			opts := Options{RangeSize: 64 << 10, ShardSteps: 7, JSON: json}
			args := []string{"check", "-q", input}
			if json {
				args = append(args, "--format", "json")
			}
			want, _ := exec.Command(pgnc, args...).Output()
			inputs, err := Expand([]string{input})
			if err != nil {
				t.Fatal(err)
			}
			output := filepath.Join(dir, "report.txt")
			if err := Launch(context.Background(), inputs, opts, output, onPrism); err != nil {
				t.Fatal(err)
			}
			line, err := os.ReadFile(SummaryName(output))
			if err != nil {
				t.Fatal(err)
			}
			sum, err := parseSummary(line)
			if err != nil {
				t.Fatal(err)
			}
			names, _ := filepath.Glob(ShardPattern(output, json))
			sort.Strings(names)
			var got []byte
			n := 0
			for _, name := range names {
				if name == stale {
					continue
				}
				b, err := os.ReadFile(name)
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, b...)
				n++
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s json %v: the shards joined differ from pgnc check:\n%s", input, json, firstDifference(got, want))
			}
			if n != sum.Shards || sum.Shards < 2 {
				t.Errorf("%s json %v: %d shards written, the summary says %d; want several", input, json, n, sum.Shards)
			}
			for _, name := range names {
				if name != stale {
					os.Remove(name)
				}
			}
		}
	}
}
