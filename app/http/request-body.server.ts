import { data } from 'react-router'

// PostgreSQL refuses the NUL character in text, even as a query parameter; no person types it, so
// it is dropped from every form and JSON value before anything reads them.
export const withoutNul = (text: string) => text.replaceAll('\u0000', '')

// A urlencoded body as fields, without NUL.
export function fieldsOf(body: string): URLSearchParams {
	return new URLSearchParams(
		[...new URLSearchParams(body)].map(([name, value]) => [withoutNul(name), withoutNul(value)]),
	)
}

// The posted form, or a 415 when the body is not a form at all (a wrong Content-Type was a 500).
export async function readForm(request: Request): Promise<FormData> {
	let form: FormData
	try {
		form = await request.formData()
	} catch {
		throw data({ error: 'Send the form as multipart/form-data or application/x-www-form-urlencoded.' }, { status: 415 })
	}
	const clean = new FormData()
	for (const [name, value] of form)
		clean.append(withoutNul(name), typeof value === 'string' ? withoutNul(value) : value)
	return clean
}

// The posted JSON, or null when it is not JSON: the caller's schema then refuses it.
export async function readJson(request: Request): Promise<unknown> {
	try {
		return JSON.parse(await request.text(), (_key, value: unknown) =>
			typeof value === 'string' ? withoutNul(value) : value,
		) as unknown
	} catch {
		return null
	}
}
