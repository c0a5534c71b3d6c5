import { PDFDocument, StandardFonts, rgb } from 'pdf-lib'
import { cleanLine } from '#app/models/text/clean.ts'

// The standard PDF fonts know Western European letters (æ, ø, å) but not every symbol.
// Invisible controls are left out (they printed as "?"); what the standard font cannot draw is "?".
export const printable = (text: string) =>
	cleanLine(text)
		.replace(/→/g, '->')
		.replace(/[\u00a0\u202f]/g, ' ')
		.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?')

export type LineOptions = { size?: number; isBold?: boolean; right?: string }

// A plain A4 document written line by line, a new page when one is full: what the quote's and the
// invoice's PDFs are made of.
export async function createPdfWriter(title: string) {
	const pdf = await PDFDocument.create()
	pdf.setTitle(printable(title))
	const regular = await pdf.embedFont(StandardFonts.Helvetica)
	const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
	let page = pdf.addPage([595, 842])
	let y = 790
	const line = (text: string, options: LineOptions = {}) => {
		if (y < 60) {
			page = pdf.addPage([595, 842])
			y = 790
		}
		const size = options.size ?? 11
		const font = options.isBold ? bold : regular
		page.drawText(printable(text), { x: 50, y, size, font, color: rgb(0.1, 0.1, 0.1) })
		if (options.right) {
			const right = printable(options.right)
			page.drawText(right, { x: 545 - font.widthOfTextAtSize(right, size), y, size, font })
		}
		y -= size + 8
	}
	return { line, space: (points: number) => void (y -= points), save: () => pdf.save() }
}
