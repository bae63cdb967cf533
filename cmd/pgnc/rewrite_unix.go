//go:build unix

package main

import (
	"io/fs"
	"os"
	"syscall"
)

// cleanupSignals end fmt -w after removing its temporary files.
var cleanupSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

func signalNumber(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return int(s)
	}
	return 0
}

// owner returns the owner, group and hard link count of a file.
func owner(info fs.FileInfo) (uid, gid int, links uint64, known bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, 0, false
	}
	return int(st.Uid), int(st.Gid), uint64(st.Nlink), true
}
