import CFB from 'cfb'
import { Budget } from '#app/models/wordcount/budget.server.ts'
import { checkCompoundFile } from '#app/models/wordcount/compound-file.server.ts'
import { addTo, type Extracted, type PartTexts } from '#app/models/wordcount/office.server.ts'
import type { CountPart } from '#app/models/wordcount/parts.ts'

// The binary Office formats before 2007 are OLE containers of records.

export class LegacyEncryptedError extends Error {}

type Container = ReturnType<typeof CFB.read>

function openContainer(bytes: Uint8Array, budget: Budget): Container {
	checkCompoundFile(bytes, budget)
	const container = CFB.read(Buffer.from(bytes), { type: 'buffer' })
	if (CFB.find(container, 'EncryptedPackage') || CFB.find(container, 'EncryptionInfo')) throw new LegacyEncryptedError()
	return container
}

function stream(container: Container, name: string): Buffer | null {
	const entry = CFB.find(container, name)
	return entry?.content ? Buffer.from(entry.content as Uint8Array) : null
}

// PowerPoint 97–2003 keeps records in the "PowerPoint Document" stream. A file saved quickly
// ("fast save") appends each edit and leaves the old records in place, so walking the whole
// stream counts a slide once per save: only the records the newest persist directory points to
// are read. Masters and handouts hold the template's prompts ("Click to edit Master title style")
// in placeholders; their other shapes are text every slide shows (a company name, a line of
// legal text), read once.
const MASTER_CONTAINERS = new Set([0x03f8, 0x0fc9])
const NOTES = 0x03f0
// A footer or header set for all slides (or all notes) is a string in a HeadersFooters container:
// instance 1 the header, 2 the footer.
const HEADERS_FOOTERS = 0x0fd9
const CSTRING = 0x0fba
// The document's lists of slide text: instance 2 is the notes'.
const SLIDE_LIST_WITH_TEXT = 0x0ff0
const SHAPE = 0xf004
const PLACEHOLDER_ATOM = 0x0bc3
const TEXT_CHARS = 0x0fa0
const TEXT_BYTES = 0x0fa8

type PptRecord = { container: boolean; type: number; instance: number; body: number; end: number }

function pptRecords(data: Buffer, start: number, end: number): PptRecord[] {
	const records: PptRecord[] = []
	for (let offset = start; offset + 8 <= end;) {
		const body = offset + 8
		const recordEnd = body + data.readUInt32LE(offset + 4)
		if (recordEnd > end) break
		const options = data.readUInt16LE(offset)
		records.push({
			container: (options & 0x0f) === 0x0f,
			type: data.readUInt16LE(offset + 2),
			instance: options >>> 4,
			body,
			end: recordEnd,
		})
		offset = recordEnd
	}
	return records
}

// The offsets of the live top-level records (document, slides, notes, masters), newest edit
// winning; null when the file has no usable edit chain (then the whole stream is read).
function livePptOffsets(data: Buffer, currentUser: Buffer | null): number[] | null {
	if (!currentUser || currentUser.length < 20) return null
	const persist = new Map<number, number>()
	const directories: number[] = []
	const visited = new Set<number>()
	for (
		let edit = currentUser.readUInt32LE(16);
		edit > 0 && edit + 28 <= data.length && !visited.has(edit);
		edit = data.readUInt32LE(edit + 16)
	) {
		visited.add(edit)
		if (data.readUInt16LE(edit + 2) !== 0x0ff5) return null
		directories.unshift(data.readUInt32LE(edit + 20))
	}
	for (const directory of directories) {
		if (directory + 8 > data.length || data.readUInt16LE(directory + 2) !== 0x1772) return null
		const end = Math.min(data.length, directory + 8 + data.readUInt32LE(directory + 4))
		for (let offset = directory + 8; offset + 4 <= end;) {
			const entry = data.readUInt32LE(offset)
			offset += 4
			for (let n = 0; n < entry >>> 20 && offset + 4 <= end; n++, offset += 4)
				persist.set((entry & 0xfffff) + n, data.readUInt32LE(offset))
		}
	}
	return persist.size
		? [...new Set(persist.values())].filter((offset) => offset + 8 <= data.length).sort((a, b) => a - b)
		: null
}

function pptText(data: Buffer, record: PptRecord): string {
	return record.type === TEXT_CHARS
		? data.toString('utf16le', record.body, record.end)
		: data.toString('latin1', record.body, record.end)
}

// The text atoms below a record, in the part they belong to (what a master shows on every slide
// is counted with headers and footers); on a master, a shape that is a placeholder is left out
// whole. The headers and footers set for the slides are gathered, each distinct text once.
function collectPptText(
	data: Buffer,
	records: PptRecord[],
	part: CountPart,
	out: PartTexts,
	footers: Set<string>,
	budget: Budget,
) {
	for (const record of records) {
		if (record.container) {
			const children = pptRecords(data, record.body, record.end)
			if (part === 'headers' && record.type === SHAPE && isPlaceholder(data, children)) continue
			if (record.type === HEADERS_FOOTERS) {
				for (const child of children)
					if (child.type === CSTRING && (child.instance === 1 || child.instance === 2))
						footers.add(data.toString('utf16le', child.body, child.end).trim())
			} else collectPptText(data, children, partOfPpt(record, part), out, footers, budget)
		} else if (record.type === TEXT_CHARS || record.type === TEXT_BYTES) {
			// Records may overlap (the persist directory is the file's word): each read is paid for.
			budget.spend(record.end - record.body, 'ppt text')
			addTo(out, part, pptText(data, record).replace(/\r/g, '\n'))
		}
	}
}

function partOfPpt(record: PptRecord, part: CountPart): CountPart {
	if (MASTER_CONTAINERS.has(record.type)) return 'headers'
	if (record.type === NOTES || (record.type === SLIDE_LIST_WITH_TEXT && record.instance === 2)) return 'notes'
	return part
}

function isPlaceholder(data: Buffer, records: PptRecord[]): boolean {
	return records.some(
		(record) =>
			record.type === PLACEHOLDER_ATOM ||
			(record.container && record.type !== SHAPE && isPlaceholder(data, pptRecords(data, record.body, record.end))),
	)
}

export function extractPpt(bytes: Uint8Array, budget = new Budget()): Extracted {
	const container = openContainer(bytes, budget)
	const data = stream(container, 'PowerPoint Document')
	if (!data) throw new Error('no PowerPoint Document stream')
	const currentUser = stream(container, 'Current User')
	if (isEncryptedPpt(container, currentUser)) throw new LegacyEncryptedError()
	const live = livePptOffsets(data, currentUser)
	const tops = live
		? live.flatMap((offset) =>
				pptRecords(data, offset, Math.min(data.length, offset + 8 + data.readUInt32LE(offset + 4))),
			)
		: pptRecords(data, 0, data.length)
	const parts: PartTexts = {}
	// A footer shown on every slide is text a translator translates once.
	const footers = new Set<string>()
	collectPptText(data, tops, 'body', parts, footers, budget)
	for (const footer of footers) addTo(parts, 'headers', footer)
	return { parts }
}

// A password-protected presentation says so in its Current User stream (the header token) and keeps
// its summary encrypted apart; its text records are ciphertext, which read as "no text".
const ENCRYPTED_TOKEN = 0xf3d1c4df
function isEncryptedPpt(container: Container, currentUser: Buffer | null): boolean {
	if (currentUser && currentUser.length >= 16 && currentUser.readUInt32LE(12) === ENCRYPTED_TOKEN) return true
	return CFB.find(container, 'EncryptedSummary') !== null
}

// Excel 97–2003 (BIFF8): the shared strings as often as cells use them, inline labels, numbers,
// and which sheets are hidden; TRUE, FALSE and error values apart (not priced).
export function extractXls(bytes: Uint8Array, budget = new Budget()): Extracted {
	const container = openContainer(bytes, budget)
	const data = stream(container, 'Workbook') ?? stream(container, 'Book')
	if (!data) throw new Error('no Workbook stream')
	const records: { type: number; body: Buffer }[] = []
	for (let offset = 0; offset + 4 <= data.length;) {
		const type = data.readUInt16LE(offset)
		const length = data.readUInt16LE(offset + 2)
		records.push({ type, body: data.subarray(offset + 4, offset + 4 + length) })
		offset += 4 + length
	}
	if (records.some((record) => record.type === 0x002f)) throw new LegacyEncryptedError()
	const shared = readSharedStrings(records)
	const out: string[] = []
	const values: string[] = []
	let hiddenSheets = 0
	for (const [index, { type, body }] of records.entries()) {
		if (type === 0x0006 && body.length >= 20) {
			// A formula's last result: a number, or a string in the STRING record that follows.
			const isSpecial = body.readUInt16LE(12) === 0xffff
			if (!isSpecial) out.push(String(body.readDoubleLE(6)))
			else if (body[6] === 0 && records[index + 1]?.type === 0x0207)
				out.push(readString(records[index + 1]!.body, 0, records[index + 1]!.body.readUInt16LE(0)).text)
			else if (body[6] === 1 || body[6] === 2) values.push(body[6] === 1 ? (body[8] ? 'TRUE' : 'FALSE') : 'ERROR')
		} else if (type === 0x0205 && body.length >= 8) {
			// A checkbox-like TRUE or FALSE, or an error value.
			values.push(body[7] ? 'ERROR' : body[6] ? 'TRUE' : 'FALSE')
		} else if (type === 0x0085 && body.length > 5 && (body[4]! & 0x03) !== 0) hiddenSheets++
		else if (type === 0x00fd && body.length >= 10) out.push(sharedString(shared, body.readUInt32LE(6), budget))
		else if (type === 0x0203 && body.length >= 14) out.push(String(body.readDoubleLE(6)))
		else if (type === 0x027e && body.length >= 10) out.push(String(rkValue(body.readUInt32LE(6))))
		else if (type === 0x00bd)
			for (let n = 0; n < Math.floor((body.length - 6) / 6); n++)
				out.push(String(rkValue(body.readUInt32LE(4 + n * 6 + 2))))
		else if (type === 0x0204 && body.length >= 8) out.push(readString(body, 6, body.readUInt16LE(6)).text)
	}
	return { parts: { body: out, values }, hiddenSheets }
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

// Word 97–2003 marks an encrypted document in its file information block (fEncrypted).
export function isEncryptedDoc(bytes: Uint8Array, budget = new Budget()): boolean {
	const data = stream(openContainer(bytes, budget), 'WordDocument')
	return data !== null && data.length > 0x0c && (data.readUInt16LE(0x0a) & 0x0100) !== 0
}
