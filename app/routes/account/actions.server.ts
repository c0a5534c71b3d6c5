import { redirect, type RouterContextProvider } from 'react-router'
import { askToChangeEmail, DETAIL_FIELDS, saveDetails, type DetailField } from '#app/models/customer/account.server.ts'
import { inviteColleague, removeColleague } from '#app/models/customer/company.server.ts'
import { setApprovalLimit } from '#app/models/customer/approvals.server.ts'
import { deleteCustomerAccount } from '#app/models/customer/privacy.server.ts'
import { endCustomerSession } from '#app/models/customer/session.server.ts'
import { addressKey } from '#app/models/address-key.server.ts'
import { loadMessages } from '#app/models/translation.server.ts'
import { clearedCustomerCookieHeader, customerTokenOf, requireCustomer } from '#app/http/customer.server.ts'
import { getServices, requestInfoContext } from '#app/http/context.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { stripTags, translate } from '#app/utils/translate.ts'
import { localeFromPath, pathFor } from '#app/utils/locales.ts'

type Context = Readonly<RouterContextProvider>
export type AccountIntent = 'details' | 'email' | 'invite' | 'remove' | 'delete' | 'approval-limit'
export type AccountAnswer = {
	intent: AccountIntent
	ok: boolean
	message: string
	errors?: Record<string, string>
	values?: Record<string, string>
	status?: number
}

// The account details page's forms, told apart by their intent; each answer is in the page's
// language and keeps what was typed.
export async function accountAction(request: Request, context: Context): Promise<AccountAnswer | Response> {
	const { customer } = await requireCustomer(request, context)
	const services = getServices(context)
	const locale = localeFromPath(new URL(request.url).pathname)
	const form = await readForm(request)
	const value = (name: string) => String(form.get(name) ?? '').slice(0, 2000)
	const messages = await loadMessages(services.db, locale)
	const text = (key: string, vars: Record<string, string> = {}) => stripTags(translate(messages, key, vars))
	const ipHash = addressKey('account', context.get(requestInfoContext).clientAddress, services.secretKey)
	const intent = value('intent') as AccountIntent
	const linkAnswer = (outcome: string, vars: Record<string, string>): AccountAnswer => ({
		intent,
		ok: outcome === 'sent',
		message: text(`account.${intent}.${outcome}`, vars),
		errors: outcome === 'sent' ? undefined : { email: text(`account.${intent}.${outcome}`, vars) },
		values: { email: vars.email ?? '' },
		status: outcome === 'limited' ? 429 : 422,
	})
	switch (intent) {
		case 'details': {
			const fields = Object.fromEntries(DETAIL_FIELDS.map((name) => [name, value(name)])) as Record<DetailField, string>
			const saved = await saveDetails(services.db, customer, fields)
			if (!saved.ok)
				return {
					intent,
					ok: false,
					message: text('account.details.refused'),
					errors: Object.fromEntries(
						Object.entries(saved.errors).map(([name, code]) => [name, text(`request.error.${code}`)]),
					),
					values: fields,
				}
			return {
				intent,
				ok: true,
				message: text(saved.company ? `account.details.company.${saved.company}` : 'account.details.saved'),
			}
		}
		case 'email': {
			const email = value('email').trim()
			return linkAnswer(await askToChangeEmail(services, customer, { email, locale, ipHash }), { email })
		}
		case 'invite': {
			const email = value('email').trim()
			return linkAnswer(await inviteColleague(services, customer, { email, locale, ipHash }), { email })
		}
		case 'remove': {
			const email = value('email')
			const removed = await removeColleague(services, customer, email)
			return {
				intent,
				ok: removed,
				message: text(removed ? 'account.remove.done' : 'account.remove.refused', { email }),
				status: 403,
			}
		}
		case 'approval-limit': {
			const limit = value('limit')
			const outcome = await setApprovalLimit(services.db, customer, limit, locale)
			if (outcome === 'saved') return { intent, ok: true, message: text('account.approvalLimit.saved') }
			const message = text(outcome === 'invalid' ? 'account.approvalLimit.invalid' : 'approvals.refused.refused')
			return {
				intent,
				ok: false,
				message,
				errors: { limit: message },
				values: { limit },
				status: outcome === 'invalid' ? 422 : 403,
			}
		}
		case 'delete': {
			if (value('confirm') !== 'on')
				return {
					intent,
					ok: false,
					message: text('account.delete.confirmFirst'),
					errors: { confirm: text('account.delete.confirmFirst') },
				}
			const outcome = await deleteCustomerAccount(services, customer)
			if (outcome === 'open-orders')
				return { intent, ok: false, message: text('account.delete.openOrders'), status: 409 }
			const token = customerTokenOf(request)
			if (token) await endCustomerSession(services, token)
			return redirect(`${pathFor('accountSignIn', locale)}?deleted=1`, {
				headers: { 'Set-Cookie': clearedCustomerCookieHeader(services.secureCookies) },
			})
		}
		default:
			return { intent: 'details', ok: false, message: text('account.details.refused'), status: 400 }
	}
}
