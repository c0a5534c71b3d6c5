// Reference counts for any document, made the corpus README's way with Debian's LibreOffice
// headless (and pdftotext): the text export and the PDF route for word processors, the PDF route
// for presentations, the CSV of every sheet for spreadsheets, pdftotext for PDFs, the raw text for
// plain text and CSV. Each route's count is kept by the file's SHA-256 in LIBREOFFICE_CACHE (a
// LibreOffice pass over 449 documents takes a quarter of an hour; the engine is what changes).
// For the bench only: LibreOffice is not needed to run the site or its tests.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
	copyFileSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import path from 'node:path'
import { decodeText } from '#app/models/wordcount/decode.server.ts'
import { referenceRule } from '#bench/wordcount/rule.ts'

const WRITER = new Set(['doc', 'docx', 'odt', 'rtf', 'pages', 'wpd'])
const IMPRESS = new Set(['ppt', 'pptx', 'pps', 'ppsx', 'odp', 'key'])
const CALC = new Set(['xls', 'xlsx', 'ods', 'numbers'])
// Subtitles have no route: LibreOffice does not read them, and their raw text counts timings.
const PLAIN = new Set(['txt', 'csv'])
// Every sheet (the last field, -1), UTF-8 (76), comma-separated, quoted text, and each cell as
// shown (the ninth field: a date as its format writes it, not 02/15/2020 00:00:00; an amount as
// $2,500.00, not 2500). The corpus's references were made so: all 20 of its spreadsheets give the
// corpus's count exactly this way, and 7 of them differ with the ninth field false, which this
// route had until 28 November 2026.
const ALL_SHEETS_CSV = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1'
const CACHE = process.env.LIBREOFFICE_CACHE ?? path.join(homedir(), '.cache', 'tolk-wordcount-references')
// Bumped when a route changes, so an old cache is not read as the new route's: the spreadsheets'
// route changed alone (version 3).
const routesVersion = (extension: string) => (CALC.has(extension) ? 3 : 2)

export type Reference = { tool: string; words: number } | { tool: string; error: string }

const profile = mkdtempSync(path.join(tmpdir(), 'tolk-lo-profile-'))
process.on('exit', () => rmSync(profile, { recursive: true, force: true }))

function run(command: string, args: string[]): string | null {
	const result = spawnSync(command, args, { timeout: 180_000, encoding: 'utf8' })
	return result.status === 0 ? null : (result.stderr || result.error?.message || `exit ${result.status}`).trim()
}

function soffice(file: string, target: string, out: string): string | null {
	// A conversion made by the batch below is taken as it is.
	const made = batchOutput(file, target)
	if (made.length) for (const name of made) copyFileSync(name, path.join(out, path.basename(name)))
	else {
		const error = run('soffice', [...SOFFICE, '--convert-to', target, '--outdir', out, file])
		if (error) return error
	}
	// LibreOffice exits 0 when it cannot load a file, and writes nothing.
	return readdirSync(out).length ? null : 'LibreOffice wrote nothing (it could not load the file)'
}

const SOFFICE = [`-env:UserInstallation=file://${profile}`, '--headless']
// LibreOffice takes four seconds to start: a folder's files are converted in batches, one start per
// batch, into a scratch folder that soffice() then reads. A file the batch wrote nothing for (it
// could not load it, or the batch stopped) is converted again alone.
const batches = new Map<string, string>()
// What the batch wrote for the file: NAME.txt, NAME.pdf, NAME.csv or, one per sheet, NAME-SHEET.csv.
function batchOutput(file: string, target: string): string[] {
	const dir = batches.get(target)
	if (!dir) return []
	const name = path.parse(file).name
	const extension = `.${target.split(':')[0]}`
	return readdirSync(dir)
		.filter((made) => made.endsWith(extension))
		.filter((made) => made === `${name}${extension}` || (extension === '.csv' && made.startsWith(`${name}-`)))
		.map((made) => path.join(dir, made))
}

export function convertInBatches(files: string[]) {
	const uncached = files.filter((file) => !existsSync(cachePathOf(file)))
	const byTarget = new Map<string, string[]>()
	for (const file of uncached)
		for (const target of targetsOf(path.extname(file).slice(1).toLowerCase()))
			byTarget.set(target, [...(byTarget.get(target) ?? []), file])
	for (const [target, list] of byTarget) {
		const dir = batches.get(target) ?? mkdtempSync(path.join(tmpdir(), 'tolk-lo-batch-'))
		batches.set(target, dir)
		for (let start = 0; start < list.length; start += 20)
			spawnSync('soffice', [...SOFFICE, '--convert-to', target, '--outdir', dir, ...list.slice(start, start + 20)], {
				timeout: 900_000,
			})
	}
}
process.on('exit', () => batches.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

const pdftotext = (pdf: string, out: string) => run('pdftotext', ['-enc', 'UTF-8', pdf, out])

const wordsIn = (dir: string, extension: string) =>
	readdirSync(dir)
		.filter((name) => name.endsWith(extension))
		.reduce((sum, name) => sum + referenceRule(readFileSync(path.join(dir, name), 'utf8')), 0)

function route(tool: string, make: (out: string) => string | null, extension: string): Reference {
	const out = mkdtempSync(path.join(tmpdir(), 'tolk-lo-'))
	try {
		const error = make(out)
		return error ? { tool, error } : { tool, words: wordsIn(out, extension) }
	} finally {
		rmSync(out, { recursive: true, force: true })
	}
}

const pdfRoute = (file: string) =>
	route(
		'soffice-pdf-pdftotext',
		(out) =>
			soffice(file, 'pdf', out) ?? pdftotext(path.join(out, `${path.parse(file).name}.pdf`), path.join(out, 'out.txt')),
		'.txt',
	)

function targetsOf(extension: string): string[] {
	if (WRITER.has(extension)) return ['txt:Text (encoded):UTF8', 'pdf']
	if (CALC.has(extension)) return [ALL_SHEETS_CSV]
	return IMPRESS.has(extension) ? ['pdf'] : []
}

function referencesOf(file: string, extension: string): Reference[] {
	if (PLAIN.has(extension)) return [{ tool: 'raw-text', words: referenceRule(decodeText(readFileSync(file))) }]
	if (extension === 'pdf') return [route('pdftotext', (out) => pdftotext(file, path.join(out, 'out.txt')), '.txt')]
	if (WRITER.has(extension))
		return [route('soffice-txt', (out) => soffice(file, 'txt:Text (encoded):UTF8', out), '.txt'), pdfRoute(file)]
	if (CALC.has(extension)) return [route('soffice-csv-allsheets', (out) => soffice(file, ALL_SHEETS_CSV, out), '.csv')]
	if (IMPRESS.has(extension)) return [pdfRoute(file)]
	return [{ tool: '-', error: 'no LibreOffice route for this format' }]
}

function cachePathOf(file: string) {
	const sha = createHash('sha256').update(readFileSync(file)).digest('hex')
	const extension = path.extname(file).slice(1).toLowerCase()
	return path.join(CACHE, `${sha}.${extension}.v${routesVersion(extension)}.json`)
}

// Every route's count for the file, from the cache when this version of the routes made it before.
export function libreOfficeReferences(file: string): Reference[] {
	const extension = path.extname(file).slice(1).toLowerCase()
	const cached = cachePathOf(file)
	try {
		return JSON.parse(readFileSync(cached, 'utf8')) as Reference[]
	} catch {
		const references = referencesOf(file, extension)
		mkdirSync(CACHE, { recursive: true })
		writeFileSync(cached, JSON.stringify(references))
		return references
	}
}

// The nearest route that read the file, as the corpus README's rules measure a gap.
export function nearest(references: Reference[], words: number | null) {
	const counted = references.filter((reference): reference is { tool: string; words: number } => 'words' in reference)
	if (!counted.length) return null
	if (words === null) return counted.reduce((a, b) => (b.words > a.words ? b : a))
	return counted.reduce((a, b) => (Math.abs(b.words - words) < Math.abs(a.words - words) ? b : a))
}
