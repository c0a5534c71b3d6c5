import { data, Form, Link, useActionData, useLoaderData } from 'react-router'
import type { Route } from './+types/orders'
import { AccountFrame, AccountPager } from '#app/components/account/account-frame.tsx'
import { CardList, Facts, filterQuery, ListFilterForm, pairName } from '#app/components/account/account-lists.tsx'
import { OrderFacts } from '#app/components/order/order-facts.tsx'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { FormAnswer } from '#app/components/ui/form-answer.tsx'
import { fieldInputs, fieldMaker } from '#app/components/ui/form-fields.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Hidden } from '#app/components/ui/input.tsx'
import { accountOrders, ACCOUNT_PAGE_SIZE } from '#app/models/customer/records.server.ts'
import { readOrderFilter } from '#app/models/customer/account-filter.server.ts'
import { ORDER_STATES } from '#app/models/customer/account-states.ts'
import { approvalAction, referencesAction, type ReferencesAnswer } from '#app/routes/account/references.server.ts'
import { ApprovalsSection, type ApprovalAnswer } from '#app/components/account/approvals.tsx'
import { approvalsFor } from '#app/models/customer/approvals.server.ts'
import { getRequestSettings } from '#app/http/site.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { customerHolder, liveStream } from '#app/models/live/signed-stream.server.ts'
import { accountFrameOf, pageParamOf, requireCustomer } from '#app/http/customer.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { orderStream } from '#app/utils/cable.ts'
import { formatDay, formatFileSize } from '#app/utils/format.ts'
import { pathFor } from '#app/utils/locales.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const { customer, access } = await requireCustomer(request, context)
	const services = getServices(context)
	const page = pageParamOf(request)
	const filter = readOrderFilter(new URL(request.url))
	const [frame, list, approvals, settings] = await Promise.all([
		accountFrameOf(context, customer),
		accountOrders(services.db, access, page, filter),
		approvalsFor(services.db, customer),
		getRequestSettings(context),
	])
	return {
		...frame,
		approvals,
		manages: customer.managesCompany,
		currency: settings.currency,
		sent: new URL(request.url).searchParams.get('approval') === 'sent',
		page,
		filter,
		size: ACCOUNT_PAGE_SIZE,
		...list,
		// Each listed order's changes reload the page, as they do its own page.
		orderStreams: list.rows.map((order) => liveStream(services, orderStream(order.id), customerHolder(customer))),
		alternates: { da: pathFor('account', 'da'), en: pathFor('account', 'en') },
	}
}

// Setting an order's references, or a manager's decision on a colleague's order.
export async function action({ request, context }: Route.ActionArgs) {
	const form = await readForm(request)
	const answer =
		form.get('intent') === 'approval'
			? await approvalAction(request, context, form)
			: await referencesAction(request, context, form)
	return answer.ok ? answer : data(answer, { status: answer.status })
}

export function headers() {
	return { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store' }
}

type Order = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number]

export default function AccountOrdersPage() {
	const { account, stream, orderStreams, rows, total, page, size, filter, approvals, manages, currency, sent } =
		useLoaderData<typeof loader>()
	const posted = useActionData<ReferencesAnswer | ApprovalAnswer>()
	const answer = posted && 'orderId' in posted ? posted : undefined
	const approvalAnswer = posted && 'approvalId' in posted ? posted : null
	const { locale, t } = useI18n()
	const path = pathFor('account', locale)
	return (
		<AccountFrame tab="account" account={account} streams={[stream, ...orderStreams]}>
			<ApprovalsSection
				approvals={approvals}
				manages={manages}
				currency={currency}
				sent={sent}
				answer={approvalAnswer}
			/>
			<section aria-labelledby="account-orders" data-controller="account-orders">
				<h2 id="account-orders" className="sr-only">
					{t('account.tab.account')}
				</h2>
				<ListFilterForm
					filter={filter}
					hint={t('account.filter.ordersHint')}
					states={ORDER_STATES.map((value) => ({ value, label: t(`account.orders.state.${value}`) }))}
					total={total}
					path={path}
				/>
				{rows.length === 0 ? (
					!filter.q && !filter.state && <Text as="p" k="account.orders.none" />
				) : (
					<CardList label={t('account.tab.account')}>
						{rows.map((order) => (
							<OrderCard key={order.id} order={order} answer={answer?.orderId === order.id ? answer : null} />
						))}
					</CardList>
				)}
				<AccountPager page={page} total={total} size={size} path={path} query={filterQuery(filter)} />
			</section>
		</AccountFrame>
	)
}

function OrderCard({ order, answer }: { order: Order; answer: ReferencesAnswer | null }) {
	const { locale, t } = useI18n()
	const day = (value: string) => formatDay(value, locale)
	const title = t('account.orders.reference', { reference: order.reference })
	return (
		<li className="grid gap-2 p-4 sm:grid-cols-[minmax(0,1fr)_auto]" data-order={order.reference}>
			<div className="min-w-0">
				<h3 className="font-semibold">
					<Link to={pathFor('accountOrder', locale, { id: String(order.id) })} className="text-teal-800 underline">
						{title}
					</Link>
				</h3>
				<p className="text-sm text-slate-700">
					<Text k="account.orders.placed" vars={{ date: day(order.createdAt) }} />
					{order.orderedBy && (
						<>
							{' · '}
							<Text k="account.orders.by" vars={{ name: order.orderedBy }} />
						</>
					)}
				</p>
				<Facts
					className="mt-2"
					items={[
						[t('account.facts.pair'), pairName(order.pair, locale)],
						[t('account.facts.company'), order.company],
						[t('account.facts.purchaseOrder'), order.purchaseOrder],
						[t('account.facts.costCentre'), order.costCentre],
					]}
				/>
				<DeliveredFiles order={order} />
				{order.canSetReferences && <ReferencesForm order={order} answer={answer} />}
				{answer && !order.canSetReferences && <FormAnswer answer={answer} />}
			</div>
			<div>
				<OrderFacts
					status={order.status}
					dueDate={order.dueDate}
					className="grid grid-cols-[auto_1fr] gap-x-3 text-sm sm:text-right"
				/>
				<p className="mt-2 sm:text-right">
					<Link
						to={`${pathFor('order', locale)}?again=${encodeURIComponent(order.reference)}`}
						aria-label={t('account.orders.againLabel', { reference: order.reference })}
						className="inline-block rounded-md border border-slate-400 px-3 py-1 font-medium hover:bg-slate-50"
					>
						{t('account.orders.again')}
					</Link>
				</p>
			</div>
		</li>
	)
}

function DeliveredFiles({ order }: { order: Order }) {
	const { locale, t } = useI18n()
	if (order.files.length === 0) return null
	return (
		<>
			<ul aria-label={t('account.orders.files')} className="mt-2 space-y-1">
				{order.files.map((file) => (
					<li key={file.id} className="break-words">
						<a href={`/account/files/${file.id}`} className="text-teal-800 underline" download>
							{file.name}
						</a>{' '}
						<span className="text-sm text-slate-600">{formatFileSize(file.size, locale)}</span>
					</li>
				))}
			</ul>
			{order.files.length > 1 && (
				<p className="mt-1">
					<a href={`/account/orders/${order.id}/files.zip`} className="font-medium text-teal-800 underline" download>
						{t('account.orders.zip', { reference: order.reference, count: order.files.length })}
					</a>
				</p>
			)}
			{order.keptUntil && (
				<Text
					as="p"
					k="orderPage.filesUntil"
					vars={{ date: formatDay(order.keptUntil, locale) }}
					className="text-sm text-slate-600"
				/>
			)}
		</>
	)
}

// The order's PO and cost centre, set by the company until the order is invoiced.
function ReferencesForm({ order, answer }: { order: Order; answer: ReferencesAnswer | null }) {
	const { t } = useI18n()
	const refused = answer && !answer.ok ? answer : null
	const values = refused?.values ?? { purchase_order: order.purchaseOrder ?? '', cost_centre: order.costCentre ?? '' }
	const field = fieldMaker<'purchase_order' | 'cost_centre'>(
		`references-${order.id}`,
		values,
		(name) => refused?.errors?.[name],
	)
	return (
		<details className="mt-2" open={Boolean(answer)}>
			<summary
				className="cursor-pointer text-teal-800 underline"
				aria-label={t('account.references.editLabel', { reference: order.reference })}
			>
				{t('account.references.edit')}
			</summary>
			<Form method="post" noValidate className="mt-2 max-w-md">
				<AuthenticityTokenInput />
				<Hidden name="intent" value="references" />
				<Hidden name="order" value={order.id} />
				<Hidden name="reference" value={order.reference} />
				<FormAnswer answer={answer} />
				{field('purchase_order', t('account.facts.purchaseOrder'), fieldInputs.plain)}
				{field('cost_centre', t('account.facts.costCentre'), fieldInputs.plain)}
				<Button type="submit" variant="secondarySmall">
					{t('account.references.save')}
				</Button>
			</Form>
		</details>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/public/page.tsx'
