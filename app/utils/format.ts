import { intlLocale, type Locale } from './locales.ts'

export function formatNumber(value: number, locale: Locale): string {
	return new Intl.NumberFormat(intlLocale(locale)).format(value)
}

export function formatPrice(amount: number, currency: string, locale: Locale): string {
	return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency }).format(amount)
}

// Totals are rounded to whole units, so they are shown without decimals.
export function formatWholePrice(amount: number, currency: string, locale: Locale): string {
	return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency, maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(amount)
}

export function formatDate(date: Date, locale: Locale): string {
	return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long' }).format(date)
}
