import type { RouterContextProvider } from 'react-router'
import { setOrderReferences, type ReferenceField } from '#app/models/customer/order-references.server.ts'
import { loadMessages } from '#app/models/translation.server.ts'
import { requireCustomer } from '#app/http/customer.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { decideApproval, DecisionSchema } from '#app/models/customer/approvals.server.ts'
import type { ApprovalAnswer } from '#app/components/account/approvals.tsx'
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
	form: FormData,
): Promise<ReferencesAnswer> {
	const { access } = await requireCustomer(request, context)
	const services = getServices(context)
	const text = await textsFor(request, context)
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

async function textsFor(request: Request, context: Readonly<RouterContextProvider>) {
	const locale = localeFromPath(new URL(request.url).pathname)
	const messages = await loadMessages(getServices(context).db, locale)
	return (key: string, vars: Record<string, string> = {}) => stripTags(translate(messages, key, vars))
}

// A manager approves or declines a colleague's order; the rights are read again as it is decided.
export async function approvalAction(
	request: Request,
	context: Readonly<RouterContextProvider>,
	form: FormData,
): Promise<ApprovalAnswer & { status: number }> {
	const { customer } = await requireCustomer(request, context)
	const text = await textsFor(request, context)
	const approvalId = Number(form.get('approval'))
	const parsed = DecisionSchema.safeParse({ decision: form.get('decision'), note: String(form.get('note') ?? '') })
	const note = String(form.get('note') ?? '').slice(0, 2000)
	if (!parsed.success || !Number.isSafeInteger(approvalId))
		return {
			intent: 'approval',
			approvalId: 0,
			ok: false,
			message: text('approvals.refused.not-found'),
			note,
			status: 400,
		}
	const result = await decideApproval(getServices(context), customer, approvalId, parsed.data)
	if (result.ok)
		return {
			intent: 'approval',
			approvalId,
			ok: true,
			message:
				result.decision === 'approve'
					? text('approvals.done.approve', { reference: result.reference })
					: text('approvals.done.decline'),
			status: 200,
		}
	return {
		intent: 'approval',
		approvalId: result.reason === 'not-found' ? 0 : approvalId,
		ok: false,
		message: text(`approvals.refused.${result.reason}`),
		note,
		status: result.reason === 'not-found' ? 404 : result.reason === 'expired' ? 409 : 422,
	}
}
