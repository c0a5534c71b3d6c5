import { z } from 'zod'
import { cleanLine, cleanText } from '#app/models/text/clean.ts'
import { isValidEan } from '#app/models/company/cvr.ts'
import { asCalendarDate } from '#app/models/calendar/working-days.ts'

// The request (lead) form's fields, checked the same way wherever the form is shown. Messages are
// codes; the page's language turns them into text (request.error.<code>).
export const REQUEST_FIELDS = [
	'name',
	'email',
	'phone',
	'represents_company',
	'company_cvr',
	'company_query',
	'ean',
	'from_language',
	'to_language',
	'delivery_date',
	'copies',
	'certified',
	'pages',
	'certified_pdf',
	'message',
	'consent',
	'website',
] as const
export type RequestField = (typeof REQUEST_FIELDS)[number]

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/
const LANGUAGE_CODE = z.string().trim().max(12, 'language')

// What a customer types is cleaned as it is read, before any rule looks at it: no control
// characters and no bidirectional controls (app/models/text/clean.ts), so none reaches an invoice.
export const typedLine = <T extends z.ZodType>(schema: T) =>
	z.preprocess((value) => (typeof value === 'string' ? cleanLine(value) : value), schema)
export const typedText = <T extends z.ZodType>(schema: T) =>
	z.preprocess((value) => (typeof value === 'string' ? cleanText(value) : value), schema)

// Who the customer is, as the request form and "Accept and order" both ask it.
export const CUSTOMER_FIELDS = {
	name: typedLine(z.string().trim().min(1, 'required').max(200, 'too-long')),
	email: typedLine(z.string().trim().min(1, 'required').max(254, 'too-long').regex(EMAIL, 'email')),
	phone: typedLine(
		z
			.string()
			.trim()
			.max(40, 'too-long')
			.regex(/^[+\d\s().-]*$/, 'phone'),
	),
	company_cvr: typedLine(z.string().trim().max(20, 'company')),
	company_query: typedLine(z.string().trim().max(200, 'too-long')),
	ean: typedLine(
		z
			.string()
			.transform((value) => value.replace(/[\s-]/g, ''))
			.refine((value) => value === '' || isValidEan(value), 'ean'),
	),
}

export const RequestFormSchema = z.object({
	...CUSTOMER_FIELDS,
	represents_company: z.string().transform((value) => value === 'on' || value === 'true'),
	from_language: LANGUAGE_CODE,
	to_language: LANGUAGE_CODE,
	delivery_date: z.union([z.literal(''), z.string().refine((value) => asCalendarDate(value) !== null, 'date')]),
	copies: z.union([
		z.literal('').transform(() => 0),
		z.coerce.number('copies').int('copies').min(0, 'copies').max(100, 'copies'),
	]),
	// A certified translation, priced per page; the pages of scans and photos; the signed PDF.
	certified: z.string().transform((value) => value === 'on' || value === 'true'),
	pages: z.union([
		z.literal('').transform(() => 0),
		z.coerce.number('pages').int('pages').min(0, 'pages').max(500, 'pages'),
	]),
	certified_pdf: z.string().transform((value) => value === 'on' || value === 'true'),
	message: typedText(z.string().trim().max(5000, 'too-long')),
	consent: z.string().refine((value) => value === 'on' || value === 'true', 'consent'),
	// A honeypot: hidden from people, filled in by naive robots.
	website: z.string(),
})
export type RequestFormValues = z.infer<typeof RequestFormSchema>

// Every field as a string ('' when absent), so a missing field reads as empty, not as a type error.
export function readRequestFields(form: FormData): Record<RequestField, string> {
	return Object.fromEntries(
		REQUEST_FIELDS.map((field) => [field, String(form.get(field) ?? '').slice(0, 10_000)]),
	) as Record<RequestField, string>
}

export type RequestFormResult =
	| { ok: true; reference: string; email: string }
	| {
			ok: false
			message: string
			errors: Partial<Record<RequestField, string>>
			values: Partial<Record<RequestField, string>>
	  }
