import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, test } from 'vitest'
import { signStreamName } from '#app/models/live/signed-stream.server.ts'
import { createStaff } from '#app/models/staff/account.server.ts'
import { revokeSessions, SESSION_COOKIE, startSession } from '#app/models/staff/session.server.ts'
import { setupTestDatabase } from '#tests/setup/database.ts'
import { identifierFor, openCable } from '#tests/setup/cable.ts'
import { createLogger } from '#server/logger.ts'
import { createLocalPubSub } from '#server/cable/pubsub.ts'
import { attachCable } from '#server/cable/server.ts'
import { TRUST_NO_PROXY } from '#server/trust-proxy.ts'

const SECRET = 'cable-test-secret-key-that-is-long-enough'
const testDatabase = setupTestDatabase()

describe('an open socket', () => {
	test('stops hearing staff streams once its session is revoked', async () => {
		const db = testDatabase.handle.db
		const user = await createStaff(db, {
			email: 'socket@tolk.example',
			name: 'Socket',
			password: 'x'.repeat(12),
			role: 'admin',
		})
		const token = await startSession(db, user.id)
		const pubsub = createLocalPubSub()
		const server = createServer()
		const cable = attachCable(server, {
			db,
			secretKey: SECRET,
			pubsub,
			logger: createLogger({ LOG_LEVEL: 'silent' }),
			maxConnectionsPerAddress: 5,
			trustProxy: TRUST_NO_PROXY,
			sessionCheckMs: 200,
		})
		server.listen(0, '127.0.0.1')
		await once(server, 'listening')
		const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
		try {
			const client = await openCable(url, { cookie: `${SESSION_COOKIE}=${token}` })
			const identifier = identifierFor(signStreamName('admin:audit', SECRET))
			client.send({ command: 'subscribe', identifier })
			await client.next((message) => message.type === 'confirm_subscription')
			await pubsub.broadcast('admin:audit', { n: 1 })
			await client.next((message) => message.identifier === identifier && message.message !== undefined)

			await revokeSessions(db, user.id)
			expect(await client.next((message) => message.type === 'disconnect', 2_000)).toMatchObject({
				reason: 'unauthorized',
				reconnect: true,
			})
			expect((await client.closed).code).toBe(1000)
		} finally {
			await cable.close()
			server.close()
			await pubsub.close()
		}
	})
})
