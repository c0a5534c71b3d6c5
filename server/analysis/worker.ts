// One word-count worker process: analyses files and finds an order's repeated sentences on request,
// so no customer's file ever costs the server's own thread any time, nor its memory. It says when
// it is ready, so a job's time limit does not include loading the extractors, and goes when the
// server does (its channel closes).
import { readFile, rm, writeFile } from 'node:fs/promises'
import { analyseFile, type PresentationPart } from '#app/models/wordcount/analyse.server.ts'
import { repeatedWordsOf, sentenceFingerprints } from '#app/models/quote/repetitions.server.ts'
import { writeCountedText } from '#app/models/documents/counted-text.server.ts'
import { MEMORY_LIMIT_ENV } from '#server/analysis/memory-limit.ts'

export type CountJob = {
	type: 'count'
	path: string
	extension: string
	sentencesPath: string
	// Where the counted text goes, whole and as a preview (app/models/documents/counted-text).
	textPath: string
	previewPath: string
	// A presentation's parts counted without a price (the agency's settings).
	leaveOut?: PresentationPart[]
}
export type RepeatsJob = { type: 'repeats'; documents: { sentencesPath: string; legacyTextPath: string }[] }

async function perform(job: CountJob | RepeatsJob) {
	if (job.type === 'repeats') return repeatedWordsOf(await Promise.all(job.documents.map(readFingerprints)))
	const analysis = await analyseFile(job.path, job.extension, { partTexts: true, leaveOut: job.leaveOut })
	if (analysis.kind !== 'words') return analysis
	// Only the figures go back; the text stays on disk: its sentences' fingerprints (for repeats) and
	// what was counted, part by part, for the customer and staff to read.
	const { text, partTexts, ...figures } = analysis
	await Promise.all([
		writeFile(job.sentencesPath, new Uint8Array(sentenceFingerprints(text).buffer)),
		writeCountedText({ text: job.textPath, preview: job.previewPath }, partTexts ?? {}),
	])
	return figures
}

// A document counted before fingerprints were kept has its text instead: it is fingerprinted once.
async function readFingerprints({
	sentencesPath,
	legacyTextPath,
}: RepeatsJob['documents'][number]): Promise<Float64Array> {
	try {
		return new Float64Array(new Uint8Array(await readFile(sentencesPath)).buffer)
	} catch {
		const text = await readFile(legacyTextPath, 'utf8').catch(() => '')
		const fingerprints = sentenceFingerprints(text)
		await writeFile(sentencesPath, new Uint8Array(fingerprints.buffer))
		await rm(legacyTextPath, { force: true })
		return fingerprints
	}
}

// Past half its memory limit after a job, the worker asks to be replaced (pool.ts).
const RETIRE_BYTES = (Number(process.env[MEMORY_LIMIT_ENV]) || Infinity) * 1024 * 1024 * 0.5
const shouldRetire = () => process.memoryUsage.rss() > RETIRE_BYTES

const reply = (message: unknown) => process.send!(message)
process.on('message', (job: CountJob | RepeatsJob) => {
	perform(job).then(
		(result) => reply({ type: 'done', result, retire: shouldRetire() }),
		(error: unknown) => reply({ type: 'failed', error: String(error), retire: shouldRetire() }),
	)
})
process.on('disconnect', () => process.exit(0))
reply({ type: 'ready' })
