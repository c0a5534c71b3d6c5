import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { setupTestDatabase } from '#tests/setup/database.ts'
import { cvrCheckDigit } from '#app/models/company/cvr.ts'
import { generateCompanies, seededRandom } from '#app/models/company/generate.server.ts'
import { importCompanies } from '#app/models/company/import.server.ts'
import type { CompanyRecord } from '#app/models/company/record.ts'
import { findCompanies } from '#app/models/company/search.server.ts'
import { searchCompanyIndex } from '#app/models/company/search-index/query.ts'
import { buildCompanyIndex, readRegistryVersion } from '#app/models/company/search-index/read.server.ts'
import { readIndexSnapshot, writeIndexSnapshot } from '#app/models/company/search-index/snapshot.server.ts'
import { createIndexBuilder, type IndexRow } from '#app/models/company/search-index/build.ts'

const database = setupTestDatabase()
const random = seededRandom(2026)

// A generated registry plus what generated names rarely have: many companies of one name (the
// CVR number decides their order), Danish letters, a name that is all legal form, very long names.
function registry(): CompanyRecord[] {
	const generated = [...generateCompanies({ count: 20_000, seed: 19 })]
	let serial = 3_000_000
	const company = (name: string, isActive: boolean): CompanyRecord => {
		let cvr = 0
		while (!cvr) {
			const check = cvrCheckDigit(String(++serial))
			if (check !== null) cvr = Number(`${serial}${check}`)
		}
		return { ...generated[0]!, cvr, unitNumber: null, name, isActive, status: isActive ? 'NORMAL' : 'OPHØRT' }
	}
	const twins = Array.from({ length: 30 }, (_, index) =>
		company(index % 2 ? 'Jensen Consult ApS' : 'Jensen & Co. I/S', index % 3 > 0),
	)
	const odd = [
		'Åbenrå Ø-Service',
		'Aabenraa Oe Service',
		'ApS',
		'Sønderborg Sønderborg Sønderborg',
		`Lang ${'ord '.repeat(80)}ApS`,
		'X-Ray Øst',
		'Café Ærø',
		'Alfa Qwerty Qwertyhuset A/S',
	]
	return [...generated, ...twins, ...odd.map((name, index) => company(name, index % 2 === 0))]
}

// What people type, and what a script or a slip of the finger sends: starts of names and of later
// words, fragments from inside words, aa/ae/oe spellings, Danish letters in capitals, legal forms
// half typed, CVR numbers in their forms, and strings that match nothing.
function queries(companies: CompanyRecord[], count: number): string[] {
	const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
	const cut = (text: string, from: number, length: number) => text.slice(from, from + length)
	const kinds = [
		(name: string) => cut(name, 0, 3 + Math.floor(random() * 8)),
		(name: string) => cut(name, 0, name.indexOf(' ') + 2 + Math.floor(random() * 4)),
		(name: string) => {
			const words = name.split(' ')
			return cut(pick(words.slice(1).length ? words.slice(1) : words), 0, 3 + Math.floor(random() * 5))
		},
		(name: string) => {
			const word = pick(
				name
					.split(' ')
					.filter((part) => part.length > 4)
					.concat(name),
			)
			return cut(word, 1 + Math.floor(random() * (word.length - 3)), 3 + Math.floor(random() * 3))
		},
		(name: string) =>
			cut(name.replace(/å/g, 'aa').replace(/æ/g, 'ae').replace(/ø/g, 'oe'), 0, 4 + Math.floor(random() * 10)),
		(name: string) => name.toUpperCase().slice(0, 5 + Math.floor(random() * 10)),
		(name: string) => `${name.split(' ')[0]} ${pick(['A', 'A/', 'Ap', 'ApS', 'I/', 'a.m.b', 'K/S'])}`,
		() => String(pick(companies).cvr),
		() => `DK ${String(pick(companies).cvr).replace(/(\d{2})(?=\d)/g, '$1 ')}`,
		() =>
			Array.from({ length: 3 + Math.floor(random() * 6) }, () => pick([...'abcdefghijklmnopqrstuvwxyzæøå'])).join(''),
		() =>
			pick([
				'nord',
				'sen',
				'ens',
				'hol',
				'aps',
				'a/s',
				'ApS KBIL',
				'jensen',
				'jensen co',
				'søn',
				'oe s',
				'1234',
				'12345678',
				'zzz',
				'...',
				'a  b  c',
				'ord ord',
			]),
	]
	return Array.from({ length: count }, () => pick(kinds)(pick(companies).name))
}

describe('the in-memory company index', () => {
	const companies = registry()

	test('gives the same list as the SQL search for 1,000 queries', { timeout: 300_000 }, async () => {
		await importCompanies(database.handle.db, companies)
		const index = await buildCompanyIndex(database.handle.db)
		expect(index).not.toBeNull()
		const differences: { query: string; sql: string[]; index: string[] }[] = []
		const found: number[] = []
		for (const query of queries(companies, 1_000)) {
			const sql = await findCompanies(database.handle.db, query)
			const fromIndex = searchCompanyIndex(index!, query)
			found.push(sql.length)
			if (JSON.stringify(sql) !== JSON.stringify(fromIndex)) {
				differences.push({
					query,
					sql: sql.map((company) => `${company.name} ${company.id}`),
					index: fromIndex.map((company) => `${company.name} ${company.id}`),
				})
			}
		}
		expect(differences.slice(0, 3)).toEqual([])
		// The comparison means something: full lists, short ones and empty ones all occur.
		expect(found.filter((length) => length === 10).length).toBeGreaterThan(200)
		expect(found.filter((length) => length > 0 && length < 10).length).toBeGreaterThan(100)
		expect(found.filter((length) => length === 0).length).toBeGreaterThan(50)
	})

	test('keeps ties in CVR order and names each company once', async () => {
		const index = (await buildCompanyIndex(database.handle.db))!
		const jensen = searchCompanyIndex(index, 'jensen consult')
		expect(jensen.map((company) => company.name)).toEqual(Array(jensen.length).fill('Jensen Consult ApS'))
		const active = jensen.filter((company) => company.active).map((company) => Number(company.id))
		expect(active).toEqual([...active].sort((a, b) => a - b))
		expect(searchCompanyIndex(index, 'qwert').map((company) => company.name)).toEqual(['Alfa Qwerty Qwertyhuset A/S'])
	})

	test('survives a snapshot file unchanged, and knows the registry version it was built from', async () => {
		const index = (await buildCompanyIndex(database.handle.db))!
		expect(index.version).toBe(await readRegistryVersion(database.handle.db))
		const file = path.join(mkdtempSync(path.join(tmpdir(), 'tolk-index-')), 'company-index.bin')
		await writeIndexSnapshot(index, file)
		const loaded = await readIndexSnapshot(file)
		expect(loaded?.version).toBe(index.version)
		for (const query of ['jensen', 'Åbenrå', 'ord', String(companies[5]!.cvr)])
			expect(searchCompanyIndex(loaded!, query)).toEqual(searchCompanyIndex(index, query))
	})

	test('moves the registry version only when a company changed', async () => {
		const before = await readRegistryVersion(database.handle.db)
		await importCompanies(database.handle.db, companies.slice(0, 100))
		expect(await readRegistryVersion(database.handle.db)).toBe(before)
		await importCompanies(database.handle.db, [{ ...companies[0]!, name: 'Helt Nyt Navn ApS' }])
		expect(await readRegistryVersion(database.handle.db)).not.toBe(before)
	})
})

describe('the bound on "anywhere"', () => {
	// Names that hold every trigram of "ensen" but not "ensen" itself come first; the five that
	// hold it come after them.
	const row = (cvr: number, name: string): IndexRow => ({
		cvr,
		name,
		search_name: name,
		street: '',
		postcode: '',
		city: '',
		is_active: true,
	})
	const builder = createIndexBuilder()
	builder.add([
		...Array.from({ length: 20 }, (_, n) => row(10_000_000 + n, `b sensex ${n}`)),
		...Array.from({ length: 5 }, (_, n) => row(20_000_000 + n, `c jensen ${n}`)),
	])
	const index = builder.finish('test:1')

	test('stops the walk after so many candidates, keeping what it found by then', () => {
		expect(searchCompanyIndex(index, 'ensen', Infinity).map((company) => company.name)).toEqual([
			'c jensen 0',
			'c jensen 1',
			'c jensen 2',
			'c jensen 3',
			'c jensen 4',
		])
		expect(searchCompanyIndex(index, 'ensen', 10)).toEqual([])
		expect(searchCompanyIndex(index, 'ensen', 22).map((company) => company.name)).toEqual(['c jensen 0', 'c jensen 1'])
	})
})
