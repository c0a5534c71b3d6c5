import { protoFields, type ProtoField } from '#app/models/wordcount/iwa.server.ts'

// The cells of a Numbers table tile (TST.Tile): each row keeps its cells in a buffer with an
// offset per column. Numbers 10 and later write cells of version 5 (fields 6 and 7 of the row);
// Numbers 3 to 6 (2013–2019) wrote version 4 only (fields 3 and 4, "pre-BNC"), with its values laid
// out in another order. A file from those years had every number and date left out (a third of a
// typical budget sheet). Text cells are counted from the table's string list, not here.
const NUMBER_CELLS = new Set([2, 5, 7, 10])
// Checkbox (boolean) and error cells: shown apart, not priced.
const BOOLEAN_CELL = 6
const ERROR_CELL = 8
const DATE_CELL = 5
const SECONDS_2001 = Date.UTC(2001, 0, 1)

const field = (fields: ProtoField[], number: number) => fields.find((candidate) => candidate.field === number)

type Cells = { buffer: Uint8Array; offsets: Uint8Array; scale: number; version: number; read: typeof cellWord5 }

// Number, date, duration and currency cells of a tile, each as a word; checkboxes and errors apart.
// preBnc: read the version 4 cells even where version 5 ones are there too (tests compare the two).
export function tileNumbers(message: Uint8Array, values: string[], preBnc = false): string[] {
	const words: string[] = []
	for (const row of protoFields(message)) {
		if (row.field !== 5 || !row.bytes) continue
		const cells = rowCells(protoFields(row.bytes), preBnc)
		if (!cells) continue
		const { buffer, offsets, scale, version, read } = cells
		const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength)
		for (let column = 0; column + 1 < offsets.length; column += 2) {
			const stored = offsets[column]! | (offsets[column + 1]! << 8)
			if (stored === 0xffff) continue
			const at = stored * scale
			if (at + 12 > buffer.length || buffer[at] !== version) continue
			const type = buffer[at + 1]!
			const word = NUMBER_CELLS.has(type) || type === BOOLEAN_CELL ? read(view, at) : null
			if (word !== null && NUMBER_CELLS.has(type)) words.push(word)
			else if (word !== null && type === BOOLEAN_CELL) values.push(word === '0' ? 'FALSE' : 'TRUE')
			else if (type === ERROR_CELL) values.push('ERROR')
		}
	}
	return words
}

function rowCells(fields: ProtoField[], preBnc: boolean): Cells | null {
	const buffer = field(fields, 6)?.bytes
	const offsets = field(fields, 7)?.bytes
	if (buffer && offsets && !preBnc)
		return { buffer, offsets, scale: field(fields, 8)?.value ? 4 : 1, version: 5, read: cellWord5 }
	const oldBuffer = field(fields, 3)?.bytes
	const oldOffsets = field(fields, 4)?.bytes
	return oldBuffer && oldOffsets
		? { buffer: oldBuffer, offsets: oldOffsets, scale: 1, version: 4, read: cellWord4 }
		: null
}

// Version 5: flags at 8; then, as the flags say, a decimal128, a double, a date (seconds since 2001).
function cellWord5(view: DataView, at: number): string | null {
	const flags = view.getUint32(at + 8, true)
	if (flags & 0x1 && at + 28 <= view.byteLength) return decimal128(view, at + 12)
	let offset = at + 12 + (flags & 0x1 ? 16 : 0)
	if (flags & 0x2 && offset + 8 <= view.byteLength) return String(view.getFloat64(offset, true))
	offset += flags & 0x2 ? 8 : 0
	if (flags & 0x4 && offset + 8 <= view.byteLength) return dateWord(view.getFloat64(offset, true))
	return '0'
}

// Version 4: flags at 4, 4 bytes more, then the fields the flags name in this order (styles,
// format, formula and string ids of 4 bytes, the number and the date as doubles). A flag not
// known here leaves the cell unread rather than misread.
const FIELDS_4: [flag: number, size: number][] = [
	[0x2, 4],
	[0x80, 4],
	[0x400, 4],
	[0x800, 4],
	[0x4, 4],
	[0x8, 4],
	[0x10, 4],
	[0x20, 8],
	[0x40, 8],
]
const KNOWN_4 = FIELDS_4.reduce((all, [flag]) => all | flag, 0x200 | 0x1000)

function cellWord4(view: DataView, at: number): string | null {
	const flags = view.getUint32(at + 4, true)
	if (flags & ~KNOWN_4) return null
	const date = view.getUint8(at + 1) === DATE_CELL
	let offset = at + 12
	for (const [flag, size] of FIELDS_4) {
		if (!(flags & flag)) continue
		if ((flag === 0x20 && !date) || (flag === 0x40 && date))
			return offset + 8 <= view.byteLength
				? flag === 0x40
					? dateWord(view.getFloat64(offset, true))
					: String(view.getFloat64(offset, true))
				: null
		offset += size
	}
	return '0'
}

const dateWord = (seconds: number) => new Date(SECONDS_2001 + seconds * 1000).toISOString().slice(0, 10)

// Numbers keeps exact numbers as IEEE 754 decimal128 (binary integer significand).
function decimal128(view: DataView, at: number): string {
	const high = view.getUint8(at + 15)
	const exponent = (((high & 0x7f) << 7) | (view.getUint8(at + 14) >> 1)) - 0x1820
	let significand = BigInt(view.getUint8(at + 14) & 1)
	for (let byte = 13; byte >= 0; byte--) significand = significand * 256n + BigInt(view.getUint8(at + byte))
	const digits = significand.toString()
	const sign = high & 0x80 ? '-' : ''
	if (exponent >= 0) return sign + digits + '0'.repeat(Math.min(exponent, 40))
	const point = digits.length + exponent
	const fixed = point > 0 ? `${digits.slice(0, point)}.${digits.slice(point)}` : `0.${'0'.repeat(-point)}${digits}`
	// As the cell shows it: 3374.56, not the stored 3374.56000000000 (a loop, not a pattern: the
	// run of zeros is the file's to choose).
	let end = fixed.length
	while (fixed[end - 1] === '0') end--
	if (fixed[end - 1] === '.') end--
	return sign + fixed.slice(0, end)
}
