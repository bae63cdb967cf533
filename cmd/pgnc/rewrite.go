package main

import (
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
)

// rewritable returns the file that fmt -w writes for path: the target of
// a symbolic link, so that the link stays a link. It refuses, with a
// message that says why, what an in-place rewrite would damage or could
// not do: a file that is not regular (a FIFO would block), a read-only
// file, and a file with several hard links, which a rename would split.
func rewritable(path string) (string, fs.FileInfo, error) {
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", nil, err
	}
	info, err := os.Stat(target)
	if err != nil {
		return "", nil, err
	}
	switch _, _, links, known := owner(info); {
	case !info.Mode().IsRegular():
		return "", nil, msg.Errorf("%s is not a regular file; -w rewrites regular files only", path)
	case info.Mode().Perm()&0o222 == 0:
		return "", nil, msg.Errorf("%s is read-only; -w leaves it as it is", path)
	case known && links > 1:
		return "", nil, msg.Errorf("%s has %d hard links, which a rewrite would split; write to standard output instead", path, links)
	}
	return target, info, nil
}

// replace puts the finished temporary file tmp in the place of path,
// whose state when it was read was info, read bytes long: with its owner
// and group where the process may set them, and its mode, setuid, setgid
// and sticky bits included. The rename is atomic: the original is never
// half written. Just before it, path must still be the file that was read
// (unchanged): a file that another program changed meanwhile (a game
// appended to it while fmt -w ran, an edit during a pgnc play session)
// is left as it is, since the rename would lose the change.
func replace(path string, info fs.FileInfo, read int64, tmp *os.File) error {
	if uid, gid, _, known := owner(info); known {
		tmp.Chown(uid, gid) // fails harmlessly where the process may not give files away
	}
	// After Chown, which may clear setuid and setgid.
	if err := tmp.Chmod(info.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if beforeRename != nil {
		beforeRename(path)
	}
	if err := unchanged(path, info, read); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// beforeRename, when set, is called by replace after the temporary file
// is written and before path is checked and replaced: tests change path
// there, as another program could.
var beforeRename func(path string)

// unchanged returns nil when path is still the file whose state was info
// when it was read, read bytes long: the same file (device and inode), of
// the same size and modification time, with no byte after those read.
// Otherwise its error says so, and that the file is left as it is. Only a
// change in the instant between this check and the rename goes unseen.
func unchanged(path string, info fs.FileInfo, read int64) error {
	changed := func() error {
		return msg.Errorf("%s changed while pgnc was rewriting it (another program wrote to it); it is left as it is, with the change: run pgnc again", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	now, err := f.Stat()
	if err != nil {
		return err
	}
	if !os.SameFile(info, now) || now.Size() != info.Size() || !now.ModTime().Equal(info.ModTime()) || read != info.Size() {
		return changed()
	}
	var b [1]byte
	if n, _ := f.ReadAt(b[:], read); n > 0 {
		return changed()
	}
	return nil
}

// byteCount counts the bytes written to it.
type byteCount int64

func (c *byteCount) Write(p []byte) (int, error) {
	*c += byteCount(len(p))
	return len(p), nil
}

// temporaries are the temporary files fmt -w is writing, removed when a
// signal ends the process before they are renamed.
var temporaries struct {
	sync.Mutex
	paths map[string]bool
}

// createTemp makes a temporary file in dir, removed if a signal ends the
// process (see removeOnSignal) before forgetTemp.
func createTemp(dir string) (*os.File, error) {
	temporaries.Lock()
	defer temporaries.Unlock()
	f, err := os.CreateTemp(dir, ".pgnc-fmt-*")
	if err == nil {
		if temporaries.paths == nil {
			temporaries.paths = map[string]bool{}
		}
		temporaries.paths[f.Name()] = true
	}
	return f, err
}

// forgetTemp removes the temporary file path, if it is still there (a
// rename took it away otherwise), and stops tracking it.
func forgetTemp(path string) {
	temporaries.Lock()
	defer temporaries.Unlock()
	os.Remove(path)
	delete(temporaries.paths, path)
}

// removeOnSignal removes the temporary files on SIGINT, SIGTERM or SIGHUP
// and ends the process with 128 plus the signal's number, as shells
// report it. The returned function stops that.
func removeOnSignal() (stop func()) {
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, cleanupSignals...)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-signals:
			temporaries.Lock() // held to the end: no new file, no rename
			for path := range temporaries.paths {
				os.Remove(path)
			}
			os.Exit(128 + signalNumber(sig))
		case <-done:
		}
	}()
	return func() {
		signal.Stop(signals)
		close(done)
	}
}
