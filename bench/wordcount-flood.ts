// One visitor floods the word count; how long does another visitor wait for the price of an
// ordinary document? On the built server, as the site runs: address A uploads crafted .docx files
// (24 text parts of 10 MiB of XML each, 240 MiB from 1.5 MB: what counted for 86 s when it was
// found), then address B uploads a real 44 KB .docx from the corpus, and B's page asks
// GET /documents/:id until its count is there (what the order page waits for). Figures: B's wait,
// and when each of A's files was settled and how. With --baseline DIR the same flood runs first
// against another built checkout of the site (the code before the fair queue), in the same run.
// Run: npm run build && npm run bench:wordcount-flood [-- --floods 3 --baseline /tmp/tolk-before]
// (a baseline: git worktree add /tmp/tolk-before <commit> && cd /tmp/tolk-before && npm ci && npm run build)
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { docxOfManyParts } from '#tests/setup/bombs.ts'
import { visit } from '#tests/setup/http.ts'
import { startServer, type RunningServer } from '#tests/setup/server.ts'
import { postFile } from '#tests/setup/upload.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run bench:wordcount-flood [-- --floods 3 --rounds 3 --baseline DIR]')

const { values } = parseArgs({
	options: {
		floods: { type: 'string', default: '3' },
		rounds: { type: 'string', default: '3' },
		baseline: { type: 'string' },
	},
})
const CORPUS = fileURLToPath(new URL('../../shared/corpus/files/', import.meta.url))
const ORDINARY = path.join(CORPUS, 'docx_pandoc_german_lists_de.docx')
const FLOOD = docxOfManyParts()

type Settled = { status: string; reason: string | null; seconds: number }

async function upload(server: RunningServer, address: string, name: string, content: Uint8Array) {
	const visitor = await visit(server.url, '/bestil')
	const response = await postFile(visitor, '/bestil/dokumenter', name, content, {
		headers: { 'x-forwarded-for': address },
	})
	if (response.status !== 200 && response.status !== 201)
		throw new Error(`upload: ${response.status} ${await response.text()}`)
	const { document } = (await response.json()) as { document: { id: string } }
	return { id: document.id, sent: performance.now() }
}

async function settled(server: RunningServer, upload: { id: string; sent: number }): Promise<Settled> {
	for (;;) {
		const response = await fetch(`${server.url}/documents/${upload.id}`, { headers: { accept: 'application/json' } })
		const { document } = (await response.json()) as { document: { status: string; manualReason?: string | null } }
		if (document.status !== 'pending')
			return {
				status: document.status,
				reason: document.manualReason ?? null,
				seconds: (performance.now() - upload.sent) / 1000,
			}
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

async function measure(label: string, root?: string) {
	const server = await startServer({ TRUST_PROXY: 'true' }, { root })
	try {
		const ordinary = new Uint8Array(readFileSync(ORDINARY))
		// Warm: one ordinary count, so a worker's first start is not in the figure.
		await settled(server, await upload(server, '192.0.2.1', 'warm.docx', ordinary))
		console.error(`${label}: warm`)
		const waits: number[] = []
		let flood: Settled[] = []
		for (let round = 0; round < Number(values.rounds); round++) {
			const floods = []
			for (let n = 0; n < Number(values.floods); n++)
				floods.push(await upload(server, `198.51.100.${round}`, `flood-${n}.docx`, FLOOD))
			const mine = await upload(server, `203.0.113.${round}`, 'kontrakt.docx', ordinary)
			const price = await settled(server, mine)
			waits.push(price.seconds)
			console.error(
				`${label}, round ${round + 1}: the ordinary document ${price.status} after ${price.seconds.toFixed(1)} s`,
			)
			flood = await Promise.all(floods.map((file) => settled(server, file)))
		}
		const sorted = [...waits].sort((a, b) => a - b)
		console.log(
			`${label}: an ordinary document's count while ${values.floods} flood files wait: ` +
				`median ${sorted[sorted.length >> 1]!.toFixed(1)} s, worst ${sorted.at(-1)!.toFixed(1)} s (${waits.map((w) => w.toFixed(1)).join(', ')})`,
		)
		console.log(
			`${label}: the flood's files, last round: ${flood.map((f) => `${f.status}${f.reason ? ` (${f.reason})` : ''} at ${f.seconds.toFixed(1)} s`).join('; ')}`,
		)
	} finally {
		await server.stop()
	}
}

console.log(`flood file: ${(FLOOD.length / 1e6).toFixed(2)} MB, ordinary: ${path.basename(ORDINARY)}`)
if (values.baseline) await measure('before', path.resolve(values.baseline))
await measure(values.baseline ? 'after' : 'now')
