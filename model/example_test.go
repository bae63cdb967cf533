package model_test

import (
	"fmt"

	"github.com/pgnc/pgnc/model"
)

// The commands embedded in comments (PGN supplement 2001): the clock and
// evaluation become typed values of the move they follow.
func ExampleMove_ReadCommands() {
	var m model.Move
	m.ReadCommands("[%clk 0:02:58.5] [%eval #-3] Black mates")
	fmt.Println(m.Clock, m.Eval.Mate, m.Has&model.HasClock != 0)
	for _, c := range model.ParseCommands(`[%clk 1:05:23][%note "a, b",e4]`) {
		fmt.Printf("%s %q\n", c.Name, c.Operands)
	}
	// Output:
	// 2m58.5s -3 true
	// clk ["1:05:23"]
	// note ["a, b" "e4"]
}
