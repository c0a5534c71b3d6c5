import { createHmac } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import {
	readStreamName,
	signStreamName,
	STREAM_NAME_TTL_MS,
	verifyStreamName,
} from '#app/models/live/signed-stream.server.ts'

const KEY = 'k'.repeat(40)

describe('a signed stream name', () => {
	test('is read back whatever its signature and payload hold, "--" included', () => {
		// base64url may put "--" inside the signature (about one name in a hundred) or the payload.
		const names = Array.from({ length: 2000 }, (_, index) => `staff:jobs:${index}`)
		const signed = names.map((name) => signStreamName(name, KEY))
		expect(signed.filter((value) => value.split('--').length > 2).length).toBeGreaterThan(0)
		expect(signed.map((value) => verifyStreamName(value, KEY))).toEqual(names)
	})

	test('refuses a changed signature, another key, a missing separator and an expired name', () => {
		const signed = signStreamName('order:7', KEY)
		expect(verifyStreamName(`${signed.slice(0, -1)}${signed.endsWith('A') ? 'B' : 'A'}`, KEY)).toBeNull()
		expect(verifyStreamName(signed, 'x'.repeat(40))).toBeNull()
		expect(verifyStreamName(signed.replace('--', '-'), KEY)).toBeNull()
		expect(verifyStreamName(signed.slice(-43), KEY)).toBeNull()
		const past = signStreamName('order:7', KEY, { expiresAt: new Date(Date.now() - 1000) })
		expect(verifyStreamName(past, KEY)).toBeNull()
		expect(verifyStreamName(signStreamName('order:7', KEY, { expiresAt: new Date(Date.now() + 60_000) }), KEY)).toBe(
			'order:7',
		)
	})

	test('every name expires, and a customer page’s names the session they were given to', () => {
		const now = new Date()
		const plain = signStreamName('order:7', KEY)
		expect(readStreamName(plain, KEY, now)).toEqual({ stream: 'order:7', holder: null })
		expect(verifyStreamName(plain, KEY, new Date(now.getTime() + STREAM_NAME_TTL_MS + 1000))).toBeNull()
		const held = signStreamName('customer:3', KEY, { holder: 'customer:abc' })
		expect(readStreamName(held, KEY)).toEqual({ stream: 'customer:3', holder: 'customer:abc' })
		// A name from before names expired (no time in it) is no longer heard.
		const payload = Buffer.from(JSON.stringify(['order:7'])).toString('base64url')
		const old = `${payload}--${createHmac('sha256', KEY).update(`cable-stream:${payload}`).digest('base64url')}`
		expect(verifyStreamName(old, KEY)).toBeNull()
	})
})
