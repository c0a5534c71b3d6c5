// `npm run bench:wordcount -- DIR --libreoffice`: every document in DIR counted as the site counts
// it (a worker of the analysis pool, under its limits) and by LibreOffice headless and pdftotext,
// the corpus README's way; the share within 1% and 5% of the nearest route, per format, for the
// whole folder and its held-out part apart; the documents more than 5% apart, with the words of
// each part we read; every document we could not count while a route reads text from it; and the
// time and memory each format takes. `--json FILE` also writes every row, for docs/word-count.md.
import { readdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { UNPRICED_PARTS, type CountPart } from '#app/models/wordcount/parts.ts'
import { isHeldOut } from '#bench/wordcount/held-out.ts'
import { libreOfficeReferences, nearest, type Reference } from '#bench/wordcount/libreoffice.ts'
import { generatedText } from '#bench/wordcount/generated.ts'
import { nearestAfterPolicy } from '#bench/wordcount/policy.ts'
import { countInPool, MEMORY_MB, TIMEOUT_S, type Counted } from '#bench/wordcount/pool-counts.ts'
import { pct, referenceRule } from '#bench/wordcount/rule.ts'
import { printSummary, type Row } from '#bench/wordcount/pool-report.ts'

// A person quotes these, rightly, whatever a route prints: they are not misses.
const RIGHTLY_MANUAL = new Set(['encrypted', 'scanned', 'image', 'embedded'])

function rowOf(full: string, counted: Counted, references: Reference[]): Row {
	const format = path.extname(full).slice(1).toLowerCase()
	const { result, partTexts } = counted
	const words = result.kind === 'words' ? result.words : null
	const near = nearest(references, words)
	const refWords = near?.words ?? null
	const reason = result.kind === 'manual' ? result.reason : null
	// Compared: we counted and a route read text, or one of us found text the other did not.
	let gap: number | null = null
	if (words !== null && refWords) gap = (words - refWords) / refWords
	else if (words !== null && refWords === 0) gap = Infinity
	else if (words === null && refWords && !RIGHTLY_MANUAL.has(reason ?? '')) gap = -1
	const generated = generatedText(full, format)
	const policy =
		words !== null
			? nearestAfterPolicy(
					format,
					partTexts,
					new Map(references.flatMap((r) => ('words' in r ? [[r.tool, r.words] as const] : []))),
					generated,
				)
			: null
	return {
		file: path.basename(full),
		format,
		heldOut: isHeldOut(full),
		ours: words !== null ? String(words) : result.kind === 'minutes' ? `${result.minutes} min` : `manual: ${reason}`,
		words,
		reason,
		reference: near ? `${near.tool} ${near.words}` : references.map((r) => `${r.tool} failed`).join(', '),
		refWords,
		gap,
		policyGap: policy ? policy.gap : gap,
		parts: [
			...Object.entries(partTexts).map(
				([part, text]) =>
					`${part}${UNPRICED_PARTS.has(part as CountPart) ? ' (not priced)' : ''} ${referenceRule(text)}`,
			),
			...(referenceRule(generated) ? [`list numbers and fields (not counted) ${referenceRule(generated)}`] : []),
		].join(', '),
		ms: counted.ms,
	}
}

export async function compareWithLibreOffice(dir: string, json?: string) {
	const files = readdirSync(dir)
		.filter((name) => statSync(path.join(dir, name)).isFile())
		.sort()
		.map((name) => path.join(dir, name))
	console.log(
		`references: LibreOffice and pdftotext (cached by SHA-256); counting: one worker, ${MEMORY_MB} MiB, ${TIMEOUT_S} s`,
	)
	const references = new Map(files.map((file) => [file, libreOfficeReferences(file)]))
	const rows: Row[] = []
	console.log(
		['file', 'held out', 'ours', 'reference', 'Δ', 'ms', 'our parts (words by the reference rule)'].join('\t'),
	)
	const peakMb = await countInPool(files, (file, counted) => {
		const row = rowOf(file, counted, references.get(file)!)
		rows.push(row)
		console.log(
			[row.file, row.heldOut ? 'yes' : '', row.ours, row.reference, pct(row.gap), Math.round(row.ms), row.parts].join(
				'\t',
			),
		)
	})
	printSummary(rows, peakMb)
	if (json) writeFileSync(json, JSON.stringify(rows, null, '\t'))
}
