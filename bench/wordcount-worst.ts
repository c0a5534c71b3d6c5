// The worst texts a customer can send the word count: one enormous token, Chinese without
// spaces, a CSV of e-mail addresses, a line of digits. Counting must stay linear in the text. The
// baseline in the same run is the e-mail and URL pattern this replaced (it backtracked over every
// run of letters or digits), run on a worker and given up on after BASELINE_LIMIT_MS.
// Run: npm run bench:wordcount-worst
import { Worker } from 'node:worker_threads'
import { countText, URL_OR_EMAIL } from '#app/models/wordcount/count.server.ts'
import { countRepeatedWords } from '#app/models/quote/repetitions.server.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run bench:wordcount-worst')

const MIB = 1024 * 1024
const BASELINE_LIMIT_MS = 20_000
const REPLACED_PATTERN = String.raw`\b(?:https?:\/\/|www\.)[^\s<>"',;)]+|[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}`

const inputs: [string, string][] = [
	['300,000 letters (a crafted .txt)', 'a'.repeat(300_000)],
	['2 MB single token', 'a'.repeat(2 * MIB)],
	['1 MB Chinese without spaces', '我们翻译文件和合同'.repeat(38_837)],
	[
		'1 MB CSV of e-mail addresses',
		Array.from({ length: 30_000 }, (_, n) => `person.${n}@firma-${n % 97}.dk;Navn ${n}`).join('\n'),
	],
	['1 MB line of digits', '7'.repeat(MIB)],
]

function median(work: () => void): number {
	const times = [0, 1, 2].map(() => {
		const started = performance.now()
		work()
		return performance.now() - started
	})
	return times.sort((a, b) => a - b)[1]!
}

// The replaced pattern over the text, on a worker so it can be stopped.
function baseline(text: string): Promise<string> {
	const source = `const { parentPort, workerData } = require('node:worker_threads')
		const started = performance.now()
		workerData.text.replace(new RegExp(workerData.pattern, 'gu'), ' ')
		parentPort.postMessage(performance.now() - started)`
	const worker = new Worker(source, { eval: true, workerData: { text, pattern: REPLACED_PATTERN } })
	return new Promise((resolve) => {
		const timer = setTimeout(
			() => void worker.terminate().then(() => resolve(`> ${BASELINE_LIMIT_MS / 1000} s (stopped)`)),
			BASELINE_LIMIT_MS,
		)
		worker.once('message', (ms: number) => {
			clearTimeout(timer)
			void worker.terminate()
			resolve(`${Math.round(ms).toLocaleString('en')} ms`)
		})
	})
}

console.log(
	'| input | bytes (UTF-8) | e-mail/URL pattern before | the pattern now | whole count now | repeated sentences now |',
)
console.log('| --- | ---: | ---: | ---: | ---: | ---: |')
for (const [name, text] of inputs) {
	const before = await baseline(text)
	const pattern = median(() => text.replace(URL_OR_EMAIL, ' '))
	const count = median(() => countText(text))
	const repeats = median(() => countRepeatedWords([text]))
	console.log(
		`| ${name} | ${Buffer.byteLength(text).toLocaleString('en')} | ${before} | ${Math.round(pattern)} ms | ${Math.round(count)} ms | ${Math.round(repeats)} ms |`,
	)
}
