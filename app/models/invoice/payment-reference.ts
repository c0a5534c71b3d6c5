// What a customer types on a bank transfer so the payment finds its invoice: the invoice number,
// and when the agency has an FI creditor number (an "indbetalingskort" agreement with its bank),
// an FI payment ID of type 71: the invoice number in 14 digits and a modulus-10 check digit,
// printed as +71<000000000001234+12345678<.
export function fiPaymentId(invoiceNumber: number): string {
	const payload = String(invoiceNumber).padStart(14, '0')
	return `${payload}${mod10CheckDigit(payload)}`
}

// Modulus 10 (Luhn): from the right, every other digit doubled, the digits of the products summed.
export function mod10CheckDigit(digits: string): number {
	let sum = 0
	for (let index = 0; index < digits.length; index++) {
		const digit = Number(digits[digits.length - 1 - index])
		const product = index % 2 === 0 ? digit * 2 : digit
		sum += product > 9 ? product - 9 : product
	}
	return (10 - (sum % 10)) % 10
}

export const fiPaymentLine = (invoiceNumber: number, creditor: string) =>
	`+71<${fiPaymentId(invoiceNumber)}+${creditor}<`

// The payment ID read back from a bank statement's text: 15 digits whose last is their check digit.
export function invoiceNumberFromFiId(id: string): number | null {
	if (!/^\d{15}$/.test(id) || mod10CheckDigit(id.slice(0, 14)) !== Number(id[14])) return null
	return Number(id.slice(0, 14))
}
