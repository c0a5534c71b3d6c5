import { data, useLoaderData } from 'react-router'
import { useKeptActionData } from '#app/hooks/use-kept-action-data.ts'
import type { Route } from './+types/order-status'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { InvoicePayment } from '#app/components/order/invoice-payment.tsx'
import { streamAttributes, useReloadOnStream } from '#app/components/ui/live-stream.tsx'
import { PageHeading, PageMeta } from '#app/components/public/page.tsx'
import { QuoteTable } from '#app/components/order/quote-table.tsx'
import { OrderFacts } from '#app/components/order/order-facts.tsx'
import { liveStream } from '#app/models/live/signed-stream.server.ts'
import { findOrderForCustomer } from '#app/models/order/order.server.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import { orderStream } from '#app/utils/cable.ts'
import { formatDateTime, formatFileSize, formatDay } from '#app/utils/format.ts'
import { localeFromPath, pathFor } from '#app/utils/locales.ts'
import { notFound } from '#app/http/responses.server.ts'
import { AfterDeliverySection, type AfterDeliveryAnswer } from '#app/components/order/after-delivery.tsx'
import { afterDeliveryAction } from '#app/routes/after-delivery.server.ts'
import { afterDeliveryOf } from '#app/models/order/after-delivery.server.ts'
import { orderByLink, threadOf } from '#app/models/order/thread.server.ts'
import { isMultipart, threadPost, type ThreadAnswer } from '#app/routes/thread.server.ts'
import { CustomerThread } from '#app/components/order/thread.tsx'
import { getRequestSettings } from '#app/http/site.server.ts'

export async function loader({ params, context }: Route.LoaderArgs) {
	const order = await findOrderForCustomer(getDb(context), params.token)
	if (!order) throw notFound()
	const [thread, settings] = await Promise.all([threadOf(getDb(context), order.id), getRequestSettings(context)])
	return {
		order,
		thread,
		agency: settings.agencyName,
		afterDelivery: await afterDeliveryOf(getDb(context), order),
		stream: liveStream(getServices(context), orderStream(order.id)),
		alternates: {
			da: pathFor('orderStatus', 'da', { token: order.token }),
			en: pathFor('orderStatus', 'en', { token: order.token }),
		},
	}
}

// Accept the delivery, ask for a revision, rate the order: by the key in the link, as the page.
// Writing to the agency comes as a multipart form (it may carry files).
export async function action({ params, request, context }: Route.ActionArgs) {
	if (isMultipart(request)) {
		const order = await orderByLink(getDb(context), params.token)
		if (!order) throw notFound()
		const locale = localeFromPath(new URL(request.url).pathname)
		const { status, ...answer } = await threadPost(request, context, {
			orderId: order.id,
			author: order.author,
			locale,
		})
		return data(answer, { status })
	}
	const { status, ...answer } = await afterDeliveryAction(request, context, params.token)
	return data(answer, { status })
}

// The link is the key: kept out of search engines and out of every cache.
export function headers() {
	return { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store' }
}

export default function OrderStatusPage() {
	const { order, stream, afterDelivery, thread, agency } = useLoaderData<typeof loader>()
	const kept = useKeptActionData<AfterDeliveryAnswer | ThreadAnswer>()
	const answer = kept && kept.intent !== 'message' ? kept : null
	const threadAnswer = kept && kept.intent === 'message' ? kept : null
	const { locale, t } = useI18n()
	// A change staff make (status, a note, a delivered file) reloads the order while the page is open.
	useReloadOnStream(stream)
	const day = (value: string) => formatDay(value, locale)
	return (
		<div data-controller="order-status" {...streamAttributes(stream)}>
			<PageMeta title={t('orderPage.title', { reference: order.reference })} />
			<PageHeading
				title={<Text k="orderPage.title" vars={{ reference: order.reference }} />}
				lead={<Text k="orderPage.lead" vars={{ date: day(order.createdAt) }} />}
			/>
			<OrderFacts
				status={order.status}
				dueDate={order.dueDate}
				className="mb-6 grid max-w-xl gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]"
			/>
			<p role="status" className="mb-6 max-w-2xl rounded-md border border-teal-200 bg-teal-50 p-4 text-teal-950">
				{t(`orderPage.next.${order.status}`)}
			</p>
			{order.invoice && <InvoicePayment invoice={order.invoice} />}
			{(order.files.length > 0 || order.filesDeleted) && (
				<section aria-labelledby="order-files" className="mb-8 max-w-2xl">
					<h2 id="order-files" className="mb-3 text-xl font-semibold">
						{t('orderPage.files')}
					</h2>
					{order.files.length > 0 ? (
						<>
							<ul className="mb-2 divide-y divide-slate-200 rounded-md border border-slate-200">
								{order.files.map((file) => (
									<li key={file.id} className="flex items-center justify-between gap-4 p-3">
										<a
											href={`/orders/${order.token}/files/${file.id}`}
											className="font-medium text-teal-800 underline"
											download
										>
											{file.name}
										</a>
										<span className="text-sm text-slate-600">
											{file.version > 1 ? `${t('orderPage.fileVersion', { version: file.version })} · ` : ''}
											{formatFileSize(file.size, locale)}
										</span>
									</li>
								))}
							</ul>
							{order.files.length > 1 && (
								<p className="mb-2">
									<a href={`/orders/${order.token}/files.zip`} className="font-medium text-teal-800 underline" download>
										{t('orderPage.zip', { count: order.files.length })}
									</a>
								</p>
							)}
							{order.status !== 'delivered' && (
								<Text as="p" k="orderPage.filesWhileRevision" className="mb-2 text-sm text-slate-600" />
							)}
							{order.keptUntil && (
								<Text
									as="p"
									k="orderPage.filesUntil"
									vars={{ date: day(order.keptUntil) }}
									className="text-sm text-slate-600"
								/>
							)}
						</>
					) : (
						<Text as="p" k="orderPage.filesDeleted" />
					)}
				</section>
			)}
			<AfterDeliverySection state={afterDelivery} answer={answer} />
			<CustomerThread
				messages={thread}
				answer={threadAnswer}
				agency={agency}
				attachmentHref={(id) => `/orders/${order.token}/messages/${id}`}
			/>
			<section aria-labelledby="order-history" className="mb-8 max-w-2xl">
				<h2 id="order-history" className="mb-3 text-xl font-semibold">
					{t('orderPage.history')}
				</h2>
				<ol className="space-y-2">
					{order.history.map((event) => (
						<li key={event.id} className="flex gap-4">
							<time dateTime={event.at} className="w-44 shrink-0 text-sm text-slate-600">
								{formatDateTime(new Date(event.at), locale)}
							</time>
							<span className="min-w-0 wrap-anywhere">
								{event.kind === 'status' && event.status ? (
									<strong className="font-medium">{t(`orderStatus.${event.status}`)}</strong>
								) : null}
								{event.kind === 'status' && event.body ? <span className="block">{event.body}</span> : null}
								{event.kind === 'note' ? event.body : null}
								{event.kind === 'revision' ? (
									<>
										<strong className="block font-medium">{t('orderPage.revisionAsked')}</strong>
										<span className="block whitespace-pre-line">{event.body}</span>
									</>
								) : null}
								{event.kind === 'accepted' ? (
									<strong className="font-medium">{t('orderPage.acceptedEvent')}</strong>
								) : null}
							</span>
						</li>
					))}
				</ol>
			</section>
			<section aria-labelledby="order-documents" className="mb-8 max-w-3xl">
				<h2 id="order-documents" className="mb-3 text-xl font-semibold">
					{t('orderPage.documents')}
				</h2>
				<QuoteTable
					quote={order.quote.details.quote}
					prices={{ ...order.quote.details, currency: order.quote.currency }}
					copies={order.quote.copies}
				/>
				{order.customer.vatNumber && (
					<Text
						as="p"
						k="orderPage.reverseCharge"
						vars={{ vatNumber: order.customer.vatNumber }}
						className="mt-2 text-sm text-slate-700"
					/>
				)}
			</section>
		</div>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/public/page.tsx'
