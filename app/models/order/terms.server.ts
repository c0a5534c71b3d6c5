import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { pages, type AcceptedTerms } from '#database/schema.ts'
import type { Locale } from '#app/utils/locales.ts'

// The terms of business are the content page staff edit under this address.
export const TERMS_SLUG = { da: 'handelsbetingelser', en: 'terms' } as const

// The terms as the customer accepts them now: the page's title and text in their language, and a
// hash, kept with the order so a later edit of the page does not change what was agreed.
export async function currentTerms(db: Pick<Database, 'select'>, locale: Locale): Promise<AcceptedTerms> {
	const [page] = await db.select().from(pages).where(eq(pages.slugDa, TERMS_SLUG.da))
	const title = page
		? locale === 'da'
			? page.titleDa
			: page.titleEn
		: locale === 'da'
			? 'Handelsbetingelser'
			: 'Terms of business'
	const body = page ? (locale === 'da' ? page.bodyDa : page.bodyEn) : ''
	return {
		pageId: page?.id ?? null,
		title,
		body,
		sha256: createHash('sha256').update(`${title}\n${body}`).digest('hex'),
		updatedAt: page?.updatedAt.toISOString() ?? null,
	}
}
