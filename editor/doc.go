// Package editor holds the workbench's position editor: fyne widgets that build a position
// by hand, one per game family, all kept in step with the position's one-line notation.
//
// An Editor shows a game menu (with a field for a parameter such as an octal code or a
// subtraction set), the notation field, a line that says in words what is wrong with a bad
// entry (Explain), and one Picture per term of a sum, side by side:
//
//	cram    CramBoard: a drag across two free neighbours plays a move, drawn as a domino;
//	        a tap turns a cell free or filled; rows and columns are added and removed
//	        with buttons
//	chomp   ChompBoard: a tap on a square bites (it goes, with every square above it and
//	        to its right); with "Edit shape" checked, a tap sets a column's height
//	        instead (the others follow, so heights never increase); the poisoned square
//	        is marked
//	heaps   nim, Kayles, octal and subtraction games: a row of tokens per heap, with
//	        steppers, remove and add; a tap on a token sets the heap's size
//	sprouts SproutsCanvas: spots and curves; a curve dragged from a spot to a spot
//	        (ends snapped to the nearest spot) is given to drawing.Draw and is a move,
//	        or is refused with its reason in one red line on the paper; Relax, New 0*k,
//	        Save… and Open… (a position file with the drawing, checked when read); a
//	        typed string is drawn when it is 0*k, a move of the drawing on show
//	        (drawing.Replay) or a position drawn before (Undo, Redo), else shown as text
//	others  any game without a picture: the notation, large, with the list of its moves
//	        (Sprouts strings with no drawing, with a legend of the notation)
//
// Each picture has a one-line hint over it, and the boards grow with the room they are
// given (partsLayout). ShowMove draws one of the position's options on the pictures without
// playing it: the domino placed (for an option in canonical form, the domino whose board has
// its Key), the squares a bite takes, the heap that changes, with a line that says so
// (MoveNote) in place of the hint; the solver panel calls it when an option is selected.
//
// Every valid change is recorded in a History for Undo and Redo; a bad entry changes nothing
// but the message, and OnInvalid says so (the solver panel then solves nothing: the entry
// no longer shows the position it would solve). The editor never solves anything: OnChanged
// hands the position to the app's solver panel.
//
//	e := editor.New(editor.DefaultCatalog())
//	e.OnChanged = func(g games.Game, p engine.Position) { … }
//	e.SetState(editor.State{Game: "cram", Notation: "..#/.../..."})
//
// The geometry of the boards (fitGrid, staircase) is plain arithmetic, tested without fyne;
// the widgets are tested headless with fyne's test driver.
package editor
