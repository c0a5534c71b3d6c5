// npm run registry:generate -- --count N [--seed S] [--active 0.4] [--out FILE]
// Writes a synthetic registry as CSV (the import's CSV columns) to FILE or standard output.
import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { parseArgs } from 'node:util'
import { generateCompanies } from '#app/models/company/generate.server.ts'
import { CSV_COLUMNS } from '#app/models/company/import.server.ts'
import { csvLine } from '#app/utils/csv.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run registry:generate -- --count N [--seed S] [--active 0.4] [--out FILE]')

const { values } = parseArgs({
	options: {
		count: { type: 'string', default: '20000' },
		seed: { type: 'string', default: '1' },
		active: { type: 'string', default: '0.4' },
		out: { type: 'string' },
	},
})
const count = Number(values.count)
if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a positive whole number')
const output = values.out ? createWriteStream(values.out) : process.stdout
output.write(`${CSV_COLUMNS.join(';')}\n`)
let buffer = ''
for (const company of generateCompanies({ count, seed: Number(values.seed), activeShare: Number(values.active) })) {
	buffer += `${csvLine([company.cvr, company.name, company.street, company.postcode, company.city, company.status, company.legalForm, company.isAdProtected, company.unitNumber])}\n`
	if (buffer.length < 1 << 16) continue
	const isFlowing = output.write(buffer)
	buffer = ''
	if (!isFlowing) await once(output, 'drain')
}
output.write(buffer)
if (values.out) {
	output.end()
	await once(output, 'finish')
	console.error(`Wrote ${count} companies to ${values.out}`)
}
