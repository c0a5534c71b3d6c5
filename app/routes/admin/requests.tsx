import { useState } from 'react'
import { Form, Link, useLoaderData, useRevalidator } from 'react-router'
import type { Route } from './+types/requests'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { streamAttributes, useLiveStream } from '#app/components/ui/live-stream.tsx'
import { liveStream } from '#app/models/live/signed-stream.server.ts'
import { listRequests, readInboxFilter } from '#app/models/request/inbox.server.ts'
import type { RequestSummary } from '#app/models/request/present.ts'
import { requireStaff } from '#app/http/access.server.ts'
import { REQUEST_STATUSES } from '#database/schema.ts'
import { REQUESTS_STREAM, type LiveStream } from '#app/utils/cable.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { ScrollBox } from '#app/components/ui/table.tsx'
import { buttonClass } from '#app/components/ui/button.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const filter = readInboxFilter(new URL(request.url))
	const { requests, counts } = await listRequests(getDb(context), filter)
	return { requests, counts, filter, stream: liveStream(getServices(context), REQUESTS_STREAM) }
}

type RequestMessage = { type: 'request'; request: RequestSummary }

export default function Requests() {
	const { requests, counts, filter, stream } = useLoaderData<typeof loader>()
	const { t } = useAdminI18n()
	const query = new URLSearchParams(Object.entries(filter).filter(([, value]) => value)).toString()
	return (
		<section>
			<title>{`${t('requests.title')} · Tolk admin`}</title>
			<div className="mb-4 flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold text-slate-900">{t('requests.title')}</h1>
				<a
					href={`/admin/requests/export${query ? `?${query}` : ''}`}
					className="rounded-md border border-teal-800 px-4 py-2 font-medium text-teal-900 hover:bg-teal-50"
					download
				>
					{t('requests.export')}
				</a>
			</div>
			<Form
				method="get"
				role="search"
				aria-label={t('requests.filter')}
				className="mb-4 flex flex-wrap items-end gap-3"
			>
				<div>
					<label htmlFor="requests-status" className="mb-1 block text-sm font-medium">
						{t('requests.status')}
					</label>
					<select
						id="requests-status"
						name="status"
						defaultValue={filter.status}
						className="rounded-md border border-slate-400 bg-white px-3 py-2"
					>
						<option value="">{t('requests.allStatuses')}</option>
						{REQUEST_STATUSES.map((status) => (
							<option key={status} value={status}>
								{t(`requests.status.${status}`)} ({counts[status]})
							</option>
						))}
					</select>
				</div>
				<div className="min-w-64 flex-1">
					<label htmlFor="requests-q" className="mb-1 block text-sm font-medium">
						{t('requests.search')}
					</label>
					<input
						id="requests-q"
						name="q"
						type="search"
						defaultValue={filter.q}
						placeholder={t('requests.searchHint')}
						className="w-full rounded-md border border-slate-400 px-3 py-2"
					/>
				</div>
				<button type="submit" className={buttonClass()}>
					{t('requests.apply')}
				</button>
			</Form>
			<Inbox
				key={`${query}:${requests.map((row) => row.id).join()}`}
				initial={requests}
				stream={stream}
				isFiltered={Boolean(query)}
			/>
		</section>
	)
}

// New requests appear at the top as they arrive (on an unfiltered list; a filtered one is
// refreshed so the filter decides).
function Inbox({
	initial,
	stream,
	isFiltered,
}: {
	initial: RequestSummary[]
	stream: LiveStream
	isFiltered: boolean
}) {
	const { locale, t } = useAdminI18n()
	const [rows, setRows] = useState(initial)
	const revalidator = useRevalidator()
	useLiveStream<RequestMessage>(
		stream,
		(message) => {
			if (message.type !== 'request') return
			if (isFiltered) return void revalidator.revalidate()
			setRows((current) => [message.request, ...current.filter((row) => row.id !== message.request.id)])
		},
		(isReconnect) => isReconnect && void revalidator.revalidate(),
	)
	if (rows.length === 0)
		return (
			<p
				className="rounded-md border border-dashed border-slate-400 p-6 text-center text-slate-700"
				{...streamAttributes(stream)}
			>
				{t('requests.empty')}
			</p>
		)
	return (
		<ScrollBox {...streamAttributes(stream)}>
			<table className="w-full border-collapse bg-white text-left text-sm">
				<caption className="sr-only">{t('requests.title')}</caption>
				<thead>
					<tr className="border-b border-slate-300">
						{(
							[
								'requests.reference',
								'requests.received',
								'requests.status',
								'requests.from',
								'requests.company',
								'requests.languages',
								'requests.documents',
							] as const
						).map((key) => (
							<th key={key} scope="col" className="px-3 py-2 font-semibold">
								{t(key)}
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{rows.map((row) => (
						<tr key={row.id} className="border-b border-slate-200">
							<td className="px-3 py-2">
								<Link to={`/admin/requests/${row.id}`} className="font-medium text-teal-900 underline">
									{row.reference}
								</Link>
							</td>
							<td className="px-3 py-2">{formatDateTime(new Date(row.createdAt), locale)}</td>
							<td className="px-3 py-2">
								<StatusBadge status={row.status} />
							</td>
							<td className="px-3 py-2">
								{row.name}
								<span className="block text-slate-600">{row.email}</span>
							</td>
							<td className="px-3 py-2">{row.companyName ?? '–'}</td>
							<td className="px-3 py-2">
								{row.fromLanguage || row.toLanguage ? `${row.fromLanguage ?? '?'} → ${row.toLanguage ?? '?'}` : '–'}
							</td>
							<td className="px-3 py-2">{row.documentCount}</td>
						</tr>
					))}
				</tbody>
			</table>
		</ScrollBox>
	)
}

const BADGE: Record<string, string> = {
	new: 'bg-amber-100 text-amber-900',
	quoted: 'bg-sky-100 text-sky-900',
	won: 'bg-emerald-100 text-emerald-900',
	lost: 'bg-slate-200 text-slate-800',
}

export function StatusBadge({ status }: { status: string }) {
	const { t } = useAdminI18n()
	return (
		<span className={`rounded px-2 py-0.5 text-xs font-semibold ${BADGE[status] ?? ''}`}>
			{t(`requests.status.${status}`)}
		</span>
	)
}
