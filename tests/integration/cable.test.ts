import { beforeAll, describe, expect, test } from 'vitest'
import { ADMIN_ENV, logIn, type StaffClient } from '#tests/setup/admin.ts'
import { identifierFor, openCable } from '#tests/setup/cable.ts'
import { setupServerTests, startServer } from '#tests/setup/server.ts'

const server = setupServerTests({ ...ADMIN_ENV, CABLE_MAX_CONNECTIONS_PER_IP: '6' })
let admin: StaffClient
let auditStream: string
beforeAll(async () => {
	admin = await logIn(server.url)
	auditStream = await signedStreamOn(admin, '/admin')
})

async function signedStreamOn(client: StaffClient, path: string): Promise<string> {
	const html = await (await client.get(path)).text()
	const signed = /data-signed-stream-name="([^"]+)"/.exec(html)?.[1]
	expect(html).toContain('data-channel="StreamsChannel"')
	expect(html).toContain('<meta name="action-cable-url" content="/cable"/>')
	return signed!
}

const confirmation = (identifier: string) => (message: { identifier?: string; type?: string }) =>
	message.identifier === identifier &&
	(message.type === 'confirm_subscription' || message.type === 'reject_subscription')

describe('the /cable endpoint', () => {
	test('speaks Action Cable: welcome, pings every 3 s, confirmed subscriptions and framed messages', async () => {
		const cable = await openCable(server.url, { cookie: admin.cookie })
		expect(cable.socket.protocol).toBe('actioncable-v1-json')
		await cable.next((message) => message.type === 'welcome')
		const ping = await cable.next((message) => message.type === 'ping', 3_500)
		expect(typeof ping.message).toBe('number')

		const identifier = identifierFor(auditStream)
		cable.send({ command: 'subscribe', identifier })
		expect((await cable.next(confirmation(identifier))).type).toBe('confirm_subscription')
		expect((await admin.call('PATCH', '/admin/position', { model: 'language', items: [1, 2] })).status).toBe(200)
		const update = await cable.next((message) => message.identifier === identifier && message.message !== undefined)
		expect(update.message).toMatchObject({
			type: 'audit',
			event: { action: 'reorder', subjectType: 'language', userName: 'admin' },
		})

		cable.send({ command: 'unsubscribe', identifier })
		await admin.call('PATCH', '/admin/position', { model: 'language', items: [2, 1] })
		const pingAfter = await cable.next(
			(message) => message.type === 'ping' && cable.messages.indexOf(message) > cable.messages.indexOf(update),
			3_500,
		)
		expect(pingAfter).toBeDefined()
		expect(
			cable.messages.filter((message) => message.message !== undefined && message.identifier === identifier),
		).toHaveLength(1)
		cable.socket.close()
	})

	test('rejects a forged or altered stream name, another channel, and staff streams without a staff session', async () => {
		const anonymous = await openCable(server.url)
		const [payload, signature] = auditStream.split('--')
		const forged = Buffer.from(JSON.stringify(['admin:audit'])).toString('base64url')
		const attempts = [
			identifierFor(`${forged}--${signature}`),
			identifierFor(`${payload}--${signature!.slice(0, -2)}xx`),
			identifierFor(auditStream, 'Turbo::StreamsChannel'),
			'not json',
			// A genuine name, but the socket has no staff session.
			identifierFor(auditStream),
		]
		for (const identifier of attempts) {
			anonymous.send({ command: 'subscribe', identifier })
			expect((await anonymous.next(confirmation(identifier))).type, identifier).toBe('reject_subscription')
		}
		await admin.call('PATCH', '/admin/position', { model: 'language', items: [1, 2] })
		await anonymous.next((message) => message.type === 'ping', 3_500)
		expect(anonymous.messages.filter((message) => message.message !== undefined && message.type === undefined)).toEqual(
			[],
		)
		anonymous.socket.close()
	})

	test("an editor may not listen to an admin stream, nor to the PMs' to-do list", async () => {
		await admin.post('/admin/users/new', {
			name: 'Cable Editor',
			email: 'cable@tolk.example',
			role: 'editor',
			password: 'cable-editor-12',
		})
		const editor = await logIn(server.url, 'cable@tolk.example', 'cable-editor-12')
		const cable = await openCable(server.url, { cookie: editor.cookie })
		// The to-do page's stream carries every job's change: the work area's, as its page is.
		const todoStream = await signedStreamOn(admin, '/admin/todo')
		for (const stream of [auditStream, todoStream]) {
			const identifier = identifierFor(stream)
			cable.send({ command: 'subscribe', identifier })
			expect((await cable.next(confirmation(identifier))).type).toBe('reject_subscription')
		}
		const own = await openCable(server.url, { cookie: admin.cookie })
		const identifier = identifierFor(todoStream)
		own.send({ command: 'subscribe', identifier })
		expect((await own.next(confirmation(identifier))).type).toBe('confirm_subscription')
		for (const socket of [cable, own]) socket.socket.close()
	})

	test('refuses another site’s pages, other subprotocols and more connections per address than allowed', async () => {
		await expect(openCable(server.url, { origin: 'https://evil.example' })).rejects.toThrow(
			'handshake refused with 403',
		)
		// Without TRUST_PROXY, a forwarded host is the client's own say-so.
		await expect(
			openCable(server.url, { origin: 'https://evil.example', headers: { 'x-forwarded-host': 'evil.example' } }),
		).rejects.toThrow('handshake refused with 403')
		const wrong = await openCable(server.url, { protocols: ['graphql-ws'] }).catch((error: Error) => error)
		if (!(wrong instanceof Error)) expect((await wrong.closed).code).toBe(1002)

		const open = []
		for (let n = 0; n < 6; n++) open.push(await openCable(server.url))
		await expect(openCable(server.url)).rejects.toThrow('handshake refused with 429')
		// A closed page frees its place.
		open.pop()!.socket.close()
		await open[0]!.next((message) => message.type === 'ping', 3_500)
		const again = await openCable(server.url)
		for (const cable of [...open, again]) cable.socket.close()
	})
})

describe('a graceful stop', () => {
	test('tells open pages to come back later and closes their sockets cleanly', async () => {
		const own = await startServer()
		// A page under the configured address (PUBLIC_URL) is this site's, whatever Host it came by.
		const cable = await openCable(own.url, { origin: own.publicUrl })
		await cable.next((message) => message.type === 'welcome')
		const exit = own.stop('SIGTERM')
		expect(await cable.next((message) => message.type === 'disconnect')).toMatchObject({
			reason: 'server_restart',
			reconnect: true,
		})
		expect((await cable.closed).code).toBe(1001)
		expect(await exit).toBe(0)
	})
})

// Only PostgreSQL can be shared by two processes (CI's second pass sets DATABASE_URL).
describe.runIf(process.env.DATABASE_URL)('two server processes on one PostgreSQL', () => {
	test('a change made through one reaches a page connected to the other within a second', async () => {
		const first = await startServer(ADMIN_ENV)
		const second = await startServer(ADMIN_ENV, { database: first.database })
		try {
			const staff = await logIn(first.url)
			const elsewhere = await logIn(second.url)
			const signed = await signedStreamOn(elsewhere, '/admin')
			const cable = await openCable(second.url, { cookie: elsewhere.cookie })
			const identifier = identifierFor(signed)
			cable.send({ command: 'subscribe', identifier })
			expect((await cable.next(confirmation(identifier))).type).toBe('confirm_subscription')

			const sent = Date.now()
			expect((await staff.call('PATCH', '/admin/position', { model: 'faq_item', items: [2, 1] })).status).toBe(200)
			const update = await cable.next(
				(message) => message.identifier === identifier && message.message !== undefined,
				1_000,
			)
			expect(Date.now() - sent).toBeLessThan(1_000)
			expect(update.message).toMatchObject({ type: 'audit', event: { action: 'reorder', subjectType: 'faq_item' } })
			cable.socket.close()
		} finally {
			await second.stop()
			await first.stop()
		}
	})
})
