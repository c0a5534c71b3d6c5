import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { setupTestDatabase } from '#tests/setup/database.ts'
import { cvrCheckDigit } from '#app/models/company/cvr.ts'
import { CSV_COLUMNS, importCompanies, readRegistryFile } from '#app/models/company/import.server.ts'
import { csvLine } from '#app/utils/csv.ts'
import type { CompanyRecord } from '#app/models/company/record.ts'
import { findCompanies } from '#app/models/company/search.server.ts'

const database = setupTestDatabase()
const REGISTRY_SAMPLES = path.resolve(process.env.REGISTRY_SOURCE_DIR ?? '../shared/registry')

let serial = 1_000_000
function company(name: string, overrides: Partial<CompanyRecord> = {}): CompanyRecord {
	let cvr = 0
	while (!cvr) {
		const first7 = String(++serial)
		const check = cvrCheckDigit(first7)
		if (check !== null) cvr = Number(`${first7}${check}`)
	}
	return {
		cvr,
		unitNumber: null,
		name,
		legalForm: null,
		street: 'Algade 1',
		postcode: '6200',
		city: 'Aabenraa',
		status: 'NORMAL',
		isActive: true,
		isAdProtected: false,
		...overrides,
	}
}

async function* read(file: string) {
	for await (const result of readRegistryFile(file)) if ('record' in result) yield result.record
}
const names = (results: { name: string }[]) => results.map((result) => result.name)

describe('finding a company', () => {
	const registry = [
		company('Åbenrå Tømrer ApS'),
		company('Aabenraa Auto I/S', { isActive: false, status: 'OPHØRT' }),
		company('Nordisk Film A/S'),
		company('Novo Nordisk A/S'),
		company('Skandinordisk Handel'),
		company('Nordlys Ejendomme', { isActive: false, status: 'OPLØST EFTER KONKURS' }),
		...Array.from({ length: 12 }, (_, index) => company(`Parasol ${index + 1} ApS`)),
		...Array.from({ length: 12 }, (_, index) => company(`Kaffe ${index + 1} ApS`)),
	]
	test('imports the registry', async () => {
		expect(await importCompanies(database.handle.db, registry)).toEqual({
			read: registry.length,
			written: registry.length,
		})
	})

	test('folds Danish letters on both sides: "Åbe" finds Aabenraa, active companies first', async () => {
		expect(names(await findCompanies(database.handle.db, 'Åbe'))).toEqual(['Åbenrå Tømrer ApS', 'Aabenraa Auto I/S'])
		expect(names(await findCompanies(database.handle.db, 'aabenraa'))).toEqual([
			'Åbenrå Tømrer ApS',
			'Aabenraa Auto I/S',
		])
	})

	test('ranks a name prefix before a word prefix before the text anywhere, and ceased companies last', async () => {
		expect(names(await findCompanies(database.handle.db, 'nordisk'))).toEqual([
			'Nordisk Film A/S',
			'Novo Nordisk A/S',
			'Skandinordisk Handel',
		])
		expect(names(await findCompanies(database.handle.db, 'nord'))).toEqual([
			'Nordisk Film A/S',
			'Novo Nordisk A/S',
			'Skandinordisk Handel',
			'Nordlys Ejendomme',
		])
	})

	test('stops each tier at its limit and the list at ten', async () => {
		const found = await findCompanies(database.handle.db, 'sol')
		expect(found).toHaveLength(5) // only "anywhere" matches: that tier's limit
		expect(names(await findCompanies(database.handle.db, 'kaffe'))).toHaveLength(10)
	})

	test('does not let a legal form match every company that has it', async () => {
		expect(names(await findCompanies(database.handle.db, 'ApS'))).toEqual([])
		expect(names(await findCompanies(database.handle.db, 'Novo Nordisk A/'))).toEqual(['Novo Nordisk A/S'])
	})

	test('finds a company by its CVR number, with spaces or a DK prefix', async () => {
		const { cvr } = registry[3]!
		const spaced = String(cvr).replace(/(\d{2})(?=\d)/g, '$1 ')
		for (const query of [String(cvr), spaced, `DK${cvr}`]) {
			expect(await findCompanies(database.handle.db, query)).toEqual([
				{
					id: String(cvr),
					name: 'Novo Nordisk A/S',
					vat_number: String(cvr),
					street: 'Algade 1',
					city: '6200 Aabenraa',
					active: true,
				},
			])
		}
	})

	test('needs three characters', async () => {
		expect(await findCompanies(database.handle.db, 'no')).toEqual([])
	})
})

describe('importing the registry', () => {
	const directory = mkdtempSync(path.join(tmpdir(), 'tolk-registry-'))

	test('reads a flat CSV, and a re-import changes only what changed', async () => {
		const rows = [company('Grøn Energi ApS', { isAdProtected: true }), company('Blå Bølge I/S', { legalForm: 'I/S' })]
		const file = path.join(directory, 'registry.csv')
		const write = (records: CompanyRecord[]) =>
			writeFileSync(
				file,
				`\uFEFF${CSV_COLUMNS.join(';')}\n${records.map((r) => csvLine([r.cvr, r.name, r.street, r.postcode, r.city, r.status, r.legalForm, r.isAdProtected, r.unitNumber])).join('\n')}\n`,
			)
		write(rows)
		expect(await importCompanies(database.handle.db, read(file))).toEqual({ read: 2, written: 2 })
		expect(await importCompanies(database.handle.db, read(file))).toEqual({ read: 2, written: 0 })

		write([{ ...rows[0]!, name: 'Rød Energi ApS' }, rows[1]!])
		expect(await importCompanies(database.handle.db, read(file))).toEqual({ read: 2, written: 1 })
		expect(names(await findCompanies(database.handle.db, 'rød ener'))).toEqual(['Rød Energi ApS'])
		expect(await findCompanies(database.handle.db, 'grøn ener')).toEqual([])
		const { rows: stored } = await database.handle.pool.query('select is_ad_protected from companies where cvr = $1', [
			rows[0]!.cvr,
		])
		expect(stored[0].is_ad_protected).toBe(true)
	})

	test("reads the registry's own Vrvirksomhed documents and skips lines it cannot use", async () => {
		const file = path.join(directory, 'registry.jsonl')
		const document = {
			cvrNummer: 25052943,
			enhedsNummer: 4001248508,
			reklamebeskyttet: true,
			livsforloeb: [{ periode: { gyldigFra: '1999-11-15', gyldigTil: null } }],
			virksomhedMetadata: {
				nyesteNavn: { navn: 'MAGENTA ApS' },
				nyesteVirksomhedsform: { kortBeskrivelse: 'APS' },
				nyesteBeliggenhedsadresse: {
					vejnavn: 'Pilestræde',
					husnummerFra: 43,
					etage: '3',
					postnummer: 1112,
					postdistrikt: 'København K',
				},
				sammensatStatus: 'NORMAL',
			},
		}
		writeFileSync(
			file,
			[
				JSON.stringify({ _source: { Vrvirksomhed: document } }),
				'{not json',
				JSON.stringify({ Vrvirksomhed: { ...document, cvrNummer: 12345678 } }),
			].join('\n'),
		)
		const results = []
		for await (const result of readRegistryFile(file)) results.push(result)
		expect(results).toHaveLength(3)
		expect(results[0]).toEqual({
			record: {
				cvr: 25052943,
				unitNumber: 4001248508,
				name: 'MAGENTA ApS',
				legalForm: 'ApS',
				street: 'Pilestræde 43, 3.',
				postcode: '1112',
				city: 'København K',
				status: 'NORMAL',
				isActive: true,
				isAdProtected: true,
			},
		})
		expect(results[1]).toMatchObject({ problem: { line: 2 } })
		expect(results[2]).toMatchObject({ problem: { line: 3, reason: 'not a valid CVR number: 12345678' } })
	})

	test.skipIf(!existsSync(path.join(REGISTRY_SAMPLES, 'regtic_cvr_es_response.json')))(
		'reads a real CVR search response (../shared/registry)',
		async () => {
			const file = path.join(directory, 'real.jsonl')
			const responses = ['magenta_cvr_company_in.json', 'regtic_cvr_es_response.json'].map((name) =>
				JSON.stringify(JSON.parse(readFileSync(path.join(REGISTRY_SAMPLES, name), 'utf8'))),
			)
			writeFileSync(file, responses.join('\n'))
			const records = []
			for await (const record of read(file)) records.push(record)
			expect(records.map((record) => [record.cvr, record.name, record.isAdProtected])).toEqual([
				[25052943, 'MAGENTA ApS', true],
				[21265837, expect.any(String), expect.any(Boolean)],
			])
			await importCompanies(database.handle.db, records)
			expect(names(await findCompanies(database.handle.db, 'magen'))).toEqual(['MAGENTA ApS'])
		},
	)
})
