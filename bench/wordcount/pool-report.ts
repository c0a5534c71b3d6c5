// The summary of `bench:wordcount -- DIR --libreoffice`, as Markdown tables for docs/word-count.md.
import { pct, percent } from '#bench/wordcount/rule.ts'

export type Row = {
	file: string
	format: string
	heldOut: boolean
	ours: string
	words: number | null
	reason: string | null
	reference: string
	refWords: number | null
	// Ours against the nearest route: Infinity where only we found text, -1 where only it did.
	gap: number | null
	// The same with our text, by the reference rule, without the parts the nearest route leaves out.
	policyGap: number | null
	parts: string
	ms: number
}

const SLOW_MS = 10_000
const within = (rows: Row[], limit: number, gap: (row: Row) => number | null = (row) => row.gap) =>
	rows.filter((row) => Math.abs(gap(row) ?? Infinity) <= limit).length

function shares(rows: Row[]) {
	const compared = rows.filter((row) => row.gap !== null)
	const share = (limit: number, gap?: (row: Row) => number | null) =>
		`${within(compared, limit, gap)} (${percent(within(compared, limit, gap), compared.length)})`
	return [String(rows.length), String(compared.length), share(0.01), share(0.05), share(0.05, (row) => row.policyGap)]
}

function table(title: string, header: string[], lines: string[][]) {
	console.log(`\n${title}\n\n| ${header.join(' | ')} |\n| ${header.map(() => '---').join(' | ')} |`)
	for (const line of lines) console.log(`| ${line.join(' | ')} |`)
}

function accuracy(rows: Row[]) {
	const formats = [...new Set(rows.map((row) => row.format))].sort()
	const header = ['format', 'documents', 'compared', 'within 1%', 'within 5%', 'within 5%, policy accounted for']
	table('As counted, against the nearest route, per format (all documents)', header, [
		...formats.map((format) => [format, ...shares(rows.filter((row) => row.format === format))]),
		['**all**', ...shares(rows)],
	])
	table(
		'The held-out part and the rest',
		['part', ...header.slice(1)],
		[
			['held out (SHA-256 starts with 0–3)', ...shares(rows.filter((row) => row.heldOut))],
			['the rest', ...shares(rows.filter((row) => !row.heldOut))],
			['all', ...shares(rows)],
		],
	)
}

function speed(rows: Row[], peakMb: number) {
	const formats = [...new Set(rows.map((row) => row.format))].sort()
	table(
		`Speed in the worker pool (one worker, each document once; workers' peak resident memory ${Math.round(peakMb)} MiB)`,
		['format', 'documents', 'words', 'seconds', 'words per second', 'slowest'],
		formats.map((format) => {
			const of = rows.filter((row) => row.format === format)
			const words = of.reduce((sum, row) => sum + (row.words ?? 0), 0)
			const ms = of.reduce((sum, row) => sum + row.ms, 0)
			const slowest = of.reduce((a, b) => (b.ms > a.ms ? b : a))
			return [
				format,
				String(of.length),
				words.toLocaleString('en'),
				(ms / 1000).toFixed(1),
				Math.round(words / (ms / 1000)).toLocaleString('en'),
				`${(slowest.ms / 1000).toFixed(2)} s (${slowest.file})`,
			]
		}),
	)
	const slow = rows.filter((row) => row.ms > SLOW_MS)
	console.log(
		`\nover ${SLOW_MS / 1000} s: ${slow.length ? slow.map((row) => `${row.file} ${(row.ms / 1000).toFixed(1)} s`).join(', ') : 'none'}`,
	)
}

export function printSummary(rows: Row[], peakMb: number) {
	console.log('\nmore than 5% apart (look at the parts: a part the route leaves out, or one we miss)')
	for (const row of rows.filter((row) => row.gap !== null && Math.abs(row.gap) > 0.05))
		console.log(
			`${row.file}\tours ${row.ours}\t${row.reference}\t${pct(row.gap)}\tpolicy ${pct(row.policyGap)}\t${row.parts}`,
		)
	console.log('\nnot counted while a route reads text (a miss unless the reason is right)')
	for (const row of rows.filter((row) => row.words === null && row.refWords))
		console.log(`${row.file}\tours ${row.ours}\t${row.reference}`)
	console.log('\nsent to a person, no route reads text')
	for (const row of rows.filter((row) => row.words === null && !row.refWords))
		console.log(`${row.file}\tours ${row.ours}\t${row.reference}`)
	accuracy(rows)
	speed(rows, peakMb)
}
