import { describe, expect, test } from 'vitest'
import { EventSchema } from '#app/models/analytics.server.ts'

describe('an analytics event', () => {
	test('keeps only the path of the page address, never its query or fragment', () => {
		const event = EventSchema.parse({
			name: 'Calculated price',
			properties: { words: 1200 },
			path: '/priser?email=a@b.dk#top',
			locale: 'da',
		})
		expect(event).toEqual({ name: 'Calculated price', properties: { words: 1200 }, path: '/priser', locale: 'da' })
	})

	test('has no room for anything about the visitor', () => {
		const event = EventSchema.parse({ name: 'x', path: '/', locale: 'en', ip: '192.0.2.1', userAgent: 'Chrome' })
		expect(Object.keys(event).sort()).toEqual(['locale', 'name', 'path', 'properties'])
	})
})
