import { createHmac, timingSafeEqual } from 'node:crypto'
import type { AppServices } from '#app/models/services.ts'
import { CABLE_CHANNEL, type LiveStream } from '#app/utils/cable.ts'

// A stream name the server hands to a page, signed so that a page can only listen to streams the
// server chose for it: base64url(JSON [name, expires?]) + "--" + HMAC-SHA256, as Rails does it.

const digest = (payload: string, secretKey: string) =>
	createHmac('sha256', secretKey).update(`cable-stream:${payload}`).digest('base64url')

export function signStreamName(stream: string, secretKey: string, options: { expiresAt?: Date } = {}): string {
	const content = options.expiresAt ? [stream, Math.floor(options.expiresAt.getTime() / 1000)] : [stream]
	const payload = Buffer.from(JSON.stringify(content)).toString('base64url')
	return `${payload}--${digest(payload, secretKey)}`
}

// The signature is always SIGNATURE_LENGTH characters: it is read from the end, because base64url
// (unlike Rails' base64) may itself hold "--", in the signature as in the payload.
const SIGNATURE_LENGTH = 43

export function verifyStreamName(signed: unknown, secretKey: string, now = new Date()): string | null {
	if (typeof signed !== 'string' || signed.length > 2000) return null
	const payload = signed.slice(0, -SIGNATURE_LENGTH - 2)
	const signature = signed.slice(-SIGNATURE_LENGTH)
	if (!payload || signed.slice(-SIGNATURE_LENGTH - 2, -SIGNATURE_LENGTH) !== '--') return null
	const expected = Buffer.from(digest(payload, secretKey))
	const given = Buffer.from(signature)
	if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
	try {
		const [stream, expires] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [unknown, unknown]
		if (typeof stream !== 'string') return null
		if (typeof expires === 'number' && expires * 1000 <= now.getTime()) return null
		return stream
	} catch {
		return null
	}
}

// What a page needs to listen to a stream: rendered into data-channel and data-signed-stream-name.
export function liveStream({ secretKey }: Pick<AppServices, 'secretKey'>, stream: string): LiveStream {
	return { channel: CABLE_CHANNEL, signedStreamName: signStreamName(stream, secretKey) }
}
