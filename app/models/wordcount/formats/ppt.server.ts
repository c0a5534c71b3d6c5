import CFB from 'cfb'
import { constants, inflateSync } from 'node:zlib'
import { isCompoundFile } from '#app/models/wordcount/archive.server.ts'
import { Budget } from '#app/models/wordcount/budget.server.ts'
import { openContainer, stream, type Container } from '#app/models/wordcount/compound-file.server.ts'
import { addTo, EncryptedDocument, NotCountable } from '#app/models/wordcount/format.server.ts'
import type { Extracted, Format, PartTexts } from '#app/models/wordcount/format.server.ts'
import type { CountPart } from '#app/models/wordcount/parts.ts'

// PowerPoint 97–2003 keeps records in the "PowerPoint Document" stream. A file saved quickly
// ("fast save") appends each edit and leaves the old records in place, so walking the whole
// stream counts a slide once per save: only the records the newest persist directory points to
// are read. Masters and handouts hold the template's prompts ("Click to edit Master title style")
// in placeholders; their other shapes are text every slide shows (a company name, a line of
// legal text), read once.
const MASTER_CONTAINERS = new Set([0x03f8, 0x0fc9])
const NOTES = 0x03f0
// A footer or header set for all slides (instance 3) or all notes pages (instance 4) is a string in
// a HeadersFooters container: instance 1 the header, 2 the footer, each shown where its atom's
// flags say so (fHasHeader, fHasFooter). A notes page's footer prints on the notes pages alone.
const HEADERS_FOOTERS = 0x0fd9
const HEADERS_FOOTERS_ATOM = 0x0fda
const NOTES_HEADERS_FOOTERS = 4
const SHOWN_FLAG: Record<number, number> = { 1: 0x10, 2: 0x20 }
const CSTRING = 0x0fba
// The document's lists of slide text: instance 2 is the notes'.
const SLIDE_LIST_WITH_TEXT = 0x0ff0
const SHAPE = 0xf004
const PLACEHOLDER_ATOM = 0x0bc3
const HF_PLACEHOLDER_ATOM = 0x0420
// Placeholder types ([MS-PPT] PlaceholderEnum): a master's title, body, subtitle, notes image and
// body, date and slide number are prompts or fields; its footer and header hold the text typed there.
const MASTER_PROMPTS = new Set([1, 2, 3, 4, 5, 6, 7, 8])
const FOOTERS = new Set([9, 10])
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
	footers: Footers,
	budget: Budget,
) {
	for (const record of records) {
		if (record.container) {
			const children = pptRecords(data, record.body, record.end)
			const placeholder = record.type === SHAPE ? placeholderType(data, children) : null
			// A master's title and body placeholders hold the template's prompts; the slides' own are text.
			if (
				placeholder !== null &&
				(MASTER_PROMPTS.has(placeholder) || (part === 'headers' && !FOOTERS.has(placeholder)))
			)
				continue
			if (placeholder !== null && FOOTERS.has(placeholder)) {
				// A footer or header typed into the master's (or a slide's) placeholder: on every slide, once.
				const text: PartTexts = {}
				collectPptText(data, children, 'headers', text, footers, budget)
				const into = part === 'notes' ? footers.notes : footers.slides
				for (const line of (text.headers ?? []).join('\n').split('\n')) if (line.trim()) into.add(line.trim())
				continue
			}
			if (record.type === HEADERS_FOOTERS) headersFooters(data, record, children, footers)
			else collectPptText(data, children, partOfPpt(record, part), out, footers, budget)
		} else if (record.type === TEXT_CHARS || record.type === TEXT_BYTES) {
			// Records may overlap (the persist directory is the file's word): each read is paid for.
			budget.spend(record.end - record.body, 'ppt text')
			addTo(out, part, pptText(data, record).replace(/\r/g, '\n'))
		}
	}
}

type Footers = { slides: Set<string>; notes: Set<string> }

// Until 28 November 2026 the notes pages' footer was counted as text on every slide, and a footer
// turned off was counted too (three words on a four-word deck).
function headersFooters(data: Buffer, record: PptRecord, children: PptRecord[], footers: Footers) {
	const atom = children.find((child) => child.type === HEADERS_FOOTERS_ATOM && child.body + 4 <= child.end)
	const flags = atom ? data.readUInt16LE(atom.body + 2) : 0xffff
	const into = record.instance === NOTES_HEADERS_FOOTERS ? footers.notes : footers.slides
	for (const child of children)
		if (child.type === CSTRING && (flags & (SHOWN_FLAG[child.instance] ?? 0)) !== 0)
			into.add(data.toString('utf16le', child.body, child.end).trim())
}

function partOfPpt(record: PptRecord, part: CountPart): CountPart {
	if (MASTER_CONTAINERS.has(record.type)) return 'headers'
	if (record.type === NOTES || (record.type === SLIDE_LIST_WITH_TEXT && record.instance === 2)) return 'notes'
	// The masters' own list of text: what they show on every slide.
	if (record.type === SLIDE_LIST_WITH_TEXT && record.instance === 1) return 'headers'
	return part
}

// A shape's placeholder type (its PlaceholderAtom's placementId), or null for a shape of its own.
function placeholderType(data: Buffer, records: PptRecord[]): number | null {
	for (const record of records) {
		if (record.type === PLACEHOLDER_ATOM && record.body + 5 <= record.end) return data.readUInt8(record.body + 4)
		// PowerPoint 2007 and later mark a slide's own date, number, footer and header shapes so.
		if (record.type === HF_PLACEHOLDER_ATOM && record.body < record.end) return data.readUInt8(record.body)
		if (record.container && record.type !== SHAPE) {
			const inner = placeholderType(data, pptRecords(data, record.body, record.end))
			if (inner !== null) return inner
		}
	}
	return null
}

export function extractPpt(bytes: Uint8Array, budget = new Budget()): Extracted {
	const container = openContainer(bytes, budget)
	const data = stream(container, 'PowerPoint Document')
	// PowerPoint 4 (PP40) and earlier keep another format that is not read here: a person counts it.
	if (!data && stream(container, 'PP40')) throw new NotCountable('not-supported-yet')
	if (!data) throw new Error('no PowerPoint Document stream')
	const currentUser = stream(container, 'Current User')
	if (isEncryptedPpt(container, currentUser)) throw new EncryptedDocument()
	const live = livePptOffsets(data, currentUser)
	const whole = () => pptRecords(data, 0, data.length)
	const read = (tops: PptRecord[]) => {
		const parts: PartTexts = {}
		// A footer shown on every slide is text a translator translates once.
		const footers: Footers = { slides: new Set(), notes: new Set() }
		collectPptText(data, tops, 'body', parts, footers, budget)
		return { parts, footers }
	}
	const tops = live
		? live.flatMap((offset) =>
				pptRecords(data, offset, Math.min(data.length, offset + 8 + data.readUInt32LE(offset + 4))),
			)
		: whole()
	let { parts, footers } = read(tops)
	// An edit chain that points at no text (a damaged or unusual persist directory) is not the last
	// word: the stream is read whole, as catppt does, rather than sending the file to a person.
	if (live && !hasText(parts, footers)) ({ parts, footers } = read(whole()))
	// What every slide shows is translated once, however many records repeat it.
	const shown = new Set(
		[...(parts.headers ?? []).flatMap((text) => text.split('\n')), ...footers.slides].map((line) => line.trim()),
	)
	shown.delete('')
	parts.headers = [...shown]
	footers.notes.delete('')
	for (const line of footers.notes) addTo(parts, 'notes', line)
	return { parts, objects: pptObjects(data, tops, budget) }
}

// A document embedded on a slide (an Excel table, a Word file) is kept whole in an ExOleObjStg
// record, instance 1 compressed with zlib after its size; formats/embedded.server.ts reads it.
const EX_OLE_OBJ_STG = 0x1011
function pptObjects(data: Buffer, tops: PptRecord[], budget: Budget): Uint8Array[] {
	return tops.flatMap((record): Uint8Array[] => {
		if (record.type !== EX_OLE_OBJ_STG || record.container) return []
		if (record.instance === 0) return [data.subarray(record.body, record.end)]
		if (record.body + 4 > record.end) return []
		const size = data.readUInt32LE(record.body)
		budget.spend(size, 'ppt object')
		try {
			// No more than the size it declares. PowerPoint may end the stream without zlib's closing
			// checksum (POI's testPPT_oleWorkbook.ppt): what was inflated up to there is the object.
			const options = { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: Math.max(size, 1) }
			return [new Uint8Array(inflateSync(data.subarray(record.body + 4, record.end), options))]
		} catch {
			return []
		}
	})
}

const hasText = (parts: PartTexts, footers: Footers) =>
	footers.slides.size > 0 ||
	footers.notes.size > 0 ||
	Object.values(parts).some((lines) => lines.some((line) => line.trim()))

// A password-protected presentation says so in its Current User stream (the header token) and keeps
// its summary encrypted apart; its text records are ciphertext, which read as "no text".
const ENCRYPTED_TOKEN = 0xf3d1c4df
function isEncryptedPpt(container: Container, currentUser: Buffer | null): boolean {
	if (currentUser && currentUser.length >= 16 && currentUser.readUInt32LE(12) === ENCRYPTED_TOKEN) return true
	return CFB.find(container, 'EncryptedSummary') !== null
}

export const ppt: Format = { extensions: ['ppt'], sniff: isCompoundFile, extract: extractPpt }
