//go:build unix

package main

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// messy is a game that fmt rewrites.
const messy = "[White \"Morphy\"] [Event \"Paris\"] [Black \"Duke\"] [Result \"1-0\"]\n1.e4 e5 2.Nf3 d6 1-0\n"

// TestRewriteIdentity: fmt -w writes through a symbolic link, keeps the
// mode with its setgid bit, and the owner and group; it refuses a file with
// hard links, a read-only file and a FIFO, leaving them as they are.
func TestRewriteIdentity(t *testing.T) {
	dir := t.TempDir()
	real, link := filepath.Join(dir, "real.pgn"), filepath.Join(dir, "link.pgn")
	os.WriteFile(real, []byte(messy), 0o640)
	os.Chmod(real, 0o640|fs.ModeSetgid)
	if os.Getuid() == 0 {
		os.Chown(real, 1234, 5678)
	}
	os.Symlink("real.pgn", link)
	if code, _, stderr := pgncRun([]string{"fmt", "-w", link}, nil); code != exitClean {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link is no longer a link: %v", err)
	}
	info, _ := os.Stat(real)
	if data, _ := os.ReadFile(real); !strings.HasPrefix(string(data), "[Event \"Paris\"]") {
		t.Errorf("the target was not formatted: %q", data)
	}
	if info.Mode() != 0o640|fs.ModeSetgid {
		t.Errorf("mode %v", info.Mode())
	}
	if st := info.Sys().(*syscall.Stat_t); os.Getuid() == 0 && (st.Uid != 1234 || st.Gid != 5678) {
		t.Errorf("owner %d:%d", st.Uid, st.Gid)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("%d files in the directory", len(entries))
	}

	hard, second := filepath.Join(dir, "hard.pgn"), filepath.Join(dir, "second.pgn")
	os.WriteFile(hard, []byte(messy), 0o644)
	os.Link(hard, second)
	readOnly := filepath.Join(dir, "read-only.pgn")
	os.WriteFile(readOnly, []byte(messy), 0o444)
	fifo := filepath.Join(dir, "fifo.pgn")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ flag, path, want string }{
		{"-w", hard, "has 2 hard links, which a rewrite would split"},
		{"-w", readOnly, "is read-only; -w leaves it as it is"},
		{"-w", fifo, "is not a regular file"},
		{"-l", fifo, "is not a regular file"},
	} {
		done := make(chan struct{})
		go func() {
			defer close(done)
			code, _, stderr := pgncRun([]string{"fmt", c.flag, c.path}, nil)
			if code != exitUsage || !strings.Contains(stderr, c.want) {
				t.Errorf("%s %s: exit %d: %s", c.flag, c.path, code, stderr)
			}
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("%s %s: still running after 10 s", c.flag, c.path)
		}
		if info, err := os.Stat(c.path); err == nil && info.Mode().IsRegular() {
			if data, _ := os.ReadFile(c.path); string(data) != messy {
				t.Errorf("%s was changed", c.path)
			}
		}
	}
}

// TestFIFOInDirectory: a FIFO found in a directory is passed over with a
// warning instead of blocking the run.
func TestFIFOInDirectory(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.pgn"), []byte("[Event \"x\"]\n\n1. e4 *\n"), 0o644)
	if err := syscall.Mkfifo(filepath.Join(dir, "b.pgn"), 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		code, out, stderr := pgncRun([]string{"check", dir}, nil)
		if code != exitClean || !strings.Contains(out, "\n1 file, 1 game") || !strings.Contains(stderr, "b.pgn is not a regular file; passed over") {
			t.Errorf("exit %d: %s%s", code, out, stderr)
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("still running after 10 s")
	}
}

// TestRewriteSignal: a signal in the middle of fmt -w removes its
// temporary file and leaves the original whole.
func TestRewriteSignal(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "big.pgn")
	src := bytes.Repeat([]byte(messy+"\n"), 200000) // about 17 MB: long enough to be caught writing
	os.WriteFile(path, src, 0o644)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		cmd := exec.Command(os.Args[0], "fmt", "-w", "-j", "1", path)
		cmd.Env = append(os.Environ(), "PGNC_TEST_MAIN=1")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(20 * time.Second)
		for {
			if temps, _ := filepath.Glob(filepath.Join(dir, ".pgnc-fmt-*")); len(temps) > 0 || time.Now().After(deadline) {
				break
			}
			time.Sleep(time.Millisecond)
		}
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		exit, _ := err.(*exec.ExitError)
		if exit == nil || exit.ExitCode() != 128+int(sig) {
			t.Errorf("%v: %v, want exit %d", sig, err, 128+int(sig))
		}
		if temps, _ := filepath.Glob(filepath.Join(dir, ".pgnc-fmt-*")); len(temps) > 0 {
			t.Errorf("%v: left %v", sig, temps)
		}
		if data, _ := os.ReadFile(path); !bytes.Equal(data, src) {
			t.Fatalf("%v: the original changed", sig)
		}
	}
}

// TestConvertClosesFiles: convert closes each input when it is done with
// it, so that more files than the process may hold open at once convert.
func TestConvertClosesFiles(t *testing.T) {
	dir := t.TempDir()
	const files = 300
	for i := range files {
		os.WriteFile(filepath.Join(dir, strconv.Itoa(i)+".pgn"), []byte("[Event \"x\"]\n\n1. e4 *\n"), 0o644)
	}
	var limit syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &limit); err != nil {
		t.Fatal(err)
	}
	low := limit
	low.Cur = 100
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &low); err != nil {
		t.Skipf("cannot lower the open file limit: %v", err)
	}
	defer syscall.Setrlimit(syscall.RLIMIT_NOFILE, &limit)
	code, out, stderr := pgncRun([]string{"convert", "--to", "uci", dir}, nil)
	if code != exitClean || strings.Count(out, "e2e4") != files || stderr != "" {
		t.Errorf("exit %d, %d games: %.300s", code, strings.Count(out, "e2e4"), stderr)
	}
}

// TestRewriteKeepsChange: a file that another program changes after fmt
// -w or play -w read it and before the rename (beforeRename stands for
// that program) is left as it is, with the change, and no temporary file
// stays beside it; the exit code is 2. play prints the game it could not
// write, so that the moves played are not lost, and its save command says
// why and goes on.
func TestRewriteKeepsChange(t *testing.T) {
	const appended = "\n[Event \"appended\"]\n\n1. d4 *\n"
	changes := map[string]func(path string){
		"append": func(path string) {
			f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.WriteString(appended)
			f.Close()
		},
		"replace": func(path string) { // another file of the same size renamed over it
			data, _ := os.ReadFile(path)
			os.WriteFile(path+".new", bytes.ToUpper(data), 0o644)
			os.Rename(path+".new", path)
		},
	}
	defer func() { beforeRename = nil }()
	for name, change := range changes {
		for _, c := range []struct {
			args       []string
			src, stdin string
			code       int
			stdout     string
		}{
			{[]string{"fmt", "-w"}, messy, "", exitUsage, ""},
			{[]string{"play", "-w", "--ascii"}, unfinished, "Nf3\n", exitUsage, "2. Nf3 *"},
			{[]string{"play", "--ascii"}, unfinished, "Nf3\nsave\nNc6\nquit\n", exitClean, "2. Nf3 Nc6 *"},
		} {
			dir := t.TempDir()
			path := filepath.Join(dir, "games.pgn")
			os.WriteFile(path, []byte(c.src), 0o644)
			var want []byte
			beforeRename = func(path string) {
				change(path)
				want, _ = os.ReadFile(path)
			}
			var stdout, stderr strings.Builder
			code := run(append(c.args, path), strings.NewReader(c.stdin), &stdout, &stderr)
			beforeRename = nil
			what := name + " " + strings.Join(c.args, " ")
			if code != c.code || !strings.Contains(stdout.String()+stderr.String(), "games.pgn changed while pgnc was rewriting it") {
				t.Errorf("%s: exit %d: %s%s", what, code, stdout.String(), stderr.String())
			}
			if !strings.Contains(stdout.String(), c.stdout) {
				t.Errorf("%s: the game is not on standard output: %s", what, stdout.String())
			}
			if got, _ := os.ReadFile(path); want == nil || !bytes.Equal(got, want) {
				t.Errorf("%s: the file is not as the other program left it:\n%s", what, got)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("%s: %d files beside the input", what, len(entries)-1)
			}
		}
	}
}

// TestPlaySavesTwice: play's save command writes the game into the file,
// and the end of the session writes it again into the file written, the
// bytes around the game kept.
func TestPlaySavesTwice(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.pgn")
	before, after := "% escape\n\n", "\n\n[Event \"next\"]\n\n1. d4 *\n"
	os.WriteFile(path, []byte(before+strings.TrimSuffix(unfinished, "\n")+after), 0o644)
	code, out, stderr := runWith([]string{"play", "-w", "--ascii", path}, "Nf3\nsave\nNc6\nsave\nBb5\n")
	if code != exitClean || strings.Count(out, "wrote ") != 3 {
		t.Fatalf("exit %d: %s%s", code, out, stderr)
	}
	data, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(data), before+"[Event \"x\"]") || !strings.HasSuffix(string(data), "2. Nf3 Nc6 3. Bb5 *"+after) {
		t.Errorf("the file written:\n%s", data)
	}
}
