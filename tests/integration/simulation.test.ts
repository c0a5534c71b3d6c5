import { spawn } from 'node:child_process'
import { expect, test } from 'vitest'

// Three days of the agency on the built server, on this pass's database, run as the docs say to
// run it (`npm run simulate`, docs/simulation.md): customers, staff, translators, the bank and the
// nightly backup through the site's own pages, every invariant checked each night, and the last
// backup restored and compared page by page. A command that breaks outside Vitest breaks here.
// The environment of a shell, not the test runner's NODE_ENV; VITEST stays, so that the servers it
// starts take one render thread each, as every server of the suite does (tests/setup/server.ts).
const shellEnv = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV'))

function runSimulate(args: string[]) {
	return new Promise<{ code: number | null; out: string }>((resolve, reject) => {
		const child = spawn('npm', ['run', '--silent', 'simulate', '--', ...args], {
			env: shellEnv(),
			stdio: ['ignore', 'pipe', 'pipe'],
		})
		let out = ''
		child.stdout.on('data', (chunk: Buffer) => void (out += chunk.toString()))
		child.stderr.on('data', (chunk: Buffer) => void (out += chunk.toString()))
		child.on('error', reject)
		child.on('close', (code) => resolve({ code, out }))
	})
}

test(
	'three days of the agency break no invariant, and the last nightly backup restores into the same site',
	{ timeout: 600_000 },
	async () => {
		// A Monday: the orders of the first day are worked on the next two.
		const { code, out } = await runSimulate(['--days', '3', '--seed', '7', '--start', '2027-03-22'])
		const line = (start: string) => out.split('\n').find((text) => text.startsWith(start)) ?? ''
		expect(line('Simulating 3 days from 2027-03-22'), out).toContain(process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite')
		expect(
			out.split('\n').filter((text) => text.endsWith('breaches 0')),
			out,
		).toHaveLength(3)
		const totals = JSON.parse(line('Totals: ').slice('Totals: '.length) || '{}') as { orders?: number }
		expect(totals.orders).toBeGreaterThan(0)
		const restored = /(\d+) pages and exports compared, (\d+) differ/.exec(line('Restored from'))
		expect(Number(restored?.[1]), out).toBeGreaterThan(10)
		expect(restored?.[2], out).toBe('0')
		// Every order, job and invoice page of those days reads as Danish: no key, English text or wrong plural.
		expect(line('Back-office pages not in Danish'), out).toBe('Back-office pages not in Danish: 0')
		expect(code, out).toBe(0)
	},
)
