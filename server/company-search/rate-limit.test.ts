import { describe, expect, test } from 'vitest'
import { addressKey, createSearchLimiter } from '#server/company-search/rate-limit.ts'

describe('the search limit per address', () => {
	test('lets a burst of typing through, then one search per second', () => {
		let time = 0
		const take = createSearchLimiter({ perMinute: 60, perDay: 0 }, () => time)
		for (let search = 0; search < 60; search++) expect(take('203.0.113.9')).toBe(0)
		expect(take('203.0.113.9')).toBe(1)
		expect(take('198.51.100.1')).toBe(0)
		time += 1_000
		expect(take('203.0.113.9')).toBe(0)
		expect(take('203.0.113.9')).toBe(1)
	})

	test('stops an address for the rest of its day after the daily number', () => {
		let time = 0
		const take = createSearchLimiter({ perMinute: 0, perDay: 3 }, () => time)
		for (let search = 0; search < 3; search++) expect(take('203.0.113.9')).toBe(0)
		time += 60 * 60 * 1000
		expect(take('203.0.113.9')).toBe(23 * 60 * 60)
		time += 23 * 60 * 60 * 1000
		expect(take('203.0.113.9')).toBe(0)
	})

	test('counts an IPv6 /64 as one address', () => {
		expect(addressKey('2001:db8:0:1::5')).toBe(addressKey('2001:0db8:0000:0001:ffff:1:2:3'))
		expect(addressKey('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64')
		expect(addressKey('2001:db8:0:2::5')).not.toBe(addressKey('2001:db8:0:1::5'))
		expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1')
		expect(addressKey('::1')).toBe('0:0:0:0::/64')
	})
})
