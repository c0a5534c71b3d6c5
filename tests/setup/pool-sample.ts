import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { analyseFile, type Analysis } from '#app/models/wordcount/analyse.server.ts'

// The 449 documents of ../shared/corpus-pool (never copied into this repository), and the fixed
// sample of 60 whose counts are kept in tests/fixtures/wordcount/pool-sample.json: a snapshot of
// the engine, so a change in counting shows itself and is explained in the commit that makes it.
export const POOL = process.env.CORPUS_POOL_DIR
	? path.join(process.env.CORPUS_POOL_DIR, 'files/')
	: fileURLToPath(new URL('../../../shared/corpus-pool/files/', import.meta.url))
export const hasPool = existsSync(POOL)
export const SAMPLE_FILE = fileURLToPath(new URL('../fixtures/wordcount/pool-sample.json', import.meta.url))

const expectedSchema = z.object({
	file: z.string(),
	// The count as priced, or why a person quotes instead.
	words: z.number().int().nullable(),
	reason: z.string().nullable(),
	breakdown: z.record(z.string(), z.number()),
})
export type Expected = z.infer<typeof expectedSchema>
export const sampleSchema = z.object({ explain: z.string(), documents: z.array(expectedSchema) })

export const readSample = () => sampleSchema.parse(JSON.parse(readFileSync(SAMPLE_FILE, 'utf8')))

export function observed(file: string, analysis: Analysis): Expected {
	return {
		file,
		words: analysis.kind === 'words' ? analysis.words : null,
		reason: analysis.kind === 'manual' ? analysis.reason : null,
		breakdown:
			analysis.kind === 'words'
				? Object.fromEntries(
						Object.entries(analysis.breakdown).flatMap(([part, words]) =>
							typeof words === 'number' ? [[part, words] as const] : [],
						),
					)
				: {},
	}
}

export const countPoolFile = async (file: string) =>
	observed(file, await analyseFile(path.join(POOL, file), path.extname(file).slice(1)))
