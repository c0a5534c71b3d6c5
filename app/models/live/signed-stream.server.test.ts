import { describe, expect, test } from 'vitest'
import { signStreamName, verifyStreamName } from '#app/models/live/signed-stream.server.ts'

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
})
