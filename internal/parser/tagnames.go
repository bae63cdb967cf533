package parser

import "github.com/pgnc/pgnc/internal/ast"

// tagNames is the set of the tag names of the current game's tag section,
// for tagNameRepeats, which asks at every blank line of the section whether
// the next name is one of them: a look at each name, as a section of a few
// pairs gets, would cost a section of many pairs, each on a line of its
// own, time that grows with the square of its length (100,000 pairs took
// pgnc check 20 s, 2026-11-27). It is built only when a section grows past
// a few pairs at such a line, or hands pairs out in parts (builder.handOutTags),
// whose names it then keeps too, and grows with the section from there.
type tagNames struct {
	game  *ast.Game // the game whose names it holds; nil for none
	names map[string]struct{}
	// n is how many of the builder's tags are in names: those before
	// were added, or handed out.
	n int
}

// fewTags is the size of a section whose names tagNameRepeats looks at one
// by one.
const fewTags = 32

// has reports whether name is a tag name of the section of g, whose pairs
// not handed out are tags.
func (s *tagNames) has(g *ast.Game, tags []*ast.TagPair, name string) bool {
	if s.game != g {
		if len(tags) <= fewTags {
			for _, t := range tags {
				if t.Name == name {
					return true
				}
			}
			return false
		}
		s.start(g)
	}
	s.add(tags)
	_, ok := s.names[name]
	return ok
}

// start makes the set the empty one of g.
func (s *tagNames) start(g *ast.Game) {
	s.game, s.n = g, 0
	if s.names == nil {
		s.names = make(map[string]struct{})
	}
	clear(s.names)
}

// add adds the names of tags, the pairs of the set's game not handed out,
// from the first it lacks.
func (s *tagNames) add(tags []*ast.TagPair) {
	if len(tags) < s.n {
		s.n = 0
	}
	for _, t := range tags[s.n:] {
		s.names[t.Name] = struct{}{}
	}
	s.n = len(tags)
}

// handOut keeps the names of tags, the pairs of g about to be handed out
// but the last, which the builder keeps as its first (handOutTags).
func (s *tagNames) handOut(g *ast.Game, tags []*ast.TagPair) {
	if s.game != g {
		s.start(g)
	}
	s.add(tags)
	s.n = 1
}
