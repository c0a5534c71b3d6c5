import { describe, expect, test } from 'vitest'
import { parseEnv } from '#server/env.ts'

describe('the environment', () => {
	test('PUBLIC_URL is an http(s) origin, without a path; unset, the server names localhost and its port', () => {
		expect(parseEnv({ PUBLIC_URL: 'https://www.agency.dk/' }).PUBLIC_URL).toBe('https://www.agency.dk')
		expect(parseEnv({}).PUBLIC_URL).toBeUndefined()
		expect(() => parseEnv({ PUBLIC_URL: 'ftp://agency.dk' })).toThrow(
			'PUBLIC_URL: must be an http:// or https:// address',
		)
		expect(() => parseEnv({ PUBLIC_URL: 'agency.dk' })).toThrow('PUBLIC_URL')
	})

	test('word counts and uploads have limits by default', () => {
		const env = parseEnv({})
		expect(env.WORDCOUNT_WORKERS).toBeUndefined()
		expect([env.WORDCOUNT_TIMEOUT_S, env.WORDCOUNT_MEMORY_MB]).toEqual([120, 1024])
		expect([
			env.UPLOAD_FILES_PER_HOUR,
			env.UPLOAD_MIB_PER_HOUR,
			env.UPLOAD_FILES_PER_ORDER,
			env.UPLOAD_MIB_PER_ORDER,
		]).toEqual([200, 2048, 100, 2048])
		expect(() => parseEnv({ WORDCOUNT_WORKERS: '0' })).toThrow('WORDCOUNT_WORKERS')
		// Below what a worker holds before it reads a file, every worker would be stopped at once.
		expect(() => parseEnv({ WORDCOUNT_MEMORY_MB: '128' })).toThrow('WORDCOUNT_MEMORY_MB')
	})

	test('TRUST_PROXY names hops or proxies; anything else stops the start, without its value', () => {
		expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, loopback' }).TRUST_PROXY('10.1.2.3', 0)).toBe(true)
		expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY('203.0.113.1', 1)).toBe(true)
		expect(parseEnv({}).TRUST_PROXY('127.0.0.1', 0)).toBe(false)
		const refusal = (() => {
			try {
				parseEnv({ TRUST_PROXY: 'proxy.secret-host.example' })
			} catch (error) {
				return String(error)
			}
		})()
		expect(refusal).toContain('TRUST_PROXY: must be true, false, a number of proxies, or their addresses or CIDRs')
		expect(refusal).not.toContain('secret-host')
	})
})
