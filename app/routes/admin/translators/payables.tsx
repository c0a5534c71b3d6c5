import { Form, Link, useLoaderData } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/payables'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Table, cellClass } from '#app/components/ui/table.tsx'
import { EmptyState, ListHeader } from '#app/components/admin/list-page.tsx'
import { requireStaff } from '#app/http/access.server.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { getRequestSettings } from '#app/http/site.server.ts'
import { listPayables, markMonthPaid, MONTH, PayoutRefused } from '#app/models/vendor/payables.server.ts'
import { formatDateTime, formatDay, formatMonth, formatNumber, formatPrice } from '#app/utils/format.ts'
import { inlineInputClass, Input } from '#app/components/ui/input.tsx'
import { Hidden } from '#app/components/ui/input.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const wanted = MONTH.safeParse(new URL(request.url).searchParams.get('month'))
	const [owed, { currency }] = await Promise.all([
		listPayables(getDb(context), wanted.success ? wanted.data : null),
		getRequestSettings(context),
	])
	return {
		currency,
		months: owed.months,
		month: owed.month,
		isOver: owed.isOver ?? false,
		today: new Date().toISOString().slice(0, 10),
		rows: owed.rows.map(({ paidFor, ...row }) => ({
			...row,
			paidAt: row.paidAt?.toISOString() ?? null,
			paidFor: paidFor.map((job) => ({ ...job, approvedAt: job.approvedAt?.toISOString() ?? null })),
		})),
	}
}

const PaySchema = z.object({
	translatorId: z.coerce.number().int().positive(),
	month: MONTH,
	// Today when left out (a script, or the form before the field was there).
	paidOn: z.preprocess(
		(value) => (value === '' ? undefined : value),
		z
			.string()
			.regex(/^\d{4}-\d{2}-\d{2}$/)
			.optional(),
	),
	reference: z.string().trim().max(100).default(''),
})

// POST /admin/payables: a translator's month marked paid, on a day and with a reference.
export async function action({ request, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	const parsed = PaySchema.safeParse(Object.fromEntries(await readForm(request)))
	const back = (month?: string) => `/admin/payables${month ? `?month=${month}` : ''}`
	if (!parsed.success) return redirectWithFlash(context, back(), { kind: 'error', key: 'payables.error.input' })
	const { translatorId, month, paidOn, reference } = parsed.data
	try {
		await markMonthPaid(getServices(context), staff, translatorId, month, { paidOn, reference })
		return redirectWithFlash(context, back(month), { kind: 'success', key: 'payables.flash.paid' })
	} catch (error) {
		if (error instanceof PayoutRefused)
			return redirectWithFlash(context, back(month), { kind: 'error', key: `payables.error.${error.reason}` })
		throw error
	}
}

const COLUMNS = [
	'payables.month',
	'payables.translator',
	'payables.jobs',
	'payables.words',
	'payables.amount',
	'payables.paid',
] as const

type Row = Awaited<ReturnType<typeof loader>>['rows'][number]

// What the agency owes its translators, per translator per month of approved jobs.
export default function Payables() {
	const { currency, rows, months, month, isOver } = useLoaderData<typeof loader>()
	const { locale, t } = useAdminI18n()
	return (
		<section data-controller="payables">
			<title>{`${t('payables.title')} · Tolk admin`}</title>
			<ListHeader
				title={t('payables.title')}
				exportHref="/admin/payables/export"
				exportLabel={t('payables.export')}
				forMachines
			/>
			{months.length > 0 && (
				<nav aria-label={t('payables.months')} className="mb-4">
					<ul className="flex flex-wrap gap-2">
						{months.map((item) => (
							<li key={item}>
								<Link
									to={`/admin/payables?month=${item}`}
									aria-current={item === month ? 'page' : undefined}
									className={`inline-block rounded-md border px-3 py-1 text-sm ${item === month ? 'border-teal-800 bg-teal-800 text-white' : 'border-slate-400 text-teal-900'}`}
								>
									{formatMonth(item, locale)}
								</Link>
							</li>
						))}
					</ul>
				</nav>
			)}
			{month && !isOver && <p className="mb-4 text-sm text-slate-700">{t('payables.openMonth')}</p>}
			{rows.length === 0 ? (
				<EmptyState>{t('payables.empty')}</EmptyState>
			) : (
				<Table
					caption={t('payables.title')}
					isCaptionHidden
					columns={COLUMNS.map((key) => ({ label: t(key), numeric: key === 'payables.amount' }))}
				>
					{rows.map((row) => (
						<tr
							key={`${row.month}-${row.translatorId}`}
							className="border-t border-slate-200 align-top"
							data-payable={`${row.month} ${row.name}`}
						>
							<td className={cellClass()}>{formatMonth(row.month, locale)}</td>
							<td className={cellClass()}>{row.name}</td>
							<td className={cellClass()}>
								<PaidFor row={row} currency={currency} />
							</td>
							<td className={cellClass()}>{formatNumber(row.words, locale)}</td>
							<td className={cellClass(true)}>{formatPrice(row.amount, currency, locale)}</td>
							<td className={cellClass()}>
								<Payment row={row} isOver={isOver} />
							</td>
						</tr>
					))}
				</Table>
			)}
		</section>
	)
}

// The jobs behind a total, to check it against.
function PaidFor({ row, currency }: { row: Row; currency: string }) {
	const { locale, t } = useAdminI18n()
	return (
		<details>
			<summary className="cursor-pointer">{t('payables.jobCount', { count: row.jobs })}</summary>
			<ul className="mt-1 space-y-1 text-sm" data-paid-for>
				{row.paidFor.map((job) => (
					<li key={job.id}>
						<Link to={`/admin/jobs/${job.id}`} className="text-teal-900 underline">
							{t('jobs.pageTitle', { id: job.id, reference: job.reference })}
						</Link>{' '}
						· {t(`jobs.kind.${job.kind}`)} · {formatNumber(job.words, locale)} ·{' '}
						{formatPrice(job.fee ?? 0, currency, locale)}
					</li>
				))}
			</ul>
		</details>
	)
}

// Paid (when, with what reference, by whom), or the form that marks an ended month paid.
function Payment({ row, isOver }: { row: Row; isOver: boolean }) {
	const { today } = useLoaderData<typeof loader>()
	const { locale, t } = useAdminI18n()
	if (row.paidAt)
		return (
			<>
				{t('payables.paidOn', {
					date: row.paidOn ? formatDay(row.paidOn, locale) : formatDateTime(new Date(row.paidAt), locale),
					name: row.paidBy ?? '',
				})}
				{row.paymentReference && <span className="block text-sm text-slate-700">{row.paymentReference}</span>}
			</>
		)
	if (!isOver) return <>{t('payables.unpaid')}</>
	return (
		<Form method="post" className="flex flex-wrap items-end gap-2">
			<AuthenticityTokenInput />
			<Hidden name="translatorId" value={row.translatorId} />
			<Hidden name="month" value={row.month} />
			<label className="text-sm">
				<span className="block">{t('payables.paidOnLabel')}</span>
				<Input
					variant="bare"
					type="date"
					name="paidOn"
					required
					defaultValue={today}
					max={today}
					className={inlineInputClass}
				/>
			</label>
			<label className="text-sm">
				<span className="block">{t('payables.reference')}</span>
				<Input variant="bare" name="reference" maxLength={100} className={`${inlineInputClass} w-36`} />
			</label>
			<Button variant="secondarySmall" type="submit">
				{t('payables.markPaid')}
			</Button>
		</Form>
	)
}
