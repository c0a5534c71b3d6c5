import { LOCALES, PAGE_PATHS } from '#app/utils/locales.ts'

// The pages a visitor reads (home, prices, FAQ, about): they carry no texts of the order flow or
// the account, which are a third of the Danish texts. The root loads them again when a visitor
// moves on from one of these pages to another page (root.tsx's shouldRevalidate).
const READING: ReadonlySet<string> = new Set(
	(['home', 'prices', 'faq', 'about'] as const).flatMap((name) => LOCALES.map((locale) => PAGE_PATHS[name][locale])),
)

// Also for React Router's data requests (`/_.data` is the home page's, `/en/faq.data` the FAQ's).
export const isReadingPage = (pathname: string): boolean =>
	READING.has(pathname.replace(/\/_\.data$/, '/').replace(/\.data$/, ''))

// What those pages leave out: texts only the order flow, the saved quote and the account show.
export const NOT_FOR_READING =
	/^(account|approvals|thread|request|quote|orderPage|accept|upload|invoice|payment|certified|savedQuote|orderStatus|order|datePicker)\./
