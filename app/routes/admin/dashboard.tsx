import { useState } from 'react'
import { Link, useLoaderData, useRevalidator } from 'react-router'
import type { Route } from './+types/dashboard'
import { useAdminI18n } from '#app/components/i18n.tsx'
import { listAuditEvents, presentAuditEvent, type AuditEventView } from '#app/models/admin/audit.server.ts'
import { countContent } from '#app/models/content.server.ts'
import { liveStream } from '#app/models/live/streams.server.ts'
import { requireStaff } from '#app/http/access.server.ts'
import { getDb, getServices } from '#app/utils/context.server.ts'
import { intlLocale } from '#app/utils/locales.ts'
import type { AdminMessageKey } from '#app/utils/i18n.ts'
import { streamAttributes, useLiveStream } from '#app/components/live-stream.tsx'
import { AUDIT_STREAM, type LiveStream } from '#app/utils/cable.ts'
import { AuditTable } from '#app/routes/admin/audit.tsx'

const RECENT_SIZE = 8

export async function loader({ request, context }: Route.LoaderArgs) {
	const staff = requireStaff(request, context)
	const db = getDb(context)
	const isAdmin = staff.role === 'admin'
	const [counts, recent] = await Promise.all([countContent(db), isAdmin ? listAuditEvents(db, { limit: RECENT_SIZE }) : []])
	return {
		name: staff.name,
		counts,
		recent: isAdmin ? { events: recent.map(presentAuditEvent), stream: liveStream(getServices(context), AUDIT_STREAM) } : null,
	}
}

const QUICK_LINKS: { to: string; label: AdminMessageKey; thing?: AdminMessageKey }[] = [
	{ to: '/admin/pages/new', label: 'actions.new', thing: 'pages.singular' },
	{ to: '/admin/faq/new', label: 'actions.new', thing: 'faq.singular' },
	{ to: '/admin/team/new', label: 'actions.new', thing: 'team.singular' },
	{ to: '/admin/settings', label: 'settings.title' },
]

export default function Dashboard() {
	const { name, counts, recent } = useLoaderData<typeof loader>()
	const { locale, t } = useAdminI18n()
	const format = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' })
	const number = new Intl.NumberFormat(intlLocale(locale))
	return (
		<section className="space-y-8">
			<title>{`${t('nav.dashboard')} · Tolk admin`}</title>
			<h1 className="text-2xl font-bold text-slate-900">{t('dashboard.greeting', { name })}</h1>
			<div>
				<h2 className="mb-3 text-lg font-bold">{t('dashboard.content')}</h2>
				<ul className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
					{(Object.keys(counts) as (keyof typeof counts)[]).map((key) => (
						<li key={key}>
							<Link to={`/admin/${key}`} className="block rounded-md border border-slate-300 bg-white p-4 hover:border-teal-700">
								<span className="block text-2xl font-bold text-teal-900">{number.format(counts[key])}</span>
								<span className="text-sm text-slate-700">{t(`${key}.title`)}</span>
							</Link>
						</li>
					))}
				</ul>
			</div>
			<div>
				<h2 className="mb-3 text-lg font-bold">{t('dashboard.quickLinks')}</h2>
				<ul className="flex flex-wrap gap-3">
					{QUICK_LINKS.map((link) => (
						<li key={link.to}>
							<Link to={link.to} className="inline-block rounded-md border border-teal-800 px-4 py-2 font-medium text-teal-900 hover:bg-teal-50">
								{link.thing ? t(link.label, { thing: t(link.thing) }) : t(link.label)}
							</Link>
						</li>
					))}
				</ul>
			</div>
			{recent && <RecentChanges key={recent.events.map((event) => event.id).join()} {...recent} format={format} />}
		</section>
	)
}

type AuditMessage = { type: 'audit'; event: AuditEventView }

// Changes made anywhere (by anyone, on any server process) appear here as they happen.
function RecentChanges({ events: initial, stream, format }: { events: AuditEventView[]; stream: LiveStream; format: Intl.DateTimeFormat }) {
	const { t } = useAdminI18n()
	const [events, setEvents] = useState(initial)
	const revalidator = useRevalidator()
	useLiveStream<AuditMessage>(
		stream,
		(message) => {
			if (message.type !== 'audit') return
			setEvents((current) => [message.event, ...current.filter((event) => event.id !== message.event.id)].slice(0, RECENT_SIZE))
		},
		(isReconnect) => isReconnect && void revalidator.revalidate(),
	)
	return (
		<section aria-labelledby="recent-changes" {...streamAttributes(stream)}>
			<h2 id="recent-changes" className="mb-3 text-lg font-bold">
				{t('dashboard.recentChanges')}
			</h2>
			<AuditTable events={events} format={format} />
		</section>
	)
}
