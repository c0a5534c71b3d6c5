import { describe, expect, test } from 'vitest'
import { count } from 'drizzle-orm'
import { cableMessages } from '#database/schema.ts'
import { setupTestDatabase } from '#tests/setup/database.ts'
import { createLogger } from '#server/logger.ts'
import { createLocalPubSub, createPostgresPubSub } from '#server/cable/pubsub.ts'

const logger = createLogger({ LOG_LEVEL: 'silent' })
const testDatabase = setupTestDatabase()

function nextMessage(pubsub: ReturnType<typeof createLocalPubSub>) {
	return new Promise<[string, unknown]>((resolve) => pubsub.subscribe((stream, message) => resolve([stream, message])))
}

describe('broadcasts', () => {
	test('stay in the process with the embedded database', async () => {
		const pubsub = createLocalPubSub()
		const received = nextMessage(pubsub)
		await pubsub.broadcast('staff:inbox', { id: 1 })
		expect(await received).toEqual(['staff:inbox', { id: 1 }])
		await pubsub.close()
	})

	test.runIf(process.env.DATABASE_URL)('cross processes through PostgreSQL, large ones by reference', async () => {
		const url = process.env.DATABASE_URL!.replace(
			/\/[^/]*$/,
			`/${(await testDatabase.handle.pool.query('select current_database() as name')).rows[0].name}`,
		)
		const sender = await createPostgresPubSub(url, testDatabase.handle.db, logger)
		const listener = await createPostgresPubSub(url, testDatabase.handle.db, logger)
		try {
			const small = nextMessage(listener)
			await sender.broadcast('documents:1', { words: 1200 })
			expect(await small).toEqual(['documents:1', { words: 1200 }])

			const large = { text: 'ord '.repeat(5_000) }
			const received = nextMessage(listener)
			await sender.broadcast('documents:2', large)
			expect(await received).toEqual(['documents:2', large])
			const [stored] = await testDatabase.handle.db.select({ n: count() }).from(cableMessages)
			expect(stored!.n).toBe(1)
		} finally {
			await sender.close()
			await listener.close()
		}
	})
})
