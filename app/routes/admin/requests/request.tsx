import { Form, useLoaderData } from 'react-router'
import type { Route } from './+types/request'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { AutoScroll } from '#app/components/ui/auto-scroll.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { findRequest } from '#app/models/request/inbox.server.ts'
import { requireStaff } from '#app/http/access.server.ts'
import { REQUEST_STATUSES } from '#database/enums.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import { readCountedPreviews } from '#app/models/documents/counted-text.server.ts'
import { formatDateTime, formatPrice } from '#app/utils/format.ts'
import { intlLocale, pathFor, type Locale } from '#app/utils/locales.ts'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { DetailHeader, DetailList, Section, type DetailRow } from '#app/components/admin/section.tsx'
import { HistoryList, NoteForm } from '#app/components/admin/history.tsx'
import { StatusForm } from '#app/components/admin/status-form.tsx'
import { ReplyForm } from '#app/components/requests/reply-form.tsx'
import { RequestQuoteForms } from '#app/components/requests/request-quote-forms.tsx'
import { inlineInputClass } from '#app/components/ui/input.tsx'
import { recordIdOf } from '#app/http/records.server.ts'
import { Button } from '#app/components/ui/button.tsx'
import { RequestDocument } from '#app/components/requests/request-document.tsx'
import { notFound } from '#app/http/responses.server.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const id = recordIdOf(params.id)
	const found = id ? await findRequest(getDb(context), id) : null
	if (!found) throw notFound()
	const { request: row, documents, events, quote, languageNames } = found
	const previews = await readCountedPreviews(
		getServices(context),
		documents.map((document) => document.id),
	)
	return {
		request: { ...row, createdAt: row.createdAt.toISOString() },
		documents: documents.map((document) => ({ ...document, preview: previews[document.id] ?? null })),
		events: events.map((event) => ({ ...event, createdAt: event.createdAt.toISOString() })),
		quote: quote && {
			id: quote.id,
			total: quote.details.quote.total,
			totalWithVat: quote.details.quote.totalWithVat,
			currency: quote.currency,
			locale: quote.locale as Locale,
		},
		languageNames,
	}
}

export default function RequestPage() {
	const { request, documents, events, quote } = useLoaderData<typeof loader>()
	const { locale, t } = useAdminI18n()
	return (
		<article className="space-y-8">
			<title>{`${t('request.title', { reference: request.reference })} · Tolk admin`}</title>
			<DetailHeader
				back={{ to: '/admin/requests', label: t('request.back') }}
				title={
					<>
						{t('request.title', { reference: request.reference })} <StatusBadge status={request.status} />
					</>
				}
			>
				<p className="text-sm text-slate-700">{formatDateTime(new Date(request.createdAt), locale)}</p>
			</DetailHeader>
			<Section id="request-contact" title={t('request.contact')}>
				<DetailList rows={useContactRows()} />
				{request.message && (
					<>
						<h3 className="mt-4 font-medium text-slate-700">{t('request.message')}</h3>
						<p className="rounded-md border border-slate-200 bg-white p-3 whitespace-pre-wrap">{request.message}</p>
					</>
				)}
			</Section>
			<Section id="request-documents" title={t('request.documents')}>
				{documents.length === 0 ? (
					<p>{t('request.noDocuments')}</p>
				) : (
					<ul className="divide-y divide-slate-200 rounded-md border border-slate-300 bg-white">
						{documents.map((document) => (
							<RequestDocument key={document.id} requestId={request.id} document={document} />
						))}
					</ul>
				)}
				<RequestQuoteForms requestId={request.id} hasDocuments={documents.length > 0} hasQuote={Boolean(quote)} />
			</Section>
			{quote && <QuoteSection quote={quote} requestId={request.id} />}
			<Section id="request-status-title" title={t('request.changeStatus')}>
				<StatusForm
					action={`/admin/requests/${request.id}/status`}
					label={t('requests.status')}
					submit={t('request.saveStatus')}
				>
					<select name="status" defaultValue={request.status} className={inlineInputClass}>
						{REQUEST_STATUSES.map((status) => (
							<option key={status} value={status}>
								{t(`requests.status.${status}`)}
							</option>
						))}
					</select>
				</StatusForm>
			</Section>
			<ReplyForm requestId={request.id} email={request.email} hasQuote={Boolean(quote)} />
			<Section id="request-notes" anchor="notes" title={t('request.notes')}>
				<RequestHistory events={events} />
				<NoteForm
					id="request-note"
					action={`/admin/requests/${request.id}/notes`}
					label={t('request.addNote')}
					submit={t('request.saveNote')}
				/>
			</Section>
		</article>
	)
}

type Data = Awaited<ReturnType<typeof loader>>

function useContactRows(): DetailRow[] {
	const { request, languageNames } = useLoaderData<typeof loader>()
	const { locale, t } = useAdminI18n()
	const number = new Intl.NumberFormat(intlLocale(locale))
	const languageName = (code: string | null) => {
		const found = languageNames.find((language) => language.code === code)
		return found ? (locale === 'da' ? found.nameDa : found.nameEn) : (code ?? '?')
	}
	const company = request.companyName
		? `${request.companyName} (CVR ${request.companyCvr})${request.companyAddress ? `, ${request.companyAddress}` : ''}`
		: '–'
	return [
		[t('request.name'), request.name],
		[
			t('request.email'),
			<a href={`mailto:${request.email}`} className="text-teal-900 underline">
				{request.email}
			</a>,
		],
		[t('request.phone'), request.phone || '–'],
		[t('request.company'), company],
		[t('request.ean'), request.ean ?? '–'],
		[
			t('request.languages'),
			request.fromLanguage || request.toLanguage
				? `${languageName(request.fromLanguage)} → ${languageName(request.toLanguage)}`
				: '–',
		],
		[t('request.deliveryDate'), request.deliveryDate ?? '–'],
		[t('request.copies'), number.format(request.copies)],
		[t('request.language'), request.locale],
	]
}

function QuoteSection({ quote, requestId }: { quote: NonNullable<Data['quote']>; requestId: number }) {
	const { locale, t } = useAdminI18n()
	return (
		<Section id="request-quote" title={t('request.quote')}>
			<p>
				{t('request.quoteTotal', {
					total: formatPrice(quote.total, quote.currency, locale),
					withVat: formatPrice(quote.totalWithVat, quote.currency, locale),
				})}
			</p>
			<a href={pathFor('quote', quote.locale, { id: quote.id })} className="text-teal-900 underline">
				{t('request.quoteLink')}
			</a>
			<Form method="post" action={`/admin/requests/${requestId}/order`}>
				<AuthenticityTokenInput />
				<Button variant="secondary" type="submit">
					{t('request.makeOrder')}
				</Button>
			</Form>
		</Section>
	)
}

function RequestHistory({ events }: Pick<Data, 'events'>) {
	const { t } = useAdminI18n()
	if (events.length === 0) return <p className="text-slate-700">{t('request.noNotes')}</p>
	const items = events.map((event) => ({
		id: event.id,
		at: event.createdAt,
		text:
			event.kind === 'status'
				? t('request.statusChanged', {
						name: event.userName,
						from: t(`requests.status.${event.fromStatus}`),
						to: t(`requests.status.${event.toStatus}`),
					})
				: event.kind === 'reply'
					? t('request.replyBy', { name: event.userName })
					: t('request.noteBy', { name: event.userName }),
		body: event.kind === 'status' ? null : event.body,
	}))
	return (
		<AutoScroll label={t('request.history')} className="max-h-96 rounded-md border border-slate-200 bg-slate-50 p-3">
			<HistoryList items={items} />
		</AutoScroll>
	)
}
