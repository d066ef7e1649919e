package export

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
)

// pngSignature opens every PNG file.
const pngSignature = "\x89PNG\r\n\x1a\n"

// withPHYs returns the PNG data with a pHYs chunk saying dpi, placed right after IHDR as the
// PNG specification requires (before IDAT). image/png writes none, and a figure without one
// opens at 72 or 96 dpi, four times too large. An existing pHYs chunk is replaced.
func withPHYs(data []byte, dpi float64) ([]byte, error) {
	const ihdrEnd = len(pngSignature) + 4 + 4 + 13 + 4 // length, type, data, CRC
	if len(data) < ihdrEnd || string(data[:len(pngSignature)]) != pngSignature ||
		string(data[len(pngSignature)+4:len(pngSignature)+8]) != "IHDR" {
		return nil, errors.New("export: not a PNG starting with IHDR")
	}
	rest, err := dropChunk(data[ihdrEnd:], "pHYs")
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	out.Grow(len(data) + 21)
	out.Write(data[:ihdrEnd])
	out.Write(physChunk(dpi))
	out.Write(rest)
	return out.Bytes(), nil
}

// physChunk encodes a pHYs chunk: pixels per metre along X and Y, and unit 1 (the metre).
func physChunk(dpi float64) []byte {
	ppm := uint32(math.Round(dpi / 0.0254))
	body := make([]byte, 4+9)
	copy(body, "pHYs")
	binary.BigEndian.PutUint32(body[4:], ppm)
	binary.BigEndian.PutUint32(body[8:], ppm)
	body[12] = 1
	chunk := binary.BigEndian.AppendUint32(nil, 9)
	chunk = append(chunk, body...)
	return binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(body))
}

// dropChunk returns the chunks with every chunk of type typ left out.
func dropChunk(chunks []byte, typ string) ([]byte, error) {
	var out []byte
	for len(chunks) > 0 {
		if len(chunks) < 12 {
			return nil, errors.New("export: truncated PNG chunk")
		}
		n := binary.BigEndian.Uint32(chunks)
		if uint64(n) > uint64(len(chunks)-12) {
			return nil, errors.New("export: truncated PNG chunk")
		}
		size := 12 + int(n)
		if string(chunks[4:8]) != typ {
			out = append(out, chunks[:size]...)
		}
		chunks = chunks[size:]
	}
	return out, nil
}

// readPHYs reads the resolution a PNG records in its pHYs chunk, in dots per inch along X and Y;
// ok is false when it records none in metres.
func readPHYs(data []byte) (xdpi, ydpi float64, ok bool) {
	if len(data) < len(pngSignature) || string(data[:len(pngSignature)]) != pngSignature {
		return 0, 0, false
	}
	chunks := data[len(pngSignature):]
	for len(chunks) >= 12 {
		n := binary.BigEndian.Uint32(chunks)
		if uint64(n) > uint64(len(chunks)-12) {
			return 0, 0, false
		}
		if string(chunks[4:8]) == "pHYs" && n == 9 && chunks[16] == 1 {
			x := binary.BigEndian.Uint32(chunks[8:])
			y := binary.BigEndian.Uint32(chunks[12:])
			return float64(x) * 0.0254, float64(y) * 0.0254, true
		}
		chunks = chunks[12+int(n):]
	}
	return 0, 0, false
}
