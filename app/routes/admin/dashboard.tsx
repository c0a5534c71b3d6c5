import { useEffect, useRef, useState } from 'react'
import { Link, useLoaderData, useRevalidator } from 'react-router'
import type { Route } from './+types/dashboard'
import { areaOfPath, mayOpen } from '#app/models/staff/roles.ts'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { listAuditEvents, presentAuditEvent, type AuditEventView } from '#app/models/audit/history.server.ts'
import { countTodaysWork, TODAYS_WORK_LINKS, type TodaysWork } from '#app/models/dashboard.server.ts'
import { receivablesSummary } from '#app/models/invoice/receivables.server.ts'
import { todoList } from '#app/models/vendor/todo.server.ts'
import { TodoSummary } from '#app/components/admin/todo-list.tsx'
import { backupAlert, type BackupAlert } from '#app/models/backup/schedule.server.ts'
import { formatPrice } from '#app/utils/format.ts'
import { liveStream } from '#app/models/live/signed-stream.server.ts'
import { requireStaff } from '#app/http/access.server.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import { intlLocale } from '#app/utils/locales.ts'
import { dateTimeFormat } from '#app/utils/format.ts'
import type { AdminMessageKey } from '#app/utils/translate.ts'
import { streamAttributes, useLiveStream } from '#app/components/ui/live-stream.tsx'
import { AUDIT_STREAM, JOBS_STREAM, ORDERS_STREAM, REQUESTS_STREAM, type LiveStream } from '#app/utils/cable.ts'
import { AuditTable } from '#app/routes/admin/settings/audit.tsx'

const RECENT_SIZE = 8
const RECOUNT_MS = 300

export async function loader({ request, context }: Route.LoaderArgs) {
	const staff = requireStaff(request, context)
	const db = getDb(context)
	// The day's work for those who do it, the latest changes for admins (app/models/staff/roles.ts).
	const [seesWork, seesChanges] = [mayOpen(staff.role, 'work'), mayOpen(staff.role, 'staff')]
	const [work, money, todo, recent, backup] = await Promise.all([
		seesWork ? countTodaysWork(db) : null,
		seesWork ? receivablesSummary(db) : null,
		seesWork ? todoList(db, { me: staff.id, limit: 1 }) : null,
		seesChanges ? listAuditEvents(db, { limit: RECENT_SIZE }) : [],
		seesChanges ? backupAlert(db) : null,
	])
	const services = getServices(context)
	return {
		name: staff.name,
		role: staff.role,
		work,
		money,
		todo: todo?.counts ?? null,
		links: TODAYS_WORK_LINKS,
		backup,
		// New requests, order and job changes move the counts while the page is open.
		streams: [
			liveStream(services, REQUESTS_STREAM),
			liveStream(services, ORDERS_STREAM),
			liveStream(services, JOBS_STREAM),
		] as const,
		recent: seesChanges ? { events: recent.map(presentAuditEvent), stream: liveStream(services, AUDIT_STREAM) } : null,
	}
}

const QUICK_LINKS: { to: string; label: AdminMessageKey }[] = [
	{ to: '/admin/requests', label: 'requests.title' },
	{ to: '/admin/orders', label: 'orders.title' },
	{ to: '/admin/pages/new', label: 'pages.newTitle' },
	{ to: '/admin/settings', label: 'settings.title' },
]

export default function Dashboard() {
	const { name, role, work, money, todo, links, streams, recent, backup } = useLoaderData<typeof loader>()
	const { locale, t } = useAdminI18n()
	const format = dateTimeFormat(locale)
	return (
		<section className="space-y-8">
			<title>{`${t('nav.dashboard')} · Tolk admin`}</title>
			<h1 className="text-2xl font-bold text-slate-900">{t('dashboard.greeting', { name })}</h1>
			{backup && <BackupWarning alert={backup} />}
			{todo && <TodoSummary counts={todo} />}
			{work && <TodaysWorkCards work={work} links={links} streams={streams} />}
			{money && <Receivables money={money} />}
			<div>
				<h2 className="mb-3 text-lg font-bold">{t('dashboard.quickLinks')}</h2>
				<ul className="flex flex-wrap gap-3">
					{QUICK_LINKS.filter((link) => mayOpen(role, areaOfPath(link.to) ?? 'staff')).map((link) => (
						<li key={link.to}>
							<Link
								to={link.to}
								className="inline-block rounded-md border border-teal-800 px-4 py-2 font-medium text-teal-900 hover:bg-teal-50"
							>
								{t(link.label)}
							</Link>
						</li>
					))}
				</ul>
			</div>
			{recent && <RecentChanges key={recent.events.map((event) => event.id).join()} {...recent} format={format} />}
		</section>
	)
}

const CARDS: { key: keyof TodaysWork; hint: AdminMessageKey; isUrgent?: boolean }[] = [
	{ key: 'newRequests', hint: 'dashboard.newRequestsHint', isUrgent: true },
	{ key: 'quotesWaiting', hint: 'dashboard.quotesWaitingHint' },
	{ key: 'toAssign', hint: 'dashboard.toAssignHint', isUrgent: true },
	{ key: 'ordersDue', hint: 'dashboard.ordersDueHint', isUrgent: true },
	{ key: 'overdue', hint: 'dashboard.overdueHint', isUrgent: true },
]

// The day's work, each count a link to its list; a count that needs someone stands out.
function TodaysWorkCards({
	work,
	links,
	streams,
}: {
	work: TodaysWork
	links: Record<keyof TodaysWork, string>
	streams: readonly [LiveStream, LiveStream, LiveStream]
}) {
	const { locale, t } = useAdminI18n()
	const number = new Intl.NumberFormat(intlLocale(locale))
	const revalidator = useRevalidator()
	// A burst of changes (a morning's requests, a batch of deliveries) counts again once, after it.
	const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
	useEffect(() => () => clearTimeout(timer.current), [])
	const refresh = () => {
		clearTimeout(timer.current)
		timer.current = setTimeout(() => void revalidator.revalidate(), RECOUNT_MS)
	}
	useLiveStream(streams[0], refresh, (isReconnect) => isReconnect && refresh())
	useLiveStream(streams[1], refresh, (isReconnect) => isReconnect && refresh())
	useLiveStream(streams[2], refresh, (isReconnect) => isReconnect && refresh())
	return (
		<div>
			<h2 id="todays-work" className="mb-3 text-lg font-bold">
				{t('dashboard.today')}
			</h2>
			<ul className="grid grid-cols-2 gap-3 xl:grid-cols-5">
				{CARDS.map(({ key, hint, isUrgent }) => {
					const stands = isUrgent && work[key] > 0
					return (
						<li key={key}>
							<Link
								to={links[key]}
								data-count={key}
								className={`block h-full rounded-md border bg-white p-4 hover:border-teal-700 ${stands ? (key === 'overdue' ? 'border-red-400 bg-red-50' : 'border-amber-400 bg-amber-50') : 'border-slate-300'}`}
							>
								<span className="block text-3xl font-bold text-slate-900">{number.format(work[key])}</span>
								<span className="block font-semibold text-slate-900">{t(`dashboard.${key}`)}</span>
								<span className="block text-sm text-slate-700">{t(hint)}</span>
							</Link>
						</li>
					)
				})}
			</ul>
		</div>
	)
}

// What customers owe the agency, and the part of it past due: each a link to those invoices.
function Receivables({ money }: { money: Awaited<ReturnType<typeof receivablesSummary>> }) {
	const { locale, t } = useAdminI18n()
	const cards = [
		{ key: 'owed', to: '/admin/invoices?status=owed', label: t('dashboard.owed'), ...money.owed },
		{ key: 'overdue', to: '/admin/invoices?status=overdue', label: t('dashboard.moneyOverdue'), ...money.overdue },
	]
	return (
		<div>
			<h2 className="mb-3 text-lg font-bold">{t('invoices.title')}</h2>
			<ul className="grid grid-cols-2 gap-3 xl:grid-cols-5">
				{cards.map((card) => (
					<li key={card.key}>
						<Link
							to={card.to}
							data-money={card.key}
							className={`block h-full rounded-md border bg-white p-4 hover:border-teal-700 ${card.key === 'overdue' && card.count > 0 ? 'border-red-400 bg-red-50' : 'border-slate-300'}`}
						>
							<span className="block text-2xl font-bold text-slate-900">{formatPrice(card.amount, 'DKK', locale)}</span>
							<span className="block font-semibold text-slate-900">{card.label}</span>
							<span className="block text-sm text-slate-700">{t('invoices.count', { count: card.count })}</span>
						</Link>
					</li>
				))}
			</ul>
		</div>
	)
}

const BACKUP_TEXT = {
	failed: 'dashboard.backupFailed',
	unverified: 'dashboard.backupUnverified',
	missing: 'dashboard.backupMissing',
} as const

function BackupWarning({ alert }: { alert: BackupAlert }) {
	const { t } = useAdminI18n()
	return (
		<div role="alert" data-backup-alert={alert.kind} className="rounded-md border border-red-400 bg-red-50 p-4">
			<p className="font-semibold">
				{t(BACKUP_TEXT[alert.kind], {
					name: alert.name ?? '',
					problem: alert.problem ? t(`backups.problems.${alert.problemKind ?? 'failed'}`) : '',
				})}
			</p>
			<Link to="/admin/backups" className="mt-1 inline-block text-teal-800 underline">
				{t('dashboard.backupLink')}
			</Link>
		</div>
	)
}

type AuditMessage = { type: 'audit'; event: AuditEventView }

// Changes made anywhere (by anyone, on any server process) appear here as they happen.
function RecentChanges({
	events: initial,
	stream,
	format,
}: {
	events: AuditEventView[]
	stream: LiveStream
	format: Intl.DateTimeFormat
}) {
	const { t } = useAdminI18n()
	const [events, setEvents] = useState(initial)
	const revalidator = useRevalidator()
	useLiveStream<AuditMessage>(
		stream,
		(message) => {
			if (message.type !== 'audit') return
			setEvents((current) =>
				[message.event, ...current.filter((event) => event.id !== message.event.id)].slice(0, RECENT_SIZE),
			)
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
