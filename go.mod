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
	github.com/BurntSushi/toml v1.4.1-0.20240526193622-a339e1f7089c // indirect
	github.com/timtadh/data-structures v0.6.1 // indirect
	golang.org/x/exp/typeparams v0.0.0-20231108232855-2478ac86f678 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
	honnef.co/go/tools v0.8.2 // indirect
)

tool (
	golang.org/x/tools/cmd/goyacc
	honnef.co/go/tools/cmd/staticcheck
)
