// One load tool for every bench: autocannon, run as its own process so the server under test has
// this one's CPU to itself. Its JSON summary, cut to what the benches print.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

export type LoadResult = { requests: { average: number }; latency: { p50: number; p99: number } }
type Load = { connections: number; seconds: number; headers?: string[] }

export async function loadTest(url: string, { connections, seconds, headers = [] }: Load): Promise<LoadResult> {
	const cli = fileURLToPath(import.meta.resolve('autocannon/autocannon.js'))
	const args = [
		'--json',
		'-c',
		String(connections),
		'-d',
		String(seconds),
		...headers.flatMap((header) => ['-H', header]),
	]
	const { stdout } = await promisify(execFile)(process.execPath, [cli, ...args, url], { maxBuffer: 10_000_000 })
	return JSON.parse(stdout) as LoadResult
}

export const describeLoad = ({ requests, latency }: LoadResult) =>
	`${requests.average.toFixed(0)} req/s, p50 ${latency.p50} ms, p99 ${latency.p99} ms`
