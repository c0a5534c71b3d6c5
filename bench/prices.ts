// What the prices feature costs: requests per second for the prices page (the calculator, the
// price check and all 132 pairs of the demo languages), the price check call and the analytics
// call, and how much script (gzipped) the home and prices pages ship.
// Run: npm run build && npm run bench:prices
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { visit } from '#tests/setup/http.ts'
import { startServer } from '#tests/setup/server.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run bench:prices')

const DURATION_S = 8
const CONNECTIONS = 10
const CLIENT_DIR = fileURLToPath(new URL('../build/client', import.meta.url))

type LoadResult = { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number }

async function loadTest(
	url: string,
	options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<LoadResult> {
	const cli = fileURLToPath(import.meta.resolve('autocannon/autocannon.js'))
	const args = [cli, '--json', '-c', String(CONNECTIONS), '-d', String(DURATION_S), '-m', options.method ?? 'GET']
	for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`)
	if (options.body) args.push('-b', options.body)
	const { stdout } = await promisify(execFile)(process.execPath, [...args, url], { maxBuffer: 10_000_000 })
	return JSON.parse(stdout) as LoadResult
}

function scriptBytes(html: string): { files: number; gzip: number } {
	const files = [
		...new Set(
			[...html.matchAll(/(?:modulepreload" href="|import\(")(\/assets\/[^"]+\.js)/g)].map((match) => match[1]!),
		),
	]
	const gzip = files.reduce((sum, file) => sum + gzipSync(readFileSync(CLIENT_DIR + file)).length, 0)
	return { files: files.length, gzip }
}

const server = await startServer()
try {
	const visitor = await visit(server.url, '/en/prices')
	const json = {
		'content-type': 'application/json',
		accept: 'application/json',
		'x-requested-with': 'XMLHttpRequest',
		'x-csrf-token': visitor.csrfToken,
		cookie: visitor.cookie,
	}
	console.log(`${CONNECTIONS} connections, ${DURATION_S} s each`)
	for (const path of ['/', '/en/prices']) {
		const { files, gzip } = scriptBytes(await (await fetch(server.url + path)).text())
		console.log(`script on ${path}: ${files} files, ${(gzip / 1024).toFixed(1)} KiB gzipped`)
	}
	const runs: [string, string, Parameters<typeof loadTest>[1]][] = [
		['GET /en/prices', '/en/prices', {}],
		[
			'POST /en/prices/pair (da → ja)',
			'/en/prices/pair',
			{ method: 'POST', headers: json, body: JSON.stringify({ from_language: 'da', to_language: 'ja' }) },
		],
		[
			'POST /analytics/events',
			'/analytics/events',
			{
				method: 'POST',
				headers: json,
				body: JSON.stringify({
					name: 'Calculated price',
					properties: { words: 1200 },
					path: '/en/prices',
					locale: 'en',
				}),
			},
		],
	]
	for (const [label, path, options] of runs) {
		const result = await loadTest(server.url + path, options)
		console.log(
			`${label}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
		)
	}
} finally {
	await server.stop()
}
