// The pool sample's expected counts (tests/fixtures/wordcount/pool-sample.json), which
// app/models/wordcount/pool-sample.server.test.ts holds the engine to.
//   npm run wordcount:pool-sample            counts the sample again and writes what it counts now:
//                                            run it in the commit that changes counting, and say why
//   npm run wordcount:pool-sample -- --choose  chooses the sample (once: 60 documents, every format)
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { countPoolFile, hasPool, POOL, readSample, SAMPLE_FILE } from '#tests/setup/pool-sample.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run wordcount:pool-sample [-- --choose]')

// Per format, about as the pool holds them (60 in all); files over 2 MB are left to the bench.
const QUOTA: Record<string, number> = {
	pdf: 8,
	docx: 7,
	doc: 6,
	pptx: 6,
	xlsx: 5,
	xls: 5,
	ppt: 5,
	odt: 4,
	rtf: 3,
	ods: 3,
	csv: 2,
	txt: 2,
	numbers: 2,
	pages: 2,
}
const EXPLAIN =
	'Counts of a fixed sample of ../shared/corpus-pool, checked by app/models/wordcount/pool-sample.server.test.ts. ' +
	'A change in counting that moves one by more than 1% updates this file in the same commit (npm run wordcount:pool-sample), and the commit says why.'

// Evenly spaced through each format's files in the order of their SHA-256: neither the names nor
// the counts choose them.
function choose(): string[] {
	const sha = (file: string) =>
		createHash('sha256')
			.update(readFileSync(path.join(POOL, file)))
			.digest('hex')
	const files = readdirSync(POOL).filter((file) => statSync(path.join(POOL, file)).size <= 2_000_000)
	return Object.entries(QUOTA).flatMap(([format, quota]) => {
		const ofFormat = files
			.filter((file) => path.extname(file).slice(1) === format)
			.map((file) => ({ file, sha: sha(file) }))
			.sort((a, b) => a.sha.localeCompare(b.sha))
		return Array.from({ length: quota }, (_, index) => ofFormat[Math.floor((index * ofFormat.length) / quota)]!.file)
	})
}

if (!hasPool) {
	console.error(`NO POOL at ${POOL}`)
	process.exit(1)
}
const files = process.argv.includes('--choose') ? choose() : readSample().documents.map((document) => document.file)
const documents = []
for (const file of files) documents.push(await countPoolFile(file))
writeFileSync(SAMPLE_FILE, `${JSON.stringify({ explain: EXPLAIN, documents }, null, '\t')}\n`)
console.log(`${documents.length} documents written to ${SAMPLE_FILE}`)
