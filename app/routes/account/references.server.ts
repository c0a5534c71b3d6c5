import type { RouterContextProvider } from 'react-router'
import { setOrderReferences, type ReferenceField } from '#app/models/customer/order-references.server.ts'
import { loadMessages } from '#app/models/translation.server.ts'
import { requireCustomer } from '#app/http/customer.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { stripTags, translate } from '#app/utils/translate.ts'
import { localeFromPath } from '#app/utils/locales.ts'

export type ReferencesAnswer = {
	orderId: number
	ok: boolean
	message: string
	errors?: Partial<Record<ReferenceField, string>>
	values?: Record<ReferenceField, string>
	status: number
}

// The account's order list sets an order's PO and cost centre; the answer keeps what was typed.
export async function referencesAction(
	request: Request,
	context: Readonly<RouterContextProvider>,
): Promise<ReferencesAnswer> {
	const { access } = await requireCustomer(request, context)
	const services = getServices(context)
	const locale = localeFromPath(new URL(request.url).pathname)
	const form = await readForm(request)
	const messages = await loadMessages(services.db, locale)
	const text = (key: string, vars: Record<string, string> = {}) => stripTags(translate(messages, key, vars))
	const orderId = Number(form.get('order'))
	const values = {
		purchase_order: String(form.get('purchase_order') ?? '').slice(0, 2000),
		cost_centre: String(form.get('cost_centre') ?? '').slice(0, 2000),
	}
	if (form.get('intent') !== 'references' || !Number.isSafeInteger(orderId))
		return { orderId: 0, ok: false, message: text('account.references.not-found'), status: 400 }
	const result = await setOrderReferences(services, access, orderId, values)
	const reference = String(form.get('reference') ?? '')
	if (result.ok) return { orderId, ok: true, message: text('account.references.saved', { reference }), status: 200 }
	if (result.reason === 'invalid')
		return {
			orderId,
			ok: false,
			message: text('account.references.refused'),
			errors: Object.fromEntries(
				Object.entries(result.errors).map(([name, code]) => [name, text(`request.error.${code}`)]),
			),
			values,
			status: 422,
		}
	return {
		orderId,
		ok: false,
		message: text(`account.references.${result.reason}`),
		status: result.reason === 'invoiced' ? 409 : 404,
	}
}
