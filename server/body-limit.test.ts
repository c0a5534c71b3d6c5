import { describe, expect, test } from 'vitest'
import { BODY_LIMITS, limitFor } from '#server/body-limit.ts'

const multipart = { 'content-type': 'multipart/form-data; boundary=x' }
const form = { 'content-type': 'application/x-www-form-urlencoded' }

describe('the body limit of each address', () => {
	test('uploads stream: documents, the media library and record forms with images, as multipart only', () => {
		for (const path of [
			'/bestil/dokumenter',
			'/en/order/documents',
			'/admin/photos',
			'/admin/content_files',
			'/admin/team/new',
			'/admin/team/3',
			'/admin/slides/3.data',
		]) {
			expect([path, limitFor({ path, headers: multipart })]).toEqual([path, null])
		}
		expect(limitFor({ path: '/admin/team/3', headers: form })).toBe(BODY_LIMITS.admin)
	})

	test('every other body is read whole up to its limit', () => {
		expect(limitFor({ path: '/en/contact', headers: multipart })).toBe(BODY_LIMITS.public)
		expect(limitFor({ path: '/bestil', headers: form })).toBe(BODY_LIMITS.public)
		expect(limitFor({ path: '/banner', headers: multipart })).toBe(BODY_LIMITS.public)
		expect(limitFor({ path: '/analytics/events', headers: { 'content-type': 'application/json' } })).toBe(
			BODY_LIMITS.analytics,
		)
		expect(limitFor({ path: '/admin/settings', headers: multipart })).toBe(BODY_LIMITS.admin)
		expect(limitFor({ path: '/admin/requests/4/notes', headers: multipart })).toBe(BODY_LIMITS.admin)
	})
})
