package model

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// Commands says which values of embedded commands a move has (Move.Has).
type Commands uint8

const (
	HasClock   Commands = 1 << iota // Move.Clock, from [%clk]
	HasElapsed                      // Move.Elapsed, from [%emt]
	HasEval                         // Move.Eval, from [%eval]
)

// Eval is an engine's evaluation of the position after a move, from
// white's side: centipawns, or, when Mate is not 0, mate in Mate moves
// (negative when black mates).
type Eval struct {
	Centipawns int
	Mate       int
}

// Command is one command embedded in a comment (PGN supplement 2001,
// section 3.2): "[%clk 1:05:23]" is Name "clk" with one operand.
type Command struct {
	Name     string
	Operands []string
}

// ParseCommands returns the commands embedded in a comment's text, in
// order: "[%" and a name of letters and digits, a space, operands
// separated by commas (a double-quoted operand may hold commas and "]"),
// and "]". Text that is no command is passed over.
func ParseCommands(text string) []Command {
	var cmds []Command
	for {
		i := strings.Index(text, "[%")
		if i < 0 {
			return cmds
		}
		text = text[i+2:]
		n := 0
		for n < len(text) && isAlnum(text[n]) {
			n++
		}
		if n == 0 || n == len(text) || text[n] != ' ' {
			continue
		}
		cmd := Command{Name: text[:n]}
		rest, ok := cmd.readOperands(text[n+1:])
		if !ok {
			continue
		}
		cmds = append(cmds, cmd)
		text = rest
	}
}

// readOperands reads the operands of c up to the closing "]" and returns
// the text after it.
func (c *Command) readOperands(s string) (string, bool) {
	var op strings.Builder
	quoted := false
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case quoted && ch == '"':
			quoted = false
		case quoted:
			op.WriteByte(ch)
		case ch == '"':
			quoted = true
		case ch == ',' || ch == ']':
			c.Operands = append(c.Operands, strings.TrimSpace(op.String()))
			op.Reset()
			if ch == ']' {
				return s[i+1:], true
			}
		default:
			op.WriteByte(ch)
		}
	}
	return s, false
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// ReadCommands sets the move's Clock, Elapsed and Eval from the commands
// of comment, one of the comments after it, where they are well formed.
func (m *Move) ReadCommands(comment string) {
	for _, c := range ParseCommands(comment) {
		if len(c.Operands) == 0 {
			continue
		}
		switch c.Name {
		case "clk":
			if d, ok := ParseClock(c.Operands[0]); ok {
				m.Clock, m.Has = d, m.Has|HasClock
			}
		case "emt":
			if d, ok := ParseClock(c.Operands[0]); ok {
				m.Elapsed, m.Has = d, m.Has|HasElapsed
			}
		case "eval":
			if e, ok := ParseEval(c.Operands[0]); ok {
				m.Eval, m.Has = e, m.Has|HasEval
			}
		}
	}
}

// ParseClock reads a time value h:mm:ss (the supplement's form), with
// fractions of a second as some programs write them, or m:ss.
func ParseClock(s string) (time.Duration, bool) {
	parts := strings.Split(s, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return 0, false
	}
	var total float64
	for i, p := range parts {
		if p == "" || strings.TrimLeft(p, "0123456789.") != "" || i < len(parts)-1 && strings.Contains(p, ".") {
			return 0, false
		}
		v, err := strconv.ParseFloat(p, 64)
		if err != nil || i > 0 && v >= 60 {
			return 0, false
		}
		total = total*60 + v
	}
	return time.Duration(math.Round(total * float64(time.Second))), true
}

// ParseEval reads an evaluation as lichess writes it: pawns ("0.17",
// "-6.05") or mate in N ("#3", "#-2").
func ParseEval(s string) (Eval, bool) {
	if n, ok := strings.CutPrefix(s, "#"); ok {
		mate, err := strconv.Atoi(n)
		if err != nil || mate == 0 {
			return Eval{}, false
		}
		return Eval{Mate: mate}, true
	}
	pawns, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(pawns, 0) || math.IsNaN(pawns) || math.Abs(pawns) > 1e6 {
		return Eval{}, false
	}
	return Eval{Centipawns: int(math.Round(pawns * 100))}, true
}
