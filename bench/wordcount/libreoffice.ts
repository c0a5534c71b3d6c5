// A reference count for any document, made the corpus README's way with Debian's LibreOffice
// headless (and pdftotext): text export for word processors, PDF then pdftotext for
// presentations, the CSV of every sheet for spreadsheets, pdftotext for PDFs, the raw text for
// plain text and CSV. For the bench only: LibreOffice is not needed to run the site or its tests.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { decodeText } from '#app/models/wordcount/decode.server.ts'
import { referenceRule } from '#bench/wordcount/rule.ts'

const WRITER = new Set(['doc', 'docx', 'odt', 'rtf', 'pages', 'wpd'])
const IMPRESS = new Set(['ppt', 'pptx', 'pps', 'ppsx', 'odp', 'key'])
const CALC = new Set(['xls', 'xlsx', 'ods', 'numbers'])
// Subtitles have no route: LibreOffice does not read them, and their raw text counts timings.
const PLAIN = new Set(['txt', 'csv'])
// Every sheet (the last field, -1), UTF-8 (76), comma-separated, quoted text.
const ALL_SHEETS_CSV = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1'

export type Reference = { tool: string; words: number } | { tool: string; error: string }

const profile = mkdtempSync(path.join(tmpdir(), 'tolk-lo-profile-'))
process.on('exit', () => rmSync(profile, { recursive: true, force: true }))

function run(command: string, args: string[]): string | null {
	const result = spawnSync(command, args, { timeout: 180_000, encoding: 'utf8' })
	return result.status === 0 ? null : (result.stderr || result.error?.message || `exit ${result.status}`).trim()
}

function soffice(file: string, target: string, out: string): string | null {
	return run('soffice', [
		`-env:UserInstallation=file://${profile}`,
		'--headless',
		'--convert-to',
		target,
		'--outdir',
		out,
		file,
	])
}

const pdftotext = (pdf: string, out: string) => run('pdftotext', ['-enc', 'UTF-8', pdf, out])

const wordsIn = (dir: string, extension: string) =>
	readdirSync(dir)
		.filter((name) => name.endsWith(extension))
		.reduce((sum, name) => sum + referenceRule(readFileSync(path.join(dir, name), 'utf8')), 0)

export function libreOfficeReference(file: string): Reference {
	const extension = path.extname(file).slice(1).toLowerCase()
	const out = mkdtempSync(path.join(tmpdir(), 'tolk-lo-'))
	try {
		if (PLAIN.has(extension)) return { tool: 'raw-text', words: referenceRule(decodeText(readFileSync(file))) }
		if (extension === 'pdf') {
			const error = pdftotext(file, path.join(out, 'out.txt'))
			return error ? { tool: 'pdftotext', error } : { tool: 'pdftotext', words: wordsIn(out, '.txt') }
		}
		if (WRITER.has(extension)) {
			const error = soffice(file, 'txt:Text (encoded):UTF8', out)
			return error ? { tool: 'soffice-txt', error } : { tool: 'soffice-txt', words: wordsIn(out, '.txt') }
		}
		if (CALC.has(extension)) {
			const error = soffice(file, ALL_SHEETS_CSV, out)
			return error
				? { tool: 'soffice-csv-allsheets', error }
				: { tool: 'soffice-csv-allsheets', words: wordsIn(out, '.csv') }
		}
		if (IMPRESS.has(extension)) {
			const error =
				soffice(file, 'pdf', out) ??
				pdftotext(path.join(out, `${path.parse(file).name}.pdf`), path.join(out, 'out.txt'))
			return error
				? { tool: 'soffice-pdf-pdftotext', error }
				: { tool: 'soffice-pdf-pdftotext', words: wordsIn(out, '.txt') }
		}
		return { tool: '-', error: 'no LibreOffice route for this format' }
	} finally {
		rmSync(out, { recursive: true, force: true })
	}
}
