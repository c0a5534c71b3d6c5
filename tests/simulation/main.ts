// `npm run simulate -- [--days 30] [--seed 1] [--start 2027-03-22]`: a month of the agency on the
// built server (npm run build first), on the embedded database, or on PostgreSQL when
// DATABASE_URL names a server (a database of its own is made there and dropped after). Prints a
// line a day, stops at the first breach of an invariant with the rows involved (exit 1), and ends
// with the restored site compared with the live one.
import { parseArgs } from 'node:util'
import { asCalendarDate } from '#app/models/calendar/working-days.ts'
import { simulate, SimulationBreach } from '#tests/simulation/run.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run simulate -- [--days 30] [--seed 1] [--start 2027-03-22]')

const { values } = parseArgs({
	options: {
		days: { type: 'string', default: '30' },
		seed: { type: 'string', default: '1' },
		// Easter, and the change to summer time, fall in the default month.
		start: { type: 'string', default: '2027-03-15' },
	},
})
const start = asCalendarDate(values.start)
const days = Number(values.days)
if (!start || !Number.isInteger(days) || days < 1) {
	console.error('usage: npm run simulate -- [--days N] [--seed N] [--start YYYY-MM-DD]')
	process.exit(2)
}
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database (PGlite)'
console.log(`Simulating ${days} days from ${start} on ${engine}, seed ${values.seed}`)
try {
	const result = await simulate({
		days,
		seed: Number(values.seed),
		start,
		postgresUrl: process.env.DATABASE_URL,
		print: (line) => console.log(line),
	})
	console.log(`Totals: ${JSON.stringify(result.totals)}`)
	console.log(
		`Restored from the last nightly backup: ${result.restore.compared} pages and exports compared, ${result.restore.differences.length} differ`,
	)
	for (const difference of result.restore.differences) console.log(JSON.stringify(difference, null, 1))
	console.log(`Back-office pages not in Danish: ${result.restore.notDanish.length}`)
	for (const page of result.restore.notDanish) console.log(JSON.stringify(page))
	console.log(`Breaches: 0. Took ${result.seconds} s.`)
	process.exit(result.restore.differences.length || result.restore.notDanish.length ? 1 : 0)
} catch (error) {
	if (error instanceof SimulationBreach) console.error(error.message)
	else console.error(error)
	process.exit(1)
}
