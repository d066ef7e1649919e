package editor

import (
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"grundy/engine"
	"grundy/games"
)

// A Picture shows one term of a position (one side of a " + ") and edits it by hand. There is
// one per game family: Cram, Chomp, heaps, and text for every other game.
type Picture interface {
	fyne.CanvasObject
	// SetTerm shows the position written term; it fails, changing nothing, when term is not
	// a position this picture can draw.
	SetTerm(term string) error
	// Term returns the notation of the position on show.
	Term() string
	// SetOnChanged sets the function called with the new notation after each edit by hand.
	SetOnChanged(f func(term string))
}

// A Family is a kind of picture.
type Family int

// The families of games, each with its picture.
const (
	FamilyText  Family = iota // any game: the picture is its notation
	FamilyHeaps               // heap games: nim, octal games, subtraction games, ...
	FamilyCram
	FamilyChomp
	FamilyBoxing    // boxing-match: a grid of stones (boxing.go)
	FamilyChocolate // breaking-chocolates: a bar painted black and white (chocolate.go)
	FamilySprouts   // sprouts: spots and curves, played by drawing (sproutspicture.go)
)

// FamilyOf returns the family of the game g.
func FamilyOf(g games.Game) Family {
	switch g.Name() {
	case "cram":
		return FamilyCram
	case "chomp":
		return FamilyChomp
	case "boxing-match":
		return FamilyBoxing
	case "breaking-chocolates":
		return FamilyChocolate
	case "sprouts":
		return FamilySprouts
	}
	if _, ok := g.(games.HeapGame); ok {
		return FamilyHeaps
	}
	return FamilyText
}

// NewPicture returns the picture of family f showing term, a position of g.
func NewPicture(f Family, g games.Game, term string) (Picture, error) {
	var p Picture
	switch f {
	case FamilyCram:
		p = newCramPicture()
	case FamilyChomp:
		p = newChompPicture()
	case FamilyHeaps:
		p = newHeapPicture(g)
		if hasCircles(term) {
			p = newCirclePicture(g) // circle.go
		}
	case FamilyBoxing:
		p = newBoxingPicture()
	case FamilyChocolate:
		p = newChocolatePicture()
	case FamilySprouts:
		p = newSproutsPicture(nil)
	default:
		p = newTextPicture(g)
	}
	if err := p.SetTerm(term); err != nil {
		return nil, err
	}
	return p, nil
}

// textPicture shows a position as its notation, in a large monospaced font: Sprouts strings
// and any game without a picture of its own are edited through the notation field. Under it,
// a list of the position's moves: choosing one steps into it.
type textPicture struct {
	widget.BaseWidget
	game     games.Game
	text     *canvas.Text
	moves    *Select
	notes    notes
	onChange func(string)
}

// sproutsLegend is the hint under a Sprouts position: its notation in short (shared/SPROUTS.md).
const sproutsLegend = "Spots: 0, 1, 2 have 3, 2, 1 lives; A–Y name a 1-life spot shared by two regions, " +
	"a–l one met twice on a boundary. '.' separates the boundaries of a region, '|' the regions of a land, " +
	"'+' the lands; 0*k is k spots. Pick a move below to step into it."

// textHintOf returns the hint under the text picture of g.
func textHintOf(g games.Game) string {
	if g != nil && g.Name() == "sprouts" {
		return sproutsLegend
	}
	return textHint
}

// maxMoves bounds the moves listed under a text picture.
const maxMoves = 500

func newTextPicture(g games.Game) *textPicture {
	p := &textPicture{game: g, text: canvas.NewText("", theme.Color(theme.ColorNameForeground)), notes: newNotes(textHintOf(g))}
	p.notes.hint.Truncation, p.notes.hint.Wrapping = fyne.TextTruncateOff, fyne.TextWrapWord // a legend, to be read whole
	p.text.TextStyle.Monospace = true
	p.text.TextSize = theme.TextSize() * 1.5
	p.moves = NewSelect(nil, func(move string) {
		if move != "" && p.onChange != nil {
			p.onChange(move)
		}
	})
	p.ExtendBaseWidget(p)
	return p
}

func (p *textPicture) SetTerm(term string) error {
	if term == "" {
		term = "∅"
	}
	p.text.Text = term
	p.text.Refresh()
	moves := p.movesOf(p.Term())
	p.moves.Options = moves
	p.moves.PlaceHolder = fmt.Sprintf("step into a move (%d)", len(moves))
	if len(moves) == 0 {
		p.moves.PlaceHolder = "no move: the player to move has lost"
	}
	p.moves.ClearSelected()
	p.notes.setMove("")
	return nil
}

// showMove says which position the move leaves: a text picture draws no move.
func (p *textPicture) showMove(term string) { p.notes.setMove("the move leaves " + term) }
func (p *textPicture) clearMove()           { p.notes.setMove("") }
func (p *textPicture) moveNote() string     { return p.notes.move.Text }

// movesOf returns the notations of the options of term, sorted, without repeats.
func (p *textPicture) movesOf(term string) []string {
	if p.game == nil {
		return nil
	}
	pos, err := p.game.Parse(term)
	if err != nil {
		return nil
	}
	return optionNames(pos)
}

// optionNames returns the notations of the options of pos (the first maxMoves), sorted,
// without repeats.
func optionNames(pos engine.Position) []string {
	var out []string
	for o := range pos.Options() {
		if len(out) == maxMoves {
			break
		}
		out = append(out, o.String())
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func (p *textPicture) Term() string {
	if p.text.Text == "∅" {
		return ""
	}
	return p.text.Text
}

func (p *textPicture) SetOnChanged(f func(string)) { p.onChange = f }

func (p *textPicture) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewVBox(p.notes.line(), container.NewCenter(p.text), p.moves))
}

// smallButton returns a low-importance button with an icon, for steppers and toolbars.
func smallButton(label string, icon fyne.Resource, tapped func()) *widget.Button {
	b := widget.NewButtonWithIcon(label, icon, tapped)
	b.Importance = widget.LowImportance
	return b
}
