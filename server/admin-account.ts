import { count } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { users } from '#database/schema.ts'
import { ensureAdmin } from '#app/models/staff/account.server.ts'
import type { Env } from '#server/env.ts'
import type { Logger } from '#server/logger.ts'

// ADMIN_EMAIL/ADMIN_PASSWORD give the site its first administrator, or reset that account's
// password. Without them and without any account, staff are told how to make one.
export async function ensureAdminAccount(
	db: Database,
	env: Pick<Env, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>,
	logger: Logger,
) {
	if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
		const outcome = await ensureAdmin(db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD)
		if (outcome !== 'unchanged') logger.info({ outcome }, 'administrator from ADMIN_EMAIL is ready')
		return
	}
	if (env.ADMIN_EMAIL || env.ADMIN_PASSWORD)
		logger.warn('set both ADMIN_EMAIL and ADMIN_PASSWORD to create the administrator')
	const [row] = await db.select({ n: count() }).from(users)
	if (!row?.n) logger.warn('no staff account yet: set ADMIN_EMAIL and ADMIN_PASSWORD, or run `npm run admin:create`')
}
