package chocolate

import (
	"strings"
	"unicode/utf8"

	"grundy/games/parse"
)

// Parse reads a position: bars separated by spaces, each its rows from top to bottom joined
// by '/', 'b' for a black cell and 'w' for a white one ("bw/wb w"); "0" is the position with
// no bar. The cells are counted before anything is allocated: at most MaxCells in all.
// Errors are *parse.ParseError values of kind parse.ErrSyntax or parse.ErrTooLarge.
func Parse(s string) (Position, error) {
	if strings.TrimSpace(s) == "0" {
		return Position{}, nil
	}
	if strings.TrimSpace(s) == "" {
		return Position{}, parse.Errorf(parse.ErrSyntax, name, s, 0, "empty position, want a bar such as bw/wb (or 0 for none)")
	}
	if n := strings.Count(s, "b") + strings.Count(s, "w"); n > MaxCells {
		return Position{}, parse.Errorf(parse.ErrTooLarge, name, s, -1, "%d cells, at most %d", n, MaxCells)
	}
	var p Position
	for i := 0; i < len(s); {
		if s[i] == ' ' {
			i++
			continue
		}
		end := i
		for end < len(s) && s[end] != ' ' {
			end++
		}
		b, err := parseBar(s, i, end)
		if err != nil {
			return Position{}, err
		}
		p.bars = append(p.bars, b)
		i = end
	}
	return p, nil
}

// parseBar reads the bar s[start:end], whose cells fit in MaxCells.
func parseBar(s string, start, end int) (Bar, error) {
	var b Bar
	rows, cols, rowStart := 0, -1, start
	for i := start; i <= end; i++ {
		if i < end && s[i] != '/' {
			switch s[i] {
			case 'w':
				b.white |= 1 << (rows*max(cols, 0) + i - rowStart)
			case 'b':
			default:
				r, _ := utf8.DecodeRuneInString(s[i:])
				return Bar{}, parse.Errorf(parse.ErrSyntax, name, s, i, "invalid cell %q", r)
			}
			continue
		}
		n := i - rowStart
		switch {
		case n == 0:
			return Bar{}, parse.Errorf(parse.ErrSyntax, name, s, rowStart, "empty row")
		case cols < 0:
			cols = n
		case n != cols:
			return Bar{}, parse.Errorf(parse.ErrSyntax, name, s, rowStart, "row has %d cells, want %d", n, cols)
		}
		rows, rowStart = rows+1, i+1
	}
	b.rows, b.cols = uint8(rows), uint8(cols)
	return b, nil
}

// String returns p in the notation of Parse.
func (p Position) String() string {
	if len(p.bars) == 0 {
		return "0"
	}
	var sb strings.Builder
	for k, b := range p.bars {
		if k > 0 {
			sb.WriteByte(' ')
		}
		for i := range int(b.rows) {
			if i > 0 {
				sb.WriteByte('/')
			}
			for j := range int(b.cols) {
				sb.WriteByte("bw"[b.white>>(i*int(b.cols)+j)&1])
			}
		}
	}
	return sb.String()
}
