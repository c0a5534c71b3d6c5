import { useCallback } from 'react'
import { PriceToPay } from '#app/components/order/price-to-pay.tsx'
import { ToggleDisplay } from '#app/components/ui/toggle-display.tsx'
import { ForeignBusinessFields } from '#app/components/order/foreign-business.tsx'
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router'
import type { Route } from './+types/accept-quote'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { fieldMaker, RefusalSummary, fieldInputs } from '#app/components/ui/form-fields.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { PageHeading, PageMeta } from '#app/components/public/page.tsx'
import { QuoteTable } from '#app/components/order/quote-table.tsx'
import { acceptanceOf, acceptQuote, QuoteNotAcceptable, QuoteNotFound } from '#app/models/order/accept.server.ts'
import { readAcceptFields, type AcceptField } from '#app/models/order/form.ts'
import { TERMS_SLUG } from '#app/models/order/terms.server.ts'
import { findQuote } from '#app/models/quote/quote.server.ts'
import { translateRefusal } from '#app/http/refusals.server.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import { formatDay } from '#app/utils/format.ts'
import { localeFromPath, pathFor } from '#app/utils/locales.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { optionalCustomer } from '#app/http/customer.server.ts'
import { clearDraftCookie } from '#app/http/draft.server.ts'
import { approvalGate, approvalOfQuote } from '#app/models/customer/approvals.server.ts'
import { acceptPrefill } from '#app/models/customer/account.server.ts'
import { notFound } from '#app/http/responses.server.ts'
import { Button, buttonClass } from '#app/components/ui/button.tsx'
import { AgreementCheckbox, CustomerFields, keptCompany } from '#app/components/order/customer-fields.tsx'

export async function loader({ params, request, context }: Route.LoaderArgs) {
	const locale = localeFromPath(new URL(request.url).pathname)
	const db = getDb(context)
	const quote = await findQuote(db, params.id)
	if (!quote) throw notFound()
	const { order, dueDate, refusal } = await acceptanceOf(db, quote)
	const customer = await optionalCustomer(request, context)
	// Held for a company's manager, or declined by one: the page says so instead of the form.
	const approval = order ? null : await approvalOfQuote(db, quote.id)
	return {
		// A signed-in customer's details as they last gave them.
		prefill: customer ? acceptPrefill(customer) : null,
		knownCompany: customer?.details.companyName ?? null,
		// The quote's link may have been forwarded: it tells that the quote was ordered, never the
		// order (its page, the customer's details and files are behind the order's own link).
		orderedAs: order?.reference ?? null,
		quote: {
			id: quote.id,
			details: quote.details,
			copies: quote.copies,
			currency: quote.currency,
			validUntil: quote.validUntil,
		},
		dueDate,
		refusal: approval?.status === 'declined' ? ('declined' as const) : refusal,
		isWaiting: approval?.status === 'pending',
		isSignedIn: Boolean(customer),
		termsPath: pathFor('page', locale, { slug: TERMS_SLUG[locale] }),
		alternates: {
			da: pathFor('acceptQuote', 'da', { id: quote.id }),
			en: pathFor('acceptQuote', 'en', { id: quote.id }),
		},
	}
}

type Refusal = {
	ok: false
	message: string
	errors: Partial<Record<AcceptField, string>>
	values: Partial<Record<AcceptField, string>>
}

// The order is made and the customer goes to its page; a refusal comes back in the page's language
// with every value as typed.
export async function action({ params, request, context }: Route.ActionArgs) {
	const locale = localeFromPath(new URL(request.url).pathname)
	const fields = readAcceptFields(await readForm(request))
	const services = getServices(context)
	const account = await optionalCustomer(request, context)
	try {
		// A company's rule may send an order to a manager for approval first, whoever sends it.
		const gate = approvalGate(services, account, locale)
		const result = await acceptQuote(services, params.id, fields, locale, undefined, gate)
		if (!result.ok && result.approvalId) {
			const waiting = account?.companyId
				? `${pathFor('account', locale)}?approval=sent#approvals`
				: pathFor('acceptQuote', locale, { id: params.id })
			return redirect(waiting, { headers: { 'Set-Cookie': await clearDraftCookie(context) } })
		}
		// Only the order just made is opened; a quote ordered before says so on this page.
		// The order page starts afresh: the documents just ordered belong to the order now.
		if (result.ok && result.isNew)
			return redirect(pathFor('orderStatus', locale, { token: result.token }), {
				headers: { 'Set-Cookie': await clearDraftCookie(context) },
			})
		if (result.ok) return redirect(pathFor('acceptQuote', locale, { id: params.id }))
		const refusal = await translateRefusal(getDb(context), locale, { summary: 'accept.refused', errors: result.errors })
		return data<Refusal>({ ok: false, ...refusal, values: fields }, { status: 422 })
	} catch (error) {
		if (error instanceof QuoteNotFound) throw notFound()
		// Expired or no longer possible while the form was open: the page says so.
		if (error instanceof QuoteNotAcceptable) return redirect(pathFor('acceptQuote', locale, { id: params.id }))
		throw error
	}
}

export function headers() {
	return { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store' }
}

const REFUSAL_KEYS = {
	expired: 'accept.expired',
	'date-passed': 'accept.datePassed',
	'not-final': 'accept.notFinal',
	declined: 'accept.declined',
} as const

export default function AcceptQuotePage() {
	const { quote, dueDate, refusal, termsPath, orderedAs, prefill, knownCompany, isWaiting, isSignedIn } =
		useLoaderData<typeof loader>()
	const refused = useActionData<Refusal>()
	const { locale, t } = useI18n()
	const isSending = useNavigation().state === 'submitting'
	const focusOnMount = useCallback((element: HTMLElement | null) => element?.focus(), [])
	const day = (value: string) => formatDay(value, locale)
	const values = keptCompany<Partial<Record<AcceptField, string>>>(refused?.values ?? prefill ?? {})
	const field = fieldMaker<AcceptField>('accept', values, (name) => refused?.errors[name])
	const isCompany = values.customer_kind === 'company'
	const company = { name: 'customer_kind', value: 'company', label: t('accept.kindCompany'), isChecked: isCompany }
	return (
		<>
			<PageMeta title={t('accept.title')} />
			<PageHeading
				title={<Text k="accept.title" />}
				lead={dueDate ? <Text k="accept.lead" vars={{ date: day(dueDate) }} /> : undefined}
			/>
			<div className="mb-6 max-w-3xl">
				<QuoteTable
					quote={quote.details.quote}
					prices={{ ...quote.details, currency: quote.currency }}
					copies={quote.copies}
				/>
			</div>
			{orderedAs ? (
				<div role="status" className="max-w-2xl rounded-md border border-teal-300 bg-teal-50 p-4 text-teal-950">
					<Text as="p" k="accept.ordered" vars={{ reference: orderedAs }} />
				</div>
			) : isWaiting ? (
				<div role="status" className="max-w-2xl rounded-md border border-teal-300 bg-teal-50 p-4 text-teal-950">
					<Text as="p" k="accept.waiting" />
					{isSignedIn && (
						<Link to={`${pathFor('account', locale)}#approvals`} className="mt-2 inline-block underline">
							{t('accept.waitingAccount')}
						</Link>
					)}
				</div>
			) : refusal ? (
				<div role="status" className="max-w-2xl rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
					<Text as="p" k={REFUSAL_KEYS[refusal]} vars={{ date: day(quote.validUntil) }} className="mb-3" />
					<Link
						to={refusal === 'not-final' ? pathFor('contact', locale) : pathFor('order', locale)}
						className={`inline-block ${buttonClass('large')}`}
					>
						{refusal === 'not-final' ? t('request.submit') : t('accept.fresh')}
					</Link>
				</div>
			) : (
				<Form
					method="post"
					noValidate
					data-controller="accept-order"
					aria-labelledby="accept-form-title"
					className="max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
				>
					<AuthenticityTokenInput />
					<ToggleDisplay sources={['customer_kind', 'foreign']}>
						<h2 id="accept-form-title" className="mb-4 text-2xl font-semibold text-slate-900">
							{t('accept.who')}
						</h2>
						<RefusalSummary prefix="accept" refusal={refused} focusRef={focusOnMount} />
						<CustomerFields field={field} toggle={company} knownName={knownCompany} />
						<ForeignBusinessFields field={field} isChecked={values.foreign === 'on'} />
						{field('purchase_order', t('accept.purchaseOrder'), fieldInputs.plain, t('accept.purchaseOrderHint'))}
						<div data-display="customer_kind">
							{field('cost_centre', t('accept.costCentre'), fieldInputs.plain, t('accept.costCentreHint'))}
						</div>
						<div data-display="customer_kind">
							{field('buyer_reference', t('accept.buyerReference'), fieldInputs.plain, t('accept.buyerReferenceHint'))}
						</div>
						{field('invoice_email', t('accept.invoiceEmail'), fieldInputs.otherEmail, t('accept.invoiceEmailHint'))}
						<AgreementCheckbox
							id="accept-terms"
							name="terms"
							isChecked={values.terms === 'on'}
							error={refused?.errors.terms}
						>
							<Text k="accept.terms" vars={{ terms: termsPath }} />
						</AgreementCheckbox>
						<PriceToPay {...quote.details.quote} currency={quote.currency} />
						<Button variant="large" type="submit" disabled={isSending}>
							{isSending ? t('accept.sending') : t('accept.submit')}
						</Button>
					</ToggleDisplay>
				</Form>
			)}
		</>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/public/page.tsx'
