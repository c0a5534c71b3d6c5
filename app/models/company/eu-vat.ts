import { checkVAT, countries } from 'jsvat-next'

// The EU countries besides Denmark: a business there buys our services without Danish VAT (the
// buyer accounts for it: reverse charge). Checked offline, by each country's format and check
// digits (jsvat-next); no live lookup in VIES.
const OTHER_EU_CODES = new Set(
	'AT BE BG HR CY CZ EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' '),
)
const OTHER_EU = countries.filter((country) => OTHER_EU_CODES.has(country.codes[0]!))

export type EuVatNumber = { value: string; country: string }

// A VAT number of a business in another EU country, as written on an invoice ("DE136695976"), and
// its country; null if it is not one (a wrong check digit, a Danish or non-EU number).
export function readEuVatNumber(input: string): EuVatNumber | null {
	const compact = input.replace(/[\s.-]/g, '').toUpperCase()
	if (compact.length < 4 || compact.length > 16) return null
	const result = checkVAT(compact, OTHER_EU)
	if (!result.isValid || !result.value || !result.country) return null
	// Greece writes EL in VAT numbers.
	const country = result.country.isoCode.short === 'GR' ? 'EL' : result.country.isoCode.short
	const value = result.value.startsWith(country) ? result.value : `${country}${result.value.replace(/^[A-Z]{2}/, '')}`
	return { value, country: result.country.isoCode.short }
}

export const isDanishVatNumber = (input: string) => /^DK\d{8}$/i.test(input.replace(/[\s.-]/g, ''))
