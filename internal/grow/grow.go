// Package grow appends to slices that may grow very long, such as the
// elements of one huge game: append alone grows a long slice by a quarter
// at a time, which leaves garbage of about four times the final slice
// behind; Append doubles instead.
package grow

// small is the length up to which Append leaves growth to append: short
// slices are the common case, and doubling them gains nothing.
const small = 256

// Append appends v to s, in twice the room when s is full and long.
func Append[T any](s []T, v T) []T {
	if n := len(s); n == cap(s) && n >= small {
		s = append(make([]T, 0, 2*n), s...)
	}
	return append(s, v)
}
