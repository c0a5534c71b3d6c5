import type { CalendarDate } from '#app/models/calendar/working-days.ts'
import { suggestedDeadline } from '#app/models/vendor/deadline.ts'
import { expectStatus, person, type Person } from '#tests/simulation/http.ts'
import { monthInDenmark, type MorningPlan, type PlannedOrder } from '#tests/simulation/plan.ts'
import { SIM_ADMIN } from '#tests/simulation/site.ts'
import type { World } from '#tests/simulation/world.ts'

type Day = { url: string; today: CalendarDate; now: () => Date }

// Staff and translators sign in as people do: the login form, then the page it leads to.
export async function signedIn(url: string, email: string, password: string, landing = '/admin') {
	const someone = person(url)
	await someone.page('/admin/login')
	expectStatus(`signing in as ${email}`, await someone.post('/admin/login', { email, password }), 302)
	await someone.page(landing)
	return someone
}

export const signInAdmin = (url: string) => signedIn(url, SIM_ADMIN.email, SIM_ADMIN.password)

// The translators the agency works with, made once through the translators' form.
export async function hireTranslators(pm: Person, count: number) {
	const made = []
	for (let index = 1; index <= count; index++) {
		const email = `oversaetter${index}@translators.example`
		const password = `translator-password-${index}0`
		const saved = await pm.post('/admin/translators/new', {
			name: `Oversætter ${index}`,
			email,
			password,
			teamMemberId: '',
			dailyCapacity: '4000',
			active: 'on',
			'pairs.0.from': 'da',
			'pairs.0.to': 'en',
			'pairs.0.ratePerWord': (0.7 + index / 10).toFixed(2),
			'pairs.1.from': 'en',
			'pairs.1.to': 'da',
			'pairs.1.ratePerWord': (0.7 + index / 10).toFixed(2),
		})
		expectStatus(`hiring ${email}`, saved, 302)
		made.push({ email, password })
	}
	return made
}

// The PM's morning: new orders get a job offered to the translators of its pair, handed-in jobs
// are approved (asking which files when they are fewer than the documents) or returned, jobs
// nobody took are offered again, finished orders are delivered, and a few are cancelled or credited.
export async function projectManagersDay(world: World, day: Day, pm: Person, plan: MorningPlan) {
	const { random, counts } = world
	for (const order of plan.orders) {
		const live = order.jobs.filter((job) => job.status !== 'cancelled')
		const needsJob =
			(order.status === 'received' && live.length === 0) ||
			(order.status === 'revision_requested' && live.every((job) => job.status === 'approved'))
		if (order.status === 'received' && live.length === 0 && random.chance(0.04)) {
			await changeStatus(pm, order, 'cancelled', { confirm: 'on', note: 'Kunden har trukket ordren tilbage.' })
			counts.cancelled++
			continue
		}
		if (needsJob && order.documents.length) await offerJob(pm, order, plan, day)
		for (const job of live) {
			// Approved now: the order is delivered in the same visit.
			if (job.status === 'done' && (await review(world, pm, job))) job.status = 'approved'
			if (job.status === 'open')
				await expectOk(
					`offering job ${job.id} again`,
					pm.post(`/admin/jobs/${job.id}`, {
						intent: 'reoffer',
						translatorIds: plan.translators.map((t) => String(t.id)),
					}),
					pm,
				)
		}
		const ready = live.length > 0 && live.every((job) => job.status === 'approved')
		const approvedNow = (job: (typeof live)[number]) =>
			!job.approvedAt || !order.deliveredAt || job.approvedAt > order.deliveredAt
		const delivering = ready && (order.status === 'in_progress' || order.status === 'received')
		if (delivering && live.some(approvedNow)) {
			await changeStatus(pm, order, 'delivered', { note: '' })
			counts.delivered++
		} else if (order.status === 'delivered' && random.chance(0.015)) {
			await changeStatus(pm, order, 'cancelled', { confirm: 'on', note: 'Krediteret efter aftale med kunden.' })
			counts.credited++
		}
	}
	await sendReminders(pm)
	await payTranslators(world, day, pm, plan)
}

async function offerJob(pm: Person, order: PlannedOrder, plan: MorningPlan, day: Day) {
	const page = await pm.page(`/admin/orders/${order.id}`)
	expectStatus(`order ${order.reference}`, page, 200)
	const made = pm.post(`/admin/orders/${order.id}`, {
		intent: 'job',
		kind: 'translation',
		documentIds: order.documents,
		from: order.pair.from,
		to: order.pair.to,
		deadline: suggestedDeadline(order.dueDate as CalendarDate, day.now()),
		instructions: order.status === 'revision_requested' ? 'Kunden har bedt om en rettelse.' : '',
		fixedFee: '',
		feeReason: '',
		translatorIds: plan.translators.map((translator) => String(translator.id)),
	})
	await expectOk(`offering a job on ${order.reference}`, made, pm)
}

type PlannedJob = PlannedOrder['jobs'][number]

async function review(world: World, pm: Person, job: PlannedJob) {
	await pm.page(`/admin/jobs/${job.id}`)
	if (job.current >= job.documentIds.length && world.random.chance(0.15)) {
		await expectOk(
			`returning job ${job.id}`,
			pm.post(`/admin/jobs/${job.id}`, { intent: 'return', note: 'Tjek navnene i afsnit 2.' }),
			pm,
		)
		world.counts.returned++
		return false
	}
	// Fewer files than documents: the PM takes every file the job holds, earlier hand-ins too.
	const fewer = job.current < job.documentIds.length
	const fields: Record<string, string | string[]> = fewer
		? { intent: 'approve', confirmFiles: '1', fileIds: job.files.map((file) => file.id) }
		: { intent: 'approve' }
	await expectOk(`approving job ${job.id}`, pm.post(`/admin/jobs/${job.id}`, fields), pm)
	world.counts.approved++
	if (fewer) world.counts.fewerFiles++
	return true
}

async function changeStatus(pm: Person, order: PlannedOrder, status: string, extra: Record<string, string>) {
	await pm.page(`/admin/orders/${order.id}`)
	await expectOk(
		`${order.reference} → ${status}`,
		pm.post(`/admin/orders/${order.id}`, { intent: 'status', status, from: order.status, ...extra }),
		pm,
	)
}

async function sendReminders(pm: Person) {
	await pm.page('/admin/invoices')
	await expectOk('sending due reminders', pm.post('/admin/invoices/reminders', {}), pm)
}

// On the month's first working day, last month's approved jobs are paid to each translator.
async function payTranslators(world: World, day: Day, pm: Person, plan: MorningPlan) {
	const month = monthInDenmark(day.now())
	const due = plan.approvedMonths.filter((key) => key.split('|')[1]! < month && !plan.paidMonths.has(key))
	if (!due.length) return
	await pm.page('/admin/payables')
	for (const key of due) {
		const [translatorId, owedMonth] = key.split('|')
		await expectOk(`paying ${key}`, pm.post('/admin/payables', { translatorId: translatorId!, month: owedMonth! }), pm)
		world.counts.payouts++
	}
}

// A form post that went through: the redirect back to the page, with no error message waiting.
export async function expectOk(
	what: string,
	posted: Promise<{ status: number; location: string | null; text: string }>,
	follow: Person,
) {
	const answer = await posted
	expectStatus(what, answer, 302)
	const page = await follow.page(answer.location!)
	const error = /<p[^>]*data-flash="error"[^>]*>([^<]*)</.exec(page.html)
	if (error) throw new Error(`${what}: ${error[1]}`)
	return answer
}
