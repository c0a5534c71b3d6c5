import { useLoaderData } from 'react-router'
import type { Route } from './+types/invoices'
import { AccountFrame, AccountPager } from '#app/components/account/account-frame.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { accountInvoices, ACCOUNT_PAGE_SIZE } from '#app/models/customer/records.server.ts'
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
		accountInvoices(getDb(context), access, page),
	])
	return {
		...frame,
		page,
		size: ACCOUNT_PAGE_SIZE,
		...list,
		alternates: { da: pathFor('accountInvoices', 'da'), en: pathFor('accountInvoices', 'en') },
	}
}

export function headers() {
	return { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store' }
}

export default function AccountInvoicesPage() {
	const { account, stream, rows, total, page, size } = useLoaderData<typeof loader>()
	const { locale, t } = useI18n()
	const day = (value: string) => formatDay(value, locale)
	return (
		<AccountFrame tab="accountInvoices" account={account} streams={[stream]}>
			<section data-controller="account-invoices">
				{rows.length === 0 ? (
					<Text as="p" k="account.invoices.none" />
				) : (
					<Table
						caption={t('account.tab.accountInvoices')}
						isCaptionHidden
						columns={[
							{ label: <Text k="account.invoices.number" /> },
							{ label: <Text k="account.invoices.order" /> },
							{ label: <Text k="account.invoices.issued" /> },
							{ label: <Text k="account.invoices.due" /> },
							{ label: <Text k="account.invoices.total" /> },
							{ label: <Text k="account.invoices.status" /> },
							{ label: <Text k="account.invoices.pdf" /> },
						]}
					>
						{rows.map((invoice) => {
							const name = t(`account.invoices.kind.${invoice.kind}`, { number: String(invoice.number) })
							return (
								<tr key={invoice.id}>
									<td className={cellClass()}>{name}</td>
									<td className={cellClass()}>{invoice.orderReference}</td>
									<td className={cellClass()}>{day(invoice.issueDate)}</td>
									<td className={cellClass()}>{invoice.kind === 'invoice' ? day(invoice.dueDate) : '–'}</td>
									<td className={cellClass()}>{formatPrice(invoice.total, invoice.currency, locale)}</td>
									<td className={cellClass()}>
										<span data-status={invoice.status}>{t(`account.invoices.state.${invoice.status}`)}</span>
										{invoice.owed > 0 && (
											<span className="block text-sm" data-owed={invoice.owed.toFixed(2)}>
												{t('account.invoices.owed', { amount: formatPrice(invoice.owed, invoice.currency, locale) })}
											</span>
										)}
									</td>
									<td className={cellClass()}>
										<a href={`/account/invoices/${invoice.id}/pdf`} className="text-teal-800 underline" download>
											{t('account.invoices.download', { name })}
										</a>
									</td>
								</tr>
							)
						})}
					</Table>
				)}
				<AccountPager page={page} total={total} size={size} path={pathFor('accountInvoices', locale)} />
			</section>
		</AccountFrame>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/public/page.tsx'
