import { createRequire } from 'node:module'
import path from 'node:path'
import { getDocumentProxy } from 'unpdf'
import { Budget } from '#app/models/wordcount/budget.server.ts'
import { spendPdfStreams } from '#app/models/wordcount/pdf-streams.server.ts'
import { formText } from '#app/models/wordcount/formats/pdf-forms.server.ts'
import { anyBytes, EncryptedDocument, plain, type Format } from '#app/models/wordcount/format.server.ts'

// A word split at the end of a line ("inter-" / "preter") is one word on the page; joined (hyphen
// kept), the rule counts it once, as pdftotext does. Only before a lower-case letter, so a line
// ending in a dash before a new sentence is not joined. Linear: one pass, no backtracking.
export const joinHyphenated = (text: string) => text.replace(/(?<=\p{L})-\n(?=\p{Ll})/gu, '-')

type Item = { str: string; transform: number[]; width: number; hasEOL: boolean; dir: string }
type Placed = { x: number; y: number; width: number; size: number; isHorizontal: boolean; dir: string }

// Where a text run sits: a run of words placed by position, without space characters between them
// (TeX, many typesetting programs), or a new line that the PDF does not mark, would otherwise be
// glued to the run before it ("LIRE" + "ATTENTIVEMENT", "Trace 2" + "Trace 1"), and a page of
// such words would count as far fewer.
function placed(item: Item): Placed {
	const [a = 1, b = 0, c = 0, d = 1, x = 0, y = 0] = item.transform
	return {
		x,
		y,
		width: item.width,
		size: Math.hypot(c, d) || Math.hypot(a, b) || 1,
		isHorizontal: Math.abs(b) < 1e-6 && Math.abs(c) < 1e-6,
		dir: item.dir,
	}
}

// What goes between two runs: nothing inside a word, a space across a gap, a line break where the
// next run starts on another line or back at the left.
function separator(previous: Placed, next: Placed): string {
	if (!previous.isHorizontal || !next.isHorizontal) return ''
	if (Math.abs(next.y - previous.y) > previous.size * 0.5) return '\n'
	const gap = next.dir === 'rtl' ? previous.x - (next.x + next.width) : next.x - (previous.x + previous.width)
	if (gap < -previous.size) return '\n'
	return gap > previous.size * 0.15 ? ' ' : ''
}

function pageText(items: Item[]): string {
	let text = ''
	let previous: Placed | null = null
	for (const item of items) {
		const here = placed(item)
		// (The last character alone is looked at: a pattern anchored at the end would scan the page.)
		if (previous && !/\s/.test(text.at(-1) ?? ' ') && !/^\s/.test(item.str)) text += separator(previous, here)
		text += item.str + (item.hasEOL ? '\n' : '')
		if (item.str || item.hasEOL) previous = here
	}
	return text
}

// A PDF in Chinese, Japanese or Korean often names one of Adobe's predefined character maps
// (90ms-RKSJ-H) instead of carrying its own: without the maps, its text reads as punctuation
// alone (a Japanese paper counted 3 words). pdf.js's own maps, from the pdf.js release unpdf bundles.
const CMAP_URL = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/cmaps/`

// A PDF's text layer, page by page. A password-protected file cannot be read; one without text
// on its pages is a scan. What its streams unpack to is paid for before pdf.js decodes them.
export async function extractPdf(
	bytes: Uint8Array,
	budget = new Budget(),
): Promise<{ text: string; pages: number; pictures: boolean }> {
	const { pictures } = await spendPdfStreams(bytes, budget)
	try {
		const document = await getDocumentProxy(new Uint8Array(bytes), {
			verbosity: 0,
			cMapUrl: CMAP_URL,
			cMapPacked: true,
		})
		const pages: string[] = []
		for (let number = 1; number <= document.numPages; number++) {
			const page = await document.getPage(number)
			const content = await page.getTextContent()
			const fields = await formText(page)
			pages.push(pageText(content.items.flatMap((item) => ('str' in item ? [item as Item] : []))) + fields)
		}
		return { text: joinHyphenated(pages.join('\n')), pages: document.numPages, pictures }
	} catch (error) {
		if ((error as { name?: string }).name === 'PasswordException') throw new EncryptedDocument()
		throw error
	}
}

export const pdf: Format = {
	extensions: ['pdf'],
	sniff: anyBytes,
	extract: async (bytes, budget) => {
		const { text, pages, pictures } = await extractPdf(bytes, budget)
		return { ...plain(text), pages, pictures }
	},
}
