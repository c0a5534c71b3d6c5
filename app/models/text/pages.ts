// Where each site text appears, for the texts page: the pages in the order a visitor meets them,
// and each key's area (its first part) with the page it belongs to.
export const TEXT_PAGES = [
	'everywhere',
	'home',
	'prices',
	'order',
	'quote',
	'faq',
	'about',
	'contact',
	'account',
	'mail',
] as const
export type TextPage = (typeof TEXT_PAGES)[number]

const AREAS: Record<string, TextPage> = {
	site: 'everywhere',
	nav: 'everywhere',
	language: 'everywhere',
	banner: 'everywhere',
	progress: 'everywhere',
	footer: 'everywhere',
	notFound: 'everywhere',
	error: 'everywhere',
	meta: 'everywhere',
	readMore: 'everywhere',
	editTexts: 'everywhere',
	amount: 'everywhere',
	home: 'home',
	carousel: 'home',
	team: 'about',
	service: 'home',
	prices: 'prices',
	calculator: 'prices',
	priceCheck: 'prices',
	order: 'order',
	upload: 'order',
	wheel: 'order',
	datePicker: 'order',
	request: 'order',
	quote: 'order',
	certified: 'order',
	savedQuote: 'quote',
	quoteDocument: 'quote',
	accept: 'quote',
	orderPage: 'quote',
	orderStatus: 'quote',
	thread: 'quote',
	invoice: 'mail',
	reminder: 'mail',
	payment: 'quote',
	mail: 'mail',
	faq: 'faq',
	about: 'about',
	contact: 'contact',
	account: 'account',
	approvals: 'account',
}

export const areaOf = (key: string) => key.split('.')[0]!

export function pageOfText(key: string): TextPage {
	return AREAS[areaOf(key)] ?? 'everywhere'
}

// The texts grouped by page, in TEXT_PAGES' order, keeping their order within a page.
export function groupTextsByPage<T extends { key: string }>(rows: T[]): { page: TextPage; rows: T[] }[] {
	const groups = new Map<TextPage, T[]>(TEXT_PAGES.map((page) => [page, []]))
	for (const row of rows) groups.get(pageOfText(row.key))!.push(row)
	return [...groups].filter(([, grouped]) => grouped.length > 0).map(([page, grouped]) => ({ page, rows: grouped }))
}
