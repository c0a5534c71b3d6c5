import { matchPath } from 'react-router'

export const LOCALES = ['da', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'da'

// Every public page and its address in each language: the route table is built from this,
// and the language switch uses it to keep the visitor on the same page.
export const PAGE_PATHS = {
	home: { da: '/', en: '/en' },
	prices: { da: '/priser', en: '/en/prices' },
	order: { da: '/bestil', en: '/en/order' },
	faq: { da: '/faq', en: '/en/faq' },
	about: { da: '/om-os', en: '/en/about' },
	contact: { da: '/kontakt', en: '/en/contact' },
	page: { da: '/p/:slug', en: '/en/p/:slug' },
	quote: { da: '/tilbud/:id', en: '/en/quote/:id' },
	// "Accept and order": the saved quote's form, and the order it becomes (the link is the key).
	acceptQuote: { da: '/tilbud/:id/bestil', en: '/en/quote/:id/order' },
	orderStatus: { da: '/ordre/:token', en: '/en/orders/:token' },
	// The customer's account (app/models/customer): sign in by a link, then their records.
	account: { da: '/konto', en: '/en/account' },
	accountOrder: { da: '/konto/ordrer/:id', en: '/en/account/orders/:id' },
	accountQuotes: { da: '/konto/tilbud', en: '/en/account/quotes' },
	accountInvoices: { da: '/konto/fakturaer', en: '/en/account/invoices' },
	accountDetails: { da: '/konto/oplysninger', en: '/en/account/details' },
	accountSignIn: { da: '/konto/log-ind', en: '/en/account/sign-in' },
	accountLink: { da: '/konto/link/:token', en: '/en/account/link/:token' },
} as const satisfies Record<string, Record<Locale, string>>

export type PageName = keyof typeof PAGE_PATHS

// Pages only a signed-in customer (or the link from their mail) opens: never in the sitemap.
export const PRIVATE_PAGES: readonly PageName[] = [
	'account',
	'accountOrder',
	'accountQuotes',
	'accountInvoices',
	'accountDetails',
	'accountSignIn',
	'accountLink',
]

// Where the language-pair price check posts, per language (the answer's messages follow it).
export const PAIR_PRICE_PATHS = { da: '/priser/sprogpar', en: '/en/prices/pair' } as const satisfies Record<
	Locale,
	string
>

export const ANALYTICS_PATH = '/analytics/events'

// Where the order page's upload form posts, per language (refusals come back in it).
export const UPLOAD_PATHS = { da: '/bestil/dokumenter', en: '/en/order/documents' } as const satisfies Record<
	Locale,
	string
>

// Also for React Router's data requests, which the server sees as `/en.data` and `/en/….data`.
export function localeFromPath(pathname: string): Locale {
	return pathname === '/en' || pathname === '/en.data' || pathname.startsWith('/en/') ? 'en' : 'da'
}

export function pathFor(page: PageName, locale: Locale, params: Record<string, string> = {}): string {
	return PAGE_PATHS[page][locale].replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))
}

// Content pages have a slug per language, so their alternates come from the page's own data.
export function alternatePaths(pathname: string): Record<Locale, string> {
	const locale = localeFromPath(pathname)
	for (const paths of Object.values(PAGE_PATHS)) {
		if (paths.da.includes(':')) continue
		if (matchPath(paths[locale], pathname)) return { da: paths.da, en: paths.en }
	}
	return { da: '/', en: '/en' }
}

export function intlLocale(locale: Locale): string {
	return locale === 'da' ? 'da-DK' : 'en-GB'
}
