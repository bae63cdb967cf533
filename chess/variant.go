package chess

import "strings"

// playedVariants are the Variant tag values (lower case) of standard chess
// and of Chess960, the games this package plays.
var playedVariants = map[string]bool{
	"": true, "standard": true, "chess": true, "normal": true, "from position": true, "fromposition": true,
	"chess960": true, "chess 960": true, "fischerandom": true, "fischer random": true, "fischerrandom": true, "960": true,
}

// PlaysVariant reports whether value, a Variant tag's, names standard
// chess or Chess960, whose moves this package plays, and whether it is
// Chess960.
func PlaysVariant(value string) (ok, chess960 bool) {
	name := strings.ToLower(strings.TrimSpace(value))
	if !playedVariants[name] {
		return false, false
	}
	return true, strings.Contains(name, "960") || strings.Contains(name, "fischer")
}
