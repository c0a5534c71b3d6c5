import { expect, test } from 'vitest'
import { simulate } from '#tests/simulation/run.ts'

// Three days of the agency on the built server, on this pass's database (`npm run simulate` runs
// a month): customers, staff, translators, the bank and the nightly backup through the site's own
// pages, every invariant checked each night, and the last backup restored and compared page by page.
test(
	'three days of the agency break no invariant, and the last nightly backup restores into the same site',
	{ timeout: 600_000 },
	async () => {
		const lines: string[] = []
		const result = await simulate({
			days: 3,
			seed: 7,
			// A Monday: the orders of the first day are worked on the next two.
			start: '2027-03-22',
			postgresUrl: process.env.DATABASE_URL,
			print: (line) => lines.push(line),
		})
		expect(lines).toHaveLength(3)
		expect(lines.every((line) => line.endsWith('breaches 0'))).toBe(true)
		expect(result.totals.orders).toBeGreaterThan(0)
		expect(result.restore.differences).toEqual([])
		// Every order, job and invoice page of those days reads as Danish: no key, English text or wrong plural.
		expect(result.restore.notDanish).toEqual([])
		expect(result.restore.compared).toBeGreaterThan(10)
	},
)
