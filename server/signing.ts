import { createHmac, timingSafeEqual } from 'node:crypto'

export function sign(value: string, secret: string): string {
	return `${value}.${createHmac('sha256', secret).update(value).digest('base64url')}`
}

export function unsign(signed: string, secret: string): string | null {
	const dot = signed.lastIndexOf('.')
	if (dot < 1) return null
	const value = signed.slice(0, dot)
	const expected = Buffer.from(sign(value, secret))
	const given = Buffer.from(signed)
	return expected.length === given.length && timingSafeEqual(expected, given) ? value : null
}
