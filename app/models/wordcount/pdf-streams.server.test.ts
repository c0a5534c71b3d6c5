import { deflateSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { Budget, OverBudgetError } from '#app/models/wordcount/budget.server.ts'
import { spendPdfStreams } from '#app/models/wordcount/pdf-streams.server.ts'

const pdfWith = (dictionary: string, data: Buffer, extra = '') =>
	Buffer.concat([
		Buffer.from(`%PDF-1.4\n${extra}4 0 obj\n<<${dictionary}>>\nstream\n`),
		data,
		Buffer.from('\nendstream\nendobj\n%%EOF\n'),
	])

async function spentOn(pdf: Buffer): Promise<number> {
	const budget = new Budget(10_000_000)
	await spendPdfStreams(pdf, budget)
	return 10_000_000 - budget.left
}

const ascii85 = (bytes: Buffer) => {
	let out = ''
	for (let at = 0; at < bytes.length; at += 4) {
		const group = Buffer.alloc(4)
		bytes.copy(group, 0, at, at + 4)
		let value = group.readUInt32BE(0)
		const digits: string[] = []
		for (let n = 0; n < 5; n++, value = Math.floor(value / 85)) digits.unshift(String.fromCharCode((value % 85) + 33))
		out += digits.slice(0, Math.min(5, bytes.length - at + 1)).join('')
	}
	return `${out}~>`
}

describe("a PDF's streams are paid for as they decode", () => {
	const text = Buffer.from('BT /F1 12 Tf (Hello, world) Tj ET\n'.repeat(200))

	test('each filter a reader decodes for the text, alone and in a chain', async () => {
		expect(await spentOn(pdfWith(`/Length ${text.length}`, text))).toBe(0)
		const flate = deflateSync(text)
		expect(await spentOn(pdfWith(`/Length ${flate.length}/Filter/FlateDecode`, flate))).toBe(text.length)
		expect(await spentOn(pdfWith(`/Filter/AHx`, Buffer.from(`${text.toString('hex')}>`)))).toBe(text.length)
		expect(await spentOn(pdfWith(`/Filter/ASCII85Decode`, Buffer.from(ascii85(text))))).toBe(text.length)
		// Both layers are held by a reader, so both are paid for.
		expect(await spentOn(pdfWith(`/Filter[/A85/Fl]`, Buffer.from(ascii85(flate))))).toBe(flate.length + text.length)
		// 130 bytes from four: a run of 127 repeats of "a", then three literal bytes.
		expect(await spentOn(pdfWith(`/Filter/RunLengthDecode`, Buffer.from([130, 0x61, 2, 0x62, 0x63, 0x64, 128])))).toBe(
			130,
		)
		// The example of the PDF reference: "-----A---B" in LZW.
		expect(
			await spentOn(pdfWith(`/Filter/LZWDecode`, Buffer.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]))),
		).toBe(10)
	})

	test('images and embedded files are left out: reading text never decodes them', async () => {
		const pixels = deflateSync(Buffer.alloc(1_000_000))
		expect(
			await spentOn(pdfWith(`/Type/XObject/Subtype/Image/Width 1000/Height 1000/Filter/FlateDecode`, pixels)),
		).toBe(0)
		expect(await spentOn(pdfWith(`/Type/EmbeddedFile/Filter/FlateDecode`, pixels))).toBe(0)
	})

	test('a filter given by reference is looked up; one that cannot be found is taken for Flate', async () => {
		const flate = deflateSync(text)
		expect(await spentOn(pdfWith(`/Filter 9 0 R`, flate, '9 0 obj\n/FlateDecode\nendobj\n'))).toBe(text.length)
		expect(await spentOn(pdfWith(`/Filter 9 0 R`, flate))).toBe(text.length)
	})

	test('a false "endstream" inside the data does not cut a stream short', async () => {
		const zeros = Buffer.alloc(5_000_000)
		const flate = deflateSync(zeros, { level: 0 })
		const marked = Buffer.from(flate)
		// Stored blocks hold the zeros as they are: write the keyword among them.
		marked.write('endstream', 1000, 'latin1')
		expect(await spentOn(pdfWith(`/Length 12 0 R/Filter/FlateDecode`, marked))).toBe(zeros.length)
	})

	test('past the budget, the document is refused before a reader decodes it', async () => {
		const flate = deflateSync(Buffer.alloc(3_000_000))
		await expect(spendPdfStreams(pdfWith(`/Filter/FlateDecode`, flate), new Budget(2_000_000))).rejects.toBeInstanceOf(
			OverBudgetError,
		)
	})

	// Each keyword's dictionary is looked for no further back than the keyword before it: looking
	// 64 KiB back from each would take minutes here.
	test('megabytes of keywords whose dictionaries never open cost one pass', async () => {
		expect(await spentOn(Buffer.from('>> stream\n'.repeat(1_000_000)))).toBe(0)
		expect(await spentOn(Buffer.from(`${'a'.repeat(60_000)}>>stream\n`.repeat(100)))).toBe(0)
	})
})
