// Live updates at scale: 1,000 open Action Cable connections on one server process, all
// subscribed to one stream; how long a broadcast takes to reach them (from the change being
// sent to each page having the message) and what a connection costs in memory.
// Run: npm run build && npm run bench:cable
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Worker } from 'node:worker_threads'
import { signStreamName } from '#app/models/live/signed-stream.server.ts'
import { createLocalPubSub } from '#server/cable/pubsub.ts'
import { attachCable } from '#server/cable/server.ts'
import { createLogger } from '#server/logger.ts'
import { TRUST_NO_PROXY } from '#server/trust-proxy.ts'
import { ADMIN_ENV, logIn } from '#tests/setup/admin.ts'
import { identifierFor, openCable, type CableClient } from '#tests/setup/cable.ts'
import { startServer } from '#tests/setup/server.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run bench:cable')

const CONNECTIONS = 1_000
const BROADCASTS = 20

const percentile = (values: number[], p: number) =>
	[...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))]!

const server = await startServer({ ...ADMIN_ENV, CABLE_MAX_CONNECTIONS_PER_IP: String(CONNECTIONS * 2) })
try {
	const staff = await logIn(server.url)
	const signed = /data-signed-stream-name="([^"]+)"/.exec(await (await staff.get('/admin')).text())![1]!
	const identifier = identifierFor(signed)

	const clients: CableClient[] = []
	for (let n = 0; n < CONNECTIONS; n += 50) {
		const batch = await Promise.all(
			Array.from({ length: Math.min(50, CONNECTIONS - n) }, () => openCable(server.url, { cookie: staff.cookie })),
		)
		for (const client of batch) client.send({ command: 'subscribe', identifier })
		await Promise.all(
			batch.map((client) =>
				client.next((message) => message.type === 'confirm_subscription' && message.identifier === identifier),
			),
		)
		clients.push(...batch)
	}

	const latencies: number[] = []
	for (let round = 0; round < BROADCASTS; round++) {
		const seen = clients.map((client) => client.messages.length)
		const sent = performance.now()
		const response = await staff.call('PATCH', '/admin/position', {
			model: 'language',
			items: round % 2 ? [1, 2] : [2, 1],
		})
		if (response.status !== 200) throw new Error(`the change was refused: ${response.status}`)
		await Promise.all(
			clients.map(async (client, index) => {
				await client.next(
					(message) =>
						message.identifier === identifier &&
						message.message !== undefined &&
						client.messages.indexOf(message) >= seen[index]!,
					10_000,
				)
				latencies.push(performance.now() - sent)
			}),
		)
	}
	for (const client of clients) client.socket.close()

	console.log(`${CONNECTIONS} connections on one process, ${BROADCASTS} broadcasts (${latencies.length} deliveries)`)
	console.log(
		`change → every page: p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p99 ${percentile(latencies, 0.99).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms`,
	)
} finally {
	await server.stop()
}

// Memory per connection is measured on a cable server in this process (the whole server's RSS
// moves by more than the connections weigh: PGlite's memory, scrypt's buffer), with the clients
// on a worker thread, whose heap is its own.
const cableServer = createServer()
const pubsub = createLocalPubSub()
const cable = attachCable(cableServer, {
	db: undefined as never,
	secretKey: 'bench-secret-key-that-is-long-enough-123456',
	pubsub,
	logger: createLogger({ LOG_LEVEL: 'silent' }),
	maxConnectionsPerAddress: CONNECTIONS * 2,
	trustProxy: TRUST_NO_PROXY,
})
cableServer.listen(0, '127.0.0.1')
await once(cableServer, 'listening')
const url = `http://127.0.0.1:${(cableServer.address() as AddressInfo).port}`
const used = () => {
	const memory = process.memoryUsage()
	return memory.heapUsed + memory.external + memory.arrayBuffers
}
const settle = async () => {
	for (let n = 0; n < 3; n++) {
		;(globalThis as { gc?: () => void }).gc?.()
		await new Promise((resolve) => setTimeout(resolve, 300))
	}
}
await settle()
const before = used()
const clients = new Worker(new URL('./cable-clients.ts', import.meta.url), {
	workerData: {
		url,
		connections: CONNECTIONS,
		signed: signStreamName('public:bench', 'bench-secret-key-that-is-long-enough-123456'),
	},
})
await new Promise((resolve) => clients.once('message', resolve))
await settle()
const after = used()
console.log(
	`server memory per open, subscribed connection: ${((after - before) / CONNECTIONS / 1024).toFixed(1)} KiB (JS heap and buffers, ${CONNECTIONS} connections)`,
)
await clients.terminate()
await cable.close()
cableServer.close()
