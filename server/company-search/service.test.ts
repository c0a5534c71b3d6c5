import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Worker } from 'node:worker_threads'
import { expect, test } from 'vitest'
import { setupTestDatabase } from '#tests/setup/database.ts'
import { generateCompanies } from '#app/models/company/generate.server.ts'
import { importCompanies } from '#app/models/company/import.server.ts'
import { findCompanies } from '#app/models/company/search.server.ts'
import { createLogger } from '#server/logger.ts'
import { createCompanySearch } from '#server/company-search/service.ts'

const database = setupTestDatabase()

test(
	'answers from the index, never from a registry that has moved, and carries on when its worker dies',
	{ timeout: 60_000 },
	async () => {
		const { db } = database.handle
		const companies = [...generateCompanies({ count: 3_000, seed: 5 })]
		await importCompanies(db, companies)
		let worker: Worker | undefined
		const search = createCompanySearch({
			db,
			logger: createLogger({ LOG_LEVEL: 'silent' }),
			snapshotFile: path.join(mkdtempSync(path.join(tmpdir(), 'tolk-index-')), 'company-index.bin'),
			onWorker: (started) => (worker = started),
		})
		const sourceOf = async (query: string) => (await search.search(query)).source
		const namesFor = async (query: string) => (await search.search(query)).businesses.map((business) => business.name)
		try {
			await expect.poll(() => sourceOf('holding'), { timeout: 20_000 }).toBe('index')
			expect((await search.search('holding')).businesses).toEqual(await findCompanies(db, 'holding'))

			// The next search after a change already sees it: the index steps aside until it is rebuilt.
			await importCompanies(db, [{ ...companies[0]!, name: 'Zebrafinke Oversættelser ApS' }])
			expect(await search.search('zebrafin')).toMatchObject({
				source: 'database',
				businesses: [{ name: 'Zebrafinke Oversættelser ApS' }],
			})
			await expect.poll(() => sourceOf('zebrafin'), { timeout: 20_000 }).toBe('index')
			expect(await namesFor('zebrafin')).toEqual(['Zebrafinke Oversættelser ApS'])

			// The worker goes: searches carry on from the database, and a new worker takes over.
			const first = worker!
			await first.terminate()
			expect(await search.search('zebrafin')).toMatchObject({
				source: 'database',
				businesses: [{ name: 'Zebrafinke Oversættelser ApS' }],
			})
			await expect.poll(() => sourceOf('zebrafin'), { timeout: 20_000 }).toBe('index')
			expect(worker).not.toBe(first)
			expect(await namesFor('zebrafin')).toEqual(['Zebrafinke Oversættelser ApS'])
		} finally {
			await search.close()
		}
	},
)
