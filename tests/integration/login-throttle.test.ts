import { describe, expect, test } from 'vitest'
import { ADMIN, ADMIN_ENV, attemptLogin } from '#tests/setup/admin.ts'
import { textOf } from '#tests/setup/http.ts'
import { setupServerTests } from '#tests/setup/server.ts'

// Behind a trusted proxy the client's address comes from X-Forwarded-For, so one test can
// play many visitors.
const server = setupServerTests({ ...ADMIN_ENV, TRUST_PROXY: 'true' })

const from = (address: string) => ({ 'x-forwarded-for': address })
const page = async (response: Response) => textOf(await response.text()).replace(/[\w.-]+@tolk\.example/g, 'EMAIL')

describe('login throttling', () => {
	test('five failures for one email from one address lock that pair, without saying whether the email exists', async () => {
		const known: Response[] = []
		const unknown: Response[] = []
		for (let n = 0; n < 6; n++) {
			known.push((await attemptLogin(server.url, ADMIN.email, `wrong-${n}`, from('198.51.100.1'))).response)
			unknown.push((await attemptLogin(server.url, 'nobody@tolk.example', `wrong-${n}`, from('203.0.113.1'))).response)
		}
		expect(known.map((response) => response.status)).toEqual([401, 401, 401, 401, 401, 429])
		expect(unknown.map((response) => response.status)).toEqual([401, 401, 401, 401, 401, 429])
		for (const [a, b] of [
			[known[0]!, unknown[0]!],
			[known[5]!, unknown[5]!],
		] as const)
			expect(await page(a)).toBe(await page(b))

		const locked = known[5]!
		expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60)
		expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60)
		// The right password waits at the guessing address...
		const there = await attemptLogin(server.url, ADMIN.email, ADMIN.password, from('198.51.100.1'))
		expect(there.response.status).toBe(429)
		expect(await page(there.response)).toContain('For mange mislykkede forsøg. Prøv igen om 15 minutter.')
		// ...and signs the owner in from any other, again and again while the guesser keeps knocking.
		for (let round = 0; round < 2; round++) {
			expect((await attemptLogin(server.url, ADMIN.email, 'wrong-again', from('198.51.100.1'))).response.status).toBe(
				429,
			)
			const elsewhere = await attemptLogin(server.url, ADMIN.email, ADMIN.password, from(`192.0.2.${200 + round}`))
			expect(elsewhere.response.status).toBe(302)
		}
	})

	test('twenty failures from one address lock that address, whatever email it tries next', async () => {
		for (let n = 0; n < 20; n++) {
			const { response } = await attemptLogin(server.url, `guess${n}@tolk.example`, 'wrong', from('192.0.2.50'))
			expect(response.status).toBe(401)
		}
		expect((await attemptLogin(server.url, 'another@tolk.example', 'wrong', from('192.0.2.50'))).response.status).toBe(
			429,
		)
		expect((await attemptLogin(server.url, 'another@tolk.example', 'wrong', from('192.0.2.51'))).response.status).toBe(
			401,
		)
	})
})

describe('login throttling under concurrent attempts', () => {
	test('25 wrong passwords for one e-mail sent at once from one address: no more than five are tried, the rest are throttled', async () => {
		const attempts = await Promise.all(
			Array.from({ length: 25 }, () =>
				attemptLogin(server.url, 'burst@tolk.example', 'wrong', from('192.0.2.77')).then(
					({ response }) => response.status,
				),
			),
		)
		expect(attempts.filter((status) => status === 401).length).toBeLessThanOrEqual(5)
		expect(attempts.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20)
		expect(attempts.filter((status) => status !== 401 && status !== 429)).toEqual([])
		// Trying on one by one, the address still gets five tries in all before it is locked.
		let tried = attempts.filter((status) => status === 401).length
		for (let n = 0; n < 6; n++) {
			const { response } = await attemptLogin(server.url, 'burst@tolk.example', 'wrong', from('192.0.2.77'))
			if (response.status === 401) tried++
		}
		expect(tried).toBe(5)
	})
})
