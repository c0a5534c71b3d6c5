import { Form, Link, useLoaderData } from 'react-router'
import type { Route } from './+types/request'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { AutoScroll } from '#app/components/ui/auto-scroll.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { findRequest } from '#app/models/request/inbox.server.ts'
import { requireStaff } from '#app/http/access.server.ts'
import { REQUEST_STATUSES } from '#database/schema.ts'
import { getDb } from '#app/http/context.server.ts'
import { formatDateTime, formatPrice } from '#app/utils/format.ts'
import { intlLocale, pathFor, type Locale } from '#app/utils/locales.ts'
import { StatusBadge } from '#app/routes/admin/requests.tsx'
import { recordIdOf } from '#app/http/records.server.ts'
import { buttonClass } from '#app/components/ui/button.tsx'
import { RequestDocument } from '#app/components/admin/request-document.tsx'
import { notFound } from '#app/http/responses.server.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const id = recordIdOf(params.id)
	const found = id ? await findRequest(getDb(context), id) : null
	if (!found) throw notFound()
	const { request: row, documents, events, quote, languageNames } = found
	return {
		request: { ...row, createdAt: row.createdAt.toISOString() },
		documents,
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
	const { request, documents, events, quote, languageNames } = useLoaderData<typeof loader>()
	const { locale, t } = useAdminI18n()
	const number = new Intl.NumberFormat(intlLocale(locale))
	const languageName = (code: string | null) => {
		const found = languageNames.find((language) => language.code === code)
		return found ? (locale === 'da' ? found.nameDa : found.nameEn) : (code ?? '?')
	}
	const rows: [string, React.ReactNode][] = [
		[t('request.name'), request.name],
		[
			t('request.email'),
			<a href={`mailto:${request.email}`} className="text-teal-900 underline">
				{request.email}
			</a>,
		],
		[t('request.phone'), request.phone || '–'],
		[
			t('request.company'),
			request.companyName
				? `${request.companyName} (CVR ${request.companyCvr})${request.companyAddress ? `, ${request.companyAddress}` : ''}`
				: '–',
		],
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
	return (
		<article className="space-y-8">
			<title>{`${t('request.title', { reference: request.reference })} · Tolk admin`}</title>
			<div>
				<Link to="/admin/requests" className="text-sm text-teal-900 underline">
					← {t('request.back')}
				</Link>
				<h1 className="mt-2 flex flex-wrap items-center gap-3 text-2xl font-bold text-slate-900">
					{t('request.title', { reference: request.reference })} <StatusBadge status={request.status} />
				</h1>
				<p className="text-sm text-slate-700">{formatDateTime(new Date(request.createdAt), locale)}</p>
			</div>
			<section aria-labelledby="request-contact">
				<h2 id="request-contact" className="mb-2 text-lg font-bold">
					{t('request.contact')}
				</h2>
				<dl className="grid max-w-3xl gap-x-6 gap-y-1 sm:grid-cols-[12rem_1fr]">
					{rows.map(([label, value]) => (
						<div key={label} className="contents">
							<dt className="font-medium text-slate-700">{label}</dt>
							<dd>{value}</dd>
						</div>
					))}
				</dl>
				{request.message && (
					<>
						<h3 className="mt-4 font-medium text-slate-700">{t('request.message')}</h3>
						<p className="max-w-3xl rounded-md border border-slate-200 bg-white p-3 whitespace-pre-wrap">
							{request.message}
						</p>
					</>
				)}
			</section>
			<section aria-labelledby="request-documents">
				<h2 id="request-documents" className="mb-2 text-lg font-bold">
					{t('request.documents')}
				</h2>
				{documents.length === 0 ? (
					<p>{t('request.noDocuments')}</p>
				) : (
					<ul className="divide-y divide-slate-200 rounded-md border border-slate-300 bg-white">
						{documents.map((document) => (
							<RequestDocument key={document.id} requestId={request.id} document={document} />
						))}
					</ul>
				)}
			</section>
			{quote && (
				<section aria-labelledby="request-quote">
					<h2 id="request-quote" className="mb-2 text-lg font-bold">
						{t('request.quote')}
					</h2>
					<p>
						{t('request.quoteTotal', {
							total: formatPrice(quote.total, quote.currency, locale),
							withVat: formatPrice(quote.totalWithVat, quote.currency, locale),
						})}
					</p>
					<a href={pathFor('quote', quote.locale, { id: quote.id })} className="text-teal-900 underline">
						{t('request.quoteLink')}
					</a>
					<Form method="post" action={`/admin/requests/${request.id}/order`} className="mt-3">
						<AuthenticityTokenInput />
						<button type="submit" className={buttonClass('secondary')}>
							{t('request.makeOrder')}
						</button>
					</Form>
				</section>
			)}
			<section aria-labelledby="request-status-title">
				<h2 id="request-status-title" className="mb-2 text-lg font-bold">
					{t('request.changeStatus')}
				</h2>
				<Form method="post" action={`/admin/requests/${request.id}/status`} className="flex flex-wrap items-end gap-3">
					<AuthenticityTokenInput />
					<div>
						<label htmlFor="request-status" className="mb-1 block text-sm font-medium">
							{t('requests.status')}
						</label>
						<select
							id="request-status"
							name="status"
							defaultValue={request.status}
							className="rounded-md border border-slate-400 bg-white px-3 py-2"
						>
							{REQUEST_STATUSES.map((status) => (
								<option key={status} value={status}>
									{t(`requests.status.${status}`)}
								</option>
							))}
						</select>
					</div>
					<button type="submit" className={buttonClass()}>
						{t('request.saveStatus')}
					</button>
				</Form>
			</section>
			<section id="notes" aria-labelledby="request-notes">
				<h2 id="request-notes" className="mb-2 text-lg font-bold">
					{t('request.notes')}
				</h2>
				{events.length === 0 ? (
					<p className="mb-4 text-slate-700">{t('request.noNotes')}</p>
				) : (
					<AutoScroll
						label={t('request.history')}
						className="mb-4 max-h-96 rounded-md border border-slate-200 bg-slate-50 p-3"
					>
						<ol className="space-y-3">
							{events.map((event) => (
								<li key={event.id} className="rounded-md border border-slate-200 bg-white p-3">
									<p className="text-sm text-slate-700">
										{formatDateTime(new Date(event.createdAt), locale)} ·{' '}
										{event.kind === 'status'
											? t('request.statusChanged', {
													name: event.userName,
													from: t(`requests.status.${event.fromStatus}`),
													to: t(`requests.status.${event.toStatus}`),
												})
											: t('request.noteBy', { name: event.userName })}
									</p>
									{event.kind === 'note' && <p className="mt-1 whitespace-pre-wrap">{event.body}</p>}
								</li>
							))}
						</ol>
					</AutoScroll>
				)}
				<Form method="post" action={`/admin/requests/${request.id}/notes`} className="max-w-3xl">
					<AuthenticityTokenInput />
					<label htmlFor="request-note" className="mb-1 block font-medium">
						{t('request.addNote')}
					</label>
					<textarea
						id="request-note"
						name="body"
						rows={3}
						required
						maxLength={5000}
						className="mb-2 w-full rounded-md border border-slate-400 px-3 py-2"
					/>
					<button type="submit" className={buttonClass()}>
						{t('request.saveNote')}
					</button>
				</Form>
			</section>
		</article>
	)
}
