// Small files that unpack to gigabytes, one per container the word count reads, each counted by a
// real worker process with the default memory limit: how long until the verdict, and the worker's
// peak resident memory (its own high-water mark, read from /proc while it runs). The baseline in
// the same run is what the site had before: a worker process limited on its heap alone
// (--max-old-space-size), extracting without a document budget.
// Run: npm run bench:wordcount-bombs
import { fork } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createLogger } from '#server/logger.ts'
import { createWorkerPool } from '#server/analysis/pool.ts'
import { samplePeakOfChildren } from '#tests/setup/child-memory.ts'
import { compoundFileSharingChain, docxOfZeros, numbersClaimingGigabyte, pdfOfZeros } from '#tests/setup/bombs.ts'
import { DOCUMENT_BUDGET_BYTES } from '#app/models/wordcount/budget.server.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run bench:wordcount-bombs')

const MEMORY_MB = 1024
const WORKER = new URL('./wordcount-bombs-worker.ts', import.meta.url)
const bombs: [string, string, Uint8Array][] = [
	['PDF, 1 GiB of zeros in one stream', 'pdf', pdfOfZeros(1)],
	['PDF, 2 GiB of zeros in one stream', 'pdf', pdfOfZeros(2)],
	['DOCX, a 1 GiB document part', 'docx', docxOfZeros(1)],
	['Numbers, an .iwa chunk claiming 1 GiB', 'numbers', numbersClaimingGigabyte()],
	['XLS, 600 streams along one chain', 'xls', compoundFileSharingChain()],
]

const verdict = (result: { kind: string; reason?: string }, started: number, peak: number) =>
	`${result.reason ?? result.kind}, ${((performance.now() - started) / 1000).toFixed(1)} s, ${Math.round(peak)} MiB`

async function measureNow(file: string, extension: string): Promise<string> {
	const pool = createWorkerPool({ url: WORKER, size: 1, timeoutMs: 120_000, memoryMb: MEMORY_MB, logger })
	const peak = samplePeakOfChildren()
	const started = performance.now()
	try {
		const result = await pool
			.run<{ kind: string; reason?: string }>({ path: file, extension, budget: DOCUMENT_BUDGET_BYTES })
			.catch((error: { reason?: string }) => ({ kind: 'stopped', reason: `stopped (${error.reason})` }))
		return verdict(result, started, peak.stop())
	} finally {
		await pool.close()
	}
}

async function measureBefore(file: string, extension: string): Promise<string> {
	const worker = fork(WORKER, [], {
		execArgv: [`--max-old-space-size=${MEMORY_MB}`],
		stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
	})
	await once(worker, 'message')
	const peak = samplePeakOfChildren()
	const started = performance.now()
	worker.send({ path: file, extension, budget: Number.MAX_SAFE_INTEGER })
	const [reply] = (await Promise.race([
		once(worker, 'message'),
		once(worker, 'exit').then(() => [{ type: 'done', result: { kind: 'crashed' } }]),
	])) as [{ result: { kind: string; reason?: string } }]
	worker.kill('SIGKILL')
	return verdict(reply.result, started, peak.stop())
}

const directory = mkdtempSync(path.join(tmpdir(), 'tolk-bombs-'))
const logger = createLogger({ LOG_LEVEL: 'silent' })
const rows: string[][] = []
try {
	for (const [name, extension, bytes] of bombs) {
		const file = path.join(directory, `bomb.${extension}`)
		writeFileSync(file, bytes)
		const now = await measureNow(file, extension)
		const before = await measureBefore(file, extension)
		rows.push([name, `${Math.round(bytes.length / 1024)} KB`, now, before])
	}
} finally {
	rmSync(directory, { recursive: true, force: true })
}
console.log(`| file | size | now: verdict, time, worker peak | heap limit only, no budget |`)
console.log('| --- | ---: | --- | --- |')
for (const row of rows) console.log(`| ${row.join(' | ')} |`)
