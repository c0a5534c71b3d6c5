import { Form, Link, useLoaderData, useRevalidator } from 'react-router'
import type { Route } from './+types/orders'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { streamAttributes, useLiveStream } from '#app/components/ui/live-stream.tsx'
import { ScrollBox } from '#app/components/ui/table.tsx'
import { buttonClass } from '#app/components/ui/button.tsx'
import { requireStaff } from '#app/http/access.server.ts'
import { liveStream } from '#app/models/live/signed-stream.server.ts'
import { listOrders, readOrderFilter, readOrderPage, translatorsFor } from '#app/models/order/admin.server.ts'
import { listActiveLanguages } from '#app/models/site.server.ts'
import { ORDER_STATUSES } from '#database/schema.ts'
import { ORDERS_STREAM } from '#app/utils/cable.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import { formatDate, formatPrice } from '#app/utils/format.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const db = getDb(context)
	const url = new URL(request.url)
	const filter = readOrderFilter(url)
	const [list, translators, languages] = await Promise.all([
		listOrders(db, filter, readOrderPage(url)),
		translatorsFor(db, null, null),
		listActiveLanguages(db, 'en'),
	])
	return { ...list, filter, translators, languages, stream: liveStream(getServices(context), ORDERS_STREAM) }
}

export default function Orders() {
	const { orders, counts, page, pageCount, pageSize, total, filter, translators, languages, stream } =
		useLoaderData<typeof loader>()
	const { locale, t } = useAdminI18n()
	const revalidator = useRevalidator()
	// Any change to any order (a new one, a status, an assignment) refreshes the list as it is filtered.
	useLiveStream(
		stream,
		() => void revalidator.revalidate(),
		(isReconnect) => isReconnect && void revalidator.revalidate(),
	)
	const query = new URLSearchParams(
		Object.entries(filter)
			.filter(([, value]) => value !== '')
			.map(([key, value]) => [key, String(value)]),
	).toString()
	const select = 'rounded-md border border-slate-400 bg-white px-3 py-2'
	return (
		<section data-controller="orders" {...streamAttributes(stream)}>
			<title>{`${t('orders.title')} · Tolk admin`}</title>
			<div className="mb-4 flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold text-slate-900">{t('orders.title')}</h1>
				<a
					href={`/admin/orders/export${query ? `?${query}` : ''}`}
					className="rounded-md border border-teal-800 px-4 py-2 font-medium text-teal-900 hover:bg-teal-50"
					download
				>
					{t('orders.export')}
				</a>
			</div>
			<Form method="get" role="search" aria-label={t('orders.filter')} className="mb-4 flex flex-wrap items-end gap-3">
				<label className="text-sm font-medium">
					<span className="mb-1 block">{t('orders.status')}</span>
					<select name="status" defaultValue={filter.status} className={select}>
						<option value="open">{t('orders.open')}</option>
						<option value="">{t('orders.all')}</option>
						{ORDER_STATUSES.map((status) => (
							<option key={status} value={status}>
								{t(`orders.status.${status}`)} ({counts[status]})
							</option>
						))}
					</select>
				</label>
				<label className="text-sm font-medium">
					<span className="mb-1 block">{t('orders.due')}</span>
					<select name="due" defaultValue={filter.due} className={select}>
						<option value="">{t('orders.dueAny')}</option>
						<option value="soon">{t('orders.dueSoon')}</option>
						<option value="overdue">{t('orders.dueOverdue')}</option>
					</select>
				</label>
				<label className="text-sm font-medium">
					<span className="mb-1 block">{t('orders.pair')}</span>
					<select name="pair" defaultValue={filter.pair} className={select}>
						<option value="">{t('orders.all')}</option>
						{languages.flatMap((from) =>
							languages
								.filter((to) => to.code !== from.code)
								.map((to) => (
									<option
										key={`${from.code}>${to.code}`}
										value={`${from.code}>${to.code}`}
									>{`${from.name} → ${to.name}`}</option>
								)),
						)}
					</select>
				</label>
				<label className="text-sm font-medium">
					<span className="mb-1 block">{t('orders.translator')}</span>
					<select name="translator" defaultValue={String(filter.translator)} className={select}>
						<option value="">{t('orders.all')}</option>
						{translators.map((member) => (
							<option key={member.id} value={member.id}>
								{member.name}
							</option>
						))}
					</select>
				</label>
				<label className="min-w-56 flex-1 text-sm font-medium">
					<span className="mb-1 block">{t('orders.search')}</span>
					<input
						name="q"
						type="search"
						defaultValue={filter.q}
						className="w-full rounded-md border border-slate-400 px-3 py-2"
					/>
				</label>
				<button type="submit" className={buttonClass()}>
					{t('orders.apply')}
				</button>
			</Form>
			{orders.length === 0 ? (
				<p className="rounded-md border border-dashed border-slate-400 p-6 text-center text-slate-700">
					{t('orders.empty')}
				</p>
			) : (
				<ScrollBox>
					<table className="w-full border-collapse bg-white text-left text-sm">
						<caption className="sr-only">{t('orders.title')}</caption>
						<thead>
							<tr className="border-b border-slate-300">
								{(
									[
										'orders.reference',
										'orders.due',
										'orders.daysLeft',
										'orders.status',
										'orders.customer',
										'orders.pair',
										'orders.translator',
										'orders.total',
									] as const
								).map((key) => (
									<th key={key} scope="col" className="px-3 py-2 font-semibold">
										{t(key)}
									</th>
								))}
							</tr>
						</thead>
						<tbody>
							{orders.map((order) => (
								<tr key={order.id} className={`border-b border-slate-200 ${order.isOverdue ? 'bg-red-50' : ''}`}>
									<td className="px-3 py-2">
										<Link to={`/admin/orders/${order.id}`} className="font-medium text-teal-900 underline">
											{order.reference}
										</Link>
									</td>
									<td className="px-3 py-2">{formatDate(new Date(`${order.dueDate}T12:00:00`), locale)}</td>
									<td className="px-3 py-2">
										{order.daysLeft === null ? (
											'–'
										) : order.isOverdue ? (
											<strong className="text-red-800">{t('orders.overdue', { days: -order.daysLeft })}</strong>
										) : (
											t('orders.days', { days: order.daysLeft })
										)}
									</td>
									<td className="px-3 py-2">{t(`orders.status.${order.status}`)}</td>
									<td className="px-3 py-2">
										{order.customer}
										<span className="block text-slate-600">{order.email}</span>
									</td>
									<td className="px-3 py-2">{order.pair || '–'}</td>
									<td className="px-3 py-2">{order.translator ?? '–'}</td>
									<td className="px-3 py-2">{formatPrice(order.total, 'DKK', locale)}</td>
								</tr>
							))}
						</tbody>
					</table>
				</ScrollBox>
			)}
			<OrderPages
				page={page}
				pageCount={pageCount}
				pageSize={pageSize}
				total={total}
				shown={orders.length}
				query={query}
			/>
		</section>
	)
}

// Where this page sits in the whole list, and links to the pages either side, keeping the filter.
function OrderPages({
	page,
	pageCount,
	pageSize,
	total,
	shown,
	query,
}: {
	page: number
	pageCount: number
	pageSize: number
	total: number
	shown: number
	query: string
}) {
	const { t } = useAdminI18n()
	if (total <= pageSize && page === 1) return null
	const first = (page - 1) * pageSize + 1
	const href = (to: number) => `/admin/orders?${[query, `page=${to}`].filter(Boolean).join('&')}`
	const link = 'rounded-md border border-slate-400 px-3 py-1 text-teal-900 underline'
	return (
		<nav aria-label={t('orders.pages')} className="mt-4 flex flex-wrap items-center gap-3 text-sm">
			<p aria-live="polite">
				{shown ? t('orders.showing', { first, last: first + shown - 1, total }) : t('orders.pastEnd', { total })}
			</p>
			{page > 1 && (
				<Link to={href(Math.min(page - 1, pageCount))} className={link}>
					{t('orders.previous')}
				</Link>
			)}
			{page < pageCount && (
				<Link to={href(page + 1)} className={link}>
					{t('orders.next')}
				</Link>
			)}
		</nav>
	)
}
