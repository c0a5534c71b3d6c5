// Where the server's main thread spends its time under a load: the built server with its inspector
// open, its profiler started once a warm-up is over and stopped after wrk loaded the given pages,
// then the profile's functions by their own time, and by package (node_modules/<name>), the app's
// bundle and Node itself.
// Run: npm run build && node bench/profile.ts [-- --seconds 10 --connections 10 --env PAGE_CACHE_TTL_S=0 /priser /en]
// The .cpuprofile stays where it says, for Chrome's DevTools or speedscope.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import WebSocket from 'ws'
import { startServer } from '#tests/setup/server.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run bench:profile')

const { values, positionals } = parseArgs({
	allowPositionals: true,
	options: {
		seconds: { type: 'string', default: '10' },
		connections: { type: 'string', default: '10' },
		env: { type: 'string', multiple: true, default: [] },
		top: { type: 'string', default: '25' },
	},
})
const pages = positionals.length ? positionals : ['/en']
const env = Object.fromEntries(values.env.map((pair) => pair.split('=', 2) as [string, string]))
const dir = mkdtempSync(path.join(tmpdir(), 'tolk-profile-'))

const server = await startServer({ ...env, NODE_OPTIONS: '--inspect=127.0.0.1:0' })
let profile: Profile
try {
	for (const page of pages) execFileSync('wrk', ['-t1', '-c4', '-d3s', server.url + page]) // warm-up
	const inspector = await connectInspector(server.logs())
	await inspector.call('Profiler.enable')
	await inspector.call('Profiler.start')
	const each = Math.max(1, Math.round(Number(values.seconds) / pages.length))
	for (const page of pages) {
		const out = execFileSync(
			'wrk',
			['-t2', `-c${values.connections}`, `-d${each}s`, '--latency', '-H', 'Accept-Encoding: gzip', server.url + page],
			{ encoding: 'utf8' },
		)
		console.log(`${page}: ${/Requests\/sec:\s+([\d.]+)/.exec(out)![1]} req/s, p99 ${/^\s+99%\s+(\S+)/m.exec(out)![1]}`)
	}
	profile = ((await inspector.call('Profiler.stop')) as { profile: Profile }).profile
	inspector.close()
} finally {
	await server.stop()
}
const file = path.join(dir, 'main.cpuprofile')
writeFileSync(file, JSON.stringify(profile))

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount: number }
type Profile = { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] }

// The server prints its inspector's address on stderr ("Debugger listening on ws://…").
async function connectInspector(logs: string) {
	const address = /Debugger listening on (ws:\/\/\S+)/.exec(logs)?.[1]
	if (!address) throw new Error('the server did not open its inspector')
	const socket = new WebSocket(address)
	await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
	let nextId = 0
	const waiting = new Map<number, (result: unknown) => void>()
	socket.on('message', (data) => {
		const message = JSON.parse(String(data)) as { id?: number; result?: unknown }
		if (message.id !== undefined) waiting.get(message.id)?.(message.result)
	})
	return {
		call: (method: string) =>
			new Promise<unknown>((resolve) => {
				const id = ++nextId
				waiting.set(id, resolve)
				socket.send(JSON.stringify({ id, method }))
			}),
		close: () => socket.close(),
	}
}

const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const selfMs = new Map<number, number>()
profile.samples.forEach((id, index) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000))
const total = [...selfMs.values()].reduce((sum, ms) => sum + ms, 0)
const where = (url: string) =>
	/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
	(url.includes('/build/server/')
		? 'the app (build/server)'
		: url.startsWith('node:')
			? 'node'
			: url
				? path.basename(url)
				: '(native, gc, idle)')
const group = (key: (node: Node) => string) => {
	const sums = new Map<string, number>()
	for (const [id, ms] of selfMs) {
		const name = key(byId.get(id)!)
		sums.set(name, (sums.get(name) ?? 0) + ms)
	}
	return [...sums].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))
}
const share = (ms: number) => `${((ms / total) * 100).toFixed(1)}%`
console.log(`\nmain thread, ${(total / 1000).toFixed(1)} s sampled (${file})`)
console.log('\n| where | self time |\n| --- | ---: |')
for (const [name, ms] of group((node) => where(node.callFrame.url))) console.log(`| ${name} | ${share(ms)} |`)
console.log('\n| function | where | self time |\n| --- | --- | ---: |')
for (const [name, ms] of group(
	(node) =>
		`${node.callFrame.functionName || '(anonymous)'} | ${node.callFrame.url.startsWith('node:') ? node.callFrame.url : where(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`,
))
	console.log(`| ${name} | ${share(ms)} |`)
