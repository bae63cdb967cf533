package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// sarifSchema compiles the SARIF 2.1.0 schema of testdata/sarif, with the
// formats it names (uri, uri-reference) asserted.
func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	path, err := filepath.Abs(filepath.Join("..", "..", "testdata", "sarif", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("sarif-schema-2.1.0.json", doc); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile("sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	return schema
}

// TestSARIFValid: check --format sarif on testdata/mistakes.pgn, and on
// files with every code that has fixes, in English and Spanish, writes a
// log that the SARIF 2.1.0 schema accepts, with a rule for each code of
// the catalog, a result for each diagnostic that text output prints,
// regions whose byte offsets are those of JSON output, and fixes that say
// whether they are certain.
func TestSARIFValid(t *testing.T) {
	schema := sarifSchema(t)
	testdata := filepath.Join("..", "..", "testdata")
	for _, c := range []struct {
		args    []string
		results int
	}{
		{[]string{filepath.Join(testdata, "mistakes.pgn")}, 6},
		{[]string{"--lang", "es", filepath.Join(testdata, "mistakes.pgn")}, 6},
		{[]string{filepath.Join(testdata, "fix", "edge.pgn"), filepath.Join(testdata, "check", "notation.pgn")}, -1},
		{[]string{filepath.Join(testdata, "broken.pgn")}, -1},
		{[]string{"--ignore", "PGN321", filepath.Join(testdata, "tiny.pgn")}, 0},
		{[]string{filepath.Join(testdata, "sample.pgn")}, 0},
	} {
		var out, stderr strings.Builder
		code := run(append([]string{"check", "--format", "sarif"}, c.args...), nil, &out, &stderr)
		if code == exitUsage {
			t.Fatalf("%v: exit 2: %s", c.args, stderr.String())
		}
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(out.String()))
		if err != nil {
			t.Fatalf("%v: not JSON: %v\n%s", c.args, err, out.String())
		}
		if err := schema.Validate(inst); err != nil {
			t.Fatalf("%v: the schema rejects the log: %v", c.args, err)
		}
		var log struct {
			Runs []struct {
				Tool struct {
					Driver struct {
						Rules []struct {
							ID string `json:"id"`
						} `json:"rules"`
					} `json:"driver"`
				} `json:"tool"`
				Results []struct {
					RuleID    string `json:"ruleId"`
					RuleIndex int    `json:"ruleIndex"`
					Locations []struct {
						PhysicalLocation struct {
							Region struct {
								StartLine  int `json:"startLine"`
								ByteOffset int `json:"byteOffset"`
								ByteLength int `json:"byteLength"`
							} `json:"region"`
						} `json:"physicalLocation"`
					} `json:"locations"`
					Fixes []struct {
						Properties struct {
							Certain *bool `json:"certain"`
						} `json:"properties"`
					} `json:"fixes"`
				} `json:"results"`
			} `json:"runs"`
		}
		if err := json.Unmarshal([]byte(out.String()), &log); err != nil {
			t.Fatal(err)
		}
		if len(log.Runs) != 1 {
			t.Fatalf("%v: %d runs", c.args, len(log.Runs))
		}
		run0 := log.Runs[0]
		if len(run0.Tool.Driver.Rules) < 60 {
			t.Errorf("%v: only %d rules", c.args, len(run0.Tool.Driver.Rules))
		}
		if c.results >= 0 && len(run0.Results) != c.results {
			t.Errorf("%v: %d results, want %d", c.args, len(run0.Results), c.results)
		}
		// The same diagnostics as JSON output, at the same offsets.
		var js strings.Builder
		run(append([]string{"check", "--format", "json"}, c.args...), nil, &js, &stderr)
		lines := strings.Split(strings.TrimSpace(js.String()), "\n")
		if js.Len() == 0 {
			lines = nil
		}
		if len(lines) != len(run0.Results) {
			t.Fatalf("%v: %d results, %d JSON records", c.args, len(run0.Results), len(lines))
		}
		fixes, certain := 0, 0
		for i, r := range run0.Results {
			var rec struct {
				Code      string `json:"code"`
				Line      int    `json:"line"`
				Offset    int    `json:"offset"`
				EndOffset int    `json:"end_offset"`
			}
			json.Unmarshal([]byte(lines[i]), &rec)
			region := r.Locations[0].PhysicalLocation.Region
			if r.RuleID != rec.Code || run0.Tool.Driver.Rules[r.RuleIndex].ID != rec.Code || region.StartLine != rec.Line ||
				region.ByteOffset != rec.Offset || region.ByteLength != rec.EndOffset-rec.Offset {
				t.Errorf("%v: result %d is %+v, JSON %s", c.args, i, r, lines[i])
			}
			for _, x := range r.Fixes {
				fixes++
				if x.Properties.Certain == nil {
					t.Errorf("%v: a fix of %s does not say whether it is certain", c.args, r.RuleID)
				} else if *x.Properties.Certain {
					certain++
				}
			}
		}
		t.Logf("%v: %d results, %d fixes (%d certain)", c.args, len(run0.Results), fixes, certain)
	}
}

// TestSARIFSchemaRejects: the schema test would catch a broken log: the
// schema refuses a result whose region starts at line 0.
func TestSARIFSchemaRejects(t *testing.T) {
	schema := sarifSchema(t)
	var out, stderr strings.Builder
	run([]string{"check", "--format", "sarif", filepath.Join("..", "..", "testdata", "mistakes.pgn")}, nil, &out, &stderr)
	broken := strings.Replace(out.String(), `"startLine":10,`, `"startLine":0,`, 1)
	if broken == out.String() {
		t.Fatal("no result at line 10")
	}
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(broken))
	if err != nil {
		t.Fatal(err)
	}
	if schema.Validate(inst) == nil {
		t.Error("the schema accepts a region at line 0")
	}
}

// TestSARIFMistakes compares the SARIF log of testdata/mistakes.pgn with
// testdata/sarif/mistakes.sarif, pgnc's version left out, and validates
// that file against the schema: an example log to read and to give a
// SARIF viewer. go test -run TestSARIFMistakes -update rewrites it.
func TestSARIFMistakes(t *testing.T) {
	schema := sarifSchema(t)
	t.Chdir(filepath.Join("..", "..")) // the log names testdata/mistakes.pgn
	golden := filepath.Join("testdata", "sarif", "mistakes.sarif")
	var out, stderr strings.Builder
	run([]string{"check", "--format", "sarif", "testdata/mistakes.pgn"}, nil, &out, &stderr)
	got := strings.Replace(out.String(), `"version":"`+version()+`",`, "", 1)
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("the log differs from %s (run the test with -update and review the diff)", golden)
	}
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(string(want)))
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(inst); err != nil {
		t.Errorf("the schema rejects %s: %v", golden, err)
	}
}
