import { data, Link, useLoaderData } from 'react-router'
import { useKeptActionData } from '#app/hooks/use-kept-action-data.ts'
import type { Route } from './+types/order'
import { AccountFrame } from '#app/components/account/account-frame.tsx'
import { Facts, pairName } from '#app/components/account/account-lists.tsx'
import { OrderFacts } from '#app/components/order/order-facts.tsx'
import { CustomerThread } from '#app/components/order/thread.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { accountOrder } from '#app/models/customer/records.server.ts'
import { threadOf } from '#app/models/order/thread.server.ts'
import { customerHolder, liveStream } from '#app/models/live/signed-stream.server.ts'
import { accountFrameOf, requireCustomer } from '#app/http/customer.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { getRequestSettings } from '#app/http/site.server.ts'
import { recordIdOf } from '#app/http/records.server.ts'
import { notFound } from '#app/http/responses.server.ts'
import { isMultipart, threadPost, type ThreadAnswer } from '#app/routes/thread.server.ts'
import { orderStream } from '#app/utils/cable.ts'
import { formatDay, formatFileSize } from '#app/utils/format.ts'
import { localeFromPath, pathFor } from '#app/utils/locales.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
	const { customer, access } = await requireCustomer(request, context)
	const services = getServices(context)
	const id = recordIdOf(params.id)
	const order = id ? await accountOrder(services.db, access, id) : null
	if (!order) throw notFound()
	const [frame, thread, settings] = await Promise.all([
		accountFrameOf(context, customer),
		threadOf(services.db, order.id),
		getRequestSettings(context),
	])
	return {
		...frame,
		order,
		thread,
		agency: settings.agencyName,
		orderStream: liveStream(services, orderStream(order.id), customerHolder(customer)),
		alternates: {
			da: pathFor('accountOrder', 'da', { id: String(order.id) }),
			en: pathFor('accountOrder', 'en', { id: String(order.id) }),
		},
	}
}

// A colleague writes to the agency from here as themselves; the scope is read again, so one
// removed from the company a moment ago is refused.
export async function action({ request, params, context }: Route.ActionArgs) {
	const { customer, access } = await requireCustomer(request, context)
	const services = getServices(context)
	const id = recordIdOf(params.id)
	const order = id ? await accountOrder(services.db, access, id) : null
	if (!order || !isMultipart(request)) throw notFound()
	const locale = localeFromPath(new URL(request.url).pathname)
	const author = { kind: 'customer' as const, name: customer.details.name || customer.email, email: customer.email }
	const { status, ...answer } = await threadPost(request, context, { orderId: order.id, author, locale })
	return data(answer, { status })
}

export function headers() {
	return { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store' }
}

export default function AccountOrderPage() {
	const { account, stream, orderStream: ownStream, order, thread, agency } = useLoaderData<typeof loader>()
	const answer = useKeptActionData<Omit<ThreadAnswer, 'status'>>()
	const { locale, t } = useI18n()
	const day = (value: string) => formatDay(value, locale)
	return (
		<AccountFrame tab="account" account={account} streams={[stream, ownStream]}>
			<article aria-labelledby="account-order" data-controller="account-order" className="max-w-2xl">
				<h2 id="account-order" className="mb-2 text-2xl font-semibold">
					{t('account.orders.reference', { reference: order.reference })}
				</h2>
				<p className="mb-3 text-slate-700">
					<Text k="account.orders.placed" vars={{ date: day(order.createdAt) }} />
					{order.orderedBy && (
						<>
							{' · '}
							<Text k="account.orders.by" vars={{ name: order.orderedBy }} />
						</>
					)}
				</p>
				<OrderFacts status={order.status} dueDate={order.dueDate} className="mb-3 grid grid-cols-[auto_1fr] gap-x-3" />
				<Facts
					className="mb-4 text-base"
					items={[
						[t('account.facts.pair'), pairName(order.pair, locale)],
						[t('account.facts.company'), order.company],
						[t('account.facts.purchaseOrder'), order.purchaseOrder],
						[t('account.facts.costCentre'), order.costCentre],
					]}
				/>
				{order.token && (
					<p className="mb-4">
						<Link to={pathFor('orderStatus', locale, { token: order.token })} className="text-teal-800 underline">
							{t('account.order.ownPage')}
						</Link>
					</p>
				)}
				{order.files.length > 0 && (
					<section aria-labelledby="account-order-files" className="mb-6">
						<h3 id="account-order-files" className="mb-2 text-lg font-semibold">
							{t('account.orders.files')}
						</h3>
						<ul className="mb-2 space-y-1">
							{order.files.map((file) => (
								<li key={file.id} className="break-words">
									<a href={`/account/files/${file.id}`} className="text-teal-800 underline" download>
										{file.name}
									</a>{' '}
									<span className="text-sm text-slate-600">{formatFileSize(file.size, locale)}</span>
								</li>
							))}
						</ul>
						<a href={`/account/orders/${order.id}/files.zip`} className="font-medium text-teal-800 underline" download>
							{t('account.orders.zip', { reference: order.reference, count: order.files.length })}
						</a>
					</section>
				)}
			</article>
			<CustomerThread
				messages={thread}
				answer={answer ?? null}
				agency={agency}
				attachmentHref={(id) => `/account/orders/${order.id}/messages/${id}`}
			/>
		</AccountFrame>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/public/page.tsx'
