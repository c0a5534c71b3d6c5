import cluster, { type Worker } from 'node:cluster'
import { boot } from '#server/boot.ts'
import type { Env } from '#server/env.ts'

// Which of the cluster's processes this is (1 to WEB_CONCURRENCY); 1 when there is no cluster.
export const clusterWorkerId = () => Number(process.env.TOLK_WORKER_ID ?? 1)

const STOP_DEADLINE_MS = 12_000
// A process that dies sooner than this after its start is started again only after a pause,
// so a broken start does not spin.
const QUICK_DEATH_MS = 5_000

// The primary of WEB_CONCURRENCY server processes on PostgreSQL (decision 021): it opens the
// database once (migrations, demo content, the secret key), then starts the processes, which share
// the port (node:cluster hands out connections in turn), starts again one that dies, and passes a
// stop (SIGTERM, SIGINT) to all and a backup request (SIGUSR2) to the first.
export async function runCluster(env: Env) {
	const { logger, database } = await boot(env)
	await database.close()
	const started = new Map<number, { id: number; at: number }>()
	let stopping = false

	const start = (id: number) => {
		const worker = cluster.fork({ TOLK_WORKER_ID: String(id) })
		started.set(worker.id, { id, at: Date.now() })
	}
	cluster.on('exit', (worker: Worker, code, signal) => {
		const { id, at } = started.get(worker.id)!
		started.delete(worker.id)
		if (stopping) return
		logger.error({ process: id, code, signal }, 'a server process stopped; starting it again')
		const pause = Date.now() - at < QUICK_DEATH_MS ? QUICK_DEATH_MS : 0
		setTimeout(() => !stopping && start(id), pause)
	})
	logger.info({ processes: env.WEB_CONCURRENCY }, 'starting the server processes')
	for (let id = 1; id <= env.WEB_CONCURRENCY; id++) start(id)

	const stop = (signal: NodeJS.Signals) => {
		if (stopping) return
		stopping = true
		logger.info({ signal }, 'stopping the server processes')
		for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal)
		setTimeout(() => process.exit(1), STOP_DEADLINE_MS).unref()
		const check = setInterval(() => {
			if (Object.keys(cluster.workers ?? {}).length) return
			clearInterval(check)
			logger.info('stopped')
			process.exit(0)
		}, 100)
	}
	process.on('SIGTERM', () => stop('SIGTERM'))
	process.on('SIGINT', () => stop('SIGINT'))
	process.on('SIGUSR2', () => {
		const first = Object.values(cluster.workers ?? {}).find((worker) => worker && started.get(worker.id)?.id === 1)
		first?.process.kill('SIGUSR2')
	})
}
