import { describe, expect, test } from 'vitest'
import { canonicalAddress, rememberingAnswers } from '#server/canonical-address.ts'
import { builtMatcher } from '#tests/setup/route-table.ts'

const matcher = builtMatcher()
const canonical = (path: string) => canonicalAddress(matcher, path)

describe('one spelling per address', () => {
	test.each([
		['/Admin/users/new', '/admin/users/new'],
		['/ADMIN/ORDERS/EXPORT', '/admin/orders/export'],
		['/%61dmin/orders/export', '/admin/orders/export'],
		['/admin/%6Frders/7', '/admin/orders/7'],
		['/admin/%6frders/7', '/admin/orders/7'],
		['//admin//invoices/bank', '/admin/invoices/bank'],
		['/./admin/./payables/export', '/admin/payables/export'],
		['/admin/%2e/payables/export', '/admin/payables/export'],
		['/admin/x/../users/new', '/admin/users/new'],
		['/admin/payables/export/.', '/admin/payables/export'],
		['/admin/payables/export.', '/admin/payables/export'],
		['/admin/orders/', '/admin/orders'],
		['/Admin/jobs/3/files/abc', '/admin/jobs/3/files/abc'],
		['/WORK/Jobs/3', '/work/jobs/3'],
		['/Admin.data', '/admin.data'],
		['/admin/%55sers/new.data', '/admin/users/new.data'],
		['/Priser', '/priser'],
		['/EN/Prices', '/en/prices'],
		['//', '/'],
	])('%s is answered at %s', (spelled, path) => {
		expect(canonical(spelled).path).toBe(path)
		expect(canonical(path).path).toBe(path)
	})

	test('parameters keep their own spelling; escapes that must stay are upper-cased', () => {
		expect(canonical('/orders/AbC-_9/files/Xy').path).toBe('/orders/AbC-_9/files/Xy')
		expect(canonical('/admin/requests/1/documents/a%2fb').path).toBe('/admin/requests/1/documents/a%2Fb')
		expect(canonical('/account/link/Tok%65n').path).toBe('/account/link/Token')
	})

	test('an address no route names keeps its spelling, and is not found as itself', () => {
		expect(canonical('/No-Such-Page').path).toBe('/No-Such-Page')
		expect(canonical('/Admin/No-Such-Page')).toMatchObject({
			path: '/admin/No-Such-Page',
			route: { pattern: '/admin/*' },
		})
	})

	test('the route that matched travels with the address', () => {
		expect(canonical('/admin/users/new').route).toEqual({ id: 'admin.users.new', pattern: '/admin/users/new' })
		expect(canonical('/admin/orders/7.data').route?.pattern).toBe('/admin/orders/:id')
		expect(canonical('/_.data').path).toBe('/_.data')
	})

	test('an address of dots, slashes and broken escapes as long as a request line may be', () => {
		const hostile = `/${'%2e//./'.repeat(2_000)}${'A%'.repeat(2_000)}`
		expect(canonical(hostile).path).toBe(`/${'A%'.repeat(2_000)}`)
	})
})

describe('answers kept per address', () => {
	test('an address asked again gets the same answer, which nobody can change', () => {
		const answer = rememberingAnswers(matcher)
		const first = answer('/ADMIN/ORDERS/EXPORT')
		expect(first).toEqual(canonical('/ADMIN/ORDERS/EXPORT'))
		expect(answer('/ADMIN/ORDERS/EXPORT')).toBe(first)
		expect(Object.isFrozen(first) && Object.isFrozen(first.route)).toBe(true)
		expect(answer('/admin/orders/export')).toEqual(canonical('/admin/orders/export'))
	})

	test('thousands of made-up addresses, long or many, are answered alike and kept within bounds', () => {
		const answer = rememberingAnswers(matcher)
		const long = `/p/${'a'.repeat(5_000)}`
		expect(answer(long)).toEqual(canonical(long))
		expect(answer(long)).not.toBe(answer(long))
		for (let n = 0; n < 3_000; n++) answer(`/Priser/${n}`)
		const first = answer('/EN/Prices')
		for (let n = 0; n < 2_000; n++) answer(`/x/${n}`)
		// Forgotten once 2,000 others came after it, and answered the same again.
		expect(answer('/EN/Prices')).not.toBe(first)
		expect(answer('/EN/Prices')).toEqual(first)
	})
})
