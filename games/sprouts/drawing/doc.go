// Package drawing draws Sprouts positions as people play them: spots in the plane and curves
// between them that never cross, each with a new spot on it. The string of a drawing is read
// from its embedding and put in canonical form by package sprouts, the same code as typed
// strings, so a drawing and the engine always speak of one position.
//
// # Drawings and their string
//
// A Drawing holds spots (points) and lines (polylines from a spot to a spot, or to itself).
// Its embedding is read from the geometry: round each spot the lines are sorted by the
// direction they leave in; walking along the lines with a face on the left, turning at each
// spot to the next line clockwise, gives the boundaries; in each connected piece the walk of
// least signed area is its outside, and each other walk bounds a face; a piece lies in the
// smallest face of another piece that holds it. Each face is a region, each walk round it a
// boundary (outer ones counterclockwise, inner ones clockwise), written as SPROUTS.md says: a
// spot with no line 0, one line 1, two lines a letter (lowercase when both its passages are
// in one boundary), three lines nothing (dead). The text is then reduced and made canonical
// by sprouts.Parse:
//
//	d := drawing.New(2)                                   // 0*2
//	d, err := d.Draw([]drawing.Point{{0, 100}, {0, -100}}) // 1a1a
//
// # Moves
//
// Draw plays a curve given point by point, from a spot to a spot; it is refused, with the
// reason, when it crosses a line or itself, passes through a spot, or uses a dead spot (or
// makes a loop on a spot with one life). A curve that crosses no line stays in one face.
//
// Replay plays a move of the engine, given as the option string that sprouts.Position.Options
// yields: it lists the moves of the embedding (a chord or a loop on one boundary with every
// sharing of the other boundaries between its sides, or a line joining two boundaries of a
// face), finds one whose string is the option, and routes a curve for it on a grid laid over
// the face, by a breadth-first search whose state counts, for each other boundary, the parity
// of crossings with a ray going up from it: that parity decides the side the boundary falls
// on. The curve is straightened where that sweeps over no spot, and the drawing is relaxed:
// points push each other apart and curves are smoothed, one small step at a time, each step
// taken only when it crosses nothing, so the embedding never changes.
//
// The canonical form merges the spots of a region with 2 or 3 lives into one boundary, as
// their shape no longer matters to the game. A drawing keeps the shape, so an engine move in
// such a region may have no drawn move with its very string; Replay then draws a move to an
// equal game (the same lands of more than 3 lives, small lands of the same nim-sum).
//
// # Typed positions
//
// FromString draws any valid string, not only fresh spots: it looks, on the strings alone,
// for a short game from fresh spots that ends at the position (breadth first, the fewest
// spots first, pruned by lives and fresh spots, which no move adds), then replays it. ForPath
// draws a typed root so too.
//
//	d, err := drawing.FromString("0.A|1aAa") // a game of 0*3, two moves, drawn
//
// # Pictures
//
// SVG writes a drawing as a small picture, lines as smooth curves, spots as discs (hollow
// when dead), legible at the width of a tree node. Smooth gives those curves as Bézier
// pieces, for other renderers (viz/draw draws tree nodes with them).
package drawing
