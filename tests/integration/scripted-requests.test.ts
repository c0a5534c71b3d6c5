import { describe, expect, test } from 'vitest'
import { HttpError, requestJson, scriptedHeaders } from '#app/utils/request-headers.ts'
import { setupServerTests } from '#tests/setup/server.ts'

const server = setupServerTests()

describe('the helper for scripted requests', () => {
	test('safe requests ask for JSON and carry the XMLHttpRequest marker, but no token', () => {
		const headers = scriptedHeaders('GET')
		expect(headers.get('accept')).toBe('application/json')
		expect(headers.get('x-requested-with')).toBe('XMLHttpRequest')
		expect(headers.has('x-csrf-token')).toBe(false)
		expect(scriptedHeaders('get', { Accept: 'text/html' }).get('accept')).toBe('text/html')
	})

	test('reads JSON from the server', async () => {
		expect(await requestJson(`${server.url}/healthz`)).toEqual({ status: 'ok' })
	})

	test("a failed call reports the status in the spec's words", async () => {
		const failure = await requestJson(`${server.url}/en/no-such-endpoint`).catch((error: unknown) => error)
		expect(failure).toBeInstanceOf(HttpError)
		expect((failure as HttpError).status).toBe(404)
		expect((failure as HttpError).message).toBe('Server responded with 404 code.')
	})
})
