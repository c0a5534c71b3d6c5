import { Link, useLoaderData } from 'react-router'
import type { Route } from './+types/quotes'
import { AccountFrame, AccountPager } from '#app/components/account/account-frame.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { accountQuotes, ACCOUNT_PAGE_SIZE } from '#app/models/customer/records.server.ts'
import { quoteNumber } from '#app/models/quote/pdf.server.ts'
import { accountFrameOf, pageParamOf, requireCustomer } from '#app/http/customer.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { formatDay, formatPrice } from '#app/utils/format.ts'
import { pathFor } from '#app/utils/locales.ts'
import { cellClass, Table } from '#app/components/ui/table.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
	const { customer, access } = await requireCustomer(request, context)
	const page = pageParamOf(request)
	const [frame, list] = await Promise.all([
		accountFrameOf(context, customer),
		accountQuotes(getDb(context), access, page),
	])
	return {
		...frame,
		page,
		size: ACCOUNT_PAGE_SIZE,
		total: list.total,
		rows: list.rows.map((row) => ({ ...row, number: quoteNumber(row.id) })),
		alternates: { da: pathFor('accountQuotes', 'da'), en: pathFor('accountQuotes', 'en') },
	}
}

export function headers() {
	return { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store' }
}

export default function AccountQuotesPage() {
	const { account, stream, rows, total, page, size } = useLoaderData<typeof loader>()
	const { locale, t } = useI18n()
	const day = (value: string) => formatDay(value, locale)
	return (
		<AccountFrame tab="accountQuotes" account={account} streams={[stream]}>
			<section data-controller="account-quotes">
				{rows.length === 0 ? (
					<Text as="p" k="account.quotes.none" />
				) : (
					<Table
						caption={t('account.tab.accountQuotes')}
						isCaptionHidden
						columns={[
							{ label: <Text k="account.quotes.number" /> },
							{ label: <Text k="account.quotes.saved" /> },
							{ label: <Text k="prices.pair" /> },
							{ label: <Text k="account.quotes.total" /> },
							{ label: <Text k="account.quotes.state" /> },
							{ label: <Text k="account.quotes.pdf" /> },
						]}
					>
						{rows.map((quote) => (
							<tr key={quote.id}>
								<td className={cellClass()}>
									<Link to={pathFor('quote', locale, { id: quote.id })} className="text-teal-800 underline">
										{quote.number}
									</Link>
								</td>
								<td className={cellClass()}>{day(quote.createdAt)}</td>
								<td className={cellClass()}>
									{quote.fromName && quote.toName ? `${quote.fromName} → ${quote.toName}` : '–'}
								</td>
								<td className={cellClass()}>
									{quote.total === null ? '–' : formatPrice(quote.total, quote.currency, locale)}
								</td>
								<td className={cellClass()}>
									{quote.ordered
										? t('account.quotes.ordered')
										: quote.expired
											? t('account.quotes.expired', { date: day(quote.validUntil) })
											: t('account.quotes.open', { date: day(quote.validUntil) })}
								</td>
								<td className={cellClass()}>
									<a href={`/quotes/${quote.id}/pdf?lang=${locale}`} className="text-teal-800 underline" download>
										{t('account.quotes.download', { number: quote.number })}
									</a>
								</td>
							</tr>
						))}
					</Table>
				)}
				<AccountPager page={page} total={total} size={size} path={pathFor('accountQuotes', locale)} />
			</section>
		</AccountFrame>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/public/page.tsx'
