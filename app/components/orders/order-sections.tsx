import { Link } from 'react-router'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Section } from '#app/components/admin/section.tsx'
import { HistoryList, NoteForm } from '#app/components/admin/history.tsx'
import { formatDay, formatNumber, formatPrice } from '#app/utils/format.ts'
import { FileList } from '#app/components/admin/file-list.tsx'
import { breakdownLines } from '#app/models/wordcount/parts.ts'
import { countPartsLine } from '#app/components/admin/count-parts.ts'
import type { CountBreakdown } from '#database/enums.ts'
import { Input } from '#app/components/ui/input.tsx'

type InvoiceItem = {
	id: number
	kind: string
	number: string | number
	total: number
	issueDate: string
	hasEan: boolean
}

// An order's invoice and credit notes, each with its PDF (and OIOUBL file for a public body).
export function Invoices({ invoices, currency }: { invoices: InvoiceItem[]; currency: string }) {
	const { locale, t } = useAdminI18n()
	const link = 'text-teal-900 underline'
	return (
		<Section id="order-invoices-title" title={t('order.invoices')}>
			{invoices.length === 0 ? (
				<p className="text-slate-600">{t('order.noInvoice')}</p>
			) : (
				<ul className="space-y-1">
					{invoices.map((invoice) => (
						<li key={invoice.id}>
							<Link to={`/admin/invoices/${invoice.id}`} className={link}>
								{t(invoice.kind === 'invoice' ? 'order.invoice' : 'order.creditNote', { number: invoice.number })}
							</Link>{' '}
							· {formatDay(invoice.issueDate, locale)} · {formatPrice(invoice.total, currency, locale)} ·{' '}
							<a href={`/admin/invoices/${invoice.id}/pdf`} className={link} download>
								PDF
							</a>
							{invoice.hasEan && (
								<>
									{' · '}
									<a href={`/admin/invoices/${invoice.id}/oioubl`} className={link} download>
										OIOUBL
									</a>
								</>
							)}
						</li>
					))}
				</ul>
			)}
		</Section>
	)
}

type OrderEvent = {
	id: number
	createdAt: string
	userName: string | null
	kind: string
	status: string | null
	body: string
	internal: boolean
}

// What happened to the order, who did it, and a note staff add (kept from the customer, or shown).
export function OrderHistory({ events }: { events: OrderEvent[] }) {
	const { t } = useAdminI18n()
	const items = events.map((event) => ({
		id: event.id,
		at: event.createdAt,
		text: [
			`${event.userName ?? t('order.customerName')}:`,
			event.kind === 'status' && event.status ? t(`orders.status.${event.status}`) : '',
			event.kind === 'mail' ? t('order.mailSent', { email: event.body }) : '',
			event.kind === 'message' ? t('order.messageSent', { email: event.body }) : '',
			event.kind === 'revision' ? t('orders.revisionReason') : '',
			event.kind === 'accepted' ? t('orders.customerAccepted') : '',
			event.kind === 'file'
				? t(event.body.startsWith('withdrawn:') ? 'order.event.fileWithdrawn' : 'order.event.fileAdded')
				: '',
			event.internal ? `(${t('order.internal')})` : '',
		]
			.filter(Boolean)
			.join(' '),
		body: event.kind === 'mail' || event.kind === 'message' ? null : event.body.replace(/^withdrawn:/, ''),
	}))
	return (
		<Section id="order-history-title" title={t('order.history')}>
			<HistoryList items={items} />
			<NoteForm id="order-note" hidden={{ intent: 'note' }} label={t('order.note')} submit={t('order.addNote')}>
				<label className="flex items-center gap-2 text-sm">
					<Input variant="bare" type="checkbox" name="internal" defaultChecked className="size-4" />{' '}
					{t('order.internalNote')}
				</label>
			</NoteForm>
		</Section>
	)
}

type OrderDocument = {
	id: string
	name: string
	size: number
	words: number | null
	minutes: number | null
	parts: CountBreakdown | null
}

// The customer's documents: each a download for staff (to hand to a translator), with its count
// and what the count is made of.
export function OrderDocuments({ orderId, documents }: { orderId: number; documents: OrderDocument[] }) {
	const { locale, t } = useAdminI18n()
	const number = (value: number) => formatNumber(value, locale)
	const items = documents.map((document) => {
		const lines = breakdownLines(document.parts)
		const count =
			document.minutes !== null
				? t('order.documentMinutes', { count: number(document.minutes) })
				: document.words !== null
					? t('request.words', { count: number(document.words) })
					: t('request.pending')
		return {
			id: document.id,
			name: document.name,
			size: document.size,
			href: `/admin/orders/${orderId}/documents/${document.id}`,
			detail: (
				<span className="block text-sm text-slate-700" data-document-count>
					{count}
					{lines.length > 0 && ` · ${countPartsLine(document.parts, t, number)}`}
				</span>
			),
		}
	})
	return (
		<Section id="order-documents-title" title={t('order.documents')}>
			<FileList files={items} empty={t('order.noDocuments')} />
		</Section>
	)
}
