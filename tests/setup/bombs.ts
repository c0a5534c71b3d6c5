// Small files that unpack to gigabytes, one per container the word count reads, built without
// holding what they unpack to: deflate of zeros is made once for 64 MiB and repeated (each piece
// ends on a full flush, so the pieces join into one valid stream).
import { constants, deflateRawSync } from 'node:zlib'
import { zipSync } from 'fflate'
import { iwaChunk, varint } from '#tests/setup/iwa.ts'

const PIECE = 64 * 1024 * 1024
const GIB = 1024 * 1024 * 1024
let piece: Buffer | null = null

// Raw deflate of `bytes` zeros (a multiple of 64 MiB).
export function deflatedZeros(bytes: number): Buffer {
	piece ??= deflateRawSync(Buffer.alloc(PIECE), { level: 9, finishFlush: constants.Z_FULL_FLUSH })
	// A last, empty block of fixed codes.
	return Buffer.concat([...Array.from({ length: Math.ceil(bytes / PIECE) }, () => piece!), Buffer.from([0x03, 0x00])])
}

// zlib's wrapper around raw deflate: a header, and the Adler-32 of the zeros at the end.
function zlibOfZeros(bytes: number): Buffer {
	const adler = Buffer.alloc(4)
	adler.writeUInt32BE((((bytes % 65521) << 16) | 1) >>> 0)
	return Buffer.concat([Buffer.from([0x78, 0xda]), deflatedZeros(bytes), adler])
}

// A one-page PDF whose content stream is `gib` GiB of zeros, Flate-compressed (about 1 MB a GiB).
export function pdfOfZeros(gib = 1): Buffer {
	const stream = zlibOfZeros(gib * GIB)
	return Buffer.concat([
		Buffer.from(
			'%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
				'3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R>>endobj\n' +
				`4 0 obj<</Length ${stream.length}/Filter/FlateDecode>>stream\n`,
		),
		stream,
		Buffer.from('\nendstream\nendobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
	])
}

// A .docx whose document part inflates to `gib` GiB of zeros, as its directory says.
export function docxOfZeros(gib = 1): Buffer {
	const small = zipSync(
		{ '[Content_Types].xml': new Uint8Array(10), 'word/document.xml': new Uint8Array(16) },
		{ level: 0 },
	)
	return replaceStoredPart(Buffer.from(small), 'word/document.xml', deflatedZeros(gib * GIB), gib * GIB)
}

// Puts deflated data in place of a stored part of a ZIP, fixing its sizes and offsets.
function replaceStoredPart(zip: Buffer, name: string, deflated: Buffer, size: number): Buffer {
	const local = zip.indexOf(Buffer.concat([Buffer.from('PK\x03\x04')]), zip.indexOf(name) - 30)
	const nameLength = zip.readUInt16LE(local + 26)
	const extraLength = zip.readUInt16LE(local + 28)
	const dataStart = local + 30 + nameLength + extraLength
	const oldSize = zip.readUInt32LE(local + 18)
	const header = Buffer.from(zip.subarray(local, dataStart))
	header.writeUInt16LE(8, 8)
	header.writeUInt32LE(0, 14)
	header.writeUInt32LE(deflated.length, 18)
	header.writeUInt32LE(size >>> 0, 22)
	const rest = Buffer.from(zip.subarray(dataStart + oldSize))
	const shift = deflated.length - oldSize
	const directory = rest.indexOf('PK\x01\x02')
	for (let at = directory; at >= 0 && at < rest.length; at = rest.indexOf('PK\x01\x02', at + 4)) {
		const entryName = rest.toString('latin1', at + 46, at + 46 + rest.readUInt16LE(at + 28))
		if (entryName === name) {
			rest.writeUInt16LE(8, at + 10)
			rest.writeUInt32LE(0, at + 16)
			rest.writeUInt32LE(deflated.length, at + 20)
			rest.writeUInt32LE(size >>> 0, at + 24)
		} else if (rest.readUInt32LE(at + 42) > local) rest.writeUInt32LE(rest.readUInt32LE(at + 42) + shift, at + 42)
	}
	const end = rest.lastIndexOf('PK\x05\x06')
	rest.writeUInt32LE(rest.readUInt32LE(end + 16) + shift, end + 16)
	return Buffer.concat([zip.subarray(0, local), header, deflated, rest])
}

// A .numbers package whose one .iwa chunk says it unpacks to a GiB.
export function numbersClaimingGigabyte(): Buffer {
	const chunk = iwaChunk([...varint(GIB), 0])
	return Buffer.from(zipSync({ 'Index/Document.iwa': chunk }))
}

// An .xls compound file whose directory has `entries` streams, each starting one sector further
// along one chain of `sectors` sectors: a reader copies each stream's chain whole, so it makes
// entries × chain bytes out of a file of about `sectors` × 512.
export function compoundFileSharingChain(sectors = 2_000, entries = 600): Buffer {
	const size = 512
	const directorySectors = Math.ceil((entries * 128) / size)
	const fatSectors = Math.ceil((sectors + directorySectors + 8) / (size / 4)) + 1
	const total = fatSectors + directorySectors + sectors
	const fat = new Int32Array(fatSectors * (size / 4)).fill(-1)
	for (let n = 0; n < fatSectors; n++) fat[n] = -3
	const directoryStart = fatSectors
	for (let n = 0; n < directorySectors; n++)
		fat[directoryStart + n] = n + 1 < directorySectors ? directoryStart + n + 1 : -2
	const dataStart = directoryStart + directorySectors
	for (let n = 0; n < sectors; n++) fat[dataStart + n] = n + 1 < sectors ? dataStart + n + 1 : -2
	const header = Buffer.alloc(512)
	Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header)
	header.writeUInt16LE(0x3e, 0x18)
	header.writeUInt16LE(3, 0x1a)
	header.writeUInt16LE(0xfffe, 0x1c)
	header.writeUInt16LE(9, 0x1e)
	header.writeUInt16LE(6, 0x20)
	header.writeUInt32LE(fatSectors, 0x2c)
	header.writeInt32LE(directoryStart, 0x30)
	header.writeUInt32LE(4096, 0x38)
	header.writeInt32LE(-2, 0x3c)
	header.writeInt32LE(-2, 0x44)
	for (let n = 0; n < 109; n++) header.writeInt32LE(n < fatSectors ? n : -1, 0x4c + n * 4)
	const directory = Buffer.alloc(directorySectors * size)
	for (let n = 0; n < entries; n++) {
		const entry = directory.subarray(n * 128, n * 128 + 128)
		const name = n === 0 ? 'Root Entry' : n === 1 ? 'Workbook' : `S${n}`
		entry.write(name, 0, 'utf16le')
		entry.writeUInt16LE((name.length + 1) * 2, 0x40)
		entry.writeUInt8(n === 0 ? 5 : 2, 0x42)
		entry.writeInt32LE(-1, 0x44)
		entry.writeInt32LE(n > 0 && n + 1 < entries ? n + 1 : -1, 0x48)
		entry.writeInt32LE(n === 0 ? 1 : -1, 0x4c)
		entry.writeInt32LE(n === 0 ? -2 : dataStart + n, 0x74)
		entry.writeUInt32LE(n === 0 ? 0 : (sectors - n) * size, 0x78)
	}
	return Buffer.concat([header, Buffer.from(fat.buffer), directory, Buffer.alloc(sectors * size, 0x41)]).subarray(
		0,
		512 + total * size,
	)
}

// What a visitor can send to make every other visitor wait (found from outside): a .docx of 24 text
// parts (the document, headers, footers, notes, comments), each just under the 10 MiB that a part
// may unpack to at any ratio, of real paragraphs: 240 MiB of XML, the whole document's budget
// nearly, from about 1.4 MB. Short words, and a counter in every sixteenth paragraph, so it takes
// the whole XML and word pipeline, not one repeated string.
export function docxOfManyParts(parts = 24, partBytes = 10 * 1024 * 1024 - 4096): Buffer {
	const names = [
		'word/document.xml',
		'word/footnotes.xml',
		'word/endnotes.xml',
		'word/comments.xml',
		...Array.from({ length: 10 }, (_, n) => `word/header${n + 1}.xml`),
		...Array.from({ length: 10 }, (_, n) => `word/footer${n + 1}.xml`),
	].slice(0, parts)
	const entries: Record<string, Uint8Array | [Uint8Array, { level: 9 }]> = {
		'[Content_Types].xml': new TextEncoder().encode(
			'<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
		),
	}
	for (const [index, name] of names.entries()) entries[name] = [xmlOfParagraphs(partBytes, index), { level: 9 }]
	return Buffer.from(zipSync(entries))
}

function xmlOfParagraphs(bytes: number, seed: number): Uint8Array {
	const out = Buffer.alloc(bytes, 0x20)
	let at = out.write('<?xml version="1.0"?><w:document xmlns:w="w"><w:body>')
	const tail = '</w:body></w:document>'
	for (let n = 0; ; n++) {
		const mark = n % 16 === 0 ? `${seed}.${n}` : 'og'
		const paragraph = `<w:p><w:r><w:t>${mark} i a o å e u y æ ø i a o å e u y æ ø i a o.</w:t></w:r></w:p>`
		if (at + paragraph.length + tail.length > bytes) break
		at += out.write(paragraph, at)
	}
	out.write(tail, at)
	return out
}
