import { foldText } from '#app/models/text/fold.ts'

export { foldText }

// Legal forms as they read once folded ("A/S" → "a s"). They end (or, for shelf companies,
// begin) most names, so they are left out of the search name: typing "aps" should not find
// every private limited company, and "Novo Nordisk A/S" must match "novo nordisk".
const LEGAL_FORMS = ['aps', 'a s', 'i s', 'ivs', 'p s', 'k s', 'amba', 'a m b a', 'fmba', 'f m b a', 'smba', 's m b a']
const LEGAL_FORM = LEGAL_FORMS.join('|')
const TRAILING_FORM = new RegExp(`(?:^| )(?:${LEGAL_FORM})$`)
const LEADING_FORM = new RegExp(`^(?:${LEGAL_FORM})(?: |$)`)

export function companySearchName(name: string): string {
	let folded = foldText(name)
	for (let previous = ''; previous !== folded;) {
		previous = folded
		const trimmed = folded.replace(TRAILING_FORM, '').replace(LEADING_FORM, '').trim()
		if (trimmed) folded = trimmed
	}
	return folded
}

// A legal form being typed at the end of a longer query ("novo nordisk a", "… ap") is dropped
// too, so the list does not empty while the customer finishes typing "A/S".
const PARTIAL_FORMS = new Set(
	LEGAL_FORMS.flatMap((form) => Array.from({ length: form.length }, (_, end) => form.slice(0, end + 1).trim())),
)

// A query that is nothing but a legal form ("ApS", "I/S") names no company and asks for nothing.
export function companySearchQuery(query: string): string {
	const name = companySearchName(query)
	if (PARTIAL_FORMS.has(name)) return ''
	const words = name.split(' ')
	for (let take = Math.min(3, words.length - 1); take > 0; take--) {
		if (PARTIAL_FORMS.has(words.slice(-take).join(' '))) return words.slice(0, -take).join(' ')
	}
	return name
}
