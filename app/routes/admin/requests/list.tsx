import { useState } from 'react'
import { Link, useLoaderData, useRevalidator } from 'react-router'
import type { Route } from './+types/list'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { streamAttributes, useLiveStream } from '#app/components/ui/live-stream.tsx'
import { liveStream } from '#app/models/live/signed-stream.server.ts'
import { listRequests, readInboxFilter } from '#app/models/request/inbox.server.ts'
import type { RequestSummary } from '#app/models/request/present.ts'
import { requireStaff } from '#app/http/access.server.ts'
import { REQUEST_STATUSES } from '#database/enums.ts'
import { REQUESTS_STREAM, type LiveStream } from '#app/utils/cable.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { Table } from '#app/components/ui/table.tsx'
import { EmptyState, FilterBar, FilterSearch, FilterSelect, ListHeader } from '#app/components/admin/list-page.tsx'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'

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
			<ListHeader
				title={t('requests.title')}
				exportHref={`/admin/requests/export${query ? `?${query}` : ''}`}
				forMachines
				exportLabel={t('requests.export')}
			/>
			<FilterBar label={t('requests.filter')} submit={t('requests.apply')}>
				<FilterSelect
					label={t('requests.status')}
					name="status"
					defaultValue={filter.status}
					options={REQUEST_STATUSES.map((status) => ({
						value: status,
						label: `${t(`requests.status.${status}`)} (${counts[status]})`,
					}))}
				>
					<option value="">{t('requests.allStatuses')}</option>
				</FilterSelect>
				<FilterSearch label={t('requests.search')} defaultValue={filter.q} placeholder={t('requests.searchHint')} />
			</FilterBar>
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
	if (rows.length === 0) return <EmptyState {...streamAttributes(stream)}>{t('requests.empty')}</EmptyState>
	return (
		<Table
			caption={t('requests.title')}
			isCaptionHidden
			columns={COLUMNS.map((key) => ({ label: t(key) }))}
			{...streamAttributes(stream)}
		>
			{rows.map((row) => (
				<tr key={row.id}>
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
		</Table>
	)
}

const COLUMNS = [
	'requests.reference',
	'requests.received',
	'requests.status',
	'requests.from',
	'requests.company',
	'requests.languages',
	'requests.documents',
] as const
