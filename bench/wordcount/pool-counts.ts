// Each document counted as the site counts it: by a worker process of the analysis pool
// (server/analysis/worker.ts), under the site's default time and memory limits, one at a time, so
// a document's time is its own. The parts' text comes back through the file the worker keeps for
// the customer (counted.json), as on the site.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Analysis } from '#app/models/wordcount/analyse.server.ts'
import type { CountPart } from '#app/models/wordcount/parts.ts'
import { createWorkerPool, JobStopped } from '#server/analysis/pool.ts'
import type { CountJob } from '#server/analysis/worker.ts'
import { createLogger } from '#server/logger.ts'
import { samplePeakOfChildren } from '#tests/setup/child-memory.ts'

const WORKER = new URL('../../server/analysis/worker.ts', import.meta.url)
export const MEMORY_MB = Number(process.env.WORDCOUNT_MEMORY_MB ?? 1024)
export const TIMEOUT_S = Number(process.env.WORDCOUNT_TIMEOUT_S ?? 120)

export type Counted = {
	result:
		Exclude<Analysis, { kind: 'words' }> | (Omit<Extract<Analysis, { kind: 'words' }>, 'text'> & { kind: 'words' })
	partTexts: Partial<Record<CountPart, string>>
	ms: number
}

function readParts(file: string): Partial<Record<CountPart, string>> {
	try {
		const parts = JSON.parse(readFileSync(file, 'utf8')) as { part: CountPart; text: string }[]
		return Object.fromEntries(parts.map(({ part, text }) => [part, text]))
	} catch {
		return {}
	}
}

// Returns the workers' resident high-water mark over the whole run (MiB).
export async function countInPool(files: string[], onEach: (file: string, counted: Counted) => void) {
	const logger = createLogger({ LOG_LEVEL: 'warn' })
	const pool = createWorkerPool({ url: WORKER, size: 1, timeoutMs: TIMEOUT_S * 1000, memoryMb: MEMORY_MB, logger })
	const scratch = mkdtempSync(path.join(tmpdir(), 'tolk-pool-count-'))
	const peak = samplePeakOfChildren()
	try {
		for (const file of files) {
			const job: CountJob = {
				type: 'count',
				path: file,
				extension: path.extname(file).slice(1),
				sentencesPath: path.join(scratch, 'sentences'),
				textPath: path.join(scratch, 'counted.json'),
				previewPath: path.join(scratch, 'preview.json'),
			}
			rmSync(job.textPath, { force: true })
			const started = performance.now()
			const result = await pool.run<Counted['result']>(job).catch((error: unknown) => {
				if (error instanceof JobStopped) return { kind: 'manual' as const, reason: `stopped: ${error.reason}` }
				throw error
			})
			const ms = performance.now() - started
			onEach(file, { result: result as Counted['result'], partTexts: readParts(job.textPath), ms })
		}
		return peak.stop()
	} finally {
		await pool.close()
		rmSync(scratch, { recursive: true, force: true })
	}
}
