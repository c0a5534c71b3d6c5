import { redirect } from 'react-router'
import type { Route } from './+types/sign-out'
import { endCustomerSession } from '#app/models/customer/session.server.ts'
import { clearedCustomerCookieHeader, customerTokenOf } from '#app/http/customer.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { methodNotAllowed } from '#app/http/responses.server.ts'
import { pathFor } from '#app/utils/locales.ts'

export const loader = () => methodNotAllowed('POST')

// POST /account/sign-out: this browser's session ends, in the database and in the cookie.
export async function action({ request, context }: Route.ActionArgs) {
	const services = getServices(context)
	const token = customerTokenOf(request)
	if (token) await endCustomerSession(services, token)
	const locale = (await readForm(request)).get('locale') === 'en' ? 'en' : 'da'
	return redirect(pathFor('accountSignIn', locale), {
		headers: { 'Set-Cookie': clearedCustomerCookieHeader(services.secureCookies) },
	})
}
