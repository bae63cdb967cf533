package pgncbeam

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"   // gs:// outputs
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local outputs
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

func init() {
	register.DoFn4x1[context.Context, int, func(*[]byte) bool, func(*int) bool, error](&writeShardFn{})
	register.DoFn1x2[[]byte, int, []byte](&shardKeyFn{})
	register.Iter1[int]()
}

// The pipeline writes its report itself, in shards: the printed pieces
// (one per step of a unit, in input order; see planEntry.Ordinal) go to
// shard Ordinal/Options.ShardSteps, and each shard is one file,
//
//	OUTPUT-00000-of-00003.txt   (.jsonl with --format json)
//	OUTPUT-00001-of-00003.txt
//	OUTPUT-00002-of-00003.txt
//	OUTPUT-summary.json
//
// where OUTPUT is --output without a .txt or .jsonl ending. Every shard is
// written, empty where none of its steps printed anything, so that the
// shards of one run are all there and are the only ones with its count in
// their names: joined in name order, they are the report pgnc check prints
// (the summary's text is in the last). The summary file holds the counts
// as JSON (Summary), from which the command takes its exit code.

// DefaultShardSteps is the default of Options.ShardSteps: with ranges of
// 32 MiB, a shard covers 8 GiB of text, a few shards for a lichess month.
const DefaultShardSteps = 2048

func (o Options) shardSteps() int {
	if o.ShardSteps <= 0 {
		return DefaultShardSteps
	}
	return o.ShardSteps
}

// summaryShard is the key of the summary's line among the shards.
const summaryShard = -1

// shardKeyFn puts a printed piece under its shard's key.
type shardKeyFn struct {
	Steps int
}

func (fn *shardKeyFn) ProcessElement(b []byte) (int, []byte) {
	ordinal := int(binary.BigEndian.Uint64(b))
	if ordinal == math.MaxInt {
		return summaryShard, b
	}
	return ordinal / fn.Steps, b
}

// outputPrefix returns output without a .txt or .jsonl ending.
func outputPrefix(output string) string {
	for _, ext := range []string{".txt", ".jsonl"} {
		if strings.HasSuffix(output, ext) {
			return strings.TrimSuffix(output, ext)
		}
	}
	return output
}

// ShardName returns the name of shard i of n of the report at output.
func ShardName(output string, i, n int, json bool) string {
	ext := ".txt"
	if json {
		ext = ".jsonl"
	}
	return fmt.Sprintf("%s-%05d-of-%05d%s", outputPrefix(output), i, n, ext)
}

// ShardPattern is a pattern that the names of the shards of the report at
// output match.
func ShardPattern(output string, json bool) string {
	name := ShardName(output, 0, 0, json)
	return outputPrefix(output) + "-*-of-*" + name[strings.LastIndexByte(name, '.'):]
}

// SummaryName returns the name of the summary of the report at output.
func SummaryName(output string) string { return outputPrefix(output) + "-summary.json" }

// writeShardFn writes the pieces of one shard, in order, to its file, or
// the summary's line to the summary file. The number of shards is a side
// input, from the settle step.
type writeShardFn struct {
	Output string
	JSON   bool
}

func (fn *writeShardFn) ProcessElement(ctx context.Context, shard int, pieces func(*[]byte) bool, layout func(*int) bool) error {
	var n int
	if !layout(&n) {
		return fmt.Errorf("the number of shards is missing")
	}
	path := SummaryName(fn.Output)
	if shard != summaryShard {
		path = ShardName(fn.Output, shard, n, fn.JSON)
	}
	return writeFile(ctx, path, joinPieces(pieces))
}

// joinPieces joins printed pieces in order.
func joinPieces(pieces func(*[]byte) bool) []byte {
	var all [][]byte
	var b []byte
	size := 0
	for pieces(&b) {
		all = append(all, b)
		size += len(b) - 8
		b = nil
	}
	sort.Slice(all, func(i, j int) bool { return bytes.Compare(all[i][:8], all[j][:8]) < 0 })
	out := make([]byte, 0, size)
	for i, pc := range all {
		out = append(out, pc[8:]...)
		all[i] = nil // the piece is copied: the collector may take it
	}
	return out
}

func writeFile(ctx context.Context, path string, b []byte) error {
	fsys, err := filesystem.New(ctx, path)
	if err != nil {
		return err
	}
	defer fsys.Close()
	w, err := fsys.OpenWrite(ctx, path)
	if err != nil {
		return err
	}
	if _, err := w.Write(b); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// Run builds the check of the files inputs name, runs it with run (beamx.Run, or a
// runner's Execute), and returns the report the pipeline wrote, its
// shards joined, followed by the summary's line of JSON (SplitOutput). The
// report goes to output, a path the workers can write (gs://... on a
// cluster); with output "", to a temporary directory that is removed,
// which only a runner in this process (prism's default, direct) can
// write.
func Run(ctx context.Context, inputs []Input, opts Options, output string, run func(context.Context, *beam.Pipeline) error) ([]byte, error) {
	if output == "" {
		dir, err := os.MkdirTemp("", "pgnc-beam-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
		output = filepath.Join(dir, "report")
	}
	if err := Launch(ctx, inputs, opts, output, run); err != nil {
		return nil, err
	}
	return ReadReport(ctx, output, opts.JSON)
}

// Launch builds the check of the files inputs name, whose report the workers write to
// output, and runs it with run. It does not read the report: run may not
// have run the pipeline (the vet and dot runners, Dataflow's --dry_run),
// or only submitted it (--async).
func Launch(ctx context.Context, inputs []Input, opts Options, output string, run func(context.Context, *beam.Pipeline) error) error {
	p, s := beam.NewPipelineWithRoot()
	Build(s, inputs, opts, output)
	if err := run(ctx, p); err != nil {
		return fmt.Errorf("the pipeline failed: %w", err)
	}
	return nil
}

// ReadReport reads the report a pipeline wrote to output: its shards
// joined in order, then the summary's line.
func ReadReport(ctx context.Context, output string, json bool) ([]byte, error) {
	line, err := readFile(ctx, SummaryName(output))
	if err != nil {
		return nil, err
	}
	sum, err := parseSummary(line)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", SummaryName(output), err)
	}
	var out []byte
	for i := range sum.Shards {
		b, err := readFile(ctx, ShardName(output, i, sum.Shards, json))
		if err != nil {
			return nil, err
		}
		out = append(out, b...)
	}
	return append(out, line...), nil
}

func parseSummary(line []byte) (Summary, error) {
	var sum Summary
	err := json.Unmarshal(line, &sum)
	return sum, err
}

func readFile(ctx context.Context, path string) ([]byte, error) {
	fsys, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, err
	}
	defer fsys.Close()
	r, err := fsys.OpenRead(ctx, path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}
