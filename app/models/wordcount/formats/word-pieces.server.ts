import iconv from 'iconv-lite'
import type { Budget } from '#app/models/wordcount/budget.server.ts'
import { stream, type Container } from '#app/models/wordcount/compound-file.server.ts'
import { addTo, type PartTexts } from '#app/models/wordcount/format.server.ts'
import type { CountPart } from '#app/models/wordcount/parts.ts'

// Word's binary text read the way catdoc and antiword read it: the document's characters are a run
// of pieces (the piece table, in the "Clx"), split into stories by the lengths in the file
// information block. This reads Word 6 and Word 95 files (which word-extractor does not) and any
// Word 97–2003 file word-extractor cannot place (a layout of streams it does not expect): the text
// is there even when the file's other structures are not where a reader looks for them.

const WORD_97 = 0xa5ec
const WORD_6 = 0xa5dc
const F_COMPLEX = 0x0004
const F_WHICH_TABLE = 0x0200

// The stories in the order their characters follow each other, with the part each is counted in
// (the macro story is not text; the last two are text boxes in the body and in headers).
const STORIES: (CountPart | null)[] = ['body', 'notes', 'headers', null, 'comments', 'notes', 'body', 'headers']

type Layout = { storyLengths: number[]; clx: Buffer | null; encoding: string; unicodeAllowed: boolean; fcMin: number }

export function readWordPieces(container: Container, budget: Budget): PartTexts | null {
	const word = stream(container, 'WordDocument')
	if (!word || word.length < 0x200) return null
	const ident = word.readUInt16LE(0)
	const layout = ident === WORD_97 ? layout97(container, word) : ident === WORD_6 ? layout6(word) : null
	if (!layout) return null
	const total = layout.storyLengths.reduce((sum, length) => sum + length, 0)
	budget.spend(total * 2, 'word text')
	const characters = layout.clx ? fromPieces(word, layout, total) : fromRun(word, layout, total)
	const parts: PartTexts = {}
	let at = 0
	for (const [index, length] of layout.storyLengths.entries()) {
		const part = STORIES[index]
		if (part) addTo(parts, part, plainText(characters.slice(at, at + length)))
		at += length
	}
	return parts
}

function layout97(container: Container, word: Buffer): Layout | null {
	const table = stream(container, word.readUInt16LE(0x0a) & F_WHICH_TABLE ? '1Table' : '0Table')
	const fcClx = word.readUInt32LE(0x1a2)
	const lcbClx = word.readUInt32LE(0x1a6)
	if (!table || fcClx + lcbClx > table.length) return null
	const storyLengths = [0x4c, 0x50, 0x54, 0x58, 0x5c, 0x60, 0x64, 0x68].map((offset) => word.readInt32LE(offset))
	if (storyLengths.some((length) => length < 0)) return null
	return {
		storyLengths,
		clx: table.subarray(fcClx, fcClx + lcbClx),
		encoding: 'windows-1252',
		unicodeAllowed: true,
		fcMin: 0,
	}
}

function layout6(word: Buffer): Layout | null {
	const storyLengths = [0x34, 0x38, 0x3c, 0x40, 0x44, 0x48, 0x4c, 0x50].map((offset) => word.readInt32LE(offset))
	if (storyLengths.some((length) => length < 0)) return null
	const complex = (word.readUInt16LE(0x0a) & F_COMPLEX) !== 0
	const fcClx = word.readUInt32LE(0x160)
	const lcbClx = word.readUInt32LE(0x164)
	const clx = complex && fcClx + lcbClx <= word.length ? word.subarray(fcClx, fcClx + lcbClx) : null
	// A Mac Word file is in Mac Roman; a Windows one in the code page of its language.
	const encoding = word.readUInt8(0x12) === 1 ? 'macintosh' : codePageOf(word.readUInt16LE(0x06))
	return { storyLengths, clx, encoding, unicodeAllowed: false, fcMin: word.readUInt32LE(0x18) }
}

// The characters of a file saved whole: one run from fcMin.
function fromRun(word: Buffer, layout: Layout, total: number): string {
	return iconv.decode(word.subarray(layout.fcMin, Math.min(word.length, layout.fcMin + total)), layout.encoding)
}

// The piece table: n+1 character positions, then n descriptors of 8 bytes whose bytes 2–5 say
// where the piece's text is (Word 97: bit 30 set for 8-bit text at half the offset, else UTF-16).
function fromPieces(word: Buffer, layout: Layout, total: number): string {
	const clx = layout.clx!
	let offset = 0
	while (offset < clx.length && clx[offset] === 1) offset += 3 + clx.readUInt16LE(offset + 1)
	if (clx[offset] !== 2 || offset + 5 > clx.length) return ''
	const length = clx.readUInt32LE(offset + 1)
	const table = clx.subarray(offset + 5, offset + 5 + length)
	const pieces = Math.floor((table.length - 4) / 12)
	const out: string[] = []
	let taken = 0
	for (let index = 0; index < pieces && taken < total; index++) {
		const count = Math.min(table.readUInt32LE((index + 1) * 4) - table.readUInt32LE(index * 4), total - taken)
		const fc = table.readUInt32LE((pieces + 1) * 4 + index * 8 + 2)
		const unicode = layout.unicodeAllowed && (fc & 0x40000000) === 0
		const start = unicode ? fc : layout.unicodeAllowed ? (fc & ~0x40000000) >>> 1 : fc
		const end = Math.min(word.length, start + count * (unicode ? 2 : 1))
		if (count <= 0 || start >= word.length) continue
		out.push(unicode ? word.toString('utf16le', start, end) : iconv.decode(word.subarray(start, end), layout.encoding))
		taken += count
	}
	return out.join('')
}

// Word's special characters: paragraph, line and page breaks and cell marks are breaks; field
// codes (between 0x13 and 0x14, or 0x15 when the field shows no result) are not text; the other
// control characters stand for pictures, note marks and drawn objects.
function plainText(characters: string): string {
	let text = ''
	let fieldDepth = 0
	const codeDepths: number[] = []
	for (const character of characters) {
		const code = character.charCodeAt(0)
		if (code === 0x13) {
			fieldDepth++
			codeDepths.push(fieldDepth)
		} else if (code === 0x14) {
			if (codeDepths.at(-1) === fieldDepth) codeDepths.pop()
		} else if (code === 0x15) {
			if (codeDepths.at(-1) === fieldDepth) codeDepths.pop()
			fieldDepth = Math.max(0, fieldDepth - 1)
		} else if (codeDepths.length) continue
		else if (code === 0x0d || code === 0x0b || code === 0x0c || code === 0x07) text += '\n'
		else if (code === 0x1e) text += '-'
		else if (code === 0x09 || code >= 0x20) text += character
	}
	return text.trim()
}

// The Windows code page of a language id (its primary language), as Word 6 and 95 wrote text.
const CODE_PAGES: Record<number, string> = {
	0x19: 'windows-1251', // Russian
	0x22: 'windows-1251', // Ukrainian
	0x02: 'windows-1251', // Bulgarian
	0x23: 'windows-1251', // Belarusian
	0x2f: 'windows-1251', // Macedonian
	0x05: 'windows-1250', // Czech
	0x0e: 'windows-1250', // Hungarian
	0x15: 'windows-1250', // Polish
	0x18: 'windows-1250', // Romanian
	0x1a: 'windows-1250', // Croatian, Serbian (Latin)
	0x1b: 'windows-1250', // Slovak
	0x1c: 'windows-1250', // Albanian
	0x24: 'windows-1250', // Slovenian
	0x08: 'windows-1253', // Greek
	0x1f: 'windows-1254', // Turkish
	0x0d: 'windows-1255', // Hebrew
	0x01: 'windows-1256', // Arabic
	0x25: 'windows-1257', // Estonian
	0x26: 'windows-1257', // Latvian
	0x27: 'windows-1257', // Lithuanian
}
const codePageOf = (lid: number) => (lid === 0x0c1a ? 'windows-1251' : (CODE_PAGES[lid & 0x3ff] ?? 'windows-1252'))
