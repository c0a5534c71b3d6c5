import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const VALIDATOR = path.resolve(ROOT, '../shared/oioubl/validate.mjs')

export type OioublFinding = { rule: string; severity: 'fatal' | 'warning'; message: string; where?: string }
export type OioublVerdict = { valid: boolean; findings: OioublFinding[] }

// NemHandel's own two checks on a document: the UBL 2.1 schema (xmllint) and the official OIOUBL
// schematron (SaxonJS), run by ../shared/oioubl/validate.mjs as a receiver would run them.
export async function validateOioubl(xml: string, name = 'document.xml'): Promise<OioublVerdict> {
	const file = path.join(mkdtempSync(path.join(tmpdir(), 'tolk-oioubl-')), name)
	writeFileSync(file, xml)
	const stdout = await new Promise<string>((resolve, reject) =>
		execFile(process.execPath, [VALIDATOR, file, '--json'], { cwd: ROOT }, (error, out, err) => {
			// Exit 1 is an invalid document (its findings are in the JSON); 2 is "could not run".
			if (error && error.code !== 1) reject(new Error(`${VALIDATOR} could not run: ${err || error.message}`))
			else resolve(out)
		}),
	)
	const { valid, findings } = JSON.parse(stdout) as OioublVerdict
	return { valid, findings }
}
