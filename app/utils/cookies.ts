// One reader for the Cookie header, for the server middleware and the route handlers alike.
export function readCookie(header: string | null | undefined, name: string): string | undefined {
	const raw = header
		?.split(';')
		.map((part) => part.trim())
		.find((part) => part.startsWith(`${name}=`))
		?.slice(name.length + 1)
	if (!raw) return undefined
	try {
		return decodeURIComponent(raw)
	} catch {
		return undefined
	}
}
