import { Link, useLoaderData } from 'react-router'
import type { Route } from './+types/audit'
import { useAuditText } from '#app/components/admin/audit-text.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { listAuditEvents, presentAuditEvent, type AuditEventView } from '#app/models/audit/history.server.ts'
import { requireAdmin } from '#app/http/access.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { dateTimeFormat } from '#app/utils/format.ts'
import { Table } from '#app/components/ui/table.tsx'

const PAGE_SIZE = 50

export async function loader({ request, context }: Route.LoaderArgs) {
	requireAdmin(request, context)
	const before = Number(new URL(request.url).searchParams.get('before')) || undefined
	const events = await listAuditEvents(getDb(context), { limit: PAGE_SIZE, before })
	return {
		events: events.map(presentAuditEvent),
		hasMore: events.length === PAGE_SIZE,
	}
}

export default function Audit() {
	const { events, hasMore } = useLoaderData<typeof loader>()
	const { locale, t } = useAdminI18n()
	const format = dateTimeFormat(locale)
	return (
		<section>
			<title>{`${t('audit.title')} · Tolk admin`}</title>
			<h1 className="mb-4 text-2xl font-bold text-slate-900">{t('audit.title')}</h1>
			<AuditTable events={events} format={format} />
			{hasMore && (
				<Link to={`?before=${events.at(-1)!.id}`} className="mt-4 inline-block text-teal-800 underline">
					{t('audit.older')}
				</Link>
			)}
		</section>
	)
}

export function AuditTable({ events, format }: { events: AuditEventView[]; format: Intl.DateTimeFormat }) {
	const { t } = useAdminI18n()
	const { text, fieldLabel } = useAuditText()
	if (events.length === 0) return <p className="text-slate-700">{t('audit.empty')}</p>
	return (
		<Table
			columns={[
				{ label: t('audit.when') },
				{ label: t('audit.who') },
				{ label: t('audit.what') },
				{ label: t('audit.subject') },
			]}
		>
			{events.map((event) => (
				<tr key={event.id}>
					<td className="px-3 py-2 whitespace-nowrap">
						<time dateTime={event.createdAt}>{format.format(new Date(event.createdAt))}</time>
					</td>
					<td className="px-3 py-2">{event.userName}</td>
					<td className="px-3 py-2">{t(`audit.actions.${event.action}`)}</td>
					<td className="px-3 py-2">
						<span className="font-medium">{t(`audit.subjects.${event.subjectType}`)}</span>{' '}
						{event.text ? text(event.text) : event.summary}
						{!event.text && event.fields.length > 0 && (
							<span className="block text-slate-600">{event.fields.map(fieldLabel).join(', ')}</span>
						)}
					</td>
				</tr>
			))}
		</Table>
	)
}
