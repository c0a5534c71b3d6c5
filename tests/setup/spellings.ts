import { Agent, request as httpRequest } from 'node:http'
// Every way React Router would read an address as the same route: case, percent-encoded letters,
// doubled and dot segments, a trailing dot or slash. Each must be sent to the canonical spelling
// (server/canonical-address.ts) before anything reads it.
type RouteEntry = { path?: string; children?: RouteEntry[] }

// The route table's addresses under these first segments, with their parameters filled in.
export function routePaths(entries: RouteEntry[], firsts: string[]): string[] {
	return entries.flatMap((entry) => [
		...(entry.path && firsts.includes(entry.path.split('/')[0]!) ? [`/${entry.path}`] : []),
		...routePaths(entry.children ?? [], firsts),
	])
}

export const concrete = (pattern: string) => pattern.replace(/:\w+/g, '1').replace('*', 'no-such-page')

const escaped = (segment: string) => `%${segment.charCodeAt(0).toString(16).toLowerCase()}${segment.slice(1)}`
const capital = (segment: string) => segment.charAt(0).toUpperCase() + segment.slice(1)

export function spellingsOf(pattern: string): string[] {
	const path = concrete(pattern)
	const [first = '', second, ...rest] = path.slice(1).split('/')
	const literalSecond = second !== undefined && !pattern.split('/')[2]?.match(/^[:*]/)
	const join = (...segments: (string | undefined)[]) => `/${segments.filter((s) => s !== undefined).join('/')}`
	return [
		join(capital(first), second, ...rest),
		join(first.toUpperCase(), literalSecond ? second!.toUpperCase() : second, ...rest),
		join(escaped(first), second, ...rest),
		...(literalSecond ? [join(first, escaped(second!), ...rest)] : []),
		`/${path}`,
		path.replace(`/${first}`, `/${first}/`),
		`/.${path}`,
		`${path}/.`,
		`${path}.`,
		`${path}/`,
	]
}

// fetch() resolves `.` segments before sending; a browser's address bar does too, but anything else
// may send them as they are. This sends the path exactly as written.
export function sendAsWritten(
	baseUrl: string,
	method: string,
	path: string,
	headers: Record<string, string>,
	body?: string,
): Promise<{ status: number; location: string | null }> {
	const { hostname, port } = new URL(baseUrl)
	return new Promise((resolve, reject) => {
		const request = httpRequest({ host: hostname, port, method, path, headers, agent }, (response) => {
			response.resume()
			response.on('end', () => resolve({ status: response.statusCode!, location: response.headers.location ?? null }))
		})
		request.on('error', reject)
		request.end(body)
	})
}
const agent = new Agent({ keepAlive: true, maxSockets: 16 })
