//go:build !unix

package main

import (
	"io/fs"
	"os"
)

// cleanupSignals end fmt -w after removing its temporary files.
var cleanupSignals = []os.Signal{os.Interrupt}

func signalNumber(os.Signal) int { return 2 }

// owner is unknown where files have no Unix owner.
func owner(fs.FileInfo) (uid, gid int, links uint64, known bool) { return 0, 0, 0, false }
