// Loaded by every pool worker before its own module (`--import`, set by pool.ts). The heap limit
// (--max-old-space-size) does not see what decompressors, pdf.js or Buffers allocate outside the
// JavaScript heap, so a thread beside the worker's own reads the whole process's resident memory
// every few milliseconds and ends the process past the limit, even while the worker's thread is
// stuck in one long synchronous call. It says why on stderr first (written synchronously, so the
// pool reads it before the process is gone).
import { Worker } from 'node:worker_threads'
import { MEMORY_LIMIT_ENV, PAST_MEMORY_LIMIT } from '#server/analysis/memory-limit.ts'
const INTERVAL_MS = 5

const WATCH = `
const { workerData } = require('node:worker_threads')
const { writeSync } = require('node:fs')
setInterval(() => {
	const resident = process.memoryUsage.rss()
	if (resident <= workerData.limit) return
	writeSync(2, workerData.message + ': ' + Math.round(resident / 1048576) + ' MiB resident\\n')
	process.kill(process.pid, 'SIGKILL')
}, workerData.interval)
`

const limitMb = Number(process.env[MEMORY_LIMIT_ENV])
if (limitMb > 0) {
	const watcher = new Worker(WATCH, {
		eval: true,
		workerData: { limit: limitMb * 1024 * 1024, message: PAST_MEMORY_LIMIT, interval: INTERVAL_MS },
		resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2 },
		stdout: true,
		stderr: true,
	})
	watcher.unref()
}
