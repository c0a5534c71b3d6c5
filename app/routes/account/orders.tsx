import { Link, useLoaderData } from 'react-router'
import type { Route } from './+types/orders'
import { AccountFrame, AccountPager } from '#app/components/account/account-frame.tsx'
import { OrderFacts } from '#app/components/order/order-facts.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { accountOrders, ACCOUNT_PAGE_SIZE } from '#app/models/customer/records.server.ts'
import { customerHolder, liveStream } from '#app/models/live/signed-stream.server.ts'
import { accountFrameOf, pageParamOf, requireCustomer } from '#app/http/customer.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { orderStream } from '#app/utils/cable.ts'
import { formatDay, formatFileSize } from '#app/utils/format.ts'
import { pathFor } from '#app/utils/locales.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const { customer, access } = await requireCustomer(request, context)
	const services = getServices(context)
	const page = pageParamOf(request)
	const [frame, list] = await Promise.all([accountFrameOf(context, customer), accountOrders(services.db, access, page)])
	return {
		...frame,
		page,
		size: ACCOUNT_PAGE_SIZE,
		...list,
		// Each listed order's changes reload the page, as they do its own page.
		orderStreams: list.rows.map((order) => liveStream(services, orderStream(order.id), customerHolder(customer))),
		alternates: { da: pathFor('account', 'da'), en: pathFor('account', 'en') },
	}
}

export function headers() {
	return { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store' }
}

export default function AccountOrdersPage() {
	const { account, stream, orderStreams, rows, total, page, size } = useLoaderData<typeof loader>()
	const { locale, t } = useI18n()
	const day = (value: string) => formatDay(value, locale)
	return (
		<AccountFrame tab="account" account={account} streams={[stream, ...orderStreams]}>
			<section aria-labelledby="account-orders" data-controller="account-orders">
				<h2 id="account-orders" className="sr-only">
					{t('account.tab.account')}
				</h2>
				{rows.length === 0 ? (
					<Text as="p" k="account.orders.none" />
				) : (
					<ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
						{rows.map((order) => (
							<li key={order.id} className="grid gap-2 p-4 sm:grid-cols-[1fr_auto]">
								<div>
									<h3 className="font-semibold">
										{order.token ? (
											<Link
												to={pathFor('orderStatus', locale, { token: order.token })}
												className="text-teal-800 underline"
											>
												{t('account.orders.reference', { reference: order.reference })}
											</Link>
										) : (
											t('account.orders.reference', { reference: order.reference })
										)}
									</h3>
									<p className="text-sm text-slate-700">
										<Text k="account.orders.placed" vars={{ date: day(order.createdAt) }} />
										{order.orderedBy && (
											<>
												{' · '}
												<Text k="account.orders.by" vars={{ name: order.orderedBy }} />
											</>
										)}
									</p>
									{order.files.length > 0 && (
										<ul aria-label={t('account.orders.files')} className="mt-2 space-y-1">
											{order.files.map((file) => (
												<li key={file.id}>
													<a href={`/account/files/${file.id}`} className="text-teal-800 underline" download>
														{file.name}
													</a>{' '}
													<span className="text-sm text-slate-600">{formatFileSize(file.size, locale)}</span>
												</li>
											))}
										</ul>
									)}
									{order.files.length > 0 && order.keptUntil && (
										<Text
											as="p"
											k="orderPage.filesUntil"
											vars={{ date: day(order.keptUntil) }}
											className="text-sm text-slate-600"
										/>
									)}
								</div>
								<div>
									<OrderFacts
										status={order.status}
										dueDate={order.dueDate}
										className="grid grid-cols-[auto_1fr] gap-x-3 text-sm sm:text-right"
									/>
									<p className="mt-2 sm:text-right">
										<Link
											to={`${pathFor('order', locale)}?again=${encodeURIComponent(order.reference)}`}
											aria-label={t('account.orders.againLabel', { reference: order.reference })}
											className="inline-block rounded-md border border-slate-400 px-3 py-1 font-medium hover:bg-slate-50"
										>
											{t('account.orders.again')}
										</Link>
									</p>
								</div>
							</li>
						))}
					</ul>
				)}
				<AccountPager page={page} total={total} size={size} path={pathFor('account', locale)} />
			</section>
		</AccountFrame>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/public/page.tsx'
