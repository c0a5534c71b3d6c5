import { Link, useLoaderData } from 'react-router'
import type { Route } from './+types/quote'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { PageHeading, PageMeta } from '#app/components/public/page.tsx'
import { QuoteTable } from '#app/components/order/quote-table.tsx'
import { findQuote } from '#app/models/quote/quote.server.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import { quotePreviews } from '#app/models/quote/counted-text.server.ts'
import { formatDay } from '#app/utils/format.ts'
import { pathFor } from '#app/utils/locales.ts'
import { notFound } from '#app/http/responses.server.ts'
import { buttonClass } from '#app/components/ui/button.tsx'

export async function loader({ params, context }: Route.LoaderArgs) {
	const quote = await findQuote(getDb(context), params.id)
	if (!quote) throw notFound()
	const { id, details, validUntil, deliveryDate, copies, currency, createdAt } = quote
	const previews = await quotePreviews(getServices(context), details)
	return {
		quote: { id, details, validUntil, deliveryDate, copies, currency, createdAt: createdAt.toISOString() },
		previews,
		alternates: { da: pathFor('quote', 'da', { id }), en: pathFor('quote', 'en', { id }) },
	}
}

// Quotes are private: the link is the key, and search engines are kept out.
export function headers() {
	return { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store' }
}

export default function QuotePage() {
	const { quote, previews } = useLoaderData<typeof loader>()
	const { locale, t } = useI18n()
	const { details } = quote
	const counted = previews.map((parts, index) =>
		parts ? { parts, href: `/quotes/${quote.id}/documents/${details.documents[index]!.id}/text?lang=${locale}` } : null,
	)
	const day = (value: string) => formatDay(value, locale)
	return (
		<>
			<PageMeta title={t('savedQuote.title')} />
			<PageHeading
				title={<Text k="savedQuote.title" />}
				lead={<Text k="savedQuote.lead" vars={{ date: day(quote.createdAt), validUntil: day(quote.validUntil) }} />}
			/>
			<dl className="mb-6 grid max-w-xl gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
				{details.fromName && details.toName && (
					<>
						<Text as="dt" k="prices.pair" className="text-slate-600" />
						<dd>
							{details.fromName} → {details.toName}
						</dd>
					</>
				)}
				<Text as="dt" k="quote.deliveryDate" className="text-slate-600" />
				<dd>{quote.deliveryDate ? day(quote.deliveryDate) : day(details.quote.standardDate)}</dd>
			</dl>
			<div className="mb-6 max-w-3xl">
				<QuoteTable
					quote={details.quote}
					prices={{ ...details, currency: quote.currency }}
					copies={quote.copies}
					counted={counted}
				/>
			</div>
			{details.quote.hasManual && <Text as="p" k="quote.manualNote" className="mb-4 text-sm text-slate-600" />}
			<Text as="p" k="savedQuote.next" className="mb-4 max-w-2xl text-slate-700" />
			<div className="flex flex-wrap items-center gap-4">
				<Link to={pathFor('acceptQuote', locale, { id: quote.id })} className={`inline-block ${buttonClass('large')}`}>
					{t('savedQuote.accept')}
				</Link>
				<a
					href={`/quotes/${quote.id}/pdf?lang=${locale}`}
					className="inline-block rounded-md border border-slate-400 px-5 py-3 font-medium hover:bg-slate-50"
					download
				>
					{t('savedQuote.pdf')}
				</a>
			</div>
		</>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/public/page.tsx'
