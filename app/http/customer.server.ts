import { redirect, type RouterContextProvider } from 'react-router'
import { getServices, perRequest } from '#app/http/context.server.ts'
import { companyOf } from '#app/models/customer/company.server.ts'
import { customerHolder, liveStream } from '#app/models/live/signed-stream.server.ts'
import { customerStream } from '#app/utils/cable.ts'
import { accessOf, type Access } from '#app/models/customer/records.server.ts'
import {
	CUSTOMER_COOKIE,
	CUSTOMER_SESSION_MS,
	findSessionCustomer,
	type Customer,
} from '#app/models/customer/session.server.ts'
import { readCookie } from '#app/utils/cookies.ts'
import { isPageRequest } from '#app/utils/admin-paths.ts'
import { localeFromPath, pathFor } from '#app/utils/locales.ts'

type Context = Readonly<RouterContextProvider>

// The customer's cookie: the session's token only; HttpOnly, SameSite=Lax, 30 days.
export function customerCookieHeader(token: string, secure: boolean): string {
	return `${CUSTOMER_COOKIE}=${token}; Path=/; Max-Age=${CUSTOMER_SESSION_MS / 1000}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

export function clearedCustomerCookieHeader(secure: boolean): string {
	return `${CUSTOMER_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

export const customerTokenOf = (request: Request) => readCookie(request.headers.get('Cookie'), CUSTOMER_COOKIE) ?? null

// The layout's loader and the page's run side by side: the session is read once per request.
const sessionOnce = perRequest((db, token: string) => findSessionCustomer(db, token))

export async function optionalCustomer(request: Request, context: Context): Promise<Customer | null> {
	const token = customerTokenOf(request)
	return token ? sessionOnce(context, token) : null
}

// Called first in every account loader and action: the signed-in customer with what they may see,
// or the sign-in page (which comes back here after) for a browser's page or download, or 401 for
// a call.
export async function requireCustomer(
	request: Request,
	context: Context,
): Promise<{ customer: Customer; access: Access }> {
	const customer = await optionalCustomer(request, context)
	if (!customer) {
		const url = new URL(request.url)
		if (!isPageRequest(request.method, request.headers.get('Accept')))
			throw Response.json({ error: 'Sign in to continue.' }, { status: 401, headers: { 'Cache-Control': 'no-store' } })
		const signIn = pathFor('accountSignIn', localeFromPath(url.pathname))
		throw redirect(`${signIn}?next=${encodeURIComponent(url.pathname)}`)
	}
	return { customer, access: accessOf(customer) }
}

// Where to go after signing in: only an address of the account's own pages.
export function nextPathOf(value: string | null, fallback: string): string {
	return value && /^\/(?:en\/account|konto)(?:\/[\w-]*)*$/.test(value) ? value : fallback
}

// What every account page shows around its list: who is signed in, with which company, and the
// account's own live stream.
export async function accountFrameOf(context: Context, customer: Customer) {
	const services = getServices(context)
	const company = await companyOf(services.db, customer.companyId)
	return {
		account: { email: customer.email, company: company?.name ?? null },
		stream: liveStream(services, customerStream(customer.id), customerHolder(customer)),
	}
}

export const pageParamOf = (request: Request) => {
	const page = Number(new URL(request.url).searchParams.get('page'))
	return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1
}
