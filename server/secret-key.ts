import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Env } from '#server/env.ts'
import type { Logger } from '#server/logger.ts'

// Without SECRET_KEY, sessions would break on every restart; a key kept in DATA_DIR survives them.
export function loadSecretKey(env: Pick<Env, 'SECRET_KEY' | 'DATA_DIR'>, logger: Logger): string {
	if (env.SECRET_KEY) return env.SECRET_KEY
	const file = path.resolve(env.DATA_DIR, 'secret_key')
	try {
		const kept = readFileSync(file, 'utf8').trim()
		if (kept.length >= 32) return kept
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
	}
	mkdirSync(path.dirname(file), { recursive: true })
	const key = randomBytes(48).toString('base64url')
	writeFileSync(file, key, { mode: 0o600 })
	logger.warn({ file }, 'SECRET_KEY is not set: generated one and kept it in DATA_DIR. Set SECRET_KEY in production.')
	return key
}
