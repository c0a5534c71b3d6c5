import { readFile } from 'node:fs/promises'
import { data, Form, Link, useActionData, useLoaderData } from 'react-router'
import type { Route } from './+types/bank'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { inlineInputClass, Input } from '#app/components/ui/input.tsx'
import { Table } from '#app/components/ui/table.tsx'
import { Section } from '#app/components/admin/section.tsx'
import { BankImportForm } from '#app/components/admin/bank-import-form.tsx'
import { Pager } from '#app/components/ui/pager.tsx'
import { requireStaff } from '#app/http/access.server.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { MalformedUploadError, parseMultipart, UploadTooLargeError } from '#app/http/multipart.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { BANK_CSV_MAX_BYTES, BANK_PAGE_SIZE } from '#app/models/invoice/bank-csv.ts'
import {
	bankLayout,
	confirmBankLines,
	countOpenBankLines,
	importBankStatement,
	openBankLines,
	type Confirmation,
} from '#app/models/invoice/bank-import.server.ts'
import { formatDay, formatPrice } from '#app/utils/format.ts'
import type { BankCsvLayout } from '#database/schema.ts'

const BACK = '/admin/invoices/bank'

export async function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const db = getDb(context)
	const page = Math.min(10_000, Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1))
	const [layouts, lines, total] = await Promise.all([bankLayout(db), openBankLines(db, page), countOpenBankLines(db)])
	return {
		layout: layouts.layout,
		byBank: layouts.byBank,
		page,
		total,
		lines: lines.map(({ id, bookedOn, text, amount, match }) => ({ id, bookedOn, text, amount, match })),
	}
}

// POST /admin/invoices/bank: a statement (multipart: the bank's CSV and its columns), or the lines
// staff confirm as payments and those they ignore.
export async function action({ request, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	const services = getServices(context)
	if ((request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) {
		const form = await parseMultipart(request, { maxFileBytes: BANK_CSV_MAX_BYTES, maxFiles: 1 }).catch(
			(error: unknown) => {
				if (error instanceof UploadTooLargeError || error instanceof MalformedUploadError) return null
				throw error
			},
		)
		if (!form) return data({ problem: { line: 0, reason: 'too-large' as const }, layout: null }, { status: 422 })
		try {
			const column = (name: string) => Math.max(0, Math.min(11, Number(form.fields.get(name) ?? 0) || 0))
			const layout: BankCsvLayout = { date: column('date'), text: column('text'), amount: column('amount') }
			const file = form.files[0]
			if (!file) return data({ problem: { line: 0, reason: 'empty' as const }, layout }, { status: 422 })
			const result = await importBankStatement(services, staff, await readFile(file.path), layout)
			if (!result.ok) return data({ problem: result.problem, layout }, { status: 422 })
			return redirectWithFlash(context, BACK, {
				kind: 'success',
				key: 'bank.flash.imported',
				vars: { added: String(result.added), known: String(result.known), outgoing: String(result.outgoing) },
			})
		} finally {
			await form.cleanup()
		}
	}
	const form = await readForm(request)
	const chosen = new Set(form.getAll('register').map(String))
	const ignored = new Set(form.getAll('ignore').map(String))
	const confirmations: Confirmation[] = [...new Set([...chosen, ...ignored])]
		.filter((id) => /^\d{1,10}$/.test(id))
		.map((id) => ({
			lineId: Number(id),
			invoiceNumber: Number(form.get(`invoice-${id}`)) || null,
			ignore: ignored.has(id),
		}))
	const { registered, refused } = await confirmBankLines(services, staff, confirmations)
	return redirectWithFlash(context, BACK, {
		kind: refused.length ? 'error' : 'success',
		key: refused.length ? 'bank.flash.partly' : 'bank.flash.confirmed',
		vars: { registered: String(registered), refused: String(refused.length) },
	})
}

type Data = Awaited<ReturnType<typeof loader>>

export default function BankStatement() {
	const { layout, byBank, lines, page, total } = useLoaderData<typeof loader>()
	const refused = useActionData<typeof action>()
	const { t } = useAdminI18n()
	return (
		<section className="space-y-8" data-controller="bank-statement">
			<title>{`${t('bank.title')} · Tolk admin`}</title>
			<div>
				<Link to="/admin/invoices" className="text-sm text-teal-900 underline">
					← {t('invoices.title')}
				</Link>
				<h1 className="mt-2 text-2xl font-bold text-slate-900">{t('bank.title')}</h1>
			</div>
			<BankImportForm layout={refused?.layout ?? layout} byBank={byBank} problem={refused?.problem ?? null} />
			<Section id="bank-lines-title" title={t('bank.lines')}>
				{lines.length === 0 && page === 1 ? (
					<p className="text-slate-600">{t('bank.none')}</p>
				) : (
					<LinesForm lines={lines} />
				)}
				<LinePages page={page} total={total} shown={lines.length} />
			</Section>
		</section>
	)
}

// A long statement's open lines, a page at a time: each page is confirmed on its own.
function LinePages({ page, total, shown }: { page: number; total: number; shown: number }) {
	const { t } = useAdminI18n()
	if (total <= BANK_PAGE_SIZE && page === 1) return null
	const first = (page - 1) * BANK_PAGE_SIZE + 1
	const pageCount = Math.max(1, Math.ceil(total / BANK_PAGE_SIZE))
	return (
		<Pager
			label={t('bank.pages')}
			summary={t('bank.showing', { first, last: first + Math.max(shown, 1) - 1, total })}
			previous={
				page > 1 ? { to: `${BACK}?page=${Math.min(page - 1, pageCount)}`, label: t('bank.previous') } : undefined
			}
			next={page < pageCount ? { to: `${BACK}?page=${page + 1}`, label: t('bank.next') } : undefined}
		/>
	)
}

const MATCH_COLUMNS = [
	'bank.date',
	'bank.text',
	'bank.amount',
	'bank.match',
	'bank.invoice',
	'bank.register',
	'bank.ignore',
] as const

function LinesForm({ lines }: Pick<Data, 'lines'>) {
	const { locale, t } = useAdminI18n()
	const money = (amount: number) => formatPrice(amount, 'DKK', locale)
	return (
		<Form method="post" className="space-y-3">
			<AuthenticityTokenInput />
			<Table caption={t('bank.lines')} isCaptionHidden columns={MATCH_COLUMNS.map((key) => ({ label: t(key) }))}>
				{lines.map((line) => (
					<tr key={line.id} data-bank-line={line.id}>
						<td className="px-3 py-2 whitespace-nowrap">{formatDay(line.bookedOn, locale)}</td>
						<td className="max-w-xs px-3 py-2 break-words">{line.text}</td>
						<td className="px-3 py-2 text-right whitespace-nowrap">{money(line.amount)}</td>
						<td className="px-3 py-2">
							{line.match ? (
								<>
									{t(`bank.kind.${line.match.kind}`)}
									<span className="block text-slate-600">
										{line.match.buyer} · {t('bank.owes', { amount: money(line.match.outstanding) })}
									</span>
								</>
							) : (
								t('bank.noMatch')
							)}
						</td>
						<td className="px-3 py-2">
							<Input
								variant="bare"
								name={`invoice-${line.id}`}
								inputMode="numeric"
								defaultValue={line.match?.number ?? ''}
								aria-label={t('bank.invoiceFor', { text: line.text })}
								className={`${inlineInputClass} w-28`}
							/>
						</td>
						<td className="px-3 py-2">
							<Input
								variant="bare"
								type="checkbox"
								name="register"
								value={line.id}
								defaultChecked={Boolean(line.match)}
								aria-label={t('bank.registerFor', { text: line.text })}
								className="size-4"
							/>
						</td>
						<td className="px-3 py-2">
							<Input
								variant="bare"
								type="checkbox"
								name="ignore"
								value={line.id}
								aria-label={t('bank.ignoreFor', { text: line.text })}
								className="size-4"
							/>
						</td>
					</tr>
				))}
			</Table>
			<Button type="submit">{t('bank.confirm')}</Button>
		</Form>
	)
}
