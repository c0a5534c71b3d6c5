import { Link, useLoaderData } from 'react-router'
import type { Route } from './+types/quotes'
import { AccountFrame, AccountPager } from '#app/components/account/account-frame.tsx'
import { CardList, Facts, filterQuery, ListFilterForm, pairName } from '#app/components/account/account-lists.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { accountQuotes, ACCOUNT_PAGE_SIZE } from '#app/models/customer/records.server.ts'
import { readQuoteFilter } from '#app/models/customer/account-filter.server.ts'
import { QUOTE_STATES } from '#app/models/customer/account-states.ts'
import { quoteNumber } from '#app/models/quote/pdf.server.ts'
import { accountFrameOf, pageParamOf, requireCustomer } from '#app/http/customer.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { formatDay, formatPrice } from '#app/utils/format.ts'
import { pathFor } from '#app/utils/locales.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const { customer, access } = await requireCustomer(request, context)
	const page = pageParamOf(request)
	const filter = readQuoteFilter(new URL(request.url))
	const [frame, list] = await Promise.all([
		accountFrameOf(context, customer),
		accountQuotes(getDb(context), access, page, filter),
	])
	return {
		...frame,
		page,
		filter,
		size: ACCOUNT_PAGE_SIZE,
		total: list.total,
		rows: list.rows.map((row) => ({ ...row, number: quoteNumber(row.id) })),
		alternates: { da: pathFor('accountQuotes', 'da'), en: pathFor('accountQuotes', 'en') },
	}
}

export function headers() {
	return { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store' }
}

type Quote = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number]

export default function AccountQuotesPage() {
	const { account, stream, rows, total, page, size, filter } = useLoaderData<typeof loader>()
	const { locale, t } = useI18n()
	const path = pathFor('accountQuotes', locale)
	return (
		<AccountFrame tab="accountQuotes" account={account} streams={[stream]}>
			<section data-controller="account-quotes">
				<ListFilterForm
					filter={filter}
					hint={t('account.filter.quotesHint')}
					states={QUOTE_STATES.map((value) => ({ value, label: t(`account.quotes.state.${value}`) }))}
					total={total}
					path={path}
				/>
				{rows.length === 0 ? (
					!filter.q && !filter.state && <Text as="p" k="account.quotes.none" />
				) : (
					<CardList label={t('account.tab.accountQuotes')}>
						{rows.map((quote) => (
							<QuoteCard key={quote.id} quote={quote} />
						))}
					</CardList>
				)}
				<AccountPager page={page} total={total} size={size} path={path} query={filterQuery(filter)} />
			</section>
		</AccountFrame>
	)
}

// A quote named as the customer knows it: its first document and the day it was made.
function quoteName(
	quote: Pick<Quote, 'firstDocument' | 'moreDocuments' | 'number' | 'createdAt'>,
	t: ReturnType<typeof useI18n>['t'],
	date: string,
) {
	if (!quote.firstDocument) return t('account.quotes.unnamed', { number: quote.number, date })
	if (quote.moreDocuments === 0) return t('account.quotes.name', { document: quote.firstDocument, date })
	return t('account.quotes.nameMore', { document: quote.firstDocument, count: quote.moreDocuments, date })
}

function QuoteCard({ quote }: { quote: Quote }) {
	const { locale, t } = useI18n()
	const day = (value: string) => formatDay(value, locale)
	const name = quoteName(quote, t, day(quote.createdAt))
	return (
		<li className="grid gap-2 p-4 sm:grid-cols-[minmax(0,1fr)_auto]" data-quote={quote.number}>
			<div className="min-w-0">
				<h3 className="font-semibold break-words">
					<Link to={pathFor('quote', locale, { id: quote.id })} className="text-teal-800 underline">
						{name}
					</Link>
				</h3>
				<Facts
					className="mt-1"
					items={[
						[t('account.quotes.number'), quote.number],
						[t('account.facts.pair'), pairName(quote.pair, locale)],
						[t('account.quotes.total'), quote.total === null ? null : formatPrice(quote.total, quote.currency, locale)],
					]}
				/>
			</div>
			<div className="text-sm sm:text-right">
				<p className="font-medium">
					{quote.ordered
						? t('account.quotes.ordered')
						: quote.expired
							? t('account.quotes.expired', { date: day(quote.validUntil) })
							: t('account.quotes.open', { date: day(quote.validUntil) })}
				</p>
				<a href={`/quotes/${quote.id}/pdf?lang=${locale}`} className="text-teal-800 underline" download>
					{t('account.quotes.download', { number: quote.number })}
				</a>
			</div>
		</li>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/public/page.tsx'
