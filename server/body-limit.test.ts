import { describe, expect, test } from 'vitest'
import { BODY_LIMITS, limitFor } from '#server/body-limit.ts'
import { canonicalAddress } from '#server/canonical-address.ts'
import { builtMatcher } from '#tests/setup/route-table.ts'

const multipart = { 'content-type': 'multipart/form-data; boundary=x' }
const form = { 'content-type': 'application/x-www-form-urlencoded' }

const matcher = builtMatcher()
const limitOf = (path: string, headers: Record<string, string>) =>
	limitFor({ path, headers, route: canonicalAddress(matcher, path).route })

describe('the body limit of each address', () => {
	test('uploads stream: documents, the media library, record forms with images and the order thread, as multipart only', () => {
		for (const path of [
			'/bestil/dokumenter',
			'/en/order/documents',
			'/admin/photos',
			'/admin/content_files',
			'/admin/team/new',
			'/admin/team/3',
			'/admin/slides/3.data',
			'/ordre/abcdefghijklmnopqrstuvwxyz012345',
			'/en/orders/abcdefghijklmnopqrstuvwxyz012345.data',
			'/konto/ordrer/12',
			'/en/account/orders/12',
			'/admin/orders/7',
			'/admin/orders/7/files',
		]) {
			expect([path, limitOf(path, multipart)]).toEqual([path, null])
		}
		expect(limitOf('/admin/team/3', form)).toBe(BODY_LIMITS.admin)
		expect(limitOf('/ordre/abcdefghijklmnopqrstuvwxyz012345', form)).toBe(BODY_LIMITS.public)
	})

	test('every other body is read whole up to its limit', () => {
		expect(limitOf('/en/contact', multipart)).toBe(BODY_LIMITS.public)
		expect(limitOf('/bestil', form)).toBe(BODY_LIMITS.public)
		expect(limitOf('/banner', multipart)).toBe(BODY_LIMITS.public)
		expect(limitOf('/analytics/events', { 'content-type': 'application/json' })).toBe(BODY_LIMITS.analytics)
		expect(limitOf('/admin/settings', multipart)).toBe(BODY_LIMITS.admin)
		expect(limitOf('/admin/requests/4/notes', multipart)).toBe(BODY_LIMITS.admin)
		expect(limitOf('/admin/orders/7/notes-that-do-not-exist', multipart)).toBe(BODY_LIMITS.admin)
		expect(limitOf('/no/such/page', multipart)).toBe(BODY_LIMITS.public)
	})
})
