import { Form, Link } from 'react-router'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Hidden, inputClass } from '#app/components/ui/input.tsx'
import { EmptyState } from '#app/components/admin/list-page.tsx'
import { formatAge, formatDay, formatNumber } from '#app/utils/format.ts'
import { TODO_KINDS as KINDS, type TodoItem, type TodoKind } from '#app/models/vendor/todo.ts'

type Lists = { items: Record<TodoKind, TodoItem[]>; counts: Record<TodoKind, number> }

const hrefOf = (item: TodoItem) =>
	item.jobId ? `/admin/jobs/${item.jobId}` : `/admin/orders/${item.orderId}${item.kind === 'customer' ? '#thread' : ''}`

// The to-do list's page: each kind under its heading with how many, oldest first.
export function TodoGroups({ items, counts, me, who, now }: Lists & { me: number; who: string; now: string }) {
	const { locale, t } = useAdminI18n()
	if (KINDS.every((kind) => counts[kind] === 0)) return <EmptyState data-todo-empty>{t('todo.empty')}</EmptyState>
	return (
		<div className="space-y-6">
			{KINDS.filter((kind) => counts[kind] > 0).map((kind) => (
				<section key={kind} aria-labelledby={`todo-${kind}`} data-todo={kind}>
					<h2 id={`todo-${kind}`} className="mb-2 text-lg font-semibold">
						{t(`todo.kind.${kind}`)} <span className="font-normal">({formatNumber(counts[kind], locale)})</span>
					</h2>
					<ul className="divide-y divide-slate-200 rounded-md border border-slate-300 bg-white">
						{items[kind].map((item) => (
							<TodoRow key={`${item.jobId ?? ''}-${item.orderId}`} item={item} me={me} who={who} now={now} />
						))}
					</ul>
					{counts[kind] > items[kind].length && (
						<p className="mt-1 text-sm">
							<Link
								to={`/admin/todo?${new URLSearchParams({ who, kind })}#todo-${kind}`}
								className="text-teal-900 underline"
							>
								{t('todo.more', { count: counts[kind] - items[kind].length })}
							</Link>
						</p>
					)}
				</section>
			))}
		</div>
	)
}

function TodoRow({ item, me, who, now }: { item: TodoItem; me: number; who: string; now: string }) {
	const { locale, t } = useAdminI18n()
	const age = formatAge(new Date(item.since), new Date(now), locale)
	const when =
		item.kind === 'due' && item.dueDate
			? t('todo.when.due', { date: formatDay(item.dueDate, locale) })
			: t(`todo.when.${item.kind}`, { age, name: item.translator ?? '–' })
	return (
		<li
			className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3"
			data-todo-item={`${item.kind}:${item.jobId ?? item.orderId}`}
		>
			<div className="min-w-0 flex-1">
				<Link to={hrefOf(item)} className="font-medium text-teal-900 underline">
					{item.jobId
						? t('jobs.pageTitle', { id: item.jobId, reference: item.reference })
						: t('todo.order', { reference: item.reference })}
				</Link>
				<p className="text-sm text-slate-700">
					{when} · {item.managerName ? t('todo.owner', { name: item.managerName }) : t('todo.nobody')}
				</p>
			</div>
			{item.kind === 'message' && item.jobId && (
				<TodoAction intent="handled" id={item.jobId} who={who} label={t('todo.handled')} />
			)}
			{item.kind === 'customer' && <CustomerReply item={item} />}
			{item.managerId !== me && (
				<TodoAction
					intent="take"
					type={item.jobId ? 'job' : 'order'}
					id={item.jobId ?? item.orderId}
					who={who}
					label={item.managerId ? t('todo.takeOver') : t('todo.take')}
				/>
			)}
		</li>
	)
}

// The customer's message answered where it is listed: the answer is mailed to them and the item
// goes (the order's page has the whole thread).
function CustomerReply({ item }: { item: TodoItem }) {
	const { t } = useAdminI18n()
	return (
		<details className="w-full">
			<summary className="cursor-pointer text-sm text-teal-900 underline">{t('todo.reply')}</summary>
			<Form
				method="post"
				action={`/admin/orders/${item.orderId}?back=todo`}
				encType="multipart/form-data"
				className="mt-2 space-y-2"
			>
				<AuthenticityTokenInput />
				<textarea
					name="body"
					rows={3}
					aria-label={t('todo.replyLabel', { reference: item.reference })}
					className={inputClass}
				/>
				<Button variant="secondarySmall" type="submit">
					{t('order.thread.send')}
				</Button>
			</Form>
		</details>
	)
}

function TodoAction({
	intent,
	type,
	id,
	who,
	label,
}: {
	intent: string
	type?: string
	id: number
	who: string
	label: string
}) {
	return (
		<Form method="post" action="/admin/todo">
			<AuthenticityTokenInput />
			<Hidden name="intent" value={intent} />
			{type && <Hidden name="type" value={type} />}
			<Hidden name="id" value={id} />
			<Hidden name="who" value={who} />
			<Button variant="secondarySmall" type="submit">
				{label}
			</Button>
		</Form>
	)
}

// The dashboard's first card: how many of each kind wait for me (or for nobody yet), each a link
// to its part of the list.
export function TodoSummary({ counts }: { counts: Record<TodoKind, number> }) {
	const { locale, t } = useAdminI18n()
	const total = KINDS.reduce((sum, kind) => sum + counts[kind], 0)
	return (
		<section
			aria-labelledby="todo-summary"
			data-todo-summary
			className="rounded-md border border-slate-300 bg-white p-4"
		>
			<h2 id="todo-summary" className="text-lg font-bold">
				<Link to="/admin/todo" className="text-teal-900 underline">
					{t('todo.title')}
				</Link>{' '}
				<span className="font-normal">({formatNumber(total, locale)})</span>
			</h2>
			{total === 0 ? (
				<p className="mt-2 text-slate-700">{t('todo.empty')}</p>
			) : (
				<ul className="mt-2 flex flex-wrap gap-2">
					{KINDS.filter((kind) => counts[kind] > 0).map((kind) => (
						<li key={kind}>
							<Link
								to={`/admin/todo#todo-${kind}`}
								data-todo-count={kind}
								className={`inline-block rounded-md border px-3 py-1 text-sm ${kind === 'late' ? 'border-red-400 bg-red-50' : 'border-amber-400 bg-amber-50'}`}
							>
								{t(`todo.kind.${kind}`)}: <strong>{formatNumber(counts[kind], locale)}</strong>
							</Link>
						</li>
					))}
				</ul>
			)}
		</section>
	)
}
