import { describe, expect, test } from 'vitest'
import { parseEnv } from '#server/env.ts'

describe('the environment', () => {
	test('PUBLIC_URL is an http(s) origin, without a path; unset, the server names localhost and its port', () => {
		expect(parseEnv({ PUBLIC_URL: 'https://www.agency.dk/' }).PUBLIC_URL).toBe('https://www.agency.dk')
		expect(parseEnv({}).PUBLIC_URL).toBeUndefined()
		expect(() => parseEnv({ PUBLIC_URL: 'ftp://agency.dk' })).toThrow('PUBLIC_URL: must be an http:// or https:// address')
		expect(() => parseEnv({ PUBLIC_URL: 'agency.dk' })).toThrow('PUBLIC_URL')
	})

	test('word counts and uploads have limits by default', () => {
		const env = parseEnv({})
		expect(env.WORDCOUNT_WORKERS).toBeUndefined()
		expect([env.WORDCOUNT_TIMEOUT_S, env.WORDCOUNT_MEMORY_MB]).toEqual([120, 1024])
		expect([env.UPLOAD_FILES_PER_HOUR, env.UPLOAD_MIB_PER_HOUR, env.UPLOAD_FILES_PER_ORDER, env.UPLOAD_MIB_PER_ORDER]).toEqual([200, 2048, 100, 2048])
		expect(() => parseEnv({ WORDCOUNT_WORKERS: '0' })).toThrow('WORDCOUNT_WORKERS')
	})
})
