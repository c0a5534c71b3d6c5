import { Worker } from 'node:worker_threads'
import { readBankCsv, type BankCsv } from '#app/models/invoice/bank-csv.ts'
import type { BankCsvLayout } from '#database/schema.ts'

// A statement of a few megabytes takes tens of milliseconds to decode, clean and parse: past a
// small one it is read on a thread of its own, with a memory limit and a time limit, so the pages
// other people load meanwhile do not wait for it.
const ON_THREAD_BYTES = 256 * 1024
const TIME_LIMIT_MS = 30_000

export function readBankStatement(bytes: Uint8Array, layout: BankCsvLayout): Promise<BankCsv> {
	if (bytes.byteLength <= ON_THREAD_BYTES) return Promise.resolve(readBankCsv(bytes, layout))
	return new Promise((resolve) => {
		const unreadable: BankCsv = { ok: false, problem: { line: 0, reason: 'unreadable' } }
		const worker = new Worker(new URL('./worker.ts', import.meta.url), {
			workerData: { bytes, layout },
			resourceLimits: { maxOldGenerationSizeMb: 256 },
		})
		const timer = setTimeout(() => void worker.terminate(), TIME_LIMIT_MS)
		worker.once('message', (result: BankCsv) => resolve(result))
		worker.once('error', () => resolve(unreadable))
		worker.once('exit', () => {
			clearTimeout(timer)
			resolve(unreadable)
		})
	})
}
