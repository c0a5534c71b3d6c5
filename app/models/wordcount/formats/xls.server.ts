import { isCompoundFile } from '#app/models/wordcount/archive.server.ts'
import { Budget } from '#app/models/wordcount/budget.server.ts'
import { openContainer, stream, type Container } from '#app/models/wordcount/compound-file.server.ts'
import { EncryptedDocument, type Extracted, type Format } from '#app/models/wordcount/format.server.ts'
import { BUILT_IN_FORMATS, compileFormat } from '#app/models/wordcount/formats/cell-format.server.ts'
import { storedObjects } from '#app/models/wordcount/formats/embedded.server.ts'

// Excel 97–2003 (BIFF8), and Excel 5 and 95 (BIFF5), and the bare worksheet streams of Excel 2 to
// 4 (BIFF2–4, no compound file around them): the shared strings as often as cells use them, labels
// (8-bit text in the workbook's code page before BIFF8), numbers as their cells show them (the
// number format of the cell's XF, from Excel 5 on), and which sheets are hidden; TRUE,
// FALSE and error values apart (not priced). Until 28 November 2026 an Excel 3 file was "broken" and
// an Excel 5 label lost its first character.
export function extractXls(bytes: Uint8Array, budget = new Budget()): Extracted {
	const container = isCompoundFile(bytes) ? openContainer(bytes, budget) : null
	const data = container ? workbookStream(container) : Buffer.from(bytes)
	const records: { type: number; body: Buffer }[] = []
	for (let offset = 0; offset + 4 <= data.length;) {
		const type = data.readUInt16LE(offset)
		const length = data.readUInt16LE(offset + 2)
		records.push({ type, body: data.subarray(offset + 4, offset + 4 + length) })
		offset += 4 + length
	}
	if (!BOFS.has(records[0]?.type ?? -1)) throw new Error('not an Excel workbook')
	const eightBit = eightBitText(records)
	const excel2 = records[0]!.type === 0x0009
	const label = (body: Buffer, at: number) =>
		eightBit ? eightBit(body, at) : readString(body, at, body.readUInt16LE(at)).text
	if (records.some((record) => record.type === 0x002f)) throw new EncryptedDocument()
	const shared = readSharedStrings(records)
	const shown = cellFormats(records, eightBit === null)
	const out: string[] = []
	const values: string[] = []
	let hiddenSheets = 0
	// Substreams nest (a chart inside a sheet): each BOF says its kind, each EOF ends the innermost.
	const substreams: number[] = []
	let chart: Set<string> | null = null
	const charts: string[] = []
	for (const [index, { type, body }] of records.entries()) {
		if (BOFS.has(type) && body.length >= 4) {
			substreams.push(body.readUInt16LE(2))
			if (body.readUInt16LE(2) === CHART_SUBSTREAM) chart = new Set()
		} else if (type === EOF) {
			if (substreams.pop() === CHART_SUBSTREAM && chart) charts.push(...chart)
			chart = substreams.at(-1) === CHART_SUBSTREAM ? new Set() : null
		} else if (chart) chartText(type, body, shared, chart, label)
		else if (type === 0x0006 && excel2) {
			const result = excel2Formula(records, index)
			if (result !== null) out.push(result)
		} else if (FORMULAS.has(type) && body.length >= 20) {
			// A formula's last result: a number, or a string in the STRING record that follows.
			const isSpecial = body.readUInt16LE(12) === 0xffff
			const string = isSpecial && body[6] === 0 ? formulaString(records, index) : null
			if (!isSpecial) out.push(shown(body.readDoubleLE(6), body.readUInt16LE(4)))
			else if (string) out.push(label(string.body, 0))
			else if (body[6] === 1 || body[6] === 2) values.push(body[6] === 1 ? (body[8] ? 'TRUE' : 'FALSE') : 'ERROR')
		} else if (type === 0x0205 && body.length >= 8) {
			// A checkbox-like TRUE or FALSE, or an error value.
			values.push(body[7] ? 'ERROR' : body[6] ? 'TRUE' : 'FALSE')
		} else if (type === 0x0085 && body.length > 5 && (body[4]! & 0x03) !== 0) hiddenSheets++
		else if (type === 0x00fd && body.length >= 10) out.push(sharedString(shared, body.readUInt32LE(6), budget))
		else if (type === 0x0203 && body.length >= 14) out.push(shown(body.readDoubleLE(6), body.readUInt16LE(4)))
		else if (type === 0x027e && body.length >= 10) out.push(shown(rkValue(body.readUInt32LE(6)), body.readUInt16LE(4)))
		else if (type === 0x00bd)
			for (let n = 0; n < Math.floor((body.length - 6) / 6); n++)
				out.push(shown(rkValue(body.readUInt32LE(4 + n * 6 + 2)), body.readUInt16LE(4 + n * 6)))
		else if (type === 0x0204 && body.length >= 8) out.push(label(body, 6))
		// Excel 2's own cells: a label (one byte of length), a number and an integer, after three
		// bytes of attributes.
		else if (type === 0x0004 && body.length >= 8) out.push(body.toString('latin1', 8, 8 + body[7]!))
		else if (type === 0x0003 && body.length >= 15) out.push(String(body.readDoubleLE(7)))
		else if (type === 0x0002 && body.length >= 9) out.push(String(body.readUInt16LE(7)))
	}
	return {
		parts: { body: out, values, charts },
		hiddenSheets,
		objects: container ? storedObjects(container, budget) : [],
	}
}

// A formula (Excel 3, 4, and 5 to 8 alike). Its string result is in the STRING record after it, or
// after the array, shared formula or data table the formula belongs to (POI's 57798.xls: an array
// formula's "one" was not counted, nor an Excel 3 formula's text in SheetJS's CRLFX5_3.xls).
const FORMULAS = new Set([0x0006, 0x0206, 0x0406])
const FORMULA_RECORDS = new Set([0x0221, 0x04bc, 0x0236])
function formulaString(records: { type: number; body: Buffer }[], index: number) {
	let next = index + 1
	while (FORMULA_RECORDS.has(records[next]?.type ?? -1)) next++
	return records[next]?.type === 0x0207 ? records[next]! : null
}

// Excel 2's formula: its number after three bytes of attributes, or its text in the STRING record
// (one byte of length) that follows.
function excel2Formula(records: { type: number; body: Buffer }[], index: number): string | null {
	const { body } = records[index]!
	if (body.length < 17) return null
	if (body.readUInt16LE(13) !== 0xffff) return String(body.readDoubleLE(7))
	const next = records[index + 1]
	if (body[7] !== 0 || next?.type !== 0x0007 || !next.body.length) return null
	return next.body.toString('latin1', 1, 1 + next.body[0]!)
}

// The beginning of a workbook or sheet: BIFF2, 3, 4, and 5 to 8.
const BOFS = new Set([0x0009, 0x0209, 0x0409, 0x0809])
const EOF = 0x000a
const CHART_SUBSTREAM = 0x0020
// A chart keeps a copy of the cells it draws (the categories and the numbers) and its titles and
// series names (SERIESTEXT): its text, each once, is the chart's, as in pptx and xlsx; its numbers
// are not text. Counted as sheet text before, a trade workbook's charts put it 13% above xls2csv.
function chartText(
	type: number,
	body: Buffer,
	shared: string[],
	chart: Set<string>,
	label: (body: Buffer, at: number) => string,
) {
	let text = ''
	if (type === 0x00fd && body.length >= 10) text = shared[body.readUInt32LE(6)] ?? ''
	else if (type === 0x0204 && body.length >= 8) text = label(body, 6)
	else if (type === 0x100d && body.length >= 4) {
		const count = body[2]!
		text = body.toString(body[3]! & 0x01 ? 'utf16le' : 'latin1', 4, 4 + count * (body[3]! & 0x01 ? 2 : 1))
	}
	if (text.trim()) chart.add(text.trim())
}

function workbookStream(container: Container): Buffer {
	const data = stream(container, 'Workbook') ?? stream(container, 'Book')
	if (!data) throw new Error('no Workbook stream')
	return data
}

// Before BIFF8 (its BOF says version 0x0600) text is 8-bit, in the code page the CODEPAGE record
// names (1252 when it names none): a label is its length (two bytes) and its bytes.
function eightBitText(records: { type: number; body: Buffer }[]) {
	const first = records[0]!
	if (first.type === 0x0809 && first.body.length >= 2 && first.body.readUInt16LE(0) === 0x0600) return null
	const codePage = records.find((record) => record.type === 0x0042)?.body.readUInt16LE(0) ?? 1252
	let decoder: TextDecoder
	try {
		decoder = new TextDecoder(codePage === 10000 ? 'macintosh' : `windows-${codePage}`)
	} catch {
		decoder = new TextDecoder('windows-1252')
	}
	return (body: Buffer, at: number) => decoder.decode(body.subarray(at + 2, at + 2 + body.readUInt16LE(at)))
}

// A number as its cell shows it: the cell's XF (extended format) names a format, one of the
// workbook's FORMAT records or one Excel has by number. Excel 5 and later (BIFF5 and BIFF8); an
// Excel 2 to 4 worksheet's numbers stay as stored.
function cellFormats(records: { type: number; body: Buffer }[], biff8: boolean) {
	const codes = new Map<number, string>()
	const formats: number[] = []
	let date1904 = false
	for (const { type, body } of records) {
		if (type === 0x041e && body.length >= 3) {
			const code = biff8 ? readString(body, 2, body.readUInt16LE(2)).text : body.toString('latin1', 3, 3 + body[2]!)
			codes.set(body.readUInt16LE(0), code)
		} else if (type === 0x00e0 && body.length >= 4) formats.push(body.readUInt16LE(2))
		else if (type === 0x0022 && body.length >= 2) date1904 = body.readUInt16LE(0) === 1
	}
	if (records[0]!.type !== 0x0809) return (value: number) => String(value)
	const compiled = new Map<number, (value: number) => string>()
	return (value: number, xf: number) => {
		const id = formats[xf] ?? 0
		if (!compiled.has(id)) compiled.set(id, compileFormat(codes.get(id) ?? BUILT_IN_FORMATS[id], date1904))
		return compiled.get(id)!(value)
	}
}

// A cell's shared string: a short record may use a long string, so each use is paid for.
function sharedString(shared: string[], index: number, budget: Budget): string {
	const text = shared[index] ?? ''
	budget.spend(text.length + 1, 'xls cell')
	return text
}

// A number stored compactly (RK): a 30-bit integer or the top 30 bits of a double, perhaps times
// 100. "56.6" is two words, as in the cell; it was read as "0" (one), which made a statistics
// workbook 9% short.
function rkValue(rk: number): number {
	const value = rk & 0x02 ? rk >> 2 : new DataView(new Uint32Array([0, rk & 0xfffffffc]).buffer).getFloat64(0, true)
	return rk & 0x01 ? value / 100 : value
}

function readString(body: Buffer, offset: number, count: number): { text: string; next: number } {
	const flags = body[offset + 2] ?? 0
	const start = offset + 3
	const wide = (flags & 0x01) !== 0
	const end = start + count * (wide ? 2 : 1)
	return { text: body.toString(wide ? 'utf16le' : 'latin1', start, end), next: end }
}

// The SST and its CONTINUE records, where a string may break across records and each part says
// again whether its characters are one or two bytes.
function readSharedStrings(records: { type: number; body: Buffer }[]): string[] {
	const index = records.findIndex((record) => record.type === 0x00fc)
	if (index < 0) return []
	const parts = [records[index]!.body]
	for (let next = index + 1; records[next]?.type === 0x003c; next++) parts.push(records[next]!.body)
	const strings: string[] = []
	const unique = parts[0]!.readUInt32LE(4)
	let part = 0
	let offset = 8
	const take = (bytes: number) => {
		const chunk = parts[part]!.subarray(offset, offset + bytes)
		offset += bytes
		return chunk
	}
	const nextPart = () => {
		part++
		offset = 0
	}
	for (let n = 0; n < unique && part < parts.length; n++) {
		if (offset >= parts[part]!.length) nextPart()
		if (part >= parts.length) break
		let count = take(2).readUInt16LE(0)
		let flags = take(1)[0]!
		const runs = flags & 0x08 ? take(2).readUInt16LE(0) : 0
		const extended = flags & 0x04 ? take(4).readUInt32LE(0) : 0
		let text = ''
		while (count > 0) {
			const width = flags & 0x01 ? 2 : 1
			const room = Math.floor((parts[part]!.length - offset) / width)
			const here = Math.min(count, room)
			text += take(here * width).toString(width === 2 ? 'utf16le' : 'latin1')
			count -= here
			if (count > 0) {
				nextPart()
				if (part >= parts.length) break
				flags = (flags & ~0x01) | (take(1)[0]! & 0x01)
			}
		}
		strings.push(text)
		let skip = runs * 4 + extended
		while (skip > 0 && part < parts.length) {
			const here = Math.min(skip, parts[part]!.length - offset)
			offset += here
			skip -= here
			if (skip > 0) nextPart()
		}
	}
	return strings
}

// A compound file, or a bare worksheet stream starting with its BOF record (Excel 2 to 4).
const isXls = (bytes: Uint8Array) =>
	isCompoundFile(bytes) || (bytes.length > 4 && BOFS.has(bytes[0]! | (bytes[1]! << 8)))
export const xls: Format = { extensions: ['xls'], sniff: isXls, extract: extractXls }
