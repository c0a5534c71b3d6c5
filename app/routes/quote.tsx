import { data, useLoaderData } from 'react-router'
import type { Route } from './+types/quote'
import { useI18n } from '#app/components/i18n.tsx'
import { PageHeading, PageMeta } from '#app/components/page.tsx'
import { findQuote } from '#app/models/quote.server.ts'
import { getDb } from '#app/utils/context.server.ts'
import { formatDate, formatNumber, formatPrice } from '#app/utils/format.ts'
import { pathFor } from '#app/utils/locales.ts'

export async function loader({ params, context }: Route.LoaderArgs) {
	const quote = await findQuote(getDb(context), params.id)
	if (!quote) throw data({ error: 'Not found' }, { status: 404 })
	const { id, details, validUntil, deliveryDate, copies, currency, createdAt } = quote
	return {
		quote: { id, details, validUntil, deliveryDate, copies, currency, createdAt: createdAt.toISOString() },
		alternates: { da: pathFor('quote', 'da', { id }), en: pathFor('quote', 'en', { id }) },
	}
}

// Quotes are private: the link is the key, and search engines are kept out.
export function headers() {
	return { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store' }
}

export default function QuotePage() {
	const { quote } = useLoaderData<typeof loader>()
	const { locale, t } = useI18n()
	const { details } = quote
	const money = (amount: number) => formatPrice(amount, quote.currency, locale)
	const day = (value: string) => formatDate(new Date(`${value.slice(0, 10)}T12:00:00`), locale)
	return (
		<>
			<PageMeta title={t('savedQuote.title')} />
			<PageHeading title={t('savedQuote.title')} lead={t('savedQuote.lead', { date: day(quote.createdAt), validUntil: day(quote.validUntil) })} />
			<dl className="mb-6 grid max-w-xl gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
				{details.fromName && details.toName && (
					<>
						<dt className="text-slate-600">{t('prices.pair')}</dt>
						<dd>
							{details.fromName} → {details.toName}
						</dd>
					</>
				)}
				<dt className="text-slate-600">{t('quote.deliveryDate')}</dt>
				<dd>{quote.deliveryDate ? day(quote.deliveryDate) : day(details.quote.standardDate)}</dd>
			</dl>
			<table className="mb-6 w-full max-w-3xl text-left">
				<caption className="sr-only">{t('savedQuote.title')}</caption>
				<thead>
					<tr className="border-b border-slate-300">
						<th scope="col" className="py-2">{t('quote.file')}</th>
						<th scope="col" className="py-2 text-right">{t('quote.amount')}</th>
					</tr>
				</thead>
				<tbody>
					{details.quote.lines.map((line, index) => (
						<tr key={index} className="border-b border-slate-200">
							<th scope="row" className="py-2 font-normal">
								{line.name}{' '}
								<span className="text-sm text-slate-600">
									{line.basis === 'words' && t('quote.wordsAt', { words: formatNumber(line.quantity ?? 0, locale), price: money(details.pricePerWord) })}
									{line.basis === 'minutes' && t('quote.minutesAt', { minutes: formatNumber(line.quantity ?? 0, locale), price: money(details.pricePerMinute) })}
									{line.basis !== 'words' && line.basis !== 'minutes' && t('order.manual')}
								</span>
							</th>
							<td className="py-2 text-right">{money(line.amount)}</td>
						</tr>
					))}
				</tbody>
				<tfoot>
					{details.quote.minimumApplied && <TotalRow label={t('quote.minimum')} value={money(details.minimumOrder)} />}
					{details.quote.express > 0 && <TotalRow label={t('quote.express', { percent: details.quote.surchargePercent })} value={money(details.quote.express)} />}
					{details.quote.copies > 0 && <TotalRow label={t('quote.copiesLine', { copies: quote.copies })} value={money(details.quote.copies)} />}
					<TotalRow label={t('quote.total')} value={money(details.quote.total)} />
					<TotalRow label={t('quote.vat', { vat: details.vatPercent })} value={money(details.quote.vat)} />
					<TotalRow label={t('quote.totalWithVat')} value={money(details.quote.totalWithVat)} />
				</tfoot>
			</table>
			{details.quote.hasManual && <p className="mb-4 text-sm text-slate-600">{t('quote.manualNote')}</p>}
			<a href={`/quotes/${quote.id}/pdf?lang=${locale}`} className="inline-block rounded-md bg-teal-800 px-5 py-3 font-semibold text-white hover:bg-teal-900" download>
				{t('savedQuote.pdf')}
			</a>
		</>
	)
}

function TotalRow({ label, value }: { label: string; value: string }) {
	return (
		<tr>
			<th scope="row" className="py-1 font-semibold">
				{label}
			</th>
			<td className="py-1 text-right font-semibold">{value}</td>
		</tr>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/page.tsx'
