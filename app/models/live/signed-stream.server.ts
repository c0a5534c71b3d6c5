import { createHmac, timingSafeEqual } from 'node:crypto'
import type { AppServices } from '#app/models/services.ts'
import { CABLE_CHANNEL, type LiveStream } from '#app/utils/cable.ts'

// A stream name the server hands to a page, signed so that a page can only listen to streams the
// server chose for it: base64url(JSON [name, expires, holder?]) + "--" + HMAC-SHA256, as Rails does
// it. Every name expires (a page open longer asks for fresh ones); a name given to a signed-in
// customer's page names the session it was given to (`holder`), and only a socket of that session,
// with access to the stream still, may listen to it (server/cable/server.ts).
export const STREAM_NAME_TTL_MS = 24 * 60 * 60 * 1000

const digest = (payload: string, secretKey: string) =>
	createHmac('sha256', secretKey).update(`cable-stream:${payload}`).digest('base64url')

export type StreamOptions = { expiresAt?: Date; holder?: string }

export function signStreamName(stream: string, secretKey: string, options: StreamOptions = {}): string {
	const expiresAt = options.expiresAt ?? new Date(Date.now() + STREAM_NAME_TTL_MS)
	const content: unknown[] = [stream, Math.floor(expiresAt.getTime() / 1000)]
	if (options.holder) content.push(options.holder)
	const payload = Buffer.from(JSON.stringify(content)).toString('base64url')
	return `${payload}--${digest(payload, secretKey)}`
}

// The signature is always SIGNATURE_LENGTH characters: it is read from the end, because base64url
// (unlike Rails' base64) may itself hold "--", in the signature as in the payload.
const SIGNATURE_LENGTH = 43

export function verifyStreamName(signed: unknown, secretKey: string, now = new Date()): string | null {
	return readStreamName(signed, secretKey, now)?.stream ?? null
}

// The stream and, for a name given to a customer's page, the session it was given to.
export function readStreamName(
	signed: unknown,
	secretKey: string,
	now = new Date(),
): { stream: string; holder: string | null } | null {
	if (typeof signed !== 'string' || signed.length > 2000) return null
	const payload = signed.slice(0, -SIGNATURE_LENGTH - 2)
	const signature = signed.slice(-SIGNATURE_LENGTH)
	if (!payload || signed.slice(-SIGNATURE_LENGTH - 2, -SIGNATURE_LENGTH) !== '--') return null
	const expected = Buffer.from(digest(payload, secretKey))
	const given = Buffer.from(signature)
	if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
	try {
		const [stream, expires, holder] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[]
		if (typeof stream !== 'string' || typeof expires !== 'number') return null
		if (expires * 1000 <= now.getTime()) return null
		return { stream, holder: typeof holder === 'string' ? holder : null }
	} catch {
		return null
	}
}

// What a page needs to listen to a stream: rendered into data-channel and data-signed-stream-name.
export function liveStream(
	{ secretKey }: Pick<AppServices, 'secretKey'>,
	stream: string,
	options: StreamOptions = {},
): LiveStream {
	return { channel: CABLE_CHANNEL, signedStreamName: signStreamName(stream, secretKey, options) }
}

// A name for a signed-in customer's page: theirs, for as long as this session.
export const customerHolder = (customer: { sessionId: string }) => ({ holder: `customer:${customer.sessionId}` })
