package query

import (
	"slices"
	"strings"
	"testing"
)

// TestParseErrors checks that each bad query gets its message at its
// column.
func TestParseErrors(t *testing.T) {
	tests := []struct{ query, want string }{
		{`white ~ "x" and elo >=`, "query:1:23: expected a value after '>='"},
		{`white ~ "Carlsen" and elo >= and`, "query:1:30: expected a value after '>='"},
		{``, "query:1:1: the query is empty"},
		{`   `, "query:1:4: the query is empty"},
		{`whit = "x"`, "query:1:1: unknown term 'whit'; did you mean 'white'?"},
		{`(white = x`, "query:1:1: '(' is not closed"},
		{`white = x)`, "query:1:10: unexpected ')' after 'x'"},
		{`white = "x`, "query:1:9: the string is not closed"},
		{`white = x @`, "query:1:11: unexpected character '@'"},
		{`checkmate >= 3`, "query:1:1: 'checkmate' takes no comparison"},
		{`elo > abc`, "query:1:7: 'abc' is not a number"},
		{`white ~ "("`, "query:1:9: bad regular expression"},
		{`eco in B90..Z99`, "query:1:13: 'Z99' is not an ECO code"},
		{`date > 2020.13`, "query:1:8: '2020.13' is not a date"},
		{`white = x at ply 3`, "query:1:11: 'at ply' applies to position"},
		{`has erors`, "query:1:5: unknown term 'erors'; did you mean 'errors'?"},
		{`has code 301`, "query:1:1: 'has code' needs a comparison, such as has code PGN301"},
		{`has code PGN3x1`, "query:1:10: 'PGN3x1' is not a diagnostic code"},
		{`to move red`, "query:1:9: 'to move' takes white or black"},
		{`starts "1. e4 e4"`, "query:1:8: move 'e4' of the sequence"},
		{`material "KQ vs KX"`, "query:1:10: bad material: 'X' is not a piece letter"},
		{`pattern "8/8"`, "query:1:9: bad pattern: a pattern has eight ranks"},
		{`position "xyz"`, "query:1:11: bad FEN: record field: want 4 to 6 fields"},
		{`position " 8/8/8/8/8/8/8/8 w - -"`, "query:1:12: bad FEN: placement field: white has 0 kings"},
		{`position "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9"`, "query:1:62: bad FEN: en passant field: \"e9\" is not a square"},
		// An escape in the string: the FEN's offsets are not the query's.
		{`position "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\X w KQkq -"`, "query:1:10: bad FEN: placement field: unknown piece letter 'X'"},
		{`pattern "8/8/8/8/8/8/8/7é"`, "query:1:9: bad pattern: 'é' is not a piece letter"},
		{`white`, "query:1:1: 'white' needs a comparison, such as white ~ \"Carlsen\""},
		{`white = x and`, "query:1:14: the query ends after 'and'"},
		{`and white = x`, "query:1:1: unexpected 'and' at the start of the query"},
		{`white = x or or`, "query:1:14: unexpected 'or' after 'or'"},
		{`plies > 40 after ply`, "query:1:21: expected a number after 'after ply'"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.query)
		if err == nil {
			t.Errorf("%q: no error, want %q", tt.query, tt.want)
			continue
		}
		if !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%q: %v\nwant prefix %q", tt.query, err, tt.want)
		}
	}
}

// TestParseValid checks queries that parse, and what they need.
func TestParseValid(t *testing.T) {
	tests := []struct {
		query string
		level Level
	}{
		{`white ~ "Carlsen"`, NeedTags},
		{`WHITE ~ "Carlsen" AND NOT result = 1/2-1/2`, NeedTags},
		{`eco in B90..B99 or eco in [A00, "C42"]`, NeedMoves}, // a game without the tag is classified
		{`opening ~ "Najdorf"`, NeedMoves},
		{`tag("TimeControl") = "40/7200:3600" && elo >= 2500 || elodiff < 100`, NeedTags},
		{`date >= 2020.??.?? and date < 2021`, NeedTags},
		{`player contains "carlsen" and whiteelo>2700`, NeedTags},
		{`checkmate or stalemate or draw by repetition`, NeedMoves},
		{`has errors or has code PGN301 or has comments`, NeedMoves},
		{`material "KQ vs KR" in final position`, NeedMoves},
		{`material >= "KRP vs KR" at end`, NeedMoves},
		{`pattern "*/*/*/*/4P3/*/*/* w" at ply 1`, NeedMoves},
		{`position "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"`, NeedMoves},
		{`starts "1. e4 c5 2. Nf3" and contains moves "Nxf7 Kxf7"`, NeedMoves},
		{`eval <= -300 after ply 20 and clock < "0:01:00"`, NeedMoves},
		{`clock < 1:30:00 or clock > 0:59`, NeedMoves},
		{`to move white in final position and plies > 40 and moves < 100`, NeedMoves},
		{`comment ~ "(?i)novelty" and not (promotion or underpromotion or castles)`, NeedMoves},
	}
	for _, tt := range tests {
		q, err := Parse(tt.query)
		if err != nil {
			t.Errorf("%q: %v", tt.query, err)
			continue
		}
		if q.Needs() != tt.level {
			t.Errorf("%q: needs %d, want %d", tt.query, q.Needs(), tt.level)
		}
	}
}

// TestErrorDetails checks that the errors inside a pattern or material
// value carry their Detail and its arguments, and those of a FEN the
// FEN's error, for the messages of other languages.
func TestErrorDetails(t *testing.T) {
	tests := []struct {
		query  string
		detail Detail
		args   []string
	}{
		{`pattern "8/8"`, PatternRanks, nil},
		{`pattern "8/8/8/8/8/8/8/8 w x"`, PatternFields, nil},
		{`pattern "8/8/8/8/8/8/8/8 x"`, PatternSide, []string{"x"}},
		{`pattern "8/8/8/8/8/8/8/[K"`, PatternOpenSet, []string{"[K"}},
		{`pattern "8/8/8/8/8/8/8/[Kx]7"`, PatternSetLetter, []string{"x"}},
		{`pattern "8/8/8/8/8/8/8/7y"`, PatternLetter, []string{"y"}},
		{`pattern "8/8/8/8/8/8/8/7"`, PatternSquares, []string{"7"}},
		{`material "KQ"`, MaterialSides, nil},
		{`material "KQ vs KZ"`, MaterialLetter, []string{"Z"}},
		{`material "KKQ vs K"`, MaterialKings, nil},
	}
	for _, tt := range tests {
		_, err := Parse(tt.query)
		e, ok := err.(*Error)
		if !ok {
			t.Errorf("%q: error %v", tt.query, err)
			continue
		}
		if e.Detail != tt.detail || !slices.Equal(e.DetailArgs, tt.args) || e.FEN != nil {
			t.Errorf("%q: detail %d %q, FEN %v; want %d %q", tt.query, e.Detail, e.DetailArgs, e.FEN, tt.detail, tt.args)
		}
		if want := (&problem{tt.detail, tt.args}).text(); len(e.Args) != 1 || e.Args[0] != want {
			t.Errorf("%q: Args %q, want [%q]", tt.query, e.Args, want)
		}
	}
	_, err := Parse(`position "8/8/8/8/8/8/8/8 w - -"`)
	if e, ok := err.(*Error); !ok || e.Code != ErrFEN || e.FEN == nil || e.FEN.Field != "placement" || e.Detail != NoDetail {
		t.Errorf("a FEN without kings: %#v", err)
	}
}
