import { extractText, getDocumentProxy } from 'unpdf'

export class PdfPasswordError extends Error {}

// A PDF's text layer, page by page. A password-protected file cannot be read; one without text
// on its pages is a scan.
export async function extractPdf(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
	try {
		const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 })
		const { totalPages, text } = await extractText(document, { mergePages: false })
		return { text: text.join('\n'), pages: totalPages }
	} catch (error) {
		if ((error as { name?: string }).name === 'PasswordException') throw new PdfPasswordError()
		throw error
	}
}
