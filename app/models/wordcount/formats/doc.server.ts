import WordExtractor from 'word-extractor'
import { isCompoundFile } from '#app/models/wordcount/archive.server.ts'
import { Budget } from '#app/models/wordcount/budget.server.ts'
import { openContainer, stream } from '#app/models/wordcount/compound-file.server.ts'
import { EncryptedDocument, type Extracted, type Format } from '#app/models/wordcount/format.server.ts'

// Word 97–2003 marks an encrypted document in its file information block (fEncrypted).
function isEncryptedDoc(bytes: Uint8Array, budget = new Budget()): boolean {
	const data = stream(openContainer(bytes, budget), 'WordDocument')
	return data !== null && data.length > 0x0c && (data.readUInt16LE(0x0a) & 0x0100) !== 0
}

// Word 97–2003: the body with its text boxes, headers and footers, foot- and endnotes, comments.
// (Its sector chains are checked in openContainer, before either reader follows them.)
async function extractDoc(bytes: Uint8Array, budget: Budget): Promise<Extracted> {
	if (isEncryptedDoc(bytes, budget)) throw new EncryptedDocument()
	const document = await new WordExtractor().extract(Buffer.from(bytes))
	return {
		parts: {
			body: [document.getBody(), document.getTextboxes({ includeHeadersAndFooters: true })],
			headers: [document.getHeaders({ includeFooters: true })],
			notes: [document.getFootnotes(), document.getEndnotes()],
			comments: [document.getAnnotations()],
		},
	}
}

export const doc: Format = { extensions: ['doc'], sniff: isCompoundFile, extract: extractDoc }
