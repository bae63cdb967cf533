package chess

// Perft counts the leaf nodes of the legal move tree to the given depth, the
// standard test of a move generator.
func Perft(p *Position, depth int) int64 {
	var l MoveList
	p.LegalMoves(&l)
	if depth <= 1 {
		if depth <= 0 {
			return 1
		}
		return int64(l.n)
	}
	var total int64
	for _, m := range l.Moves() {
		next := *p
		next.Play(m)
		total += Perft(&next, depth-1)
	}
	return total
}
