import { createHash, randomInt } from 'node:crypto'
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import { data, redirect, type RouterContextProvider } from 'react-router'
import type { Database } from '#database/client.ts'
import { documents, requests } from '#database/schema.ts'
import { parseCvrQuery } from '#app/models/company/cvr.ts'
import { addressKey } from '#app/utils/address-key.server.ts'
import { companySearchName } from '#app/models/company/fold.ts'
import { findCompanyByCvr, type BusinessResult } from '#app/models/company/search.server.ts'
import { clearDraftCookie, readDraftId } from '#app/models/documents/draft.server.ts'
import { broadcastTo } from '#app/models/live/streams.server.ts'
import { QuoteRefused, saveQuote } from '#app/models/quote.server.ts'
import { getSettings, listActiveLanguages } from '#app/models/site.server.ts'
import { loadMessages } from '#app/models/translation.server.ts'
import { requestInfoContext, servicesContext } from '#app/utils/context.server.ts'
import { stripTags, translate } from '#app/utils/i18n.ts'
import { localeFromPath, pathFor, type Locale } from '#app/utils/locales.ts'
import { REQUESTS_STREAM } from '#app/utils/cable.ts'
import { readRequestFields, RequestFormSchema, type RequestField, type RequestFormResult, type RequestFormValues } from '#app/utils/request-form.ts'
import { addCalendarDays, todayInDenmark } from '#app/utils/working-days.ts'
import { sendRequestMails } from './mail.server.ts'
import { presentRequestRow } from './present.ts'

type Context = Readonly<RouterContextProvider>

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

// A refusal in the page's language: the summary, each field's reason, and every value as typed
// (but the honeypot), so the form comes back as it was sent.
async function refuser(context: Context, locale: Locale, fields: Record<RequestField, string>) {
	const messages = await loadMessages(context.get(servicesContext).db, locale)
	const text = (key: string) => stripTags(translate(messages, key))
	const { website: _honeypot, ...values } = fields
	return (summaryKey: string, errors: Partial<Record<RequestField, string>>, status = 422) => {
		const translated = Object.fromEntries(Object.entries(errors).map(([field, code]) => [field, text(`request.error.${code}`)]))
		return data<RequestFormResult>({ ok: false, message: text(summaryKey), errors: translated, values }, { status })
	}
}

// The request form's action on the order and contact pages: 422 with the reasons in the page's
// language and every value as typed, or the new request's reference.
export async function handleRequestSubmission(request: Request, form: FormData, context: Context) {
	const locale = localeFromPath(new URL(request.url).pathname)
	const fields = readRequestFields(form)
	const refuseWith = await refuser(context, locale, fields)
	const refuse = (errors: Partial<Record<RequestField, string>>, status = 422) => refuseWith(status === 429 ? 'request.error.rate-limited' : 'request.error.summary', errors, status)

	const parsed = RequestFormSchema.safeParse(fields)
	if (!parsed.success) {
		const errors: Partial<Record<RequestField, string>> = {}
		for (const issue of parsed.error.issues) errors[issue.path[0] as RequestField] ??= issue.message
		// Said at once with the rest, rather than after the customer fixed those.
		if (['on', 'true'].includes(fields.represents_company) && !fields.company_cvr.trim() && !fields.company_query.trim()) errors.company_query ??= 'company'
		return refuse(errors)
	}
	const { secretKey, logger, publicUrl } = context.get(servicesContext)
	// A robot that filled the hidden field is told it worked, and nothing is kept or sent.
	if (parsed.data.website) return data<RequestFormResult>({ ok: true, reference: newReference(), email: parsed.data.email })

	const ipHash = addressKey('request', context.get(requestInfoContext).clientAddress, secretKey)
	try {
		const draftId = await readDraftId(request, context)
		const created = await createRequest(context, { values: parsed.data, locale, ipHash, draftId })
		if (created.isNew) {
			await broadcastTo(context, REQUESTS_STREAM, { type: 'request', request: created.summary })
			await sendRequestMails(context, created.id, publicUrl).catch((error: unknown) => logger.error({ err: error }, 'request mails not queued'))
		}
		const headers = created.hadDocuments ? { 'Set-Cookie': await clearDraftCookie(context) } : undefined
		return data<RequestFormResult>({ ok: true, reference: created.reference, email: parsed.data.email }, { headers })
	} catch (error) {
		if (error instanceof RateLimited) return refuse({}, 429)
		if (error instanceof Refusal) return refuse(error.errors)
		throw error
	}
}

// "Save the quote" on the order page: the same form's choices, priced and kept under their own
// address; a refusal comes back like the request's own, beside the choice to correct.
const QUOTE_CHOICES = RequestFormSchema.pick({ from_language: true, to_language: true, delivery_date: true, copies: true })

export async function handleQuoteSave(request: Request, form: FormData, context: Context) {
	const locale = localeFromPath(new URL(request.url).pathname)
	const fields = readRequestFields(form)
	const parsed = QUOTE_CHOICES.safeParse(fields)
	if (!parsed.success) {
		const errors: Partial<Record<RequestField, string>> = {}
		for (const issue of parsed.error.issues) errors[issue.path[0] as RequestField] ??= issue.message
		return (await refuser(context, locale, fields))('quote.notSaved', errors)
	}
	try {
		const id = await saveQuote(context.get(servicesContext).db, await readDraftId(request, context), parsed.data, locale)
		return redirect(pathFor('quote', locale, { id }))
	} catch (error) {
		if (!(error instanceof QuoteRefused)) throw error
		const refuse = await refuser(context, locale, fields)
		if (!error.field) return refuse('quote.noDocuments', {})
		return refuse('quote.notSaved', { [error.field]: error.reason === 'unknown-language' ? 'language' : error.reason })
	}
}

class RateLimited extends Error {}

type NewRequest = { values: RequestFormValues; locale: Locale; ipHash: string; draftId: string | null }

async function createRequest(context: Context, { values, locale, ipHash, draftId }: NewRequest) {
	const { db } = context.get(servicesContext)
	const [settings, languages] = await Promise.all([getSettings(db), listActiveLanguages(db, locale)])
	const company = values.represents_company ? await resolveCompany(context, values) : null
	const errors: Partial<Record<RequestField, string>> = {}
	if (values.represents_company && !company) errors.company_query = 'company'
	for (const field of ['from_language', 'to_language'] as const) {
		if (values[field] && !languages.some((language) => language.code === values[field])) errors[field] = 'language'
	}
	if (values.from_language && values.from_language === values.to_language) errors.to_language = 'same-language'
	if (values.delivery_date && values.delivery_date < addCalendarDays(todayInDenmark(), settings.minDeliveryDays)) errors.delivery_date = 'too-early'
	const draftDocuments = draftId
		? await db.select({ id: documents.id }).from(documents).where(and(eq(documents.draftId, draftId), isNull(documents.requestId)))
		: []
	if (draftDocuments.length === 0 && !values.message) errors.message = 'message-required'
	if (Object.keys(errors).length) throw new Refusal(errors)

	const since = new Date(Date.now() - RATE_WINDOW_MS)
	const [recent] = await db.select({ n: count() }).from(requests).where(and(eq(requests.ipHash, ipHash), gt(requests.createdAt, since)))
	const fingerprint = fingerprintOf(values, company, draftDocuments.map((document) => document.id))
	const duplicate = await findDuplicate(db, fingerprint)
	if (duplicate) return { ...duplicate, isNew: false, hadDocuments: draftDocuments.length > 0 }
	if ((recent?.n ?? 0) >= MAX_REQUESTS_PER_ADDRESS) throw new RateLimited()

	const quoteId = draftDocuments.length
		? await saveQuote(db, draftId, { from_language: values.from_language, to_language: values.to_language, delivery_date: values.delivery_date, copies: values.copies }, locale)
		: null
	const row = await db.transaction(async (tx) => {
		// Two identical submissions at once: the second waits here and then finds the first.
		await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${fingerprint}))`)
		const [existing] = await tx.select().from(requests).where(and(eq(requests.fingerprint, fingerprint), gt(requests.createdAt, new Date(Date.now() - DUPLICATE_WINDOW_MS))))
		if (existing) return { ...existing, isNew: false }
		const [inserted] = await tx
			.insert(requests)
			.values({
				reference: newReference(),
				locale,
				name: values.name,
				email: values.email,
				phone: values.phone,
				companyCvr: company ? Number(company.vat_number) : null,
				companyName: company?.name ?? null,
				companyAddress: company ? [company.street, company.city].filter(Boolean).join(', ') : null,
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
		if (draftId) await tx.update(documents).set({ requestId: inserted!.id }).where(and(eq(documents.draftId, draftId), isNull(documents.requestId)))
		return { ...inserted!, isNew: true }
	})
	return { id: row.id, reference: row.reference, isNew: row.isNew, hadDocuments: draftDocuments.length > 0, summary: presentRequestRow(row, draftDocuments.length) }
}

async function findDuplicate(db: Database, fingerprint: string) {
	const [existing] = await db
		.select({ id: requests.id, reference: requests.reference })
		.from(requests)
		.where(and(eq(requests.fingerprint, fingerprint), gt(requests.createdAt, new Date(Date.now() - DUPLICATE_WINDOW_MS))))
		.orderBy(desc(requests.createdAt))
		.limit(1)
	return existing ? { id: existing.id, reference: existing.reference, summary: null } : null
}

// The picker sends the CVR number; without script, the customer types a CVR number or the
// company's exact name.
async function resolveCompany(context: Context, values: RequestFormValues): Promise<BusinessResult | null> {
	const { db } = context.get(servicesContext)
	const cvr = parseCvrQuery(values.company_cvr) ?? parseCvrQuery(values.company_query)
	if (cvr !== null) return findCompanyByCvr(db, cvr)
	if (!values.company_query) return null
	const { rows } = await db.$client.query<{ cvr: number }>('select cvr from companies where search_name = $1 order by is_active desc limit 2', [companySearchName(values.company_query)])
	return rows.length === 1 ? findCompanyByCvr(db, rows[0]!.cvr) : null
}

function fingerprintOf(values: RequestFormValues, company: BusinessResult | null, documentIds: string[]): string {
	const { website: _honeypot, company_query: _query, company_cvr: _cvr, ...rest } = values
	const content = JSON.stringify({ ...rest, email: rest.email.toLowerCase(), company: company?.vat_number ?? null, documents: documentIds.sort() })
	return createHash('sha256').update(content).digest('hex')
}

// Eight characters of Crockford's base32 (no I, L, O or U), easy to read out on the phone.
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
function newReference(): string {
	const characters = Array.from({ length: 8 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)])
	return `${characters.slice(0, 4).join('')}-${characters.slice(4).join('')}`
}
