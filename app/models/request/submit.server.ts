import { createHash } from 'node:crypto'
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { documents, requests } from '#database/schema.ts'
import { addressKey } from '#app/models/address-key.server.ts'
import { todayInDenmark } from '#app/models/calendar/working-days.ts'
import { resolveCompany, type BusinessResult, companyColumns } from '#app/models/company/search.server.ts'
import { newReference } from '#app/models/reference.server.ts'
import { broadcastTo } from '#app/models/live/broadcast.server.ts'
import { QuoteRefused, saveQuote } from '#app/models/quote/quote.server.ts'
import { checkQuoteChoices, earliestDeliveryDate } from '#app/models/quote/rules.ts'
import type { AppServices } from '#app/models/services.ts'
import { getSettings, listActiveLanguages } from '#app/models/site.server.ts'
import { REQUESTS_STREAM } from '#app/utils/cable.ts'
import type { Locale } from '#app/utils/locales.ts'
import { RequestFormSchema, type RequestField, type RequestFormValues } from '#app/models/request/form.ts'
import { sendRequestMails } from '#app/models/request/mail.server.ts'
import { presentRequestRow } from '#app/models/request/present.ts'

// Spam limits: this many requests per address in the window, and an identical request within a
// minute is stored once (a double click, a refreshed no-script page, a retried connection).
export const MAX_REQUESTS_PER_ADDRESS = 5
const RATE_WINDOW_MS = 10 * 60 * 1000
const DUPLICATE_WINDOW_MS = 60 * 1000

class Refusal extends Error {
	readonly errors: Partial<Record<RequestField, string>>
	constructor(errors: Partial<Record<RequestField, string>>) {
		super('refused')
		this.errors = errors
	}
}

type FieldErrors = Partial<Record<RequestField, string>>
// A refusal names a summary (a text key) and, per field, a reason code (request.error.<code>).
export type Refused = {
	ok: false
	status: 422 | 429
	summary: 'request.error.summary' | 'request.error.rate-limited' | 'quote.notSaved' | 'quote.noDocuments'
	errors: FieldErrors
}

export type SubmitInput = {
	fields: Record<RequestField, string>
	locale: Locale
	clientAddress: string
	draftId: string | null
}
export type SubmitResult = { ok: true; reference: string; email: string; draftUsed: boolean } | Refused
type SubmitServices = Pick<AppServices, 'db' | 'secretKey' | 'logger' | 'broadcast' | 'sendMail' | 'publicUrl'>

const refused = (errors: FieldErrors, status: 422 | 429 = 422): Refused => ({
	ok: false,
	status,
	summary: status === 429 ? 'request.error.rate-limited' : 'request.error.summary',
	errors,
})

function firstIssues(issues: { path: PropertyKey[]; message: string }[]): FieldErrors {
	const errors: FieldErrors = {}
	for (const issue of issues) errors[issue.path[0] as RequestField] ??= issue.message
	return errors
}

// The request form (order and contact pages): checked, stored with the visitor's documents and a
// quote of them, announced to the inbox and mailed; or refused with a reason per field.
export async function submitRequest(
	services: SubmitServices,
	{ fields, locale, clientAddress, draftId }: SubmitInput,
): Promise<SubmitResult> {
	const parsed = RequestFormSchema.safeParse(fields)
	if (!parsed.success) {
		const errors = firstIssues(parsed.error.issues)
		// Said at once with the rest, rather than after the customer fixed those.
		if (
			['on', 'true'].includes(fields.represents_company) &&
			!fields.company_cvr.trim() &&
			!fields.company_query.trim()
		)
			errors.company_query ??= 'company'
		return refused(errors)
	}
	// A robot that filled the hidden field is told it worked, and nothing is kept or sent.
	if (parsed.data.website) return { ok: true, reference: newReference(), email: parsed.data.email, draftUsed: false }

	const ipHash = addressKey('request', clientAddress, services.secretKey)
	try {
		const created = await createRequest(services.db, { values: parsed.data, locale, ipHash, draftId })
		if (created.isNew) {
			await broadcastTo(services, REQUESTS_STREAM, { type: 'request', request: created.summary })
			await sendRequestMails(services, created.id).catch((error: unknown) =>
				services.logger.error({ err: error }, 'request mails not queued'),
			)
		}
		return { ok: true, reference: created.reference, email: parsed.data.email, draftUsed: created.hadDocuments }
	} catch (error) {
		if (error instanceof RateLimited) return refused({}, 429)
		if (error instanceof Refusal) return refused(error.errors)
		throw error
	}
}

// "Save the quote" on the order page: the same form's choices, priced and kept under their own
// address; a refusal comes back like the request's own, beside the choice to correct.
const QUOTE_CHOICES = RequestFormSchema.pick({
	from_language: true,
	to_language: true,
	delivery_date: true,
	copies: true,
	certified: true,
	pages: true,
	certified_pdf: true,
})

export async function saveQuoteOfForm(
	db: Database,
	{ fields, locale, draftId }: Omit<SubmitInput, 'clientAddress'>,
): Promise<{ ok: true; id: string } | Refused> {
	const parsed = QUOTE_CHOICES.safeParse(fields)
	if (!parsed.success)
		return { ok: false, status: 422, summary: 'quote.notSaved', errors: firstIssues(parsed.error.issues) }
	try {
		return { ok: true, id: await saveQuote(db, draftId, parsed.data, locale) }
	} catch (error) {
		if (!(error instanceof QuoteRefused)) throw error
		if (!error.field) return { ok: false, status: 422, summary: 'quote.noDocuments', errors: {} }
		return { ok: false, status: 422, summary: 'quote.notSaved', errors: { [error.field]: REASON_CODES[error.reason] } }
	}
}

// The form's reason codes for the quote's checks.
const REASON_CODES = {
	'unknown-language': 'language',
	'same-language': 'same-language',
	'too-early': 'too-early',
	closed: 'closed',
	'no-documents': 'message-required',
} as const

class RateLimited extends Error {}

type NewRequest = { values: RequestFormValues; locale: Locale; ipHash: string; draftId: string | null }

async function createRequest(db: Database, { values, locale, ipHash, draftId }: NewRequest) {
	const [settings, languages] = await Promise.all([getSettings(db), listActiveLanguages(db, locale)])
	const company = values.represents_company ? await resolveCompany(db, values.company_cvr, values.company_query) : null
	const errors: Partial<Record<RequestField, string>> = {}
	if (values.represents_company && !company) errors.company_query = 'company'
	const { problems } = checkQuoteChoices(
		values,
		languages,
		earliestDeliveryDate(todayInDenmark(), settings.minDeliveryDays),
	)
	for (const problem of problems) errors[problem.field] = REASON_CODES[problem.reason]
	const draftDocuments = draftId
		? await db
				.select({ id: documents.id })
				.from(documents)
				.where(and(eq(documents.draftId, draftId), isNull(documents.requestId)))
		: []
	if (draftDocuments.length === 0 && !values.message) errors.message = 'message-required'
	if (Object.keys(errors).length) throw new Refusal(errors)

	const since = new Date(Date.now() - RATE_WINDOW_MS)
	const [recent] = await db
		.select({ n: count() })
		.from(requests)
		.where(and(eq(requests.ipHash, ipHash), gt(requests.createdAt, since)))
	const fingerprint = fingerprintOf(
		values,
		company,
		draftDocuments.map((document) => document.id),
	)
	const duplicate = await findDuplicate(db, fingerprint)
	if (duplicate) return { ...duplicate, isNew: false, hadDocuments: draftDocuments.length > 0 }
	if ((recent?.n ?? 0) >= MAX_REQUESTS_PER_ADDRESS) throw new RateLimited()

	const quoteId = draftDocuments.length
		? await saveQuote(
				db,
				draftId,
				{
					from_language: values.from_language,
					to_language: values.to_language,
					delivery_date: values.delivery_date,
					copies: values.copies,
					certified: values.certified,
					pages: values.pages,
					certified_pdf: values.certified_pdf,
				},
				locale,
			)
		: null
	const row = await db.transaction(async (tx) => {
		// Two identical submissions at once: the second waits here and then finds the first.
		await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${fingerprint}))`)
		const [existing] = await tx
			.select()
			.from(requests)
			.where(
				and(eq(requests.fingerprint, fingerprint), gt(requests.createdAt, new Date(Date.now() - DUPLICATE_WINDOW_MS))),
			)
		if (existing) return { ...existing, isNew: false }
		const [inserted] = await tx
			.insert(requests)
			.values({
				reference: newReference(),
				locale,
				name: values.name,
				email: values.email,
				phone: values.phone,
				...companyColumns(company),
				ean: values.ean || null,
				fromLanguage: values.from_language || null,
				toLanguage: values.to_language || null,
				deliveryDate: values.delivery_date || null,
				copies: values.copies,
				message: values.message,
				quoteId,
				ipHash,
				fingerprint,
			})
			.returning()
		if (draftId)
			await tx
				.update(documents)
				.set({ requestId: inserted!.id })
				.where(and(eq(documents.draftId, draftId), isNull(documents.requestId)))
		return { ...inserted!, isNew: true }
	})
	return {
		id: row.id,
		reference: row.reference,
		isNew: row.isNew,
		hadDocuments: draftDocuments.length > 0,
		summary: presentRequestRow(row, draftDocuments.length),
	}
}

async function findDuplicate(db: Database, fingerprint: string) {
	const [existing] = await db
		.select({ id: requests.id, reference: requests.reference })
		.from(requests)
		.where(
			and(eq(requests.fingerprint, fingerprint), gt(requests.createdAt, new Date(Date.now() - DUPLICATE_WINDOW_MS))),
		)
		.orderBy(desc(requests.createdAt))
		.limit(1)
	return existing ? { id: existing.id, reference: existing.reference, summary: null } : null
}

function fingerprintOf(values: RequestFormValues, company: BusinessResult | null, documentIds: string[]): string {
	const { website: _honeypot, company_query: _query, company_cvr: _cvr, ...rest } = values
	const content = JSON.stringify({
		...rest,
		email: rest.email.toLowerCase(),
		company: company?.vat_number ?? null,
		documents: documentIds.sort(),
	})
	return createHash('sha256').update(content).digest('hex')
}
