import { data, Form, useActionData, useLoaderData } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/order'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { streamAttributes, useReloadOnStream } from '#app/components/ui/live-stream.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Hidden, inlineInputClass } from '#app/components/ui/input.tsx'
import { DetailHeader, DetailList, Section, type DetailRow } from '#app/components/admin/section.tsx'
import { StatusForm } from '#app/components/admin/status-form.tsx'
import { requireStaff } from '#app/http/access.server.ts'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { parseRecordId, recordIdOf } from '#app/http/records.server.ts'
import { liveStream } from '#app/models/live/signed-stream.server.ts'
import { findOrderForStaff, workingDaysLeft } from '#app/models/order/admin.server.ts'
import {
	addOrderNote,
	assignTranslator,
	changeOrderStatus,
	OrderNotFound,
	OrderRefused,
	resendDeliveryMail,
	deliverAddedFiles,
} from '#app/models/order/lifecycle.server.ts'
import { chooseDelivery, withdrawOrderFile } from '#app/models/order/delivery.server.ts'
import { stateOfFile } from '#app/models/order/delivery-names.ts'
import { OrderFiles } from '#app/components/orders/order-files.tsx'
import { OrderStatusForm } from '#app/components/orders/order-status-form.tsx'
import { ORDER_STATUSES } from '#database/enums.ts'
import type { CalendarDate } from '#app/models/calendar/working-days.ts'
import { jobsStream, orderStream } from '#app/utils/cable.ts'
import { OrderJobs } from '#app/components/orders/order-jobs.tsx'
import { createJob, JobFormSchema, jobsOfOrder, readJobForm, workOf } from '#app/models/vendor/jobs.server.ts'
import { JobRefused } from '#app/models/vendor/job-status.server.ts'
import { candidatesFor } from '#app/models/vendor/translators.server.ts'
import { suggestedDeadline } from '#app/models/vendor/deadline.ts'
import { fieldErrorsOf } from '#app/models/records/form.ts'
import type { Staff } from '#app/models/staff/session.server.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import { formatPrice, formatDay } from '#app/utils/format.ts'
import { pathFor, type Locale } from '#app/utils/locales.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { notFound } from '#app/http/responses.server.ts'
import { Invoices, OrderDocuments, OrderHistory } from '#app/components/orders/order-sections.tsx'
import { ratingOfOrder } from '#app/models/order/after-delivery.server.ts'
import { OPEN_ORDER_STATUSES } from '#app/models/order/status.ts'
import { listManagers, takeOver } from '#app/models/vendor/manager.server.ts'
import { offerRevision, revisionToOffer } from '#app/models/vendor/revision.server.ts'
import { languageNames } from '#app/models/vendor/work.server.ts'
import { RevisionOffer } from '#app/components/orders/revision-offer.tsx'
import { OrderThread } from '#app/components/orders/order-thread.tsx'
import { forwardMessage, hasOrder, markCustomerHandled, threadOf } from '#app/models/order/thread.server.ts'
import { isMultipart, threadPost, type ThreadAnswer } from '#app/routes/thread.server.ts'
import { resolveAdminLocale } from '#app/http/admin-locale.server.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
	const staff = requireStaff(request, context)
	const id = recordIdOf(params.id)
	const found = id ? await findOrderForStaff(getDb(context), id) : null
	if (!found) throw notFound()
	const { order, quote, events, files, documents, invoices, translators } = found
	const services = getServices(context)
	const { words, minutes, repeatedWords } = workOf(documents)
	const pair = order.fromLanguage && order.toLanguage ? { from: order.fromLanguage, to: order.toLanguage } : null
	// New jobs only while the order is open: a delivered or cancelled one needs no candidates.
	const isOpen = OPEN_ORDER_STATUSES.includes(order.status)
	const [jobs, candidates, rating, managers, revision, names, thread] = await Promise.all([
		jobsOfOrder(services, order.id),
		pair && isOpen ? candidatesFor(services.db, pair, words, minutes, { repeatedWords }) : [],
		ratingOfOrder(services.db, order.id),
		listManagers(services.db),
		// Only asked while the customer's request waits: the page reloads on every change of the order.
		order.status === 'revision_requested' ? revisionToOffer(services.db, order.id) : null,
		pair ? languageNames(services.db, [pair.from, pair.to]) : null,
		threadOf(services.db, order.id),
	])
	return {
		rating,
		thread,
		customerWaiting: Boolean(order.customerWaitingSince),
		revision: revision && { reason: revision.reason, translator: revision.translator?.name ?? null },
		me: staff.id,
		// The pair in the admin's language (the quote has it in the customer's).
		pairNames: pair && names ? { from: names.get(pair.from), to: names.get(pair.to) } : null,
		manager: managers.find((manager) => manager.id === order.managerId)?.name ?? null,
		jobs: jobs.map((job) => ({
			id: job.id,
			kind: job.kind,
			status: job.status,
			deadline: job.deadline.toISOString(),
			words: job.words,
			translator: job.translator,
			fee: job.fee,
			offers: job.offers.map((offer) => ({ name: offer.name, status: offer.status })),
		})),
		candidates: candidates.map((candidate) => ({
			id: candidate.id,
			name: candidate.name,
			fee: candidate.fee,
			openWords: candidate.openWords,
			openJobs: candidate.openJobs,
			dailyCapacity: candidate.dailyCapacity,
			nextDeadline: candidate.nextDeadline?.toISOString() ?? null,
			ratePerWord: candidate.ratePerWord,
			ratePerMinute: candidate.ratePerMinute,
			reviewFeeRule: candidate.reviewFeeRule,
			reviewSharePercent: candidate.reviewSharePercent,
			hourlyRate: candidate.hourlyRate,
			repetitionShare: candidate.repetitionShare,
		})),
		pair,
		isOpen,
		suggestedDeadline: suggestedDeadline(order.dueDate as CalendarDate),
		now: new Date().toISOString(),
		jobsStream: liveStream(services, jobsStream(order.id)),
		order: {
			...order,
			createdAt: order.createdAt.toISOString(),
			daysLeft: workingDaysLeft(order.dueDate as CalendarDate),
			customerPage: pathFor('orderStatus', order.locale as Locale, { token: order.token }),
		},
		quote,
		events: events.map((event) => ({ ...event, createdAt: event.createdAt.toISOString() })),
		files: files.map(orderFileForPage),
		documents,
		invoices: invoices.map(({ id, kind, number, total, issueDate, buyer }) => ({
			id,
			kind,
			number,
			total,
			issueDate,
			hasEan: Boolean(buyer.ean),
		})),
		translators,
		stream: liveStream(getServices(context), orderStream(order.id)),
	}
}

const ActionSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('status'),
		status: z.enum(ORDER_STATUSES),
		note: z.string().trim().max(2000).default(''),
		from: z.enum(ORDER_STATUSES).optional(),
		confirm: z
			.string()
			.optional()
			.transform((value) => value === 'on'),
	}),
	z.object({
		intent: z.literal('translator'),
		translator: z.union([z.literal('').transform(() => null), z.coerce.number().int().positive()]),
	}),
	z.object({
		intent: z.literal('note'),
		body: z.string().trim().min(1).max(5000),
		internal: z
			.string()
			.optional()
			.transform((value) => value === 'on'),
	}),
	z.object({ intent: z.literal('mail') }),
	z.object({ intent: z.literal('take') }),
	z.object({ intent: z.literal('delivery') }),
	z.object({ intent: z.literal('deliver-files') }),
	z.object({ intent: z.literal('withdraw'), fileId: z.string().uuid(), reason: z.string().trim().min(1).max(500) }),
])

// POST /admin/orders/:id: change the status (delivering issues the invoice), assign a translator,
// add a note, send the delivery mail again, or take the order over; back to the page with a message.
export async function action({ request, params, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	const id = parseRecordId(params.id)
	const back = `/admin/orders/${id}`
	const services = getServices(context)
	if (isMultipart(request)) return answerCustomer(request, context, staff, id)
	const form = await readForm(request)
	if (form.get('intent') === 'forward') {
		const done = await forwardMessage(services, staff, id, Number(form.get('messageId')), Number(form.get('jobId')))
		return redirectWithFlash(
			context,
			`${back}#thread`,
			done ? { kind: 'success', key: 'order.flash.forward' } : { kind: 'error', key: 'order.error.input' },
		)
	}
	if (form.get('intent') === 'customer-handled') {
		await markCustomerHandled(services, id)
		return redirectWithFlash(context, `${back}#thread`, { kind: 'success', key: 'order.flash.customer-handled' })
	}
	if (form.get('intent') === 'job') return offerNewJob(context, staff, id, form)
	if (form.get('intent') === 'revision-job') return offerRevisionJob(context, staff, id)
	const { fileIds: _chosen, ...fields } = Object.fromEntries(form)
	const parsed = ActionSchema.safeParse(fields)
	if (!parsed.success) return redirectWithFlash(context, back, { kind: 'error', key: 'order.error.input' })
	try {
		const input = parsed.data
		if (input.intent === 'status' && input.status === 'cancelled' && !input.confirm)
			return redirectWithFlash(context, back, { kind: 'error', key: 'order.error.confirm-cancel' })
		if (input.intent === 'status') await changeOrderStatus(services, staff, id, input.status, input.note, input.from)
		if (input.intent === 'translator') await assignTranslator(services, staff, id, input.translator)
		if (input.intent === 'note') await addOrderNote(services, staff, id, input.body, input.internal)
		if (input.intent === 'mail') await resendDeliveryMail(services, staff, id)
		if (input.intent === 'take' && !(await takeOver(services, staff, { type: 'order', id }))) throw notFound()
		if (input.intent === 'delivery' || input.intent === 'deliver-files')
			await chooseDelivery(services, staff, id, form.getAll('fileIds').map(String))
		if (input.intent === 'deliver-files') await deliverAddedFiles(services, staff, id)
		if (input.intent === 'withdraw') await withdrawOrderFile(services, staff, id, input.fileId, input.reason)
		return redirectWithFlash(context, back, { kind: 'success', key: `order.flash.${input.intent}` })
	} catch (error) {
		if (error instanceof OrderNotFound) throw notFound()
		if (error instanceof OrderRefused)
			return redirectWithFlash(context, back, { kind: 'error', key: `order.error.${error.reason}` })
		throw error
	}
}

// Staff answer the customer in the order's thread (mailed to them); a refusal comes back with the
// words typed.
async function answerCustomer(request: Request, context: Route.ActionArgs['context'], staff: Staff, orderId: number) {
	if (!(await hasOrder(getDb(context), orderId))) throw notFound()
	const author = { kind: 'staff' as const, id: staff.id, name: staff.name }
	const answer = await threadPost(request, context, { orderId, author, locale: resolveAdminLocale(request) })
	// Answered from the to-do list: back to it.
	const fromTodo = new URL(request.url).searchParams.get('back') === 'todo'
	if (answer.ok)
		return fromTodo
			? redirectWithFlash(context, '/admin/todo', { kind: 'success', key: 'todo.flash.reply' })
			: redirectWithFlash(context, `/admin/orders/${orderId}#thread`, { kind: 'success', key: 'order.flash.thread' })
	return data({ threadAnswer: answer }, { status: answer.status })
}

// A new job from the order's page: offered at once, or the form again with what was typed and why not.
async function offerNewJob(context: Route.ActionArgs['context'], staff: Staff, orderId: number, form: FormData) {
	const raw = readJobForm(form)
	const parsed = JobFormSchema.safeParse(raw)
	const jobValues = { ...raw, documentIds: raw.documentIds.map(String), translatorIds: raw.translatorIds.map(String) }
	if (!parsed.success) return data({ jobErrors: fieldErrorsOf(parsed.error), jobValues }, { status: 422 })
	try {
		const result = await createJob(getServices(context), staff, orderId, parsed.data)
		if ('errors' in result) return data({ jobErrors: result.errors, jobValues }, { status: 422 })
		return redirectWithFlash(context, `/admin/orders/${orderId}#jobs`, { kind: 'success', key: 'jobs.flash.offered' })
	} catch (error) {
		if (error instanceof JobRefused && error.reason === 'not-found') throw notFound()
		if (error instanceof JobRefused)
			return redirectWithFlash(context, `/admin/orders/${orderId}`, { kind: 'error', key: 'jobs.error.orderClosed' })
		throw error
	}
}

// The customer's revision, offered in one click to the translator who did the work.
async function offerRevisionJob(context: Route.ActionArgs['context'], staff: Staff, orderId: number) {
	const back = `/admin/orders/${orderId}#jobs`
	try {
		const made = await offerRevision(getServices(context), staff, orderId)
		if ('errors' in made) return redirectWithFlash(context, back, { kind: 'error', key: 'jobs.error.revision' })
		return redirectWithFlash(context, back, {
			kind: 'success',
			key: 'jobs.flash.revision',
			vars: { name: made.translator },
		})
	} catch (error) {
		if (error instanceof JobRefused) return redirectWithFlash(context, back, { kind: 'error', key: 'jobs.error.state' })
		throw error
	}
}

export default function OrderPage() {
	const {
		order,
		quote,
		events,
		files,
		documents,
		invoices,
		translators,
		stream,
		jobsStream: jobStream,
		jobs,
		candidates,
		pair,
		isOpen,
		suggestedDeadline,
		now,
		rating,
		revision,
		thread,
		customerWaiting,
	} = useLoaderData<typeof loader>()
	const posted = useActionData<{ threadAnswer?: ThreadAnswer }>()
	const { t } = useAdminI18n()
	useReloadOnStream(stream)
	useReloadOnStream(jobStream)
	return (
		<article className="space-y-8" data-controller="order" {...streamAttributes(stream)}>
			<title>{`${t('order.title', { reference: order.reference })} · Tolk admin`}</title>
			<DetailHeader
				back={{ to: '/admin/orders', label: t('order.back') }}
				title={
					<span>
						{t('order.title', { reference: order.reference })}{' '}
						<span data-status={order.status}>· {t(`orders.status.${order.status}`)}</span>
					</span>
				}
			>
				<a href={order.customerPage} className="text-sm text-teal-900 underline" target="_blank" rel="noreferrer">
					{t('order.customerPage')}
				</a>
			</DetailHeader>
			<DetailList rows={useOrderRows()} />
			<Section id="order-status-title" title={t('order.statusTitle')}>
				<p className="text-sm">
					{t('order.currentStatus')}{' '}
					<strong data-current-status={order.status}>{t(`orders.status.${order.status}`)}</strong>
				</p>
				<OrderStatusForm
					key={order.status}
					status={order.status}
					invoiceNumber={invoices.find((invoice) => invoice.kind === 'invoice')?.number ?? null}
					email={order.customer.email}
				/>
				<p className="text-sm text-slate-600">{t('order.deliverHint')}</p>
				{rating && (
					<p className="text-sm" data-rating={rating.rating}>
						{t('orders.rating')}: <strong>{t('orders.ratingValue', { rating: String(rating.rating) })}</strong>
						{rating.comment ? ` · ${rating.comment}` : ''}
					</p>
				)}
			</Section>
			<Section id="order-translator-title" title={t('order.translator')}>
				<StatusForm hidden={{ intent: 'translator' }} label={t('order.assign')} submit={t('order.saveTranslator')}>
					<select name="translator" defaultValue={order.translatorId ?? ''} className={inlineInputClass}>
						<option value="">{t('order.nobody')}</option>
						{translators.map((member) => (
							<option key={member.id} value={member.id}>
								{t('order.translatorOption', { name: member.name, count: member.openOrders })}
								{member.coversPair ? '' : ` (${t('order.otherPairs')})`}
							</option>
						))}
					</select>
				</StatusForm>
			</Section>
			{revision && <RevisionOffer {...revision} />}
			<OrderJobs
				orderId={order.id}
				jobs={jobs}
				candidates={candidates}
				sources={documents}
				pair={pair}
				suggestedDeadline={suggestedDeadline}
				currency={quote.currency}
				isOpen={isOpen}
				now={now}
			/>
			<OrderThread
				orderId={order.id}
				messages={thread}
				jobs={jobs.map((job) => ({ id: job.id, translator: job.translator }))}
				waiting={customerWaiting}
				answer={posted?.threadAnswer ?? null}
			/>
			<OrderFiles order={order} files={files} />
			<Invoices invoices={invoices} currency={quote.currency} />
			<OrderDocuments orderId={order.id} documents={documents} />
			<OrderHistory events={events} />
		</article>
	)
}

function useOrderRows(): DetailRow[] {
	const { order, quote, manager, me, pairNames } = useLoaderData<typeof loader>()
	const { locale, t } = useAdminI18n()
	const money = (amount: number) => formatPrice(amount, quote.currency, locale)
	const { customer } = order
	const company = customer.companyName
		? `${customer.companyName}${customer.companyCvr ? ` (CVR ${customer.companyCvr})` : ''}${customer.companyAddress ? `, ${customer.companyAddress}` : ''}`
		: t('order.private')
	const daysLeft =
		order.daysLeft < 0 ? t('orders.overdue', { count: -order.daysLeft }) : t('orders.days', { count: order.daysLeft })
	return [
		[t('order.manager'), <OrderManager key="manager" name={manager} isMine={order.managerId === me} />],
		[t('order.customer'), `${customer.name} <${customer.email}>${customer.phone ? `, ${customer.phone}` : ''}`],
		[t('order.company'), company],
		[t('order.ean'), customer.ean ?? '–'],
		...(customer.kind === 'foreign'
			? [[t('order.vatNumber'), `${customer.vatNumber ?? ''} · ${t('order.reverseCharge')}`] as DetailRow]
			: []),
		[t('order.purchaseOrder'), customer.purchaseOrder ?? '–'],
		[t('order.costCentre'), customer.costCentre || '–'],
		...(customer.invoiceEmail ? [[t('order.invoiceEmail'), customer.invoiceEmail] as DetailRow] : []),
		[
			t('order.languages'),
			order.fromLanguage && order.toLanguage
				? `${pairNames?.from?.[locale] ?? quote.details.fromName} → ${pairNames?.to?.[locale] ?? quote.details.toName}`
				: '–',
		],
		[t('order.due'), `${formatDay(order.dueDate, locale)} (${daysLeft})`],
		[
			t('order.total'),
			`${money(quote.details.quote.total)} (${money(quote.details.quote.totalWithVat)} ${t('order.withVat')})`,
		],
		[t('order.terms'), `${order.terms.title} (${order.terms.sha256.slice(0, 12)})`],
	]
}

// Who owns the order, and a way to take it (with its jobs in hand) over.
function OrderManager({ name, isMine }: { name: string | null; isMine: boolean }) {
	const { t } = useAdminI18n()
	return (
		<span className="flex flex-wrap items-center gap-3" data-order-manager={name ?? ''}>
			{name ?? t('todo.nobody')}
			{!isMine && (
				<Form method="post" className="inline">
					<AuthenticityTokenInput />
					<Hidden name="intent" value="take" />
					<Button variant="secondarySmall" type="submit">
						{t('order.takeOver')}
					</Button>
				</Form>
			)}
		</span>
	)
}

type FoundFile = NonNullable<Awaited<ReturnType<typeof findOrderForStaff>>>['files'][number]

// A translated file as the page shows it: its place in the deliveries, where it came from, its downloads.
function orderFileForPage(file: FoundFile) {
	const state = stateOfFile(file)
	const changedAt = state === 'withdrawn' ? file.withdrawnAt : state === 'superseded' ? file.supersededAt : null
	return {
		id: file.id,
		name: file.name,
		originalName: file.originalName,
		size: file.size,
		state,
		version: file.version,
		jobId: file.jobId,
		downloads: file.downloads,
		lastDownloadAt: file.lastDownloadAt?.toISOString() ?? null,
		changedAt: changedAt?.toISOString() ?? null,
		withdrawnBy: file.withdrawnBy,
		withdrawnReason: file.withdrawnReason,
	}
}
