package pgncbeam

import (
	"context"
	"flag"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/runtime/graphx"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/dataflow"
)

// clusterPipeline builds the check of the project's test files, split in
// ranges, as a cluster would run it.
func clusterPipeline(t *testing.T) *beam.Pipeline {
	t.Helper()
	inputs, err := Expand([]string{"../testdata"})
	if err != nil {
		t.Fatal(err)
	}
	p, s := beam.NewPipelineWithRoot()
	Build(s, inputs, Options{RangeSize: 4096}, "gs://bucket/report")
	return p
}

// TestDataflowJob: the pipeline translates into a Dataflow job, up to the
// request that would submit it (--dry_run); Dataflow itself cannot be
// reached from here.
func TestDataflowJob(t *testing.T) {
	for name, value := range map[string]string{"dry_run": "true", "project": "pgnc-test", "region": "europe-west1",
		"staging_location": "gs://bucket/staging", "temp_location": "gs://bucket/tmp", "worker_binary": "pgnc-beam"} {
		old := flag.Lookup(name).Value.String()
		if err := flag.Set(name, value); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { flag.Set(name, old) })
	}
	if _, err := dataflow.Execute(context.Background(), clusterPipeline(t)); err != nil {
		t.Fatalf("the Dataflow job does not build: %v", err)
	}
}

// TestPortableJob: the pipeline marshals into the portable model that the
// Flink and Spark job servers take (--runner=flink, spark or universal
// with --endpoint); those servers cannot be run here.
func TestPortableJob(t *testing.T) {
	edges, _, err := clusterPipeline(t).Build()
	if err != nil {
		t.Fatal(err)
	}
	env, err := graphx.CreateEnvironment(context.Background(), "beam:env:docker:v1", func(context.Context) string { return "apache/beam_go_sdk:2.77.0" })
	if err != nil {
		t.Fatal(err)
	}
	model, err := graphx.Marshal(edges, &graphx.Options{Environment: env})
	if err != nil {
		t.Fatalf("the portable pipeline does not marshal: %v", err)
	}
	if len(model.GetComponents().GetTransforms()) == 0 {
		t.Error("the portable pipeline has no transforms")
	}
}
