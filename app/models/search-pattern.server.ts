import { ilike, or, type SQL, type SQLWrapper } from 'drizzle-orm'

// What a staff search box finds: the words anywhere in a column, with LIKE's own wildcards taken
// as the characters they are.
export const containsPattern = (query: string) => `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

// The rows where any of the columns (or expressions) contains the query, in any case.
export function containsAny(query: string, columns: SQLWrapper[]): SQL {
	const pattern = containsPattern(query)
	return or(...columns.map((column) => ilike(column as SQL, pattern)))!
}
