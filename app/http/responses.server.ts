import { data } from 'react-router'

// A call with a method the route does not take: 405, naming the ones it does. Routes that only take
// posts answer a GET (a crawler, a typed address) with this too, rather than with React Router's
// "no loader" 400, which it logs as a server error.
export function methodNotAllowed(allow: string) {
	return data({ error: `Use ${allow}` }, { status: 405, headers: { Allow: allow } })
}

// Nothing here by that name or id (or not for this visitor): thrown, so the nearest error boundary shows it.
export function notFound() {
	return data({ error: 'Not found' }, { status: 404 })
}

// A model's "no such record" answered as the 404 it is; any other failure goes on as it was.
export async function orNotFound<T>(work: Promise<T>, Missing: abstract new (...args: never[]) => Error): Promise<T> {
	try {
		return await work
	} catch (error) {
		if (error instanceof Missing) throw notFound()
		throw error
	}
}
