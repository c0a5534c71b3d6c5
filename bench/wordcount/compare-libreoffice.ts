// `npm run bench:wordcount -- DIR --libreoffice`: every document in DIR counted by the engine and by
// LibreOffice headless (pdftotext for PDFs), the corpus README's way, and the documents where the
// two differ by more than 5%, with the words of each part we read, so a new kind of document that
// we read differently shows itself without a reference file made by hand.
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { analyseFile } from '#app/models/wordcount/analyse.server.ts'
import { UNPRICED_PARTS } from '#app/models/wordcount/parts.ts'
import { libreOfficeReference } from '#bench/wordcount/libreoffice.ts'
import { pct, percent, referenceRule } from '#bench/wordcount/rule.ts'

type Compared = {
	file: string
	ours: string
	words: number | null
	reference: string
	gap: number | null
	parts: string
}

export async function compareWithLibreOffice(dir: string) {
	const files = readdirSync(dir)
		.filter((name) => statSync(path.join(dir, name)).isFile())
		.sort()
	const rows: Compared[] = []
	console.log(['file', 'ours', 'reference', 'Δ', 'our parts (words by the reference rule)'].join('\t'))
	for (const file of files) {
		const full = path.join(dir, file)
		const analysis = await analyseFile(full, path.extname(file).slice(1), { partTexts: true })
		const reference = libreOfficeReference(full)
		const words = analysis.kind === 'words' ? analysis.words : null
		const refWords = 'words' in reference ? reference.words : null
		const gap = words !== null && refWords ? (words - refWords) / refWords : null
		const parts =
			analysis.kind === 'words'
				? Object.entries(analysis.partTexts ?? {})
						.map(
							([part, text]) =>
								`${part}${UNPRICED_PARTS.has(part as never) ? ' (not priced)' : ''} ${referenceRule(text)}`,
						)
						.join(', ')
				: ''
		const row = {
			file,
			ours:
				words !== null
					? String(words)
					: analysis.kind === 'minutes'
						? `${analysis.minutes} min`
						: analysis.kind === 'manual'
							? `manual: ${analysis.reason}`
							: '',
			words,
			reference:
				'words' in reference
					? `${reference.tool} ${reference.words}`
					: `${reference.tool} failed: ${reference.error.slice(0, 80)}`,
			gap,
			parts,
		}
		rows.push(row)
		console.log([row.file, row.ours, row.reference, pct(row.gap), row.parts].join('\t'))
	}
	const compared = rows.filter((row) => row.gap !== null)
	const within = (limit: number) => compared.filter((row) => Math.abs(row.gap!) <= limit).length
	console.log('\nmore than 5% apart (look at the parts: a part LibreOffice leaves out, or one we miss)')
	for (const row of compared.filter((row) => Math.abs(row.gap!) > 0.05))
		console.log(`${row.file}\tours ${row.ours}\t${row.reference}\t${pct(row.gap)}\t${row.parts}`)
	console.log('\nnot compared (sent to a person, or no reference)')
	for (const row of rows.filter((row) => row.gap === null))
		console.log(`${row.file}\tours ${row.ours}\t${row.reference}`)
	console.log(
		`\n${rows.length} documents, ${compared.length} compared: within 1% ${within(0.01)} (${percent(within(0.01), compared.length)}); within 5% ${within(0.05)} (${percent(within(0.05), compared.length)})`,
	)
}
