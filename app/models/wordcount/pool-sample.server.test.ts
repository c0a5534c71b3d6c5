import { describe, expect, test } from 'vitest'
import { countPoolFile, hasPool, POOL, readSample } from '#tests/setup/pool-sample.ts'

if (!hasPool) console.warn(`\n*** NO CORPUS POOL at ${POOL}: the pool sample's counts are not checked ***\n`)

// A snapshot of the engine on 60 documents nobody tuned it for (every format of the pool): a count
// that moves by more than 1%, or a document that changes its verdict (counted, encrypted, broken),
// fails until tests/fixtures/wordcount/pool-sample.json is updated with it, in the same commit
// (npm run wordcount:pool-sample), so a change in counting is always seen and explained.
describe.runIf(hasPool)('the pool sample counts as it did', () => {
	const sample = hasPool ? readSample().documents : []

	test('the sample holds every format of the pool', () => {
		const formats = new Set(sample.map(({ file }) => file.slice(file.lastIndexOf('.') + 1)))
		expect(sample).toHaveLength(60)
		expect([...formats].sort()).toEqual(
			[
				'csv',
				'doc',
				'docx',
				'numbers',
				'ods',
				'odt',
				'pages',
				'pdf',
				'ppt',
				'pptx',
				'rtf',
				'txt',
				'xls',
				'xlsx',
			].sort(),
		)
	})

	test.for(sample)('$file', async (expected) => {
		const now = await countPoolFile(expected.file)
		expect(now.reason, 'the verdict').toBe(expected.reason)
		if (expected.words === null) return
		const moved = Math.abs(now.words! - expected.words) / expected.words
		expect(
			moved,
			`${now.words} words now, ${expected.words} expected (${JSON.stringify(now.breakdown)})`,
		).toBeLessThanOrEqual(0.01)
	})
})
