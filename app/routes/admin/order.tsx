import { Form, Link, useLoaderData, useRevalidator } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/order'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { streamAttributes, useLiveStream } from '#app/components/ui/live-stream.tsx'
import { buttonClass } from '#app/components/ui/button.tsx'
import { requireStaff } from '#app/http/access.server.ts'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { parseRecordId, recordIdOf } from '#app/http/records.server.ts'
import { liveStream } from '#app/models/live/signed-stream.server.ts'
import { findOrderForStaff, workingDaysLeft } from '#app/models/order/admin.server.ts'
import {
	addOrderNote,
	assignTranslator,
	changeOrderStatus,
	OrderNotFound,
	OrderRefused,
	resendDeliveryMail,
} from '#app/models/order/lifecycle.server.ts'
import { ORDER_TRANSITIONS } from '#app/models/order/status.ts'
import { ORDER_STATUSES } from '#database/schema.ts'
import type { CalendarDate } from '#app/models/calendar/working-days.ts'
import { orderStream } from '#app/utils/cable.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import { formatDate, formatDateTime, formatFileSize, formatPrice } from '#app/utils/format.ts'
import { pathFor, type Locale } from '#app/utils/locales.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { notFound } from '#app/http/responses.server.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const id = recordIdOf(params.id)
	const found = id ? await findOrderForStaff(getDb(context), id) : null
	if (!found) throw notFound()
	const { order, quote, events, files, documents, invoices, translators } = found
	return {
		order: {
			...order,
			createdAt: order.createdAt.toISOString(),
			daysLeft: workingDaysLeft(order.dueDate as CalendarDate),
			customerPage: pathFor('orderStatus', order.locale as Locale, { token: order.token }),
		},
		quote,
		events: events.map((event) => ({ ...event, createdAt: event.createdAt.toISOString() })),
		files: files.map((file) => ({
			id: file.id,
			name: file.name,
			size: file.size,
			deleted: Boolean(file.deletedAt),
			downloads: file.downloads,
			lastDownloadAt: file.lastDownloadAt?.toISOString() ?? null,
		})),
		documents,
		invoices: invoices.map(({ id, kind, number, total, issueDate, buyer }) => ({
			id,
			kind,
			number,
			total,
			issueDate,
			hasEan: Boolean(buyer.ean),
		})),
		translators,
		stream: liveStream(getServices(context), orderStream(order.id)),
	}
}

const ActionSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('status'),
		status: z.enum(ORDER_STATUSES),
		note: z.string().trim().max(2000).default(''),
	}),
	z.object({
		intent: z.literal('translator'),
		translator: z.union([z.literal('').transform(() => null), z.coerce.number().int().positive()]),
	}),
	z.object({
		intent: z.literal('note'),
		body: z.string().trim().min(1).max(5000),
		internal: z
			.string()
			.optional()
			.transform((value) => value === 'on'),
	}),
	z.object({ intent: z.literal('mail') }),
])

// POST /admin/orders/:id: change the status (delivering issues the invoice), assign a translator,
// add a note, or send the delivery mail again; back to the page with a message.
export async function action({ request, params, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	const id = parseRecordId(params.id)
	const back = `/admin/orders/${id}`
	const parsed = ActionSchema.safeParse(Object.fromEntries(await readForm(request)))
	if (!parsed.success) return redirectWithFlash(context, back, { kind: 'error', key: 'order.error.input' })
	const services = getServices(context)
	try {
		const input = parsed.data
		if (input.intent === 'status') await changeOrderStatus(services, staff, id, input.status, input.note)
		if (input.intent === 'translator') await assignTranslator(services, staff, id, input.translator)
		if (input.intent === 'note') await addOrderNote(services, staff, id, input.body, input.internal)
		if (input.intent === 'mail') await resendDeliveryMail(services, staff, id)
		return redirectWithFlash(context, back, { kind: 'success', key: `order.flash.${input.intent}` })
	} catch (error) {
		if (error instanceof OrderNotFound) throw notFound()
		if (error instanceof OrderRefused)
			return redirectWithFlash(context, back, { kind: 'error', key: `order.error.${error.reason}` })
		throw error
	}
}

export default function OrderPage() {
	const { order, quote, events, files, documents, invoices, translators, stream } = useLoaderData<typeof loader>()
	const { locale, t } = useAdminI18n()
	const revalidator = useRevalidator()
	useLiveStream(
		stream,
		() => void revalidator.revalidate(),
		(isReconnect) => isReconnect && void revalidator.revalidate(),
	)
	const money = (amount: number) => formatPrice(amount, quote.currency, locale)
	const { customer } = order
	const rows: [string, React.ReactNode][] = [
		[t('order.customer'), `${customer.name} <${customer.email}>${customer.phone ? `, ${customer.phone}` : ''}`],
		[
			t('order.company'),
			customer.companyName
				? `${customer.companyName} (CVR ${customer.companyCvr})${customer.companyAddress ? `, ${customer.companyAddress}` : ''}`
				: t('order.private'),
		],
		[t('order.ean'), customer.ean ?? '–'],
		[t('order.purchaseOrder'), customer.purchaseOrder ?? '–'],
		[
			t('order.languages'),
			order.fromLanguage && order.toLanguage ? `${quote.details.fromName} → ${quote.details.toName}` : '–',
		],
		[
			t('order.due'),
			`${formatDate(new Date(`${order.dueDate}T12:00:00`), locale)} (${order.daysLeft < 0 ? t('orders.overdue', { days: -order.daysLeft }) : t('orders.days', { days: order.daysLeft })})`,
		],
		[
			t('order.total'),
			`${money(quote.details.quote.total)} (${money(quote.details.quote.totalWithVat)} ${t('order.withVat')})`,
		],
		[t('order.terms'), `${order.terms.title} (${order.terms.sha256.slice(0, 12)})`],
	]
	return (
		<article className="space-y-8" data-controller="order" {...streamAttributes(stream)}>
			<title>{`${t('order.title', { reference: order.reference })} · Tolk admin`}</title>
			<div>
				<Link to="/admin/orders" className="text-sm text-teal-900 underline">
					← {t('order.back')}
				</Link>
				<h1 className="mt-2 text-2xl font-bold text-slate-900">
					{t('order.title', { reference: order.reference })}{' '}
					<span data-status={order.status}>· {t(`orders.status.${order.status}`)}</span>
				</h1>
				<a href={order.customerPage} className="text-sm text-teal-900 underline" target="_blank" rel="noreferrer">
					{t('order.customerPage')}
				</a>
			</div>
			<dl className="grid max-w-3xl gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
				{rows.map(([label, value]) => (
					<div key={label} className="contents">
						<dt className="text-slate-600">{label}</dt>
						<dd>{value}</dd>
					</div>
				))}
			</dl>
			<Section id="order-status-title" title={t('order.statusTitle')}>
				{ORDER_TRANSITIONS[order.status].length > 0 ? (
					<Form method="post" className="flex flex-wrap items-end gap-3">
						<AuthenticityTokenInput />
						<input type="hidden" name="intent" value="status" />
						<label className="text-sm font-medium">
							<span className="mb-1 block">{t('order.newStatus')}</span>
							<select name="status" className="rounded-md border border-slate-400 bg-white px-3 py-2">
								{ORDER_TRANSITIONS[order.status].map((status) => (
									<option key={status} value={status}>
										{t(`orders.status.${status}`)}
									</option>
								))}
							</select>
						</label>
						<label className="min-w-56 flex-1 text-sm font-medium">
							<span className="mb-1 block">{t('order.statusNote')}</span>
							<input name="note" className="w-full rounded-md border border-slate-400 px-3 py-2" />
						</label>
						<button type="submit" className={buttonClass()}>
							{t('order.changeStatus')}
						</button>
					</Form>
				) : null}
				<p className="text-sm text-slate-600">{t('order.deliverHint')}</p>
			</Section>
			<Section id="order-translator-title" title={t('order.translator')}>
				<Form method="post" className="flex flex-wrap items-end gap-3">
					<AuthenticityTokenInput />
					<input type="hidden" name="intent" value="translator" />
					<label className="text-sm font-medium">
						<span className="mb-1 block">{t('order.assign')}</span>
						<select
							name="translator"
							defaultValue={order.translatorId ?? ''}
							className="rounded-md border border-slate-400 bg-white px-3 py-2"
						>
							<option value="">{t('order.nobody')}</option>
							{translators.map((member) => (
								<option key={member.id} value={member.id}>
									{t('order.translatorOption', { name: member.name, open: member.openOrders })}
									{member.coversPair ? '' : ` (${t('order.otherPairs')})`}
								</option>
							))}
						</select>
					</label>
					<button type="submit" className={buttonClass('secondary')}>
						{t('order.saveTranslator')}
					</button>
				</Form>
			</Section>
			<Section id="order-files-title" title={t('order.files')}>
				<ul className="mb-3 list-disc pl-5">
					{files.map((file) => (
						<li key={file.id}>
							{file.name} ({formatFileSize(file.size, locale)}){file.deleted ? ` · ${t('order.fileDeleted')}` : ''}
							<span className="block text-sm text-slate-600" data-downloads={file.downloads}>
								{file.lastDownloadAt
									? t('order.downloaded', {
											count: file.downloads,
											when: formatDateTime(new Date(file.lastDownloadAt), locale),
										})
									: t('order.notDownloaded')}
							</span>
						</li>
					))}
					{files.length === 0 && <li className="list-none text-slate-600">{t('order.noFiles')}</li>}
				</ul>
				{order.status === 'delivered' && (
					<Form method="post" className="flex flex-wrap items-center gap-3">
						<AuthenticityTokenInput />
						<input type="hidden" name="intent" value="mail" />
						<button type="submit" className={buttonClass('secondary')}>
							{t('order.resendMail')}
						</button>
						<span className="text-sm text-slate-600">{t('order.resendMailHint', { email: customer.email })}</span>
					</Form>
				)}
				{order.status !== 'cancelled' && (
					<Form
						method="post"
						action={`/admin/orders/${order.id}/files`}
						encType="multipart/form-data"
						className="flex flex-wrap items-end gap-3"
					>
						<AuthenticityTokenInput />
						<label className="text-sm font-medium">
							<span className="mb-1 block">{t('order.upload')}</span>
							<input type="file" name="file" required className="block" />
						</label>
						<button type="submit" className={buttonClass('secondary')}>
							{t('order.uploadButton')}
						</button>
					</Form>
				)}
			</Section>
			<Section id="order-invoices-title" title={t('order.invoices')}>
				{invoices.length === 0 ? (
					<p className="text-slate-600">{t('order.noInvoice')}</p>
				) : (
					<ul className="space-y-1">
						{invoices.map((invoice) => (
							<li key={invoice.id}>
								{t(invoice.kind === 'invoice' ? 'order.invoice' : 'order.creditNote', { number: invoice.number })} ·{' '}
								{formatDate(new Date(`${invoice.issueDate}T12:00:00`), locale)} · {money(invoice.total)} ·{' '}
								<a href={`/admin/invoices/${invoice.id}/pdf`} className="text-teal-900 underline" download>
									PDF
								</a>
								{invoice.hasEan && (
									<>
										{' · '}
										<a href={`/admin/invoices/${invoice.id}/oioubl`} className="text-teal-900 underline" download>
											OIOUBL
										</a>
									</>
								)}
							</li>
						))}
					</ul>
				)}
			</Section>
			<Section id="order-documents-title" title={t('order.documents')}>
				<ul className="list-disc pl-5">
					{documents.map((document) => (
						<li key={document.id}>{document.name}</li>
					))}
				</ul>
			</Section>
			<Section id="order-history-title" title={t('order.history')}>
				<ol className="mb-4 space-y-1 text-sm">
					{events.map((event) => (
						<li key={event.id}>
							<time dateTime={event.createdAt} className="text-slate-600">
								{formatDateTime(new Date(event.createdAt), locale)}
							</time>{' '}
							{event.userName ?? t('order.customerName')}:{' '}
							{event.kind === 'status' && event.status ? t(`orders.status.${event.status}`) : ''}{' '}
							{event.kind === 'mail' ? t('order.mailSent', { email: event.body }) : event.body}
							{event.internal ? ` (${t('order.internal')})` : ''}
						</li>
					))}
				</ol>
				<Form method="post" className="space-y-2">
					<AuthenticityTokenInput />
					<input type="hidden" name="intent" value="note" />
					<label className="block text-sm font-medium">
						<span className="mb-1 block">{t('order.note')}</span>
						<textarea name="body" rows={3} required className="w-full rounded-md border border-slate-400 px-3 py-2" />
					</label>
					<label className="flex items-center gap-2 text-sm">
						<input type="checkbox" name="internal" defaultChecked className="size-4" /> {t('order.internalNote')}
					</label>
					<button type="submit" className={buttonClass('secondary')}>
						{t('order.addNote')}
					</button>
				</Form>
			</Section>
		</article>
	)
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
	return (
		<section aria-labelledby={id} className="max-w-3xl space-y-3">
			<h2 id={id} className="text-xl font-semibold">
				{title}
			</h2>
			{children}
		</section>
	)
}
