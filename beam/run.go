package pgncbeam

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"   // gs:// outputs
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local outputs
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

func init() {
	register.DoFn2x1[context.Context, []byte, error](&writeFn{})
}

// Run builds the check of units, runs it with run (beamx.Run, or a
// runner's Execute), and returns the pipeline's output: what pgnc check
// prints, then a line of JSON with the counts (SplitOutput). The output
// goes through output, a path the workers can write (gs://... on a
// cluster); with output "", a temporary file that is removed, which only a
// runner in this process (prism's default, direct) can write.
func Run(ctx context.Context, units []unit, opts Options, output string, run func(context.Context, *beam.Pipeline) error) ([]byte, error) {
	if output == "" {
		f, err := os.CreateTemp("", "pgnc-beam-*.out")
		if err != nil {
			return nil, err
		}
		f.Close()
		output = f.Name()
		defer os.Remove(output)
	}
	if err := Launch(ctx, units, opts, output, run); err != nil {
		return nil, err
	}
	return ReadReport(ctx, output)
}

// Launch builds the check of units, whose report the workers write to
// output, and runs it with run. It does not read the report: run may not
// have run the pipeline (the vet and dot runners, Dataflow's --dry_run),
// or only submitted it (--async).
func Launch(ctx context.Context, units []unit, opts Options, output string, run func(context.Context, *beam.Pipeline) error) error {
	p, s := beam.NewPipelineWithRoot()
	report := Build(s, units, opts)
	beam.ParDo0(s, &writeFn{Path: output}, report)
	if err := run(ctx, p); err != nil {
		return fmt.Errorf("the pipeline failed: %w", err)
	}
	return nil
}

// ReadReport reads the report a pipeline wrote to output.
func ReadReport(ctx context.Context, output string) ([]byte, error) {
	fsys, err := filesystem.New(ctx, output)
	if err != nil {
		return nil, err
	}
	defer fsys.Close()
	r, err := fsys.OpenRead(ctx, output)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}

// absPaths makes the local paths units are read from absolute, leaving
// the names they print as given: a worker that a runner's boot loader
// starts runs in a directory of its own.
func absPaths(units []unit) {
	for i := range units {
		if isGCS(units[i].Path) {
			continue
		}
		if abs, err := filepath.Abs(units[i].Path); err == nil {
			units[i].Path = abs
		}
	}
}

// writeFn writes the report, the one element of its input, to Path.
type writeFn struct {
	Path string
}

func (fn *writeFn) ProcessElement(ctx context.Context, b []byte) error {
	fsys, err := filesystem.New(ctx, fn.Path)
	if err != nil {
		return err
	}
	defer fsys.Close()
	w, err := fsys.OpenWrite(ctx, fn.Path)
	if err != nil {
		return err
	}
	if _, err := w.Write(b); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}
