import CFB from 'cfb'

// The binary Office formats before 2007 are OLE containers of records.

export class LegacyEncryptedError extends Error {}

function stream(bytes: Uint8Array, name: string): Buffer | null {
	const container = CFB.read(Buffer.from(bytes), { type: 'buffer' })
	if (CFB.find(container, 'EncryptedPackage') || CFB.find(container, 'EncryptionInfo')) throw new LegacyEncryptedError()
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
const SHAPE = 0xf004
const PLACEHOLDER_ATOM = 0x0bc3
const TEXT_CHARS = 0x0fa0
const TEXT_BYTES = 0x0fa8

type PptRecord = { container: boolean; type: number; body: number; end: number }

function pptRecords(data: Buffer, start: number, end: number): PptRecord[] {
	const records: PptRecord[] = []
	for (let offset = start; offset + 8 <= end; ) {
		const body = offset + 8
		const recordEnd = body + data.readUInt32LE(offset + 4)
		if (recordEnd > end) break
		records.push({ container: (data.readUInt16LE(offset) & 0x0f) === 0x0f, type: data.readUInt16LE(offset + 2), body, end: recordEnd })
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
	for (let edit = currentUser.readUInt32LE(16); edit > 0 && edit + 28 <= data.length && !visited.has(edit); edit = data.readUInt32LE(edit + 16)) {
		visited.add(edit)
		if (data.readUInt16LE(edit + 2) !== 0x0ff5) return null
		directories.unshift(data.readUInt32LE(edit + 20))
	}
	for (const directory of directories) {
		if (directory + 8 > data.length || data.readUInt16LE(directory + 2) !== 0x1772) return null
		const end = Math.min(data.length, directory + 8 + data.readUInt32LE(directory + 4))
		for (let offset = directory + 8; offset + 4 <= end; ) {
			const entry = data.readUInt32LE(offset)
			offset += 4
			for (let n = 0; n < entry >>> 20 && offset + 4 <= end; n++, offset += 4) persist.set((entry & 0xfffff) + n, data.readUInt32LE(offset))
		}
	}
	return persist.size ? [...new Set(persist.values())].filter((offset) => offset + 8 <= data.length).sort((a, b) => a - b) : null
}

function pptText(data: Buffer, record: PptRecord): string {
	return record.type === TEXT_CHARS ? data.toString('utf16le', record.body, record.end) : data.toString('latin1', record.body, record.end)
}

// The text atoms below a record; on a master, a shape that is a placeholder is left out whole.
function collectPptText(data: Buffer, records: PptRecord[], onMaster: boolean, out: string[]) {
	for (const record of records) {
		if (record.container) {
			const children = pptRecords(data, record.body, record.end)
			if (onMaster && record.type === SHAPE && isPlaceholder(data, children)) continue
			collectPptText(data, children, onMaster || MASTER_CONTAINERS.has(record.type), out)
		} else if (record.type === TEXT_CHARS || record.type === TEXT_BYTES) out.push(pptText(data, record))
	}
}

function isPlaceholder(data: Buffer, records: PptRecord[]): boolean {
	return records.some((record) => record.type === PLACEHOLDER_ATOM || (record.container && record.type !== SHAPE && isPlaceholder(data, pptRecords(data, record.body, record.end))))
}

export function extractPpt(bytes: Uint8Array): { text: string } {
	const data = stream(bytes, 'PowerPoint Document')
	if (!data) throw new Error('no PowerPoint Document stream')
	const live = livePptOffsets(data, stream(bytes, 'Current User'))
	const tops = live ? live.flatMap((offset) => pptRecords(data, offset, Math.min(data.length, offset + 8 + data.readUInt32LE(offset + 4)))) : pptRecords(data, 0, data.length)
	const out: string[] = []
	collectPptText(data, tops, false, out)
	return { text: out.join('\n').replace(/\r/g, '\n') }
}

// Excel 97–2003 (BIFF8): the shared strings as often as cells use them, inline labels, numbers,
// and which sheets are hidden.
export function extractXls(bytes: Uint8Array): { text: string; hiddenSheets: number } {
	const data = stream(bytes, 'Workbook') ?? stream(bytes, 'Book')
	if (!data) throw new Error('no Workbook stream')
	const records: { type: number; body: Buffer }[] = []
	for (let offset = 0; offset + 4 <= data.length; ) {
		const type = data.readUInt16LE(offset)
		const length = data.readUInt16LE(offset + 2)
		records.push({ type, body: data.subarray(offset + 4, offset + 4 + length) })
		offset += 4 + length
	}
	if (records.some((record) => record.type === 0x002f)) throw new LegacyEncryptedError()
	const shared = readSharedStrings(records)
	const out: string[] = []
	let hiddenSheets = 0
	for (const [index, { type, body }] of records.entries()) {
		if (type === 0x0006 && body.length >= 20) {
			// A formula's last result: a number, or a string in the STRING record that follows.
			const isSpecial = body.readUInt16LE(12) === 0xffff
			if (!isSpecial) out.push(String(body.readDoubleLE(6)))
			else if (body[6] === 0 && records[index + 1]?.type === 0x0207) out.push(readString(records[index + 1]!.body, 0, records[index + 1]!.body.readUInt16LE(0)).text)
		} else if (type === 0x0085 && body.length > 5 && (body[4]! & 0x03) !== 0) hiddenSheets++
		else if (type === 0x00fd && body.length >= 10) out.push(shared[body.readUInt32LE(6)] ?? '')
		else if (type === 0x0203 && body.length >= 14) out.push(String(body.readDoubleLE(6)))
		else if (type === 0x027e && body.length >= 10) out.push('0')
		else if (type === 0x00bd) for (let n = 0; n < Math.floor((body.length - 6) / 6); n++) out.push('0')
		else if (type === 0x0204 && body.length >= 8) out.push(readString(body, 6, body.readUInt16LE(6)).text)
	}
	return { text: out.join('\n'), hiddenSheets }
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
export function isEncryptedDoc(bytes: Uint8Array): boolean {
	const data = stream(bytes, 'WordDocument')
	return data !== null && data.length > 0x0c && (data.readUInt16LE(0x0a) & 0x0100) !== 0
}
