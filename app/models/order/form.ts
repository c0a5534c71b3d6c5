import { z } from 'zod'
import { CUSTOMER_FIELDS, EMAIL, typedLine } from '#app/models/request/form.ts'

// "Accept and order": who orders, who pays, and the terms. Messages are codes the page's language
// turns into text (request.error.<code>), as on the request form.
export const ACCEPT_FIELDS = [
	'name',
	'email',
	'phone',
	'customer_kind',
	'company_cvr',
	'company_query',
	'ean',
	'purchase_order',
	'cost_centre',
	'invoice_email',
	'buyer_reference',
	'foreign',
	'foreign_name',
	'foreign_address',
	'vat_number',
	'terms',
] as const
export type AcceptField = (typeof ACCEPT_FIELDS)[number]

// The finance office's address, where invoices, credit notes and reminders go (optional).
export const INVOICE_EMAIL = typedLine(
	z
		.string()
		.trim()
		.max(254, 'too-long')
		.refine((value) => value === '' || EMAIL.test(value), 'email'),
)

export const AcceptOrderSchema = z.object({
	...CUSTOMER_FIELDS,
	customer_kind: z.enum(['company', 'private'], 'customer-kind'),
	purchase_order: typedLine(z.string().trim().max(60, 'too-long')),
	cost_centre: typedLine(z.string().trim().max(60, 'too-long')),
	invoice_email: INVOICE_EMAIL,
	// A public body with an EAN routes its e-invoices by a person reference or ID.
	buyer_reference: typedLine(z.string().trim().max(60, 'too-long')),
	// A business in another EU country: its name, address and VAT number (reverse charge).
	foreign: z.string().transform((value) => value === 'on' || value === 'true'),
	foreign_name: typedLine(z.string().trim().max(200, 'too-long')),
	foreign_address: typedLine(z.string().trim().max(300, 'too-long')),
	vat_number: typedLine(z.string().trim().max(30, 'too-long')),
	terms: z.string().refine((value) => value === 'on' || value === 'true', 'terms'),
})
export type AcceptOrderValues = z.infer<typeof AcceptOrderSchema>

// The page asks "for a company or public body?" with one checkbox (value "company"); unchecked is a
// private person.
export function readAcceptFields(form: FormData): Record<AcceptField, string> {
	const fields = Object.fromEntries(
		ACCEPT_FIELDS.map((field) => [field, String(form.get(field) ?? '').slice(0, 10_000)]),
	) as Record<AcceptField, string>
	return { ...fields, customer_kind: fields.customer_kind === 'company' ? 'company' : 'private' }
}
