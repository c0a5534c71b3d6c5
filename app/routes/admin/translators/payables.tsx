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
import { formatDateTime, formatMonth, formatNumber, formatPrice } from '#app/utils/format.ts'
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
		rows: owed.rows.map((row) => ({ ...row, paidAt: row.paidAt?.toISOString() ?? null })),
	}
}

const PaySchema = z.object({ translatorId: z.coerce.number().int().positive(), month: MONTH })

// POST /admin/payables: a translator's month marked paid.
export async function action({ request, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	const parsed = PaySchema.safeParse(Object.fromEntries(await readForm(request)))
	if (!parsed.success)
		return redirectWithFlash(context, '/admin/payables', { kind: 'error', key: 'payables.error.input' })
	try {
		await markMonthPaid(getServices(context), staff, parsed.data.translatorId, parsed.data.month)
		return redirectWithFlash(context, '/admin/payables', { kind: 'success', key: 'payables.flash.paid' })
	} catch (error) {
		if (error instanceof PayoutRefused)
			return redirectWithFlash(context, '/admin/payables', { kind: 'error', key: `payables.error.${error.reason}` })
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

// What the agency owes its translators, per translator per month of approved jobs.
export default function Payables() {
	const { currency, rows, months, month } = useLoaderData<typeof loader>()
	const { locale, t } = useAdminI18n()
	return (
		<section data-controller="payables">
			<title>{`${t('payables.title')} · Tolk admin`}</title>
			<ListHeader title={t('payables.title')} exportHref="/admin/payables/export" exportLabel={t('payables.export')} />
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
							className="border-t border-slate-200"
							data-payable={`${row.month} ${row.name}`}
						>
							<td className={cellClass()}>{formatMonth(row.month, locale)}</td>
							<td className={cellClass()}>{row.name}</td>
							<td className={cellClass()}>{row.jobs}</td>
							<td className={cellClass()}>{formatNumber(row.words, locale)}</td>
							<td className={cellClass(true)}>{formatPrice(row.amount, currency, locale)}</td>
							<td className={cellClass()}>
								{row.paidAt ? (
									t('payables.paidBy', { when: formatDateTime(new Date(row.paidAt), locale), name: row.paidBy ?? '' })
								) : (
									<Form method="post">
										<AuthenticityTokenInput />
										<Hidden name="translatorId" value={row.translatorId} />
										<Hidden name="month" value={row.month} />
										<Button variant="secondarySmall" type="submit">
											{t('payables.markPaid')}
										</Button>
									</Form>
								)}
							</td>
						</tr>
					))}
				</Table>
			)}
		</section>
	)
}
