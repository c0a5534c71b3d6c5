// The clients of bench/cable.ts's memory measurement, on their own thread.
import { parentPort, workerData } from 'node:worker_threads'
import { identifierFor, openCable, type CableClient } from '#tests/setup/cable.ts'

const { url, connections, signed } = workerData as { url: string; connections: number; signed: string }
const identifier = identifierFor(signed)
const clients: CableClient[] = []
for (let n = 0; n < connections; n += 50) {
	const batch = await Promise.all(Array.from({ length: Math.min(50, connections - n) }, () => openCable(url)))
	for (const client of batch) client.send({ command: 'subscribe', identifier })
	await Promise.all(batch.map((client) => client.next((message) => message.type === 'confirm_subscription')))
	clients.push(...batch)
}
parentPort!.postMessage({ open: clients.length })
