import { randomBytes } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { isValidToken, maskToken } from './csrf.ts'
import { sign, unsign } from './signing.ts'

describe('CSRF tokens', () => {
	test('a masked token is different every time and valid for its own secret only', () => {
		const secret = randomBytes(32)
		const first = maskToken(secret)
		const second = maskToken(secret)
		expect(first).not.toBe(second)
		expect(isValidToken(first, secret)).toBe(true)
		expect(isValidToken(second, secret)).toBe(true)
		expect(isValidToken(first, randomBytes(32))).toBe(false)
	})

	test.each([undefined, '', 'short', 'x'.repeat(86), 42])('%s is not a token', (token) => {
		expect(isValidToken(token, randomBytes(32))).toBe(false)
	})
})

describe('signed values', () => {
	test('round-trip and refuse tampering or another key', () => {
		const signed = sign('abc', 'k'.repeat(32))
		expect(unsign(signed, 'k'.repeat(32))).toBe('abc')
		expect(unsign(signed.replace('abc', 'abd'), 'k'.repeat(32))).toBeNull()
		expect(unsign(signed, 'j'.repeat(32))).toBeNull()
		expect(unsign('no-signature', 'k'.repeat(32))).toBeNull()
	})
})
