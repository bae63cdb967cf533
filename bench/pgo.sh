#!/usr/bin/env bash
# Rebuilds cmd/pgnc/default.pgo, the CPU profile that go build and go install
# use for profile-guided optimisation of pgnc (see docs/design.md, Speed).
# It profiles the benchmarks of what pgnc spends its time on: the streaming
# reader with a full check as pgnc check runs it, the model alone, and fmt,
# on the lichess and TWIC samples. Needs ../shared/corpus. Usage:
# bench/pgo.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d ../shared/corpus/edge/lichess-twic ]; then
	echo "corpus not found at ../shared/corpus; default.pgo left as it is" >&2
	exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# -pgo=off: the profile describes code built without an earlier profile.
go test -pgo=off -run '^$' -bench 'Model' -benchtime 10s -cpu 1 -cpuprofile "$tmp/check.prof" ./internal/check
go test -pgo=off -run '^$' -bench 'PipelineOneWorker' -benchtime 10s -cpuprofile "$tmp/reader.prof" ./internal/reader
go test -pgo=off -run '^$' -bench 'Fmt' -benchtime 10s -cpu 1 -cpuprofile "$tmp/fmt.prof" ./export
go tool pprof -proto "$tmp/check.prof" "$tmp/reader.prof" "$tmp/fmt.prof" > cmd/pgnc/default.pgo
echo "wrote cmd/pgnc/default.pgo ($(stat -c %s cmd/pgnc/default.pgo) bytes)"
