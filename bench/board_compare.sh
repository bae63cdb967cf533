#!/usr/bin/env bash
# board_compare.sh OLD NEW: runs pgnc board of two builds on the same
# invocations and compares their standard output, standard error and exit
# codes byte for byte. It prints each invocation that differs and, at the
# end, how many were compared and how many differ; it exits 1 when any
# differs.
#
# Inputs: testdata/*.pgn, every file of ../shared/corpus/edge, games 1, 2
# and 50 of every file of ../shared/corpus/bulk, compressed and archived
# forms, a directory of two files, a game too long to show, standard input
# as a file and as a pipe, English and Spanish. Run from the repository's
# root:
#
#	go build -o /tmp/board-old ./cmd/pgnc   # at the commit to compare with
#	go build -o /tmp/board-new ./cmd/pgnc
#	bench/board_compare.sh /tmp/board-old /tmp/board-new
set -u
old=$1
new=$2
command=board
. "$(dirname "$0")/compare_run.sh"

# every FILE: the invocations of one file.
every() {
	local f=$1
	run -- "$f"
	run -- --all "$f"
	run -- --ascii --ply 0 "$f"
	run -- --ply 3 "$f"
	run -- --ply 100000 "$f"
	run -- --game 2 --ascii "$f"
	run -- --game 3 --all --ascii "$f"
	run -- --game 1000000 "$f"
	run LANG=es_ES.UTF-8 -- --game 2 --all "$f"
	run -- --lang es --ply 100000 "$f"
	run STDIN="$f" -- --all
	run PIPE="$f" -- --game 2 -
}

for f in testdata/*.pgn; do
	every "$f"
done
while IFS= read -r -d '' f; do
	every "$f"
done < <(find ../shared/corpus/edge -type f -print0 | sort -z)
while IFS= read -r -d '' f; do
	for n in 1 2 50; do
		run -- --game $n "$f"
		run -- --game $n --all --ascii "$f"
	done
	run LANG=es_ES.UTF-8 -- --game 50 --ply 7 "$f"
done < <(find ../shared/corpus/bulk -type f -name '*.pgn' -print0 | sort -z)

# Compressed and archived forms, directories, a game too long to show.
cp testdata/sample.pgn testdata/mistakes.pgn "$work/"
gzip -k "$work/sample.pgn"
zstd -q "$work/sample.pgn" -o "$work/sample.pgn.zst"
xz -k "$work/mistakes.pgn"
pzstd -q -p 2 "$work/mistakes.pgn" -o "$work/mistakes.pzstd.zst" 2>/dev/null || true
(cd "$work" && zip -q one.zip sample.pgn && zip -q two.zip sample.pgn mistakes.pgn)
mkdir "$work/two" "$work/one" "$work/none" "$work/linked"
cp testdata/sample.pgn testdata/mistakes.pgn "$work/two/"
cp testdata/sample.pgn "$work/one/"
cp testdata/sample.pgn "$work/linked/"
ln -s "$PWD/testdata/mistakes.pgn" "$work/linked/outside.pgn"
mkfifo "$work/one/fifo.pgn"
printf '\x00\x01\x02binary' >"$work/binary.pgn"
printf '[White "A"]\n\n1. e4 e5 2. Qxf7 Ke7 *\n' >"$work/illegal.pgn"
python3 - "$work/huge.pgn" <<'EOF'
import sys
s = '[White "A"]\n[Black "B"]\n\n1. e4 e5 1-0\n\n[White "Huge"]\n[Black "Game"]\n\n' + 'Nf3 Nf6 Ng1 Ng8 ' * 300000 + '1/2-1/2\n\n[White "C"]\n[Black "D"]\n\n1. d4 d5 2. c4 0-1\n'
open(sys.argv[1], 'w').write(s)
EOF
mkdir "$work/hugedir"
cp "$work/huge.pgn" "$work/hugedir/a.pgn"
printf "%%PDF-1.4\n" >"$work/hugedir/b.pgn"
cd "$work"
run -- --game 2 hugedir
run -- --game 3 hugedir
for f in sample.pgn.gz sample.pgn.zst mistakes.pgn.xz mistakes.pzstd.zst one.zip two.zip two one none linked binary.pgn illegal.pgn huge.pgn missing.pgn; do
	every "$f"
done
run -- --game 2 huge.pgn
run LANG=es_ES.UTF-8 -- --game 2 huge.pgn
run -- --game 3 --all huge.pgn
run -- --max-game-bytes 65536 --game 2 huge.pgn
run -- --max-game-bytes 1000 sample.pgn
run -- --game 0 sample.pgn
run -- --ply -1 sample.pgn
run -- --all --ply 2 sample.pgn
run -- sample.pgn mistakes.pgn
run --
run -- --help
run -- --bogus sample.pgn
run LANG=es_ES.UTF-8 -- --game 0 sample.pgn
cd - >/dev/null

echo "compared $compared invocations; $differ differ"
[ $differ -eq 0 ]
