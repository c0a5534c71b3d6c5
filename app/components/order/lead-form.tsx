import { useCallback, type ReactNode } from 'react'
import { useActionData, useFetcher } from 'react-router'
import type { RequestField, RequestFormResult } from '#app/models/request/form.ts'
import { pathFor } from '#app/utils/locales.ts'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { fieldMaker, RefusalSummary } from '#app/components/ui/form-fields.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import type { ChoiceErrors } from '#app/components/order/order-quote.tsx'
import { Button, buttonClass } from '#app/components/ui/button.tsx'
import { Input, inputClass } from '#app/components/ui/input.tsx'
import { AgreementCheckbox, CustomerFields } from '#app/components/order/customer-fields.tsx'

type Props = {
	// The order's choices (languages, date, copies), shown first: the quote on the order page. The
	// contact page has none: it is for questions, and orders start with an upload.
	renderChoices?: (errors: ChoiceErrors, values: Partial<Record<RequestField, string>>) => ReactNode
	documentCount?: number
	// On the order page with documents, saving the quote is the main way on: this button is then
	// the quieter one, so the page has one primary button at a time.
	secondary?: boolean
	// What the form starts with: a signed-in customer's details, an order's choices to order again.
	initial?: Partial<Record<RequestField, string>> | null
}

const PRIVACY_SLUGS = { da: 'privatlivspolitik', en: 'privacy-policy' } as const

// The spec's lead form: a real form posting to its page (so it works without script), sent with a
// fetcher once hydrated. A 422 puts the server's text in the error area and keeps every input;
// success hides the inputs and shows the completion panel with the reference.
export function LeadForm({ renderChoices, documentCount = 0, secondary = false, initial }: Props) {
	const { locale, t } = useI18n()
	const fetcher = useFetcher<RequestFormResult>()
	const actionData = useActionData<RequestFormResult>()
	const result = fetcher.data ?? actionData
	const refused = result && !result.ok ? result : null
	const values = refused?.values ?? initial ?? {}
	const error = (field: RequestField) => refused?.errors[field]
	const isSending = fetcher.state !== 'idle'
	// Stable, so the focus moves once when the answer arrives, not at every later render (the order
	// page re-renders as word counts come in).
	const focusOnMount = useCallback((element: HTMLElement | null) => element?.focus(), [])

	if (result?.ok) return <RequestDone reference={result.reference} email={result.email} />

	const field = fieldMaker<RequestField>('request', values, error)
	const company = {
		name: 'represents_company',
		label: t('request.representsCompany'),
		isChecked: values.represents_company === 'on',
	}

	return (
		<fetcher.Form
			method="post"
			noValidate
			data-controller="leadform"
			aria-labelledby="request-title"
			className="space-y-6"
		>
			<AuthenticityTokenInput />
			{renderChoices?.(refused?.errors ?? {}, values)}
			<section aria-labelledby="request-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
				{secondary && (
					<Text
						as="p"
						k="request.askInstead"
						className="text-sm font-semibold tracking-wide text-slate-600 uppercase"
					/>
				)}
				<h2 id="request-title" className="mb-1 text-2xl font-semibold text-slate-900">
					{t('request.title')}
				</h2>
				<Text as="p" k="request.lead" className="mb-4 text-slate-700" />
				<RefusalSummary prefix="request" refusal={refused} focusRef={focusOnMount} />
				<CustomerFields field={field} toggle={company} />
				{field(
					'message',
					t('request.message'),
					(props) => (
						<textarea {...props} rows={5} className={inputClass} />
					),
					t('request.messageHint'),
				)}
				{documentCount > 0 && (
					<Text as="p" k="request.documents" vars={{ count: documentCount }} className="mb-4 text-slate-700" />
				)}
				<Honeypot />
				<AgreementCheckbox
					id="request-consent"
					name="consent"
					isChecked={values.consent === 'on'}
					error={error('consent')}
				>
					<Text k="request.consent" vars={{ privacy: pathFor('page', locale, { slug: PRIVACY_SLUGS[locale] }) }} />
				</AgreementCheckbox>
				<Button
					variant="bare"
					type="submit"
					disabled={isSending}
					aria-describedby="request-submit-next"
					className={
						secondary
							? 'rounded-md border-2 border-teal-800 px-5 py-3 font-semibold text-teal-900 hover:bg-teal-50 disabled:opacity-70'
							: buttonClass('large')
					}
				>
					{isSending ? t('request.sending') : t('request.submit')}
				</Button>
				<Text
					as="p"
					id="request-submit-next"
					k="request.submitNext"
					className="mt-2 max-w-2xl text-sm text-slate-700"
				/>
			</section>
		</fetcher.Form>
	)
}

function RequestDone({ reference, email }: { reference: string; email: string }) {
	const { t } = useI18n()
	const focusOnMount = useCallback((element: HTMLElement | null) => element?.focus(), [])
	return (
		<section
			data-controller="leadform"
			aria-labelledby="request-done-title"
			className="rounded-2xl border border-teal-200 bg-teal-50 p-6"
		>
			<h2
				id="request-done-title"
				tabIndex={-1}
				ref={focusOnMount}
				className="mb-2 text-2xl font-semibold text-teal-900"
			>
				{t('request.doneTitle')}
			</h2>
			<Text as="p" k="request.doneBody" vars={{ reference, email }} />
		</section>
	)
}

// Off screen and out of the tab order; people never see it, form-filling robots do.
function Honeypot() {
	const { t } = useI18n()
	return (
		<div className="absolute -left-[9999px]" aria-hidden="true">
			<label htmlFor="request-website">{t('request.website')}</label>
			<Input
				variant="bare"
				id="request-website"
				name="website"
				type="text"
				tabIndex={-1}
				autoComplete="off"
				defaultValue=""
			/>
		</div>
	)
}
