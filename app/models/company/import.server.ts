import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { cleanLine } from '#app/models/text/clean.ts'
import type { Database } from '#database/client.ts'
import { isValidCvr } from '#app/models/company/cvr.ts'
import { companySearchName } from '#app/models/company/fold.ts'
import type { CompanyRecord } from '#app/models/company/record.ts'

// The registry's own documents (JSON Lines of `Vrvirksomhed`, as the CVR search service returns
// them, bare or inside `_source` or a whole search response) or a flat CSV with the columns of
// CSV_COLUMNS. Invalid lines are counted and skipped, never guessed at.
export const CSV_COLUMNS = [
	'cvr',
	'name',
	'street',
	'postcode',
	'city',
	'status',
	'legal_form',
	'ad_protected',
	'unit_number',
] as const

export type ImportProblem = { line: number; reason: string }
export type ReadResult = { record: CompanyRecord } | { problem: ImportProblem }

export async function* readRegistryFile(file: string): AsyncGenerator<ReadResult> {
	const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })
	const isCsv = file.toLowerCase().endsWith('.csv')
	let header: string[] | null = null
	let separator = ';'
	let number = 0
	for await (const raw of lines) {
		number++
		const line = number === 1 ? raw.replace(/^\uFEFF/, '') : raw
		if (!line.trim()) continue
		if (isCsv && !header) {
			separator = line.includes(';') ? ';' : ','
			header = parseCsvLine(line, separator).map((name) => name.trim().toLowerCase())
			const missing = ['cvr', 'name'].filter((column) => !header!.includes(column))
			if (missing.length)
				throw new Error(
					`The CSV header lacks the column(s) ${missing.join(', ')}; expected ${CSV_COLUMNS.join(separator)}`,
				)
			continue
		}
		try {
			if (header) yield { record: recordFromCsv(header, parseCsvLine(line, separator)) }
			else for (const record of recordsFromJson(JSON.parse(line))) yield { record }
		} catch (error) {
			yield { problem: { line: number, reason: error instanceof Error ? error.message : String(error) } }
		}
	}
}

function recordFromCsv(header: string[], cells: string[]): CompanyRecord {
	const cell = (name: string) => (cells[header.indexOf(name)] ?? '').trim()
	const status = cell('status')
	return checked({
		cvr: Number(cell('cvr').replace(/\s/g, '')),
		unitNumber: cell('unit_number') ? Number(cell('unit_number')) : null,
		name: cell('name'),
		legalForm: cell('legal_form') || null,
		street: cell('street'),
		postcode: cell('postcode'),
		city: cell('city'),
		status,
		isActive: isActiveStatus(status),
		isAdProtected: ['1', 'true', 'yes', 'ja'].includes(cell('ad_protected').toLowerCase()),
	})
}

type Period = { gyldigFra?: string | null; gyldigTil?: string | null }
type Address = {
	vejnavn?: string | null
	husnummerFra?: number | null
	husnummerTil?: number | null
	bogstavFra?: string | null
	bogstavTil?: string | null
	etage?: string | null
	sidedoer?: string | null
	postnummer?: number | null
	postdistrikt?: string | null
	bynavn?: string | null
	fritekst?: string | null
}
type Vrvirksomhed = {
	cvrNummer?: number
	enhedsNummer?: number
	reklamebeskyttet?: boolean
	navne?: { navn: string; periode?: Period }[]
	livsforloeb?: { periode?: Period }[]
	virksomhedMetadata?: {
		nyesteNavn?: { navn?: string } | null
		nyesteVirksomhedsform?: { kortBeskrivelse?: string } | null
		nyesteBeliggenhedsadresse?: Address | null
		sammensatStatus?: string | null
	}
}

function* recordsFromJson(value: unknown): Generator<CompanyRecord> {
	const document = value as { hits?: { hits?: unknown[] }; _source?: unknown; Vrvirksomhed?: unknown }
	if (Array.isArray(document.hits?.hits)) {
		for (const hit of document.hits.hits) yield* recordsFromJson(hit)
		return
	}
	const company = ((document._source as { Vrvirksomhed?: unknown } | undefined)?.Vrvirksomhed ??
		document.Vrvirksomhed ??
		document) as Vrvirksomhed
	const meta = company.virksomhedMetadata ?? {}
	const address = meta.nyesteBeliggenhedsadresse ?? {}
	const status = meta.sammensatStatus ?? ''
	const hasEnded =
		(company.livsforloeb ?? []).length > 0 && (company.livsforloeb ?? []).every((life) => life.periode?.gyldigTil)
	yield checked({
		cvr: Number(company.cvrNummer),
		unitNumber: company.enhedsNummer ?? null,
		name: meta.nyesteNavn?.navn ?? company.navne?.at(-1)?.navn ?? '',
		legalForm: legalFormName(meta.nyesteVirksomhedsform?.kortBeskrivelse),
		street: streetLine(address),
		postcode: address.postnummer ? String(address.postnummer).padStart(4, '0') : '',
		city: address.postdistrikt ?? address.bynavn ?? '',
		status,
		isActive: isActiveStatus(status) && !hasEnded,
		isAdProtected: company.reklamebeskyttet === true,
	})
}

function streetLine(address: Address): string {
	if (!address.vejnavn) return address.fritekst?.trim() ?? ''
	const from = `${address.husnummerFra ?? ''}${address.bogstavFra ?? ''}`
	const to = address.husnummerTil ? `-${address.husnummerTil}${address.bogstavTil ?? ''}` : ''
	const floor = address.etage ? `, ${address.etage}.` : ''
	const door = address.sidedoer ? ` ${address.sidedoer}` : ''
	return `${address.vejnavn} ${from}${to}${floor}${door}`.trim()
}

const LEGAL_FORM_NAMES: Record<string, string> = {
	APS: 'ApS',
	AS: 'A/S',
	IS: 'I/S',
	IVS: 'IVS',
	KS: 'K/S',
	PS: 'P/S',
	ENK: 'Enkeltmandsvirksomhed',
	AMBA: 'A.m.b.A.',
	FMBA: 'F.m.b.A.',
	SMBA: 'S.m.b.A.',
}
function legalFormName(short: string | undefined): string | null {
	if (!short) return null
	return LEGAL_FORM_NAMES[short.replace(/[^A-Za-z]/g, '').toUpperCase()] ?? short
}

// The registry's composite status: "NORMAL" and "Aktiv" trade; dissolved, ceased, bankrupt or
// being wound up do not.
export function isActiveStatus(status: string): boolean {
	return !/oph[øo]r|opl[øo]s|slettet|konkurs|likvid|tvangs|ceased/i.test(status)
}

function checked(record: CompanyRecord): CompanyRecord {
	if (!isValidCvr(String(record.cvr))) throw new Error(`not a valid CVR number: ${record.cvr}`)
	const name = cleanLine(record.name).trim()
	if (!name) throw new Error(`CVR ${record.cvr} has no name`)
	// A registry's text reaches invoices (XML, PDF): what no one types is left out here.
	return {
		...record,
		name,
		street: cleanLine(record.street),
		postcode: cleanLine(record.postcode),
		city: cleanLine(record.city),
	}
}

export function parseCsvLine(line: string, separator: string): string[] {
	const cells: string[] = []
	let cell = ''
	let quoted = false
	for (let index = 0; index < line.length; index++) {
		const char = line[index]
		if (quoted && char === '"' && line[index + 1] === '"') {
			cell += '"'
			index++
		} else if (quoted && char === '"') {
			quoted = false
		} else if (!quoted && char === '"' && cell === '') {
			quoted = true
		} else if (!quoted && char === separator) {
			cells.push(cell)
			cell = ''
		} else {
			cell += char
		}
	}
	cells.push(cell)
	return cells
}

// Upserts in batches of one statement each; a re-import of the same file changes nothing, an
// updated file updates the rows it changes.
export async function importCompanies(
	db: Database,
	records: AsyncIterable<CompanyRecord> | Iterable<CompanyRecord>,
	batchSize = 2000,
) {
	let batch: CompanyRecord[] = []
	let read = 0
	let written = 0
	for await (const record of records) {
		batch.push(record)
		read++
		if (batch.length >= batchSize) {
			written += await upsertBatch(db, batch)
			batch = []
		}
	}
	if (batch.length) written += await upsertBatch(db, batch)
	// Fresh statistics for the planner, and the visibility map for index-only scans. PGlite runs
	// no autovacuum, so nothing else would do it there.
	if (written > 0) for (const table of ['companies', 'company_words']) await db.$client.query(`vacuum analyze ${table}`)
	return { read, written }
}

const COLUMNS =
	'cvr, unit_number, name, search_name, legal_form, street, postcode, city, status, is_active, is_ad_protected'
const UPDATED = COLUMNS.split(', ').slice(1)
const UPSERT_SQL = `insert into companies (${COLUMNS})
	select * from unnest($1::int[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::bool[], $11::bool[])
	on conflict (cvr) do update set ${UPDATED.map((name) => `${name} = excluded.${name}`).join(', ')}, updated_at = now()
	where (${UPDATED.map((name) => `companies.${name}`).join(', ')}) is distinct from (${UPDATED.map((name) => `excluded.${name}`).join(', ')})
	returning cvr, search_name, is_active, xmax = 0 as is_new`

// One transaction per batch: the companies that are new or changed, then their words.
async function upsertBatch(db: Database, batch: CompanyRecord[]): Promise<number> {
	// A file may name a company twice; the last line wins, as a later import would.
	const unique = [...new Map(batch.map((record) => [record.cvr, record])).values()]
	const column = <T>(pick: (record: CompanyRecord) => T) => unique.map(pick)
	const client = await db.$client.connect()
	try {
		await client.query('begin')
		const { rows } = await client.query<{ cvr: number; search_name: string; is_active: boolean; is_new: boolean }>(
			UPSERT_SQL,
			[
				column((record) => record.cvr),
				column((record) => record.unitNumber),
				column((record) => record.name),
				column((record) => companySearchName(record.name)),
				column((record) => record.legalForm),
				column((record) => record.street),
				column((record) => record.postcode),
				column((record) => record.city),
				column((record) => record.status),
				column((record) => record.isActive),
				column((record) => record.isAdProtected),
			],
		)
		if (rows.length) {
			const words = rows.flatMap((row) =>
				nameSuffixes(row.search_name).map((suffix) => ({ suffix, cvr: row.cvr, isActive: row.is_active })),
			)
			// Only an updated company has words to replace (xmax is 0 on a row this statement inserted).
			const updated = rows.filter((row) => !row.is_new).map((row) => row.cvr)
			if (updated.length) await client.query('delete from company_words where cvr = any($1::int[])', [updated])
			await client.query(
				'insert into company_words (suffix, cvr, is_active) select * from unnest($1::text[], $2::int[], $3::bool[])',
				[words.map((word) => word.suffix), words.map((word) => word.cvr), words.map((word) => word.isActive)],
			)
		}
		await client.query('commit')
		return rows.length
	} catch (error) {
		await client.query('rollback').catch(() => {})
		throw error
	} finally {
		client.release()
	}
}

// "novo nordisk film" → ["nordisk film", "film"]: the name from each later word on.
export function nameSuffixes(searchName: string): string[] {
	const words = searchName.split(' ')
	return [...new Set(words.slice(1).map((_, index) => words.slice(index + 1).join(' ')))]
}
