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
	Centipawns int // in hundredths of a pawn, positive when white stands better
	Mate       int // mate in Mate moves, negative when black mates; 0 for none
}

// Command is one command embedded in a comment (PGN supplement 2001,
// section 3.2): "[%clk 1:05:23]" is Name "clk" with one operand.
type Command struct {
	Name     string   // the name after "[%": "clk"
	Operands []string // the operands, unquoted and trimmed
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
// It allocates nothing: a lichess game has such a comment after every
// move.
func (m *Move) ReadCommands(comment string) {
	for text := comment; ; {
		i := strings.Index(text, "[%")
		if i < 0 {
			return
		}
		text = text[i+2:]
		name, operand, rest, ok := nextCommand(text)
		if !ok {
			continue
		}
		text = rest
		switch name {
		case "clk":
			if d, ok := ParseClock(operand); ok {
				m.Clock, m.Has = d, m.Has|HasClock
			}
		case "emt":
			if d, ok := ParseClock(operand); ok {
				m.Elapsed, m.Has = d, m.Has|HasElapsed
			}
		case "eval":
			if e, ok := ParseEval(operand); ok {
				m.Eval, m.Has = e, m.Has|HasEval
			}
		}
	}
}

// nextCommand reads a command after its "[%": its name and first operand,
// when that is not quoted, and the text after its "]". A command with a
// quoted first operand is read by ParseCommands.
func nextCommand(s string) (name, operand, rest string, ok bool) {
	n := 0
	for n < len(s) && isAlnum(s[n]) {
		n++
	}
	if n == 0 || n == len(s) || s[n] != ' ' {
		return "", "", s, false
	}
	name, s = s[:n], s[n+1:]
	if strings.HasPrefix(strings.TrimLeft(s, " "), "\"") {
		cmds := ParseCommands("[%" + name + " " + s)
		if len(cmds) == 0 {
			return "", "", s, false
		}
		end := strings.IndexByte(s, ']') // the rest is not read for more commands of ours
		return name, cmds[0].Operands[0], s[end+1:], true
	}
	end := strings.IndexAny(s, ",]")
	if end < 0 {
		return "", "", s, false
	}
	operand = strings.TrimSpace(s[:end])
	if close := strings.IndexByte(s[end:], ']'); close >= 0 {
		return name, operand, s[end+close+1:], true
	}
	return "", "", s, false
}

// ParseClock reads a time value h:mm:ss (the supplement's form), with
// fractions of a second as some programs write them, or m:ss.
func ParseClock(s string) (time.Duration, bool) {
	var fields [3]int64
	n, i := 0, 0
	for {
		start := i
		v := int64(0)
		for i < len(s) && s[i] >= '0' && s[i] <= '9' && i-start < 9 {
			v = v*10 + int64(s[i]-'0')
			i++
		}
		if i == start || n == 3 || n > 0 && (v >= 60 || i-start != 2) {
			return 0, false
		}
		fields[n] = v
		n++
		if i == len(s) || s[i] != ':' {
			break
		}
		i++
	}
	if n < 2 {
		return 0, false
	}
	var total int64
	for _, v := range fields[:n] {
		total = total*60 + v
	}
	d := time.Duration(total) * time.Second
	if i < len(s) {
		// Fractions of a second: ".3", ".25".
		if s[i] != '.' || i+1 == len(s) || len(s)-i-1 > 9 {
			return 0, false
		}
		scale := time.Second
		for _, c := range []byte(s[i+1:]) {
			if c < '0' || c > '9' {
				return 0, false
			}
			scale /= 10
			d += time.Duration(c-'0') * scale
		}
	}
	return d, true
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
