// Command golibs reads a PGN file with one of the Go chess libraries that
// bench/compare.sh measures pgnc against, replaying every move, and prints
// the games, plies and games that failed. It is not part of pgnc.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"

	corentings "github.com/corentings/chess/v2"
	notnil "github.com/notnil/chess"
)

func main() {
	lib := flag.String("lib", "notnil", "notnil or corentings")
	flag.Parse()
	f, err := os.Open(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	var games, plies, failed int
	switch *lib {
	case "notnil":
		games, plies, failed = readNotnil(r)
	case "corentings":
		games, plies, failed = readCorentings(r)
	default:
		fmt.Fprintln(os.Stderr, "unknown -lib")
		os.Exit(2)
	}
	fmt.Printf("%d %d %d\n", games, plies, failed)
}

func readNotnil(r io.Reader) (games, plies, failed int) {
	s := notnil.NewScanner(r)
	for s.Scan() {
		games++
		plies += len(s.Next().Moves())
	}
	if s.Err() != nil {
		failed++
	}
	return
}

func readCorentings(r io.Reader) (games, plies, failed int) {
	s := corentings.NewScanner(r)
	for s.HasNext() {
		g, err := s.ParseNext()
		games++
		if err != nil {
			failed++
			continue
		}
		plies += len(g.Moves())
	}
	return
}
