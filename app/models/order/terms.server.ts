import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { pages, settings, type AcceptedTerms } from '#database/schema.ts'
import { paymentTermsHtml, type PaymentTerms } from '#app/models/order/payment-terms.ts'
import type { Locale } from '#app/utils/locales.ts'

// The terms of business are the content page staff edit under this address.
export const TERMS_SLUG = { da: 'handelsbetingelser', en: 'terms' } as const

// The terms as the customer accepts them now: the page's title and text in their language ending
// with the payment terms from the settings, and a hash, kept with the order so a later edit of the
// page or the settings does not change what was agreed.
export async function currentTerms(db: Pick<Database, 'select'>, locale: Locale): Promise<AcceptedTerms> {
	const [[page], [agency]] = await Promise.all([
		db.select().from(pages).where(eq(pages.slugDa, TERMS_SLUG.da)),
		db.select().from(settings).where(eq(settings.id, 1)),
	])
	const title = page
		? locale === 'da'
			? page.titleDa
			: page.titleEn
		: locale === 'da'
			? 'Handelsbetingelser'
			: 'Terms of business'
	const body = `${page ? (locale === 'da' ? page.bodyDa : page.bodyEn) : ''}${agency ? paymentTermsHtml(agency, locale) : ''}`
	return {
		pageId: page?.id ?? null,
		title,
		body,
		sha256: createHash('sha256').update(`${title}\n${body}`).digest('hex'),
		updatedAt: page?.updatedAt.toISOString() ?? null,
		...(agency ? { paymentTermsDays: agency.paymentTermsDays } : {}),
	}
}

// The days of credit an order's invoice gets: those its customer accepted, or today's setting for
// an order accepted before the terms stated them.
export const agreedPaymentDays = (terms: AcceptedTerms, current: PaymentTerms['paymentTermsDays']) =>
	terms.paymentTermsDays ?? current
