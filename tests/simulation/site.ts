import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const CLOCK = fileURLToPath(new URL('./clock.ts', import.meta.url))

export const SIM_ADMIN = { email: 'pm@tolk.example', password: 'simulated-agency-password-1' }
export const SECRET_KEY = 'simulation-secret-key-that-is-long-enough-0123456789'

export type SiteOptions = {
	dataDir: string
	databaseUrl?: string
	// The moment the site's clock starts from; it then runs at the real pace.
	now: Date
	smtpPort: number
	nightlyBackups: boolean
}

export type Site = Awaited<ReturnType<typeof startSite>>

// The built server (npm run build first), started as `npm start` starts it, on the day's clock.
export async function startSite(options: SiteOptions) {
	const child = spawn(process.execPath, ['--import', CLOCK, 'server/main.ts'], {
		cwd: ROOT,
		env: {
			PATH: process.env.PATH,
			NODE_ENV: 'production',
			PORT: '0',
			HOST: '127.0.0.1',
			DATA_DIR: options.dataDir,
			...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
			SECRET_KEY,
			// One address for every site of the run, so the live and the restored one read alike.
			PUBLIC_URL: 'http://tolk.example',
			ADMIN_EMAIL: SIM_ADMIN.email,
			ADMIN_PASSWORD: SIM_ADMIN.password,
			SMTP_HOST: '127.0.0.1',
			SMTP_PORT: String(options.smtpPort),
			SMTP_FROM: 'Tolk <kontakt@tolk.example>',
			DEMO_COMPANIES: '2000',
			WORDCOUNT_WORKERS: '1',
			JOB_POLL_S: '0.5',
			BACKUP_NIGHTLY: String(options.nightlyBackups),
			// A simulated day is a minute or so: none of it is spent waiting on the search limit.
			BUSINESS_SEARCHES_PER_MINUTE: '0',
			SIMULATED_CLOCK: `${options.now.getTime()}@${Date.now()}`,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	const lines: string[] = []
	let partial = ''
	const waiters = new Set<() => void>()
	const take = (chunk: Buffer) => {
		const text = partial + chunk.toString('utf8')
		const parts = text.split('\n')
		partial = parts.pop()!
		lines.push(...parts.filter(Boolean))
		for (const waiter of waiters) waiter()
	}
	child.stdout!.on('data', take)
	child.stderr!.on('data', take)
	const port = await waitFor(child, lines, waiters, /"msg":"listening on http:\/\/localhost:(\d+)"/, 60_000).then(
		(match) => Number(match[1]),
		(error: unknown) => {
			child.kill('SIGKILL')
			throw error
		},
	)
	return {
		url: `http://127.0.0.1:${port}`,
		lines,
		// The log's lines at error level or above (pino: 50 error, 60 fatal).
		errors: () => lines.filter((line) => /"level":(5\d|6\d)/.test(line)),
		waitForLog: (pattern: RegExp, timeoutMs = 120_000) => waitFor(child, lines, waiters, pattern, timeoutMs),
		residentBytes: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]) * 1024,
		async stop() {
			if (child.exitCode !== null) return child.exitCode
			const exit = once(child, 'exit')
			child.kill('SIGTERM')
			await exit
			return child.exitCode
		},
	}
}

function waitFor(
	child: ChildProcess,
	lines: string[],
	waiters: Set<() => void>,
	pattern: RegExp,
	timeoutMs: number,
): Promise<RegExpExecArray> {
	return new Promise((resolve, reject) => {
		let seen = 0
		const check = () => {
			for (; seen < lines.length; seen++) {
				const match = pattern.exec(lines[seen]!)
				if (match) return done(() => resolve(match))
			}
		}
		const timer = setTimeout(
			() => done(() => reject(new Error(`no ${pattern} in the log:\n${lines.slice(-30).join('\n')}`))),
			timeoutMs,
		)
		const exited = () => done(() => reject(new Error(`the server exited:\n${lines.slice(-30).join('\n')}`)))
		const done = (settle: () => void) => {
			clearTimeout(timer)
			waiters.delete(check)
			child.off('exit', exited)
			settle()
		}
		waiters.add(check)
		child.once('exit', exited)
		check()
	})
}
