// How well and how fast we count: every real document in ../shared/corpus/files, our words next
// to the reference extractors' (pdftotext, LibreOffice, and the others in reference.tsv, all
// counted with the same rule), words per second and MB/s per format, and the share of files
// within 1% and 5% of the main reference for their format.
// Run: npm run bench:wordcount
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { analyseFile } from '#app/models/wordcount/analyse.server.ts'

const CORPUS = process.env.CORPUS_DIR ? `${path.resolve(process.env.CORPUS_DIR)}/` : fileURLToPath(new URL('../../shared/corpus/', import.meta.url))
if (!existsSync(path.join(CORPUS, 'files'))) {
	console.error(`NO CORPUS at ${CORPUS}files: nothing to measure`)
	process.exit(1)
}

// The reference a format is judged by (the others are printed beside it).
const MAIN_REFERENCE: Record<string, string> = {
	pdf: 'pdftotext',
	docx: 'soffice-txt',
	doc: 'soffice-txt',
	odt: 'soffice-txt',
	rtf: 'soffice-txt',
	pages: 'soffice-txt',
	pptx: 'soffice-pdf-pdftotext',
	ppt: 'soffice-pdf-pdftotext',
	xlsx: 'soffice-csv-allsheets',
	xls: 'soffice-csv-allsheets',
	ods: 'soffice-csv-allsheets',
	numbers: 'soffice-csv-allsheets',
	txt: 'raw-text',
	csv: 'raw-text',
	srt: 'pysrt-cues',
	vtt: 'webvtt-py-cues',
}

const references = new Map<string, Map<string, number>>()
for (const line of readFileSync(path.join(CORPUS, 'reference.tsv'), 'utf8').trim().split('\n').slice(1)) {
	const [file, tool, words] = line.split('\t')
	if (!references.has(file!)) references.set(file!, new Map())
	references.get(file!)!.set(tool!, Number(words))
}

type Row = { file: string; format: string; ours: string; main: number | undefined; others: string; delta: number | null; ms: number; bytes: number; words: number }
const rows: Row[] = []
for (const file of readdirSync(path.join(CORPUS, 'files')).sort()) {
	const format = path.extname(file).slice(1)
	const full = path.join(CORPUS, 'files', file)
	// The first run loads and compiles the extractor; the median of the next three is the speed.
	const analysis = await analyseFile(full, format)
	const times: number[] = []
	for (let run = 0; run < 3; run++) {
		const started = performance.now()
		await analyseFile(full, format)
		times.push(performance.now() - started)
	}
	const ms = times.sort((a, b) => a - b)[1]!
	const refs = references.get(file) ?? new Map<string, number>()
	const main = refs.get(MAIN_REFERENCE[format] ?? '')
	const words = analysis.kind === 'words' ? analysis.words : 0
	const ours = analysis.kind === 'words' ? String(words) : analysis.kind === 'minutes' ? `${analysis.minutes} min` : `manual: ${analysis.reason}`
	const delta = analysis.kind === 'words' && main ? (words - main) / main : null
	const others = [...refs].filter(([tool]) => tool !== MAIN_REFERENCE[format]).map(([tool, count]) => `${tool} ${count}`).join(', ')
	rows.push({ file, format, ours, main, others, delta, ms, bytes: statSync(full).size, words })
}

const pct = (value: number | null) => (value === null ? '' : `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)}%`)
console.log(['file', 'ours', 'main reference', 'Δ', 'ms', 'other references'].join('\t'))
for (const row of rows) console.log([row.file, row.ours, row.main ?? '', pct(row.delta), row.ms.toFixed(0), row.others].join('\t'))

console.log('\nformat\tfiles\twords/s\tMB/s')
for (const format of [...new Set(rows.map((row) => row.format))].sort()) {
	const of = rows.filter((row) => row.format === format)
	const seconds = of.reduce((sum, row) => sum + row.ms, 0) / 1000
	const words = of.reduce((sum, row) => sum + row.words, 0)
	const megabytes = of.reduce((sum, row) => sum + row.bytes, 0) / 1e6
	console.log(`${format}\t${of.length}\t${words ? Math.round(words / seconds).toLocaleString('en') : '-'}\t${(megabytes / seconds).toFixed(2)}`)
}

const judged = rows.filter((row) => row.main !== undefined)
const counted = judged.filter((row) => row.delta !== null)
const within = (limit: number) => counted.filter((row) => Math.abs(row.delta!) <= limit).length
console.log(`\n${judged.length} files with a main reference; ${counted.length} counted automatically, ${judged.length - counted.length} sent to a person`)
console.log(`within 1%: ${within(0.01)} of ${counted.length} (${((within(0.01) / counted.length) * 100).toFixed(0)}%); within 5%: ${within(0.05)} (${((within(0.05) / counted.length) * 100).toFixed(0)}%)`)
