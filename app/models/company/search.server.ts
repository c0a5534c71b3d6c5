import type { Database } from '#database/client.ts'
import { parseCvrQuery } from '#app/models/company/cvr.ts'
import { companySearchName, companySearchQuery } from '#app/models/company/fold.ts'

import { cityLine, type BusinessResult } from '#app/models/company/record.ts'
import { MIN_QUERY_LENGTH, RESULT_LIMIT, TIER_LIMITS } from '#app/models/company/search-rules.ts'

export type { BusinessResult }
export { MIN_QUERY_LENGTH }

const COLUMNS = 'c.cvr, c.name, c.street, c.postcode, c.city, c.is_active'
type Row = { cvr: number; name: string; street: string; postcode: string; city: string; is_active: boolean }

// Tier by tier, active companies before ceased ones, each tier stopping at its limit, at most
// three statements and usually one. PostgreSQL runs a UNION ALL's branches in order and stops once
// the outer LIMIT is met.
// 1. Active companies whose name, or a later word of it, starts with the query: two ordered range
//    scans of byte-sorted btrees, prepared once; cheap whatever the query.
// 2. The same for ceased companies, when 1 did not fill the list.
// 3. A single fragment anywhere in the name (pg_trgm), when 1 and 2 together did not fill the list.
//    Planned for the query at hand, so PostgreSQL can choose the trigram index for a rare fragment
//    or an ordered scan that stops after a few rows for a common one.
//    Every tier is ordered to the end (name, then CVR number), so the in-memory index
//    (search-index/) can give exactly the same list. A query of several words is matched
//    from the start of a word only: that is how names are typed, and a phrase's trigrams would
//    make the costliest search of all for the least likely match.
const prefixTier = (active: boolean) =>
	`(select ${COLUMNS} from companies c where c.is_active = ${active} and c.search_name >= $1 and c.search_name < $2 order by c.search_name, c.cvr limit ${TIER_LIMITS.prefix})`
const wordTier = (active: boolean) =>
	`(select ${COLUMNS} from company_words w join companies c on c.cvr = w.cvr where w.is_active = ${active} and w.suffix >= $1 and w.suffix < $2 and not (c.search_name >= $1 and c.search_name < $2) order by w.suffix, w.cvr limit ${TIER_LIMITS.word})`
const anywhereTier = (active: boolean) =>
	`(select ${COLUMNS} from companies c where c.is_active = ${active} and c.search_name like $3 and not (c.search_name >= $1 and c.search_name < $2) and c.search_name not like $4 order by c.search_name, c.cvr limit ${TIER_LIMITS.anywhere})`

const startsSql = (active: boolean) =>
	`select * from (${prefixTier(active)} union all ${wordTier(active)}) found limit ${RESULT_LIMIT * 2}`
const ANYWHERE_SQL = `${anywhereTier(true)} union all ${anywhereTier(false)}`

export async function findCompanies(db: Database, query: string): Promise<BusinessResult[]> {
	if (query.trim().length < MIN_QUERY_LENGTH) return []
	const cvr = parseCvrQuery(query)
	if (cvr !== null) {
		const found = await findCompanyByCvr(db, cvr)
		return found ? [found] : []
	}
	const folded = companySearchQuery(query)
	if (folded.length < 2) return []
	// Folded text holds only a-z, 0-9 and single spaces: the range [folded, upper) is every string
	// starting with it, and the LIKE patterns need no escaping.
	const upper = `${folded.slice(0, -1)}${String.fromCharCode(folded.charCodeAt(folded.length - 1) + 1)}`
	const starts = async (active: boolean) =>
		(
			await db.$client.query<Row>({
				name: `find-companies-${active ? 'active' : 'ceased'}`,
				text: startsSql(active),
				values: [folded, upper],
			})
		).rows
	const active = await starts(true)
	const ceased = distinct(active).length < RESULT_LIMIT ? await starts(false) : []
	const anywhere =
		distinct([...active, ...ceased]).length < RESULT_LIMIT && folded.length >= MIN_QUERY_LENGTH && !folded.includes(' ')
			? (await db.$client.query<Row>(ANYWHERE_SQL, [folded, upper, `%${folded}%`, `% ${folded}%`])).rows
			: []
	const ordered = [
		...active,
		...anywhere.filter((row) => row.is_active),
		...ceased,
		...anywhere.filter((row) => !row.is_active),
	]
	return distinct(ordered).slice(0, RESULT_LIMIT).map(presentCompany)
}

function distinct(rows: Row[]): Row[] {
	const byCvr = new Map<number, Row>()
	for (const row of rows) if (!byCvr.has(row.cvr)) byCvr.set(row.cvr, row)
	return [...byCvr.values()]
}

function presentCompany(row: Row): BusinessResult {
	return {
		id: String(row.cvr),
		name: row.name,
		vat_number: String(row.cvr),
		street: row.street,
		city: cityLine(row.postcode, row.city),
		active: row.is_active,
	}
}

export async function findCompanyByCvr(db: Database, cvr: number): Promise<BusinessResult | null> {
	const { rows } = await db.$client.query<Row>(`select ${COLUMNS} from companies c where c.cvr = $1`, [cvr])
	return rows[0] ? presentCompany(rows[0]) : null
}

// Without script the customer types the company's exact name: found only when one company has it.
export async function findCompanyByExactName(db: Database, name: string): Promise<BusinessResult | null> {
	const { rows } = await db.$client.query<{ cvr: number }>(
		'select cvr from companies where search_name = $1 order by is_active desc limit 2',
		[companySearchName(name)],
	)
	return rows.length === 1 ? findCompanyByCvr(db, rows[0]!.cvr) : null
}

// The picker sends the CVR number; without script, the customer types a CVR number or the
// company's exact name.
export async function resolveCompany(db: Database, cvrField: string, query: string): Promise<BusinessResult | null> {
	const cvr = parseCvrQuery(cvrField) ?? parseCvrQuery(query)
	if (cvr !== null) return findCompanyByCvr(db, cvr)
	return query ? findCompanyByExactName(db, query) : null
}

// What a request or an order keeps of the company the customer chose (or nulls for a private person).
export function companyColumns(company: BusinessResult | null) {
	return {
		companyCvr: company ? Number(company.vat_number) : null,
		companyName: company?.name ?? null,
		companyAddress: company ? [company.street, company.city].filter(Boolean).join(', ') : null,
	}
}
