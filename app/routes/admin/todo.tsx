import { useLoaderData } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/todo'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { FilterBar, FilterSelect } from '#app/components/admin/list-page.tsx'
import { TodoGroups } from '#app/components/admin/todo-list.tsx'
import { streamAttributes, useReloadOnStream } from '#app/components/ui/live-stream.tsx'
import { requireStaff } from '#app/http/access.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { liveStream } from '#app/models/live/signed-stream.server.ts'
import { listManagers, markMessageHandled, takeOver } from '#app/models/vendor/manager.server.ts'
import { TODO_KINDS, todoList, TodoScopeSchema } from '#app/models/vendor/todo.server.ts'
import { JOBS_STREAM, ORDERS_STREAM } from '#app/utils/cable.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const staff = requireStaff(request, context)
	const services = getServices(context)
	const url = new URL(request.url)
	const scope = TodoScopeSchema.parse(url.searchParams.get('who') ?? 'mine')
	// One kind shown whole, from its "show all" link.
	const whole = z.enum(TODO_KINDS).nullable().catch(null).parse(url.searchParams.get('kind'))
	const now = new Date()
	const [list, managers] = await Promise.all([
		todoList(services.db, { me: staff.id, scope, now, whole }),
		listManagers(services.db),
	])
	return {
		...list,
		me: staff.id,
		scope: String(scope),
		managers,
		now: now.toISOString(),
		// Jobs change on every hand-in, message and offer; orders on every revision asked for (a
		// customer's, which no job hears of) and every delivery.
		stream: liveStream(services, JOBS_STREAM),
		ordersStream: liveStream(services, ORDERS_STREAM),
	}
}

const ActionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('take'), type: z.enum(['order', 'job']), id: z.coerce.number().int().positive() }),
	z.object({ intent: z.literal('handled'), id: z.coerce.number().int().positive() }),
])

// POST /admin/todo: take an order or a job over, or mark a translator's message handled. Back to
// the list as it was filtered.
export async function action({ request, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	const form = await readForm(request)
	const back = `/admin/todo${backQuery(form.get('who'))}`
	const parsed = ActionSchema.safeParse(Object.fromEntries(form))
	if (!parsed.success) return redirectWithFlash(context, back, { kind: 'error', key: 'todo.error.input' })
	const services = getServices(context)
	const input = parsed.data
	const done =
		input.intent === 'take'
			? await takeOver(services, staff, { type: input.type, id: input.id })
			: await markMessageHandled(services, staff, input.id)
	return redirectWithFlash(
		context,
		back,
		done ? { kind: 'success', key: `todo.flash.${input.intent}` } : { kind: 'error', key: 'todo.error.gone' },
	)
}

const backQuery = (who: FormDataEntryValue | null) => {
	const scope = TodoScopeSchema.parse(typeof who === 'string' ? who : 'mine')
	return scope === 'mine' ? '' : `?who=${scope}`
}

// The PM's to-do list: what waits for them (and for nobody yet), live.
export default function TodoPage() {
	const loaded = useLoaderData<typeof loader>()
	const { t } = useAdminI18n()
	useReloadOnStream(loaded.stream)
	useReloadOnStream(loaded.ordersStream)
	return (
		<section data-controller="todo" className="space-y-6" {...streamAttributes(loaded.stream)}>
			<title>{`${t('todo.title')} · Tolk admin`}</title>
			<h1 className="text-2xl font-bold text-slate-900">{t('todo.title')}</h1>
			<FilterBar label={t('todo.filter')} submit={t('todo.show')}>
				<FilterSelect
					label={t('todo.who')}
					name="who"
					defaultValue={loaded.scope}
					options={loaded.managers.map((manager) => ({ value: manager.id, label: manager.name }))}
				>
					<option value="mine">{t('todo.mine')}</option>
					<option value="all">{t('todo.everyone')}</option>
				</FilterSelect>
			</FilterBar>
			<TodoGroups items={loaded.items} counts={loaded.counts} me={loaded.me} who={loaded.scope} now={loaded.now} />
		</section>
	)
}
