// CVR numbers are eight digits whose weighted sum (2, 7, 6, 5, 4, 3, 2, 1) is divisible by 11.
const CVR_WEIGHTS = [2, 7, 6, 5, 4, 3, 2, 1]

export function isValidCvr(value: string): boolean {
	if (!/^[1-9]\d{7}$/.test(value)) return false
	const sum = CVR_WEIGHTS.reduce((total, weight, index) => total + weight * Number(value[index]), 0)
	return sum % 11 === 0
}

// The check digit that makes seven digits a valid CVR number, or null when none does.
export function cvrCheckDigit(first7: string): number | null {
	const sum = CVR_WEIGHTS.slice(0, 7).reduce((total, weight, index) => total + weight * Number(first7[index]), 0)
	const digit = (11 - (sum % 11)) % 11
	return digit === 10 ? null : digit
}

// "12345678", "12 34 56 78", "DK12345678", "DK-12 34 56 78": the number, or null for anything else.
export function parseCvrQuery(query: string): number | null {
	const digits = query.trim().replace(/^dk[\s-]*/i, '')
	if (!/^[\d\s]+$/.test(digits)) return null
	const compact = digits.replace(/\s/g, '')
	return /^[1-9]\d{7}$/.test(compact) ? Number(compact) : null
}

// EAN (GLN) numbers of public bodies: 13 digits, the last a GS1 check digit (weights 1 and 3
// from the left, so that the total with the check digit is a multiple of 10).
export function isValidEan(value: string): boolean {
	if (!/^\d{13}$/.test(value)) return false
	const sum = [...value].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0)
	return sum % 10 === 0
}
