import { RouterContextProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import type { Database } from '#database/client.ts'
import { testServices } from '#tests/setup/services.ts'
import { perRequest, servicesContext } from '#app/http/context.server.ts'

function requestContext(db: object) {
	const context = new RouterContextProvider()
	context.set(servicesContext, testServices({ db: db as Database }))
	return context
}

describe('perRequest', () => {
	test('loaders of one request share one load per set of arguments; another request loads again', async () => {
		const calls: string[] = []
		const load = perRequest(async (_db: Database, locale: string) => {
			calls.push(locale)
			return `rows for ${locale}`
		})
		const first = requestContext({})
		const [a, b, c] = await Promise.all([load(first, 'da'), load(first, 'da'), load(first, 'en')])
		expect([a, b, c]).toEqual(['rows for da', 'rows for da', 'rows for en'])
		expect(calls).toEqual(['da', 'en'])
		await load(requestContext({}), 'da')
		expect(calls).toEqual(['da', 'en', 'da'])
	})
})
