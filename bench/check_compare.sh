#!/usr/bin/env bash
# check_compare.sh OLD NEW: runs pgnc check of two builds on the same
# invocations and compares their standard output, standard error and exit
# codes byte for byte. It prints each invocation that differs and, at the
# end, how many were compared and how many differ; it exits 1 when any
# differs.
#
# Inputs: testdata/*.pgn and every file of ../shared/corpus/edge, each with
# the formats, the flags that change what is read or reported, one and two
# goroutines, English and Spanish; every file of ../shared/corpus/bulk with
# one and two goroutines, as text and JSON; compressed and archived forms,
# a directory, a FIFO, a missing file, a file that is not PGN, a cut at
# --max-game-bytes, standard input as a file and as a pipe. Run from the
# repository's root:
#
#	go build -o /tmp/check-old ./cmd/pgnc   # at the commit to compare with
#	go build -o /tmp/check-new ./cmd/pgnc
#	bench/check_compare.sh /tmp/check-old /tmp/check-new
set -u
old=$1
new=$2
command=check
. "$(dirname "$0")/compare_run.sh"

# every FILE: the invocations of one file.
every() {
	local f=$1
	run -- "$f"
	run -- -j 1 "$f"
	run -- -j 2 --format json "$f"
	run -- -j 1 --format sarif "$f"
	run -- --format github "$f"
	run -- -q --syntax "$f"
	run -- --syntax --format json -j 1 "$f"
	run -- --eco "$f"
	run -- --ignore PGN311,PGN321 --warn-as-error PGN204,PGN304 "$f"
	run -- --warn-as-error PGN311 --format json "$f"
	run -- --max-repeats 1 --max-depth 1 "$f"
	run -- --max-repeats 0 --format json "$f"
	run -- --max-game-bytes 65536 -j 1 "$f"
	run -- --encoding latin1 "$f"
	run -- --encoding utf8 --format json "$f"
	run -- --piece-letters de "$f"
	run -- --statistics --severity error --max-errors 2 --strict "$f"
	run LANG=es_ES.UTF-8 -- "$f"
	run -- --lang es --format json --piece-letters fr "$f"
	if [ -f "$f" ]; then
		run STDIN="$f" -- -j 2
		run PIPE="$f" -- -j 1 -
	fi
}

for f in testdata/*.pgn; do
	every "$f"
done
while IFS= read -r -d '' f; do
	every "$f"
done < <(find ../shared/corpus/edge -type f -print0 | sort -z)
while IFS= read -r -d '' f; do
	run -- -j 1 "$f"
	run -- -j 2 "$f"
	run -- -j 1 --format json "$f"
	run -- -j 2 --format json "$f"
	run LANG=es_ES.UTF-8 -- -j 2 --syntax "$f"
done < <(find ../shared/corpus/bulk -type f -print0 | sort -z)
run -- -j 2 ../shared/corpus/bulk
run -- -j 1 --format json ../shared/corpus/edge

# Compressed and archived forms (8 MB of the bulk corpus in pzstd's frames
# and in a zip archive among them), directories, a FIFO, inputs that are
# not PGN, a cut at --max-game-bytes.
cp testdata/sample.pgn testdata/mistakes.pgn testdata/broken.pgn "$work/"
gzip -k "$work/sample.pgn"
zstd -q "$work/sample.pgn" -o "$work/sample.pgn.zst"
xz -k "$work/mistakes.pgn"
bzip2 -k "$work/broken.pgn"
pzstd -q -p 2 "$work/mistakes.pgn" -o "$work/mistakes.pzstd.zst" 2>/dev/null || true
cat testdata/*.pgn >"$work/all.pgn"
find ../shared/corpus/bulk -type f -name '*.pgn' -print0 | sort -z | xargs -0 cat 2>/dev/null | head -c 8000000 >"$work/bulk8.pgn"
pzstd -q -p 2 -1 "$work/bulk8.pgn" -o "$work/bulk8.pgn.zst" 2>/dev/null || zstd -q "$work/bulk8.pgn" -o "$work/bulk8.pgn.zst"
zstd -q -B 4096 "$work/all.pgn" -o "$work/all.pgn.zst" 2>/dev/null || zstd -q "$work/all.pgn" -o "$work/all.pgn.zst"
head -c 2000 "$work/sample.pgn.gz" >"$work/cut.pgn.gz"
head -c 3000 "$work/all.pgn.zst" >"$work/cut.pgn.zst"
head -c 1000 "$work/mistakes.pgn.xz" >"$work/cut.pgn.xz"
(cd "$work" && zip -q one.zip sample.pgn && zip -q two.zip sample.pgn mistakes.pgn broken.pgn.bz2 && zip -q bulk.zip bulk8.pgn all.pgn)
mkdir "$work/two" "$work/none" "$work/linked" "$work/withfifo"
cp testdata/sample.pgn testdata/mistakes.pgn "$work/two/"
cp "$work/sample.pgn.gz" "$work/two.zip" "$work/two/"
cp testdata/sample.pgn "$work/linked/"
ln -s "$PWD/testdata/mistakes.pgn" "$work/linked/outside.pgn"
cp testdata/sample.pgn "$work/withfifo/"
mkfifo "$work/withfifo/fifo.pgn"
printf '\x00\x01\x02binary' >"$work/binary.pgn"
printf '%%PDF-1.4\n' >"$work/doc.pgn"
printf '7z\xbc\xaf\x27\x1c' >"$work/seven.pgn"
printf '[White "A"]\n\n1. e4 e5 2. Qxf7 Ke7 *\n' >"$work/illegal.pgn"
printf 'prose before\n\n[White "A"]\n\n1. e4 e5 *\n\n)) more prose {\n\n[White "B"]\n\n1. d4 ) d5 *\ntrailing words\n' >"$work/stray.pgn"
python3 - "$work/huge.pgn" <<'EOF'
import sys
s = '[White "A"]\n[Black "B"]\n\n1. e4 e5 1-0\n\n[White "Huge"]\n[Black "Game"]\n\n{' + 'x' * 200000 + '\n' + 'Nf3 Nf6 Ng1 Ng8 ' * 30000 + '1/2-1/2\n\n[White "C"]\n[Black "D"]\n\n1. d4 d5 2. c4 0-1\n'
open(sys.argv[1], 'w').write(s)
EOF
cd "$work"
for f in sample.pgn.gz sample.pgn.zst mistakes.pgn.xz broken.pgn.bz2 mistakes.pzstd.zst all.pgn.zst one.zip two.zip two none linked \
	cut.pgn.gz cut.pgn.zst cut.pgn.xz binary.pgn doc.pgn seven.pgn illegal.pgn stray.pgn huge.pgn missing.pgn; do
	[ -e "$f" ] || [ "$f" = missing.pgn ] || continue
	every "$f"
done
# feed FILE: writes FILE into the FIFO for each of the two builds, which
# read it named, as a stream.
feed() { (cat "$1" >withfifo/fifo.pgn; sleep 1; cat "$1" >withfifo/fifo.pgn) & }
feed sample.pgn
run -- withfifo/fifo.pgn
wait
feed mistakes.pgn
run -- --format json -j 1 withfifo/fifo.pgn
wait
run -- withfifo # the FIFO below a directory is passed over
run -- sample.pgn missing.pgn mistakes.pgn.xz two.zip
run -- "" sample.pgn
run STDIN=sample.pgn -- mistakes.pgn - broken.pgn
run PIPE=mistakes.pgn.xz -- -
run PIPE=two.zip -- -
run STDIN=two.zip -- -
run PIPE=binary.pgn -- -
for j in 1 2; do
	run -- -j $j bulk8.pgn.zst
	run -- -j $j --format json bulk8.pgn.zst
	run PIPE=bulk8.pgn.zst -- -j $j
	run -- -j $j bulk.zip
	run STDIN=bulk.zip -- -j $j --format sarif
done
head -c 300 one.zip >cut.zip
run -- cut.zip
run -- cut.pgn.gz sample.pgn
run -- -j 1 cut.pgn.zst stray.pgn
run FULL -- sample.pgn mistakes.pgn
run FULL -- --format json two
run FULL -- -j 1 stray.pgn all.pgn.zst
run FULL LANG=es_ES.UTF-8 -- huge.pgn
run -- --max-game-bytes 65536 huge.pgn
run -- --max-game-bytes 65536 --format json -j 1 huge.pgn
run LANG=es_ES.UTF-8 -- --max-game-bytes 65536 huge.pgn
run -- --max-game-bytes 1000 sample.pgn
run -- --max-depth 0 sample.pgn
run -- --max-depth 100000 sample.pgn
run -- --encoding ebcdic sample.pgn
run -- --piece-letters xx sample.pgn
run -- --format xml sample.pgn
run -- -j 0 sample.pgn
run --
run -- --help
run -- --bogus sample.pgn
run LANG=es_ES.UTF-8 -- missing.pgn doc.pgn none
cd - >/dev/null

echo "compared $compared invocations; $differ differ"
[ $differ -eq 0 ]
