import { data, redirect, type RouterContextProvider } from 'react-router'
import { readRequestFields, type RequestField, type RequestFormResult } from '#app/models/request/form.ts'
import { saveQuoteOfForm, submitRequest, type Refused } from '#app/models/request/submit.server.ts'
import { translateRefusal } from '#app/http/refusals.server.ts'
import { clearDraftCookie, readDraftId } from '#app/http/draft.server.ts'
import { getServices, requestInfoContext } from '#app/http/context.server.ts'
import { optionalCustomer } from '#app/http/customer.server.ts'
import { claimQuote } from '#app/models/customer/account.server.ts'
import { localeFromPath, pathFor, type Locale } from '#app/utils/locales.ts'

type Context = Readonly<RouterContextProvider>

// A refusal in the page's language: the summary, each field's reason, and every value as typed
// (but the honeypot), so the form comes back as it was sent.
async function refusal(
	context: Context,
	locale: Locale,
	fields: Record<RequestField, string>,
	{ status, summary, errors }: Refused,
) {
	const { message, errors: translated } = await translateRefusal(getServices(context).db, locale, { summary, errors })
	const { website: _honeypot, ...values } = fields
	return data<RequestFormResult>({ ok: false, message, errors: translated, values }, { status })
}

async function formInput(request: Request, form: FormData, context: Context) {
	return {
		fields: readRequestFields(form),
		locale: localeFromPath(new URL(request.url).pathname),
		draftId: await readDraftId(request, context),
	}
}

// The request form's action on the order and contact pages: 422 with the reasons in the page's
// language and every value as typed, or the new request's reference.
export async function handleRequestSubmission(request: Request, form: FormData, context: Context) {
	const input = await formInput(request, form, context)
	const result = await submitRequest(getServices(context), {
		...input,
		clientAddress: context.get(requestInfoContext).clientAddress,
	})
	if (!result.ok) return refusal(context, input.locale, input.fields, result)
	const headers = result.draftUsed ? { 'Set-Cookie': await clearDraftCookie(context) } : undefined
	return data<RequestFormResult>({ ok: true, reference: result.reference, email: result.email }, { headers })
}

// "Save the quote" on the order page: on to the quote's own address, or back with the reasons.
export async function handleQuoteSave(request: Request, form: FormData, context: Context) {
	const input = await formInput(request, form, context)
	const { db } = getServices(context)
	const result = await saveQuoteOfForm(db, input)
	if (!result.ok) return refusal(context, input.locale, input.fields, result)
	const customer = await optionalCustomer(request, context)
	if (customer) await claimQuote(db, result.id, customer.id)
	return redirect(pathFor('quote', input.locale, { id: result.id }))
}
