import { createContext, type RouterContextProvider } from 'react-router'
import type { Database } from '#database/client.ts'
import type { AppServices } from '#app/models/services.ts'
import type { Staff } from '#app/models/staff/session.server.ts'

export type { AppServices }
// clientAddress is for throttling only; it is never stored or logged in clear.
// renderWhole: the page is sent only once all of it has rendered (for the page cache), never in
// streamed pieces that only script can put in place.
export type RequestInfo = { csrfToken: string; nonce: string; clientAddress: string; renderWhole?: boolean }

// Set once per request by server/app.ts; route modules never open connections themselves.
export const servicesContext = createContext<AppServices>()
export const requestInfoContext = createContext<RequestInfo>()

export function getServices(context: Readonly<RouterContextProvider>): AppServices {
	return context.get(servicesContext)
}

export function getDb(context: Readonly<RouterContextProvider>): Database {
	return context.get(servicesContext).db
}

type Loader<A extends unknown[], T> = (db: Database, ...args: A) => Promise<T>
type RequestLoader<A extends unknown[], T> = (context: Readonly<RouterContextProvider>, ...args: A) => Promise<T>

// The layout's and the page's loaders run in parallel on one request and often need the same
// rows (settings, menu): wrapped this way they share one query per request.
export function perRequest<A extends unknown[], T>(load: Loader<A, T>): RequestLoader<A, T> {
	const results = new WeakMap<object, Map<string, Promise<T>>>()
	return (context, ...args) => {
		let byArgs = results.get(context)
		if (!byArgs) results.set(context, (byArgs = new Map()))
		const key = JSON.stringify(args)
		let result = byArgs.get(key)
		if (!result) byArgs.set(key, (result = load(getDb(context), ...args)))
		return result
	}
}

// The signed-in staff member, resolved once per request from the session cookie (server/staff-session.ts).
export const staffContext = createContext<Staff | null>(null)

// The route pattern React Router matched for this request (`admin/orders/:id`), set by the root
// route's middleware: what the guards decide from, however the address was spelled.
export const routePatternContext = createContext<string | null>(null)
