//go:build unix

package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pgnc/pgnc/beam/internal/testinput"
)

// corpus is the shared corpus of other projects' files, checked with
// PGNC_EXTENDED=1 when it is there.
const corpus = "../../../../shared/corpus"

// TestWorkersStartedByBootLoader runs pgnc-beam as a cluster runs it:
// prism's job server in a process of its own, and workers that the SDK's
// boot loader (sdks/go/container, as in the Dataflow, Flink and Spark
// containers) starts as processes of their own with --worker=true, all on
// loopback. The report must be, byte for byte, what pgnc check prints, and
// the exit code the same. The project's testdata, a file whose range seam
// a comment fools and a zstd file of many frames whose seams are fooled
// too, always; with PGNC_EXTENDED=1, the edge and bulk corpora and a
// pzstd file.
func TestWorkersStartedByBootLoader(t *testing.T) {
	if testing.Short() {
		t.Skip("builds prism, the boot loader, pgnc-beam and pgnc, and runs jobs (-short)")
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh for the boot loader's wrapper")
	}
	bin := t.TempDir()
	build(t, ".", bin, "github.com/apache/beam/sdks/v2/go/cmd/prism", "github.com/apache/beam/sdks/v2/go/container", ".")
	pgnc := pgncBinary(t)
	boot := filepath.Join(bin, "container")

	// Prism starts a PROCESS environment as `command --id='ID'
	// --provision_endpoint=...`, with the quotes inside the argument, and
	// then knows the id only without them: the wrapper takes them out, and
	// counts the workers it starts.
	starts := filepath.Join(bin, "starts")
	wrapper := filepath.Join(bin, "boot.sh")
	// The files it stages go under bin too.
	script := fmt.Sprintf("#!%s\necho start >> '%s'\nfor a in \"$@\"; do set -- \"$@\" \"$(printf %%s \"$a\" | tr -d \"'\")\"; shift; done\nexec '%s' --semi_persist_dir='%s' \"$@\"\n", sh, starts, boot, bin)
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}

	port := freePort(t)
	ctx, cancel := context.WithCancel(context.Background())
	var prismLog bytes.Buffer
	prism := exec.CommandContext(ctx, filepath.Join(bin, "prism"), "--job_port="+strconv.Itoa(port), "--serve_http=false", "--log_level=warn")
	prism.Dir = bin // the workers run where prism runs, not here
	prism.Stdout, prism.Stderr = &prismLog, &prismLog
	// The boot loader copies the worker binary into a directory of its own
	// under /tmp, whatever TMPDIR says, and leaves it there.
	t.Cleanup(func() { removeWorkerCopies(t, filepath.Join(bin, "pgnc-beam")) })
	// Prism, the boot loaders and the workers in a process group of their
	// own, ended together.
	prism.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	prism.Cancel = func() error { return syscall.Kill(-prism.Process.Pid, syscall.SIGKILL) }
	prism.WaitDelay = 5 * time.Second
	if err := prism.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cancel()
		prism.Wait()
		if t.Failed() {
			t.Logf("prism and the workers said:\n%s", tail(prismLog.String(), 4000))
		}
	})
	endpoint := "localhost:" + strconv.Itoa(port)
	waitListening(t, endpoint)

	// Each input with the flags that make it interesting: a seam that a
	// comment fools, plain and in frames as pzstd writes them.
	seam, boundary, err := testinput.SeamInComment(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	seamText, _ := os.ReadFile(seam)
	frames, err := testinput.ManyFrames(t.TempDir(), strings.Repeat(string(seamText), 3), int(boundary))
	if err != nil {
		t.Fatal(err)
	}
	inputs := [][]string{{"../../../testdata"}, {"--range-size=" + strconv.FormatInt(boundary, 10), seam}, {"--range-size=64", frames}}
	if os.Getenv("PGNC_EXTENDED") != "" {
		if _, err := os.Stat(corpus); err == nil {
			inputs = append(inputs, []string{filepath.Join(corpus, "edge")}, []string{"--range-size=4194304", filepath.Join(corpus, "bulk")})
			if zst, ok := pzstdFile(t, filepath.Join(corpus, "bulk/otb-masters/Carlsen.pgn")); ok {
				inputs = append(inputs, []string{zst})
			}
		} else {
			t.Logf("%s is not there: the corpora are not checked", corpus)
		}
	} else {
		t.Logf("the corpora (%s) and a pzstd file are checked with PGNC_EXTENDED=1", corpus)
	}
	for i, in := range inputs {
		input := in[len(in)-1]
		t.Run(filepath.Base(input), func(t *testing.T) {
			output := filepath.Join(bin, fmt.Sprintf("report-%d.txt", i))
			start := time.Now()
			args := []string{"check", "--runner=universal", "--endpoint=" + endpoint, "--environment_type=PROCESS",
				`--environment_config={"command":"` + wrapper + `"}`, "--output=" + output, "--summary=" + output + ".json"}
			args = append(args, in...)
			if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
				// On linux/amd64 the binary gives itself (defaultWorkerBinary).
				args = append(args[:1], append([]string{"--worker_binary=" + filepath.Join(bin, "pgnc-beam")}, args[1:]...)...)
			}
			got, gotErr, gotCode := command(t, 10*time.Minute, filepath.Join(bin, "pgnc-beam"), args...)
			t.Logf("pgnc-beam on prism with %s: %v", input, time.Since(start).Round(time.Millisecond))
			want, wantErr, wantCode := command(t, 5*time.Minute, pgnc, "check", input)
			t.Logf("pgnc check: %d bytes of report", len(want))
			if !bytes.Equal(got, want) {
				t.Errorf("pgnc-beam prints, for %s, what pgnc check does not:\n%s", input, firstDifference(got, want))
			}
			if gotCode != wantCode {
				t.Errorf("pgnc-beam exits %d, pgnc check %d; pgnc-beam said:\n%s", gotCode, wantCode, tail(string(gotErr), 2000))
			}
			// What the two say on standard error differs in the command's
			// name only.
			if g, w := strings.ReplaceAll(string(gotErr), "pgnc-beam: ", "pgnc: "), string(wantErr); g != w {
				t.Errorf("standard error differs:\npgnc-beam:\n%s\npgnc:\n%s", tail(g, 2000), tail(w, 2000))
			}
			if len(got) == 0 {
				t.Error("no report")
			}
			var sum struct{ Mended, Reread int }
			b, err := os.ReadFile(output + ".json")
			if err == nil {
				err = json.Unmarshal(b, &sum)
			}
			if err != nil {
				t.Fatalf("no summary: %v", err)
			}
			t.Logf("%d seams mended, %d files read again", sum.Mended, sum.Reread)
			if (input == seam || input == frames) && (sum.Mended == 0 || sum.Reread != 0) {
				t.Errorf("%d seams mended and %d files read again; want the fooled seams mended where they are", sum.Mended, sum.Reread)
			}
		})
	}
	// Prism ends the boot loaders of a job when the job is done; their
	// workers go with them.
	if _, err := os.Stat("/proc/self/cmdline"); err == nil {
		deadline := time.Now().Add(30 * time.Second)
		for left := workers(endpoint); len(left) > 0; left = workers(endpoint) {
			if time.Now().After(deadline) {
				t.Errorf("workers left running after their jobs: %v", left)
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	if b, _ := os.ReadFile(starts); len(b) == 0 {
		t.Error("the boot loader started no worker: the job did not run in workers of their own")
	} else {
		t.Logf("the boot loader started %d workers", bytes.Count(b, []byte("start")))
	}
}

// workers returns the ids of the processes that run as workers for the
// job server at endpoint, from /proc.
func workers(endpoint string) []string {
	var pids []string
	cmdlines, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, c := range cmdlines {
		b, err := os.ReadFile(c)
		if err != nil {
			continue
		}
		args := strings.Split(string(b), "\x00")
		if slices.Contains(args, "--worker=true") && slices.Contains(args, "--control_endpoint="+endpoint) {
			pids = append(pids, filepath.Base(filepath.Dir(c)))
		}
	}
	return pids
}

// removeWorkerCopies removes the directories /tmp/bin*/ that the boot
// loader made for copies of binary: those holding one file, "worker",
// with the same bytes.
func removeWorkerCopies(t *testing.T, binary string) {
	want, err := fileHash(binary)
	if err != nil {
		t.Log(err)
		return
	}
	copies, _ := filepath.Glob("/tmp/bin*/worker")
	for _, c := range copies {
		dir := filepath.Dir(c)
		if entries, err := os.ReadDir(dir); err != nil || len(entries) != 1 {
			continue
		}
		if got, err := fileHash(c); err == nil && got == want {
			os.RemoveAll(dir)
		}
	}
}

func fileHash(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return string(h.Sum(nil)), nil
}

// build builds the packages into the directory bin, with dir as the
// working directory (the beam module, or the root module).
func build(t *testing.T, dir, bin string, packages ...string) {
	t.Helper()
	cmd := exec.Command("go", append([]string{"build", "-o", bin + string(filepath.Separator)}, packages...)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", strings.Join(packages, " "), err, out)
	}
}

// command runs name with args and returns what it printed and its exit
// code; it fails the test when the command does not end within limit.
func command(t *testing.T, limit time.Duration, name string, args ...string) (stdout, stderr []byte, code int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	var out, errs bytes.Buffer
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stdout, cmd.Stderr = &out, &errs
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		t.Fatalf("%s did not end within %v; it said:\n%s", filepath.Base(name), limit, tail(errs.String(), 4000))
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return out.Bytes(), errs.Bytes(), code
}

// waitListening waits for a server to accept connections at endpoint.
func waitListening(t *testing.T, endpoint string) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		conn, err := net.DialTimeout("tcp", endpoint, time.Second)
		if err == nil {
			conn.Close()
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("nothing listens at %s: %v", endpoint, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// firstDifference shows where got and want part, with some lines around.
func firstDifference(got, want []byte) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	from := max(bytes.LastIndexByte(got[:i], '\n')-300, 0)
	return fmt.Sprintf("at byte %d:\n--- pgnc-beam\n%s\n--- pgnc check\n%s", i, clip(got[from:], 800), clip(want[from:], 800))
}

func clip(b []byte, n int) string {
	if len(b) > n {
		b = b[:n]
	}
	return string(b)
}

func tail(s string, n int) string {
	if len(s) > n {
		return "..." + s[len(s)-n:]
	}
	return s
}

// pzstdFile compresses path with pzstd into a temporary directory, or
// reports false, with a message, when pzstd is not installed.
func pzstdFile(t *testing.T, path string) (string, bool) {
	t.Helper()
	if _, err := exec.LookPath("pzstd"); err != nil {
		t.Logf("pzstd is not installed (Debian package zstd): no pzstd file is checked")
		return "", false
	}
	out := filepath.Join(t.TempDir(), filepath.Base(path)+".zst")
	if b, err := exec.Command("pzstd", "-q", "-p", "2", "-o", out, path).CombinedOutput(); err != nil {
		t.Fatalf("pzstd: %v\n%s", err, b)
	}
	return out, true
}
