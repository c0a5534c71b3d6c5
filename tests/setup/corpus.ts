import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { analyseFile, type Analysis } from '#app/models/wordcount/analyse.server.ts'

// The real documents of ../shared/corpus (never copied into this repository).
export const CORPUS = process.env.CORPUS_DIR
	? path.join(process.env.CORPUS_DIR, 'files/')
	: fileURLToPath(new URL('../../../shared/corpus/files/', import.meta.url))
export const hasCorpus = existsSync(CORPUS)
if (!hasCorpus) console.warn(`\n*** NO CORPUS at ${CORPUS}: the word-count tests on real documents are skipped ***\n`)

export const analyseCorpusFile = (file: string) =>
	analyseFile(path.join(CORPUS, file), path.extname(file).slice(1), { partTexts: true })
export const wordsOf = (analysis: Analysis) => (analysis.kind === 'words' ? analysis.words : -1)
export const gapTo = (analysis: Analysis, reference: number) => Math.abs(wordsOf(analysis) - reference) / reference
