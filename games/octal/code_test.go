package octal

import (
	"errors"
	"strings"
	"testing"

	"grundy/games/parse"
)

var newTests = []struct {
	code string
	name string // canonical name, "" for an error
	err  error
}{
	{"0.77", "octal:0.77", nil},
	{".77", "octal:0.77", nil},
	{"0.770", "octal:0.77", nil},
	{"0.07", "octal:0.07", nil},
	{"0.137", "octal:0.137", nil},
	{"4.7", "octal:4.7", nil},
	{"0.7", "octal:0.7", nil},
	{"0.6", "octal:0.6", nil},
	{"0.0", "octal:0.0", nil},
	{"4.000", "octal:4.0", nil},
	{"0.123456701234", "octal:0.123456701234", nil},
	{"0." + strings.Repeat("7", MaxCodeDigits), "octal:0." + strings.Repeat("7", MaxCodeDigits), nil},

	{"", "", parse.ErrSyntax},
	{"0", "", parse.ErrSyntax},
	{"077", "", parse.ErrSyntax},
	{"0.", "", parse.ErrSyntax},
	{".", "", parse.ErrSyntax},
	{"1.7", "", parse.ErrSyntax},
	{"7.7", "", parse.ErrSyntax},
	{"0.78", "", parse.ErrSyntax},
	{"0.79", "", parse.ErrSyntax},
	{"0.7a", "", parse.ErrSyntax},
	{"0.7 ", "", parse.ErrSyntax},
	{" 0.7", "", parse.ErrSyntax},
	{"0..7", "", parse.ErrSyntax},
	{"-0.7", "", parse.ErrSyntax},
	{"0." + strings.Repeat("7", MaxCodeDigits+1), "", parse.ErrTooLarge},
	{"0." + strings.Repeat("7", 100000), "", parse.ErrTooLarge},
}

func TestNew(t *testing.T) {
	for _, tt := range newTests {
		g, err := New(tt.code)
		switch {
		case tt.err != nil && !errors.Is(err, tt.err):
			t.Errorf("New(%q) error = %v, want %v", tt.code, err, tt.err)
		case tt.err == nil && err != nil:
			t.Errorf("New(%q) error = %v, want nil", tt.code, err)
		case tt.err == nil && g.Name() != tt.name:
			t.Errorf("New(%q).Name() = %q, want %q", tt.code, g.Name(), tt.name)
		}
	}
}

func TestNewErrorMessage(t *testing.T) {
	tests := []struct{ code, msg string }{
		{"0.78", `octal: parsing "0.78": '8' is not an octal digit at 3`},
		{".78", `octal: parsing ".78": '8' is not an octal digit at 2`},
		{"1.7", `octal: parsing "1.7": first digit '1' must be 0 or 4 at 0`},
		{"07", `octal: parsing "07": missing '.' after the first digit at 1`},
		{".", `octal: parsing ".": no digits after the point at 1`},
		{"." + strings.Repeat("7", 33), `octal: parsing ".` + strings.Repeat("7", 33) + `": 33 digits after the point, more than 32`},
	}
	for _, tt := range tests {
		_, err := New(tt.code)
		if err == nil || err.Error() != tt.msg {
			t.Errorf("New(%q) error = %v, want %s", tt.code, err, tt.msg)
		}
	}
}

var subtractionTests = []struct {
	set  string
	name string
	code string
	err  error
}{
	{"1,3,4", "subtraction:1,3,4", "0.3033", nil},
	{"4,3,1,3", "subtraction:1,3,4", "0.3033", nil},
	{"01,2", "subtraction:1,2", "0.33", nil},
	{"2,5,7", "subtraction:2,5,7", "0.0300303", nil},
	{"4096", "subtraction:4096", "", nil},

	{"", "", "", parse.ErrSyntax},
	{",", "", "", parse.ErrSyntax},
	{"0", "", "", parse.ErrSyntax},
	{"1,0", "", "", parse.ErrSyntax},
	{"1;2", "", "", parse.ErrSyntax},
	{"-1", "", "", parse.ErrSyntax},
	{"1 2", "", "", parse.ErrSyntax},   // takes are separated by commas only
	{"1,,2", "", "", parse.ErrSyntax},  // an empty take
	{",1", "", "", parse.ErrSyntax},    // an empty first take
	{"1,", "", "", parse.ErrSyntax},    // a comma at the end
	{"1, 2", "", "", parse.ErrSyntax},  // a space
	{"1,2\n", "", "", parse.ErrSyntax}, // a newline
	{"4097", "", "", parse.ErrTooLarge},
	{"99999999999999", "", "", parse.ErrTooLarge},
	{strings.Repeat("1,", MaxTake+1), "", "", parse.ErrTooLarge},
}

func TestSubtraction(t *testing.T) {
	for _, tt := range subtractionTests {
		g, err := Subtraction(tt.set)
		switch {
		case tt.err != nil && !errors.Is(err, tt.err):
			t.Errorf("Subtraction(%q) error = %v, want %v", tt.set, err, tt.err)
		case tt.err == nil && err != nil:
			t.Errorf("Subtraction(%q) error = %v, want nil", tt.set, err)
		case tt.err == nil && g.Name() != tt.name:
			t.Errorf("Subtraction(%q).Name() = %q, want %q", tt.set, g.Name(), tt.name)
		case tt.code != "" && g.Code() != tt.code:
			t.Errorf("Subtraction(%q).Code() = %q, want %q", tt.set, g.Code(), tt.code)
		}
	}
}

func TestLookup(t *testing.T) {
	tests := []struct{ name, want, code string }{
		{"kayles", "kayles", "0.77"},
		{"dawsons-kayles", "dawsons-kayles", "0.07"},
		{"dawsons-chess", "dawsons-chess", "0.137"},
		{"lasker", "lasker", ""},
		{"grundys-game", "grundys-game", ""},
		{"octal:.770", "octal:0.77", "0.77"},
		{"subtraction:3,1", "subtraction:1,3", "0.303"},
	}
	for _, tt := range tests {
		g, err := Lookup(tt.name)
		if err != nil {
			t.Errorf("Lookup(%q) error = %v", tt.name, err)
			continue
		}
		if g.Name() != tt.want || g.Code() != tt.code {
			t.Errorf("Lookup(%q) = %q (code %q), want %q (code %q)", tt.name, g.Name(), g.Code(), tt.want, tt.code)
		}
		if again, err := Lookup(g.Name()); err != nil || again.Name() != g.Name() {
			t.Errorf("Lookup(%q) = %v, %v, want %q", g.Name(), again, err, g.Name())
		}
	}
	for _, name := range []string{"", "nim", "Kayles", "octal:", "octal:0.8", "subtraction:", "octal"} {
		if _, err := Lookup(name); err == nil {
			t.Errorf("Lookup(%q) succeeded, want an error", name)
		}
	}
	if _, err := Lookup("chess"); !errors.Is(err, parse.ErrUnknownGame) {
		t.Errorf("Lookup(%q) error = %v, want %v", "chess", err, parse.ErrUnknownGame)
	}
}
