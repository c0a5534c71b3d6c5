import { useCallback } from 'react'
import { data, Form, useActionData, useLoaderData } from 'react-router'
import type { Route } from './+types/details'
import { AccountFrame } from '#app/components/account/account-frame.tsx'
import {
	ApprovalLimitSection,
	ColleaguesSection,
	DeleteSection,
	EmailSection,
} from '#app/components/account/details-sections.tsx'
import { CompanySearchInput, keptCompany } from '#app/components/order/customer-fields.tsx'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { FormAnswer } from '#app/components/ui/form-answer.tsx'
import { fieldMaker, RefusalSummary, fieldInputs } from '#app/components/ui/form-fields.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Hidden } from '#app/components/ui/input.tsx'
import type { DetailField } from '#app/models/customer/account.server.ts'
import { colleaguesOf, companyOf } from '#app/models/customer/company.server.ts'
import { openOrdersOf } from '#app/models/customer/privacy.server.ts'
import { accountAction, type AccountAnswer } from '#app/routes/account/actions.server.ts'
import { accountFrameOf, requireCustomer } from '#app/http/customer.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { pathFor } from '#app/utils/locales.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const { customer } = await requireCustomer(request, context)
	const db = getDb(context)
	const [frame, colleagues, openOrders, company] = await Promise.all([
		accountFrameOf(context, customer),
		colleaguesOf(db, customer),
		openOrdersOf(db, customer.email),
		companyOf(db, customer.companyId),
	])
	const { details } = customer
	return {
		...frame,
		details: {
			name: details.name,
			phone: details.phone,
			company_query: details.companyCvr ? String(details.companyCvr) : '',
			company_cvr: details.companyCvr ? String(details.companyCvr) : '',
			ean: details.ean ?? '',
			buyer_reference: details.buyerReference ?? '',
			invoice_email: details.invoiceEmail ?? '',
		} satisfies Record<DetailField, string>,
		companyName: details.companyName,
		manages: customer.managesCompany,
		approvalLimit: company?.approvalLimit ?? null,
		colleagues,
		openOrders: openOrders.map((order) => order.reference),
		alternates: { da: pathFor('accountDetails', 'da'), en: pathFor('accountDetails', 'en') },
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const answer = await accountAction(request, context)
	if (answer instanceof Response) return answer
	return answer.ok ? answer : data(answer, { status: answer.status ?? 422 })
}

export function headers() {
	return { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store' }
}

export default function AccountDetailsPage() {
	const loaded = useLoaderData<typeof loader>()
	const answer = useActionData<AccountAnswer>()
	const { t } = useI18n()
	const focusOnMount = useCallback((element: HTMLElement | null) => element?.focus(), [])
	const mine = answer?.intent === 'details' ? answer : null
	const values = keptCompany((mine && !mine.ok ? mine.values : null) ?? loaded.details)
	const field = fieldMaker<DetailField>('details', values, (name) =>
		mine && !mine.ok ? mine.errors?.[name] : undefined,
	)
	return (
		<AccountFrame tab="accountDetails" account={loaded.account} streams={[loaded.stream]}>
			<div className="grid max-w-3xl gap-8">
				<section
					aria-labelledby="details-title"
					data-controller="account-details"
					className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
				>
					<h2 id="details-title" className="mb-2 text-xl font-semibold">
						{t('account.details.title')}
					</h2>
					<Text as="p" k="account.details.lead" className="mb-4 text-slate-700" />
					<FormAnswer answer={mine?.ok ? mine : null} />
					<Form method="post" noValidate>
						<AuthenticityTokenInput />
						<Hidden name="intent" value="details" />
						<RefusalSummary
							prefix="details"
							refusal={mine && !mine.ok ? { message: mine.message, errors: mine.errors ?? {} } : null}
							focusRef={focusOnMount}
						/>
						<div className="grid gap-x-6 sm:grid-cols-2">
							{field('name', t('request.name'), fieldInputs.name)}
							{field('phone', t('request.phone'), fieldInputs.phone)}
						</div>
						{field(
							'company_query',
							t('request.company'),
							(props) => (
								<CompanySearchInput {...props} knownName={loaded.companyName} />
							),
							loaded.companyName
								? t('account.details.companyNow', { company: loaded.companyName })
								: t('account.details.companyHint'),
						)}
						<div className="grid gap-x-6 sm:grid-cols-2">
							{field('ean', t('request.ean'), fieldInputs.digits, t('request.eanHint'))}
							{field('buyer_reference', t('accept.buyerReference'), fieldInputs.plain, t('accept.buyerReferenceHint'))}
						</div>
						{field('invoice_email', t('accept.invoiceEmail'), fieldInputs.otherEmail, t('accept.invoiceEmailHint'))}
						<Button type="submit">{t('account.details.save')}</Button>
					</Form>
				</section>
				<EmailSection email={loaded.account.email} answer={answer?.intent === 'email' ? answer : null} />
				{loaded.colleagues && (
					<ColleaguesSection
						company={loaded.account.company ?? ''}
						manages={loaded.manages}
						colleagues={loaded.colleagues}
						answer={answer?.intent === 'invite' || answer?.intent === 'remove' ? answer : null}
					/>
				)}
				{loaded.colleagues && loaded.manages && (
					<ApprovalLimitSection
						limit={loaded.approvalLimit}
						answer={answer?.intent === 'approval-limit' ? answer : null}
					/>
				)}
				<DeleteSection openOrders={loaded.openOrders} answer={answer?.intent === 'delete' ? answer : null} />
			</div>
		</AccountFrame>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/public/page.tsx'
