import { useState } from 'react'
import { useLoaderData } from 'react-router'
import type { Route } from './+types/order'
import { Dropzone } from '#app/components/order/dropzone.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { PageHeading, PageMeta } from '#app/components/public/page.tsx'
import { LeadForm } from '#app/components/order/lead-form.tsx'
import { OrderQuote } from '#app/components/order/order-quote.tsx'
import { handleQuoteSave, handleRequestSubmission } from '#app/http/request-form.server.ts'
import { listDraftDocuments } from '#app/models/documents/list.server.ts'
import type { DocumentView } from '#app/models/documents/present.ts'
import { fromPricePerWord, pairPagePriceMap, pairPriceMap } from '#app/models/price/price.server.ts'
import { listActiveLanguages } from '#app/models/site.server.ts'
import { getRequestSettings } from '#app/http/site.server.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import { readDraftId } from '#app/http/draft.server.ts'
import { todayInDenmark } from '#app/models/calendar/working-days.ts'
import { earliestDeliveryDate } from '#app/models/quote/rules.ts'
import { UPLOAD_REFUSALS, uploadRefusalOf } from '#app/models/documents/refusals.ts'
import { localeFromPath, UPLOAD_PATHS } from '#app/utils/locales.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { optionalCustomer } from '#app/http/customer.server.ts'
import { acceptPrefill } from '#app/models/customer/account.server.ts'
import { againChoices } from '#app/models/customer/again.server.ts'
import { accessOf } from '#app/models/customer/records.server.ts'
import type { RequestField } from '#app/models/request/form.ts'

// The settings the instant quote is calculated from in the browser.
const RATES = [
	'defaultPricePerWord',
	'pricePerMinute',
	'repetitionPercent',
	'minimumOrder',
	'certifiedCopyPrice',
	'certifiedPagePrice',
	'certifiedPdfPrice',
	'vatPercent',
	'wordsPerDay',
	'expressSurcharge1Day',
	'expressSurcharge2Days',
	'currency',
] as const
type Rate = (typeof RATES)[number]

export async function loader({ request, context }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const locale = localeFromPath(url.pathname)
	const db = getDb(context)
	const [settings, documents, languages, pairPrices, pagePrices] = await Promise.all([
		getRequestSettings(context),
		readDraftId(request, context).then((draftId) => listDraftDocuments(getServices(context), draftId)),
		listActiveLanguages(db, locale),
		pairPriceMap(db),
		pairPagePriceMap(db),
	])
	const refusal = uploadRefusalOf(url.searchParams.get('upload_error'))
	const today = todayInDenmark()
	const minDate = earliestDeliveryDate(today, settings.minDeliveryDays)
	return {
		initial: await initialValues(request, context, minDate),
		uploadLimitMib: settings.uploadLimitMib,
		agencyEmail: settings.email,
		documents,
		refusal,
		action: UPLOAD_PATHS[locale],
		languages,
		pairPrices,
		pagePrices,
		rates: Object.fromEntries(RATES.map((name) => [name, settings[name]])) as Pick<typeof settings, Rate>,
		validityDays: settings.quoteValidityDays,
		fromPricePerWord: await fromPricePerWord(db, locale, settings),
		today,
		minDate,
	}
}

// A signed-in customer finds their details filled in, and with ?again=REFERENCE the choices of one
// of the account's orders ("Order again").
async function initialValues(request: Request, context: Route.LoaderArgs['context'], minDate: string) {
	const customer = await optionalCustomer(request, context)
	if (!customer) return null
	const prefill = acceptPrefill(customer)
	const contact: Partial<Record<RequestField, string>> = {
		name: prefill.name,
		email: prefill.email,
		phone: prefill.phone,
		represents_company: prefill.company_cvr ? 'on' : '',
		company_cvr: prefill.company_cvr,
		company_query: prefill.company_query,
		ean: prefill.ean,
	}
	const again = new URL(request.url).searchParams.get('again')
	if (!again) return contact
	const db = getDb(context)
	const choices = await againChoices(db, accessOf(customer), again, minDate)
	return { ...contact, ...choices }
}

// One form: "Send request" sends it, "Save the quote" (intent=save-quote) keeps its quote.
export async function action({ request, context }: Route.ActionArgs) {
	const form = await readForm(request)
	return form.get('intent') === 'save-quote'
		? handleQuoteSave(request, form, context)
		: handleRequestSubmission(request, form, context)
}

export default function Order() {
	const { uploadLimitMib, agencyEmail, documents, refusal, action, initial, ...quote } = useLoaderData<typeof loader>()
	const { t } = useI18n()
	// Every document's latest state, as uploads finish and counts arrive.
	const [byId, setById] = useState(() => Object.fromEntries(documents.map(({ document }) => [document.id, document])))
	const remember = (document: DocumentView) => setById((current) => ({ ...current, [document.id]: document }))
	const forget = (id: string) =>
		setById((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== id)))
	return (
		<>
			<PageMeta title={t('order.title')} description={t('order.lead')} />
			<PageHeading title={<Text k="order.title" />} lead={<Text k="order.lead" />} />
			{refusal && (
				<p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
					{t(UPLOAD_REFUSALS[refusal].notice, { email: agencyEmail })}
				</p>
			)}
			<section aria-labelledby="documents-title" className="mb-6">
				<h2 id="documents-title" className="mb-3 text-2xl font-semibold text-slate-900">
					{t('order.documentsTitle')}
				</h2>
				<Dropzone
					action={action}
					limitMib={uploadLimitMib}
					initial={documents}
					onDocument={remember}
					onRemoved={forget}
				/>
			</section>
			<div className="mb-6">
				<LeadForm
					documentCount={Object.keys(byId).length}
					secondary={Object.keys(byId).length > 0}
					initial={initial}
					renderChoices={(errors, values) => (
						<OrderQuote {...quote} documents={Object.values(byId)} errors={errors} defaults={values} />
					)}
				/>
			</div>
		</>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/public/page.tsx'
