import type { Database } from '#database/client.ts'
import { parseCvrQuery } from './cvr.ts'
import { companySearchQuery } from './fold.ts'

import type { BusinessResult } from './record.ts'

export type { BusinessResult }

export const MIN_QUERY_LENGTH = 3
export const RESULT_LIMIT = 10
// Each tier stops at its own limit, so a three-letter query never collects (let alone ranks)
// every name that merely contains it.
const TIER_LIMITS = { prefix: 10, word: 10, anywhere: 5 }

const COLUMNS = 'c.cvr, c.name, c.street, c.postcode, c.city, c.is_active'
type Row = { cvr: number; name: string; street: string; postcode: string; city: string; is_active: boolean }

// Tier by tier, active companies before ceased ones, each tier stopping at its limit. PostgreSQL
// runs a UNION ALL's branches in order and stops once the outer LIMIT is met. The first statement
// is two ordered range scans of byte-sorted btrees (name start, word start), prepared once and
// cheap for any query; the second, with the trigram search for the query anywhere in a name and
// the ceased companies, runs only when the first did not fill the list. It is planned for each
// query, so PostgreSQL can choose between the trigram index (a rare fragment) and a scan that
// stops at the limit (a common one).
const prefixTier = (active: boolean) =>
	`(select ${COLUMNS} from companies c where c.is_active = ${active} and c.search_name >= $1 and c.search_name < $2 order by c.search_name limit ${TIER_LIMITS.prefix})`
const wordTier = (active: boolean) =>
	`(select ${COLUMNS} from company_words w join companies c on c.cvr = w.cvr where w.is_active = ${active} and w.suffix >= $1 and w.suffix < $2 and not (c.search_name >= $1 and c.search_name < $2) order by w.suffix limit ${TIER_LIMITS.word})`
const anywhereTier = (active: boolean) =>
	`(select ${COLUMNS} from companies c where c.is_active = ${active} and c.search_name like $3 and not (c.search_name >= $1 and c.search_name < $2) and c.search_name not like $4 limit ${TIER_LIMITS.anywhere})`

const STARTS_SQL = `select * from (${prefixTier(true)} union all ${wordTier(true)}) found limit ${RESULT_LIMIT * 2}`
const REST_SQL = `select * from (${[anywhereTier(true), prefixTier(false), wordTier(false), anywhereTier(false)].join(' union all ')}) found limit $5`

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
	const found = new Map<number, Row>()
	const add = (rows: Row[]) => rows.forEach((row) => found.size < RESULT_LIMIT && !found.has(row.cvr) && found.set(row.cvr, row))
	add((await db.$client.query<Row>({ name: 'find-companies-by-start', text: STARTS_SQL, values: [folded, upper] })).rows)
	if (found.size < RESULT_LIMIT) add((await db.$client.query<Row>(REST_SQL, [folded, upper, `%${folded}%`, `% ${folded}%`, RESULT_LIMIT * 2])).rows)
	return [...found.values()].map(presentCompany)
}

function presentCompany(row: Row): BusinessResult {
	return {
		id: String(row.cvr),
		name: row.name,
		vat_number: String(row.cvr),
		street: row.street,
		city: `${row.postcode} ${row.city}`.trim(),
		active: row.is_active,
	}
}

export async function findCompanyByCvr(db: Database, cvr: number): Promise<BusinessResult | null> {
	const { rows } = await db.$client.query<Row>(`select ${COLUMNS} from companies c where c.cvr = $1`, [cvr])
	return rows[0] ? presentCompany(rows[0]) : null
}
