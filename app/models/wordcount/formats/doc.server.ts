import WordExtractor from 'word-extractor'
import { isCompoundFile } from '#app/models/wordcount/archive.server.ts'
import { type Budget } from '#app/models/wordcount/budget.server.ts'
import { openContainer, stream, type Container } from '#app/models/wordcount/compound-file.server.ts'
import {
	anyBytes,
	EncryptedDocument,
	type Extracted,
	type Format,
	type PartTexts,
} from '#app/models/wordcount/format.server.ts'
import { storedObjects } from '#app/models/wordcount/formats/embedded.server.ts'
import { readWordPieces } from '#app/models/wordcount/formats/word-pieces.server.ts'
import { extractNotWord } from '#app/models/wordcount/formats/not-word.server.ts'

// Word 6 to 2003 mark an encrypted document in its file information block (fEncrypted).
function isEncryptedDoc(container: Container): boolean {
	const data = stream(container, 'WordDocument')
	return data !== null && data.length > 0x0c && (data.readUInt16LE(0x0a) & 0x0100) !== 0
}

const hasText = (parts: PartTexts) => Object.values(parts).some((lines) => lines.some((line) => line.trim()))

// Word 97–2003: the body with its text boxes, headers and footers, foot- and endnotes, comments, by
// word-extractor; Word 6 and 95, and a file word-extractor cannot place or finds empty, from the
// piece table (word-pieces.server.ts). (Sector chains are checked in openContainer first.)
async function extractDoc(bytes: Uint8Array, budget: Budget): Promise<Extracted> {
	const container = openContainer(bytes, budget)
	if (isEncryptedDoc(container)) throw new EncryptedDocument()
	return { parts: await docParts(bytes, container, budget), objects: storedObjects(container, budget) }
}

async function docParts(bytes: Uint8Array, container: Container, budget: Budget): Promise<PartTexts> {
	let failure: unknown = null
	try {
		const document = await new WordExtractor().extract(Buffer.from(bytes))
		const parts: PartTexts = {
			body: [document.getBody(), document.getTextboxes({ includeHeadersAndFooters: true })],
			headers: [document.getHeaders({ includeFooters: true })],
			notes: [document.getFootnotes(), document.getEndnotes()],
			comments: [document.getAnnotations()],
		}
		if (hasText(parts)) return parts
	} catch (error) {
		failure = error
	}
	const pieces = readWordPieces(container, budget)
	if (pieces && hasText(pieces)) return pieces
	if (failure) throw failure
	return {}
}

// A file named .doc that is not a compound file: RTF, HTML or text is read as what it is.
async function extractAnyDoc(bytes: Uint8Array, budget: Budget): Promise<Extracted> {
	if (isCompoundFile(bytes)) return extractDoc(bytes, budget)
	const other = extractNotWord(bytes)
	if (!other) throw new Error('neither a Word file nor text')
	return other
}

export const doc: Format = { extensions: ['doc'], sniff: anyBytes, extract: extractAnyDoc }
