// One company as the registry describes it, whatever file it was read from.
export type CompanyRecord = {
	cvr: number
	unitNumber: number | null
	name: string
	legalForm: string | null
	street: string
	postcode: string
	city: string
	status: string
	isActive: boolean
	isAdProtected: boolean
}

// How a company's postcode and city read on one line ("6200 Aabenraa").
export function cityLine(postcode: string, city: string): string {
	return `${postcode} ${city}`.trim()
}

// The business picker's answer (the spec's business search result, plus whether it still trades).
export type BusinessResult = {
	id: string
	name: string
	vat_number: string
	street: string
	city: string
	active: boolean
}
