package pgn

// SetVisitPartSize makes Visit hand out the games of more than n tag pairs
// or elements of movetext in parts, until restore is called.
func SetVisitPartSize(n int) (restore func()) {
	old := visitPartSize
	visitPartSize = n
	return func() { visitPartSize = old }
}
