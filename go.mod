module github.com/pgnc/pgnc

go 1.26.0

require (
	github.com/klauspost/compress v1.20.3
	github.com/rivo/uniseg v0.4.7
	github.com/rogpeppe/go-internal v1.14.1
	github.com/spf13/pflag v1.1.0
	github.com/timtadh/lexmachine v0.2.3
	github.com/ulikunitz/xz v0.5.17
	golang.org/x/term v0.47.0
	golang.org/x/text v0.31.0
)

require (
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3 // indirect
	github.com/timtadh/data-structures v0.6.1 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)

tool golang.org/x/tools/cmd/goyacc
