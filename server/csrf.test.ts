import { randomBytes } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { isValidToken, maskToken, requestOrigin, tokenSecret } from '#server/csrf.ts'

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

	test("the site's secret and each staff session's are different, and depend on the key", () => {
		const key = 'k'.repeat(32)
		const site = tokenSecret(key, null)
		expect(tokenSecret(key, 'session-a')).not.toEqual(site)
		expect(tokenSecret(key, 'session-a')).not.toEqual(tokenSecret(key, 'session-b'))
		expect(tokenSecret(key, 'session-a')).toEqual(tokenSecret(key, 'session-a'))
		expect(tokenSecret('j'.repeat(32), null)).not.toEqual(site)
	})
})

describe('where a request comes from', () => {
	// The request's own origin, as its scheme and Host header make it.
	const own = 'https://tolk.example'
	test.each([
		[{ 'sec-fetch-site': 'same-origin' }, 'same'],
		[{ 'sec-fetch-site': 'same-origin', origin: 'https://tolk.example' }, 'same'],
		[{ 'sec-fetch-site': 'same-origin', origin: 'null' }, 'same'],
		// No browser sends these; React Router would refuse the Origin with an error.
		[{ 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' }, 'foreign'],
		[{ 'sec-fetch-site': 'same-origin', origin: 'http://tolk.example' }, 'foreign'],
		[{ 'sec-fetch-site': 'same-site', origin: 'https://tolk.example' }, 'foreign'],
		[{ 'sec-fetch-site': 'cross-site' }, 'foreign'],
		[{ 'sec-fetch-site': 'none' }, 'foreign'],
		[{ origin: 'https://tolk.example' }, 'same'],
		[{ origin: 'http://127.0.0.1:3000' }, 'foreign'],
		[{ origin: 'http://tolk.example' }, 'foreign'],
		[{ origin: 'null' }, 'foreign'],
		[{}, 'unknown'],
	])('%o is %s', (headers, verdict) => {
		expect(requestOrigin(headers, own)).toBe(verdict)
	})
})
