import type { unstable_RouterFetch } from 'react-router/dom'
import { SNAPSHOT_SERVED_EVENT } from '#app/components/ui/snapshot-refresh.tsx'
import { scriptedHeaders } from '#app/utils/request-headers.ts'

// How many pages are kept for going back.
const SNAPSHOT_LIMIT = 10

// The spec's page navigation layer: at most 10 page snapshots; back and forward show a
// snapshot at once and then refresh it; a failed page fetch falls back to a full page load.

type Snapshot = { body: ArrayBuffer; status: number; headers: [string, string][] }
const snapshots = new Map<string, Snapshot>()

export const routerFetch: unstable_RouterFetch = async (request, context) => {
	const headers = scriptedHeaders(request.method, request.headers)
	headers.set('Accept', 'text/x-script, */*')
	const outgoing = new Request(request, { headers })
	const isPageLoad = request.method === 'GET' && (context.type === 'navigation' || context.type === 'revalidation')
	const isNavigation = context.type === 'navigation' && !context.fetcherKey

	if (isNavigation && context.navigationType === 'POP') {
		const snapshot = snapshots.get(request.url)
		if (snapshot) {
			queueMicrotask(() => window.dispatchEvent(new Event(SNAPSHOT_SERVED_EVENT)))
			return new Response(snapshot.body.slice(0), { status: snapshot.status, headers: snapshot.headers })
		}
	}

	try {
		const response = await fetch(outgoing)
		if (isNavigation && response.status >= 500) return fullPageLoad(request.url)
		// A snapshot that cannot be read (the navigation was cancelled) is simply not kept.
		if (isPageLoad && response.ok) remember(request.url, response.clone()).catch(() => {})
		return response
	} catch (error) {
		if (isNavigation && !request.signal.aborted) return fullPageLoad(request.url)
		throw error
	}
}

async function remember(url: string, response: Response) {
	const snapshot = { body: await response.arrayBuffer(), status: response.status, headers: [...response.headers] }
	snapshots.delete(url)
	snapshots.set(url, snapshot)
	while (snapshots.size > SNAPSHOT_LIMIT) snapshots.delete(snapshots.keys().next().value!)
}

// `/priser.data?_routes=…` → `/priser`; `/_root.data` → `/`.
export function pageUrlOf(dataUrl: string): string {
	const url = new URL(dataUrl)
	url.pathname = url.pathname.replace(/\.data$/, '').replace(/^\/_root$/, '/')
	url.searchParams.delete('_routes')
	return url.pathname + url.search
}

function fullPageLoad(dataUrl: string): Promise<Response> {
	window.location.assign(pageUrlOf(dataUrl))
	return new Promise(() => {})
}
