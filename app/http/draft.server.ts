import { randomUUID } from 'node:crypto'
import type { RouterContextProvider } from 'react-router'
import { signedCookie } from '#app/http/signed-cookie.server.ts'

const THIRTY_DAYS_S = 30 * 24 * 60 * 60

function draftCookie(context: Readonly<RouterContextProvider>) {
	return signedCookie(context, 'tolk_order', { path: '/', maxAge: THIRTY_DAYS_S })
}

// The visitor's order in progress: the documents they uploaded belong to it.
export async function readDraftId(request: Request, context: Readonly<RouterContextProvider>): Promise<string | null> {
	const value: unknown = await draftCookie(context).parse(request.headers.get('Cookie'))
	return typeof value === 'string' ? value : null
}

export async function ensureDraftId(request: Request, context: Readonly<RouterContextProvider>) {
	const existing = await readDraftId(request, context)
	if (existing) return { draftId: existing, setCookie: null }
	const draftId = randomUUID()
	return { draftId, setCookie: await draftCookie(context).serialize(draftId) }
}

// Once the order is sent as a request, the next visit starts a new one.
export async function clearDraftCookie(context: Readonly<RouterContextProvider>): Promise<string> {
	return draftCookie(context).serialize('', { maxAge: 0 })
}
