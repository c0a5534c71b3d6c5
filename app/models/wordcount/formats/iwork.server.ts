import { Budget } from '#app/models/wordcount/budget.server.ts'
import { iwaMessages, protoFields, unframeIwa, type ProtoField } from '#app/models/wordcount/iwa.server.ts'
import { isZip, readBinaryPart, readBinaryParts, readParts } from '#app/models/wordcount/archive.server.ts'
import { EncryptedDocument, NotCountable, plain } from '#app/models/wordcount/format.server.ts'
import type { Extracted, Format } from '#app/models/wordcount/format.server.ts'
import { extractPdf } from '#app/models/wordcount/formats/pdf.server.ts'
import { xmlText } from '#app/models/wordcount/xml.server.ts'
import { numbers09Cells } from '#app/models/wordcount/formats/numbers09.server.ts'
import { tileNumbers } from '#app/models/wordcount/formats/iwork-cells.server.ts'

// iWork 2013 and later (Pages, Numbers). What is counted:
// - every text storage (TSWP.StorageArchive): body text, text boxes, headers and footers,
//   footnotes, table titles, and the text of rich-text cells;
// - a table's plain strings as often as cells use them (TST.TableDataList of strings, with each
//   entry's reference count), like the shared strings of xlsx;
// - a number, date, duration or currency cell as one word each (TST.Tile cell storage);
//   booleans and errors are not counted, as in xlsx.
const TEXT_STORAGES = new Set([2001, 2005])
const TABLE_TILE = 6002
const TABLE_DATA_LIST = 6005
const STRING_LIST = 1

const INDEX_PART = /(^|\/)Index\/.+\.iwa$/
// Some packages keep the Index folder zipped inside the package.
const INDEX_ZIP = /(^|\/)Index\.zip$/

// The undo history may be LZFSE-compressed; it holds no text of the document.
const HISTORY_PART = /(^|\/)OperationStorage[^/]*\.iwa$/
// A password-protected package carries its key's hint and verifier beside the encrypted Index.
const PASSWORD_MARKERS = ['.iwph', '.iwpv2']

// Looked for in the package's raw bytes (a zip's file names are never compressed), so a package
// whose directory cannot be read, or that wraps the document in a folder, still says so.
function isPasswordProtectedIwork(bytes: Uint8Array): boolean {
	const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	return PASSWORD_MARKERS.some((marker) => raw.includes(marker))
}

function indexFiles(bytes: Uint8Array, budget: Budget): [name: string, content: Uint8Array][] {
	const outer = readBinaryParts(bytes, (name) => INDEX_PART.test(name) || INDEX_ZIP.test(name), budget)
	const nested = [...outer].find(([name]) => INDEX_ZIP.test(name))?.[1]
	const parts = nested ? readBinaryParts(nested, (name) => INDEX_PART.test(name), budget) : outer
	return [...parts].filter(([name]) => name.endsWith('.iwa'))
}

const field = (fields: ProtoField[], number: number) => fields.find((candidate) => candidate.field === number)
const utf8 = new TextDecoder()

// A storage's text; U+FFFC marks where a table, a chart or a picture sits, and is not text.
function storageText(message: Uint8Array): string[] {
	return protoFields(message)
		.filter((candidate) => candidate.field === 3 && candidate.bytes)
		.map((candidate) => utf8.decode(candidate.bytes!).replaceAll('\uFFFC', ''))
}

// A list's strings, each with how many cells refer to it.
function* listStrings(message: Uint8Array): Generator<[text: string, times: number]> {
	const fields = protoFields(message)
	if (field(fields, 1)?.value !== STRING_LIST) return
	for (const entry of fields) {
		if (entry.field !== 3 || !entry.bytes) continue
		const parts = protoFields(entry.bytes)
		const text = field(parts, 3)?.bytes
		if (text) yield [utf8.decode(text), field(parts, 2)?.value ?? 1]
	}
}

// The lines read so far, within the document's budget: a reference count is the file's word, so a
// crafted one (a string "used" two billion times) is refused as too large, not repeated.
function lineCollector(budget: Budget) {
	const lines: string[] = []
	return {
		lines,
		add(text: string, times = 1) {
			budget.spend((text.length + 1) * times, 'iwa text')
			for (let n = 0; n < times; n++) lines.push(text)
		},
	}
}

// Null when the file has no Index (then a person quotes it); a part that cannot be read is a broken file.
export function extractIworkArchive(bytes: Uint8Array, budget = new Budget()): Extracted | null {
	const files = indexFiles(bytes, budget)
	if (!files.length) return null
	const text = lineCollector(budget)
	const values: string[] = []
	for (const [name, file] of files) {
		const data = unframeIwa(file, budget)
		if (!data && HISTORY_PART.test(name)) continue
		if (!data) throw new Error(`unreadable ${name}`)
		for (const { type, message } of iwaMessages(data)) {
			if (TEXT_STORAGES.has(type)) for (const line of storageText(message)) text.add(line)
			else if (type === TABLE_DATA_LIST) for (const [line, times] of listStrings(message)) text.add(line, times)
			else if (type === TABLE_TILE) for (const line of tileNumbers(message, values)) text.add(line)
		}
	}
	return { parts: { body: text.lines, values } }
}

const IWORK_PARTS = /^(index\.xml|QuickLook\/Preview\.pdf)$/

// iWork '09 Pages and Numbers keep their content in index.xml: Pages as text storages, Numbers as
// cells whose text is an attribute. Newer iWork files keep it in a binary format: those go to a
// person (as does a file with neither).
export function extractIworkXml(bytes: Uint8Array, kind: 'pages' | 'numbers', budget = new Budget()): Extracted | null {
	const parts = readParts(bytes, (name) => IWORK_PARTS.test(name), budget)
	const xml = parts.get('index.xml')
	if (!xml) return null
	if (kind === 'pages') {
		// Ghost text is the template's placeholder, shown greyed until the author types.
		const body = xmlText(xml, {
			text: new Set(['sf:text-storage']),
			breaks: new Set(['sf:p']),
			spaces: new Set(['sf:tab', 'sf:br', 'sf:lnbr', 'sf:crbr']),
			skip: new Set(['sf:ghost-text']),
		})
		return { parts: { body: [body] } }
	}
	const { body, values } = numbers09Cells(xml)
	return { parts: { body, values } }
}

// Pages and Numbers. A password-protected one cannot be read. Pages keeps a PDF of its pages (what
// the customer sees); its XML also holds template text. Without either kind of content, a person quotes.
async function extractIwork(bytes: Uint8Array, budget: Budget, extension: string): Promise<Extracted> {
	if (isPasswordProtectedIwork(bytes)) throw new EncryptedDocument()
	const preview = extension === 'pages' ? readBinaryPart(bytes, 'QuickLook/Preview.pdf', budget) : null
	if (preview) return plain((await extractPdf(preview, budget)).text)
	const extracted =
		extractIworkXml(bytes, extension === 'pages' ? 'pages' : 'numbers', budget) ?? extractIworkArchive(bytes, budget)
	if (!extracted) throw new NotCountable('not-supported-yet')
	return extracted
}

export const iwork: Format = { extensions: ['pages', 'numbers'], sniff: isZip, extract: extractIwork }
