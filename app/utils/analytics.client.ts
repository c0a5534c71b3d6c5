import { ANALYTICS_PATH } from '#app/utils/locales.ts'
import { scriptedHeaders } from '#app/utils/request-headers.ts'

// First-party analytics: the event, the page's path and language. A lost event is not worth
// bothering the visitor with, so failures are dropped.
export function trackEvent(name: string, properties: Record<string, string | number | boolean>): void {
	const body = JSON.stringify({
		name,
		properties,
		path: window.location.pathname,
		locale: document.documentElement.lang,
	})
	fetch(ANALYTICS_PATH, {
		method: 'POST',
		headers: scriptedHeaders('POST', { 'Content-Type': 'application/json' }),
		credentials: 'same-origin',
		keepalive: true,
		body,
	}).catch(() => {})
}
