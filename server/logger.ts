import { pino, type Logger } from 'pino'
import type { Env } from '#server/env.ts'

export type { Logger }

// An address as it may be logged: no query string, and no token that opens something by itself (a
// sign-in link's, a staff invitation's, an order's link: whoever reads the log could use it).
const TOKEN_IN_PATH = /^((?:\/en)?\/(?:konto\/link|account\/link|admin\/invitation|ordre|orders))\/[^/]+/
export const loggablePath = (url: string) => url.split('?')[0]!.replace(TOKEN_IN_PATH, '$1/[token]')

export function createLogger(env: Pick<Env, 'LOG_LEVEL'>): Logger {
	return pino({
		level: env.LOG_LEVEL,
		base: undefined,
		// Belt and braces: nothing below should ever be logged, but if it is, it is masked.
		redact: {
			paths: [
				'req.headers.cookie',
				'req.headers.authorization',
				'req.headers["x-csrf-token"]',
				'*.password',
				'*.token',
			],
			censor: '[redacted]',
		},
	})
}
