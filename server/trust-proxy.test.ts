import type { IncomingMessage } from 'node:http'
import { describe, expect, test } from 'vitest'
import { clientAddress, forwardedValue, parseTrustProxy } from '#server/trust-proxy.ts'

const request = (socket: string, headers: Record<string, string> = {}) =>
	({ socket: { remoteAddress: socket }, headers, connection: { remoteAddress: socket } }) as unknown as IncomingMessage

describe('the visitor address behind proxies', () => {
	test('without a trusted proxy, what the client wrote is ignored', () => {
		for (const setting of [undefined, '', 'false', '0']) {
			expect(clientAddress(request('198.51.100.9', { 'x-forwarded-for': '1.2.3.4' }), parseTrustProxy(setting))).toBe(
				'198.51.100.9',
			)
		}
	})

	test('one trusted hop takes the address that hop appended, not the left-most one the client wrote', () => {
		for (const setting of ['true', '1']) {
			const trust = parseTrustProxy(setting)
			expect(clientAddress(request('10.0.0.2', { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' }), trust)).toBe(
				'203.0.113.7',
			)
			expect(clientAddress(request('10.0.0.2', { 'x-forwarded-for': '203.0.113.7' }), trust)).toBe('203.0.113.7')
		}
	})

	test('a count of hops, or the proxies by address and CIDR', () => {
		const forwarded = { 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.0.0.5' }
		expect(clientAddress(request('10.0.0.2', forwarded), parseTrustProxy('2'))).toBe('203.0.113.7')
		expect(clientAddress(request('10.0.0.2', forwarded), parseTrustProxy('10.0.0.0/8'))).toBe('203.0.113.7')
		expect(clientAddress(request('10.0.0.2', forwarded), parseTrustProxy('10.0.0.2, loopback'))).toBe('10.0.0.5')
		// A socket that is not one of the proxies is the visitor, whatever it forwards.
		expect(clientAddress(request('198.51.100.9', forwarded), parseTrustProxy('10.0.0.0/8'))).toBe('198.51.100.9')
	})

	test('forwarded protocol and host count only from a trusted proxy', () => {
		const headers = { 'x-forwarded-proto': 'https, http', 'x-forwarded-host': 'tolk.example' }
		expect(forwardedValue(request('10.0.0.2', headers), parseTrustProxy('10.0.0.0/8'), 'x-forwarded-proto')).toBe(
			'https',
		)
		expect(
			forwardedValue(request('198.51.100.9', headers), parseTrustProxy('10.0.0.0/8'), 'x-forwarded-host'),
		).toBeUndefined()
	})

	test('a setting that names no proxy stops the start', () => {
		expect(() => parseTrustProxy('my-proxy.example')).toThrow()
	})
})
