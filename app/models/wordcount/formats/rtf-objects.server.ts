import type { Budget } from '#app/models/wordcount/budget.server.ts'

// Documents an RTF file embeds as objects (a Word file, an Excel sheet): each \objdata holds, in
// hexadecimal, an OLE 1.0 object whose native data is the embedded file (a Word, Excel or
// PowerPoint 97–2003 compound file, or one that wraps an Office 2007 file in its Package stream).
// formats/embedded.server.ts reads them, as it reads a .doc's. A linked object (its file lives
// elsewhere) carries no data and is left out. One pass over the file, each hex digit read once,
// what it unpacks paid from the document's budget.
const EMBEDDED_OBJECT = 2
const HEX = /[0-9a-fA-F]/

export function rtfObjects(source: string, budget: Budget): Uint8Array[] {
	const objects: Uint8Array[] = []
	for (let at = source.indexOf('\\objdata'); at >= 0; at = source.indexOf('\\objdata', at + 1)) {
		const { bytes, end } = hexData(source, at + '\\objdata'.length, budget)
		const native = nativeData(bytes)
		if (native) objects.push(native)
		at = end
	}
	return objects
}

// The hex digits up to the group's end (white space between them ignored), as bytes.
function hexData(source: string, from: number, budget: Budget): { bytes: Uint8Array; end: number } {
	let end = from
	while (end < source.length && source[end] !== '}' && source[end] !== '{') end++
	budget.spend((end - from) / 2, 'rtf object')
	const bytes = new Uint8Array(Math.ceil((end - from) / 2))
	let length = 0
	let high = -1
	for (let at = from; at < end; at++) {
		const char = source[at]!
		if (!HEX.test(char)) continue
		const digit = parseInt(char, 16)
		if (high < 0) high = digit
		else {
			bytes[length++] = (high << 4) | digit
			high = -1
		}
	}
	return { bytes: bytes.subarray(0, length), end }
}

// OLE 1.0: version and format (2: embedded), three length-prefixed names (class, topic, item),
// then the native data's size and the data.
function nativeData(bytes: Uint8Array): Uint8Array | null {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	if (bytes.length < 12 || view.getUint32(4, true) !== EMBEDDED_OBJECT) return null
	let at = 8
	for (let name = 0; name < 3; name++) {
		if (at + 4 > bytes.length) return null
		at += 4 + view.getUint32(at, true)
	}
	if (at + 4 > bytes.length) return null
	const size = view.getUint32(at, true)
	const data = bytes.subarray(at + 4, Math.min(bytes.length, at + 4 + size))
	return data.length ? data : null
}
