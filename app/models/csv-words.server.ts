import { ADMIN_MESSAGES } from '#app/models/translation.server.ts'
import type { Locale } from '#app/utils/locales.ts'

// The accountant's CSVs (and the orders' and requests' lists') speak the admin's language: headers and codes ("credit_note", "revision")
// as the admin reads them. The English variant with codes stays the same from release to release,
// for a bookkeeping system to import: chosen on export (`?for=machines`).
export type CsvWords = {
	header: (names: readonly string[]) => string[]
	code: (column: string, value: string) => string
}

export const MACHINE_WORDS: CsvWords = { header: (names) => [...names], code: (_, value) => value }

export type CsvVariant = Locale | 'machines'
type CsvTable = 'invoices' | 'payables' | 'orders' | 'requests'

// Which text each code column's values have.
const CODES: Record<CsvTable, Record<string, (value: string) => string>> = {
	invoices: {
		kind: (value) => (value === 'credit_note' ? 'invoices.creditNote' : 'invoices.invoice'),
		status: (value) => `invoices.statuses.${value}`,
	},
	payables: { kind: (value) => `jobs.kind.${value}` },
	orders: { status: (value) => `orders.status.${value}` },
	requests: { status: (value) => `requests.status.${value}`, locale: (value) => `language.${value}` },
}

export function csvWords(variant: CsvVariant, table: CsvTable): CsvWords {
	if (variant === 'machines') return MACHINE_WORDS
	const messages = ADMIN_MESSAGES[variant]
	const text = (key: string, fallback: string) => messages[key] ?? fallback
	return {
		header: (names) => names.map((name) => text(`csv.${table}.${name}`, name)),
		code: (column, value) => {
			const key = CODES[table][column]?.(value)
			return key ? text(key, value) : value
		},
	}
}

// `?for=machines` picks the stable English variant; otherwise the admin's language.
export const csvVariantOf = (url: URL, adminLocale: Locale): CsvVariant =>
	url.searchParams.get('for') === 'machines' ? 'machines' : adminLocale
