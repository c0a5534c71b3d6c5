import { afterAll, beforeAll } from 'vitest'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { createTestDatabase, type TestDatabase } from '#tests/setup/database.ts'
import { TEST_DEMO_COMPANIES } from '#tests/setup/template-database.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const START_GUARD_MS = 300_000

export type RunningServer = {
	url: string
	// The address the site names in links that leave the request (PUBLIC_URL, or its default).
	publicUrl: string
	process: ChildProcess
	database: TestDatabase
	logs: () => string
	// Sends the signal and resolves with the exit code.
	stop: (signal?: NodeJS.Signals) => Promise<number | null>
}

// The real built server (npm run build first), on a free port, with its own fresh database, or
// with another server's database (which then stays when this one stops); `root`, another built
// checkout of the site (a bench's baseline).
export async function startServer(
	env: Record<string, string> = {},
	options: { database?: TestDatabase; root?: string } = {},
): Promise<RunningServer> {
	const ownsDatabase = !options.database
	// Seeded already, as the server would seed it, unless the test asks for other demo content.
	const database = options.database ?? (await createTestDatabase({ seeded: env.DEMO_COMPANIES === undefined }))
	const child = spawn(process.execPath, ['server/main.ts'], {
		cwd: options.root ?? ROOT,
		env: {
			PATH: process.env.PATH,
			PORT: '0',
			HOST: '127.0.0.1',
			DATA_DIR: database.dataDir,
			SECRET_KEY: 'test-secret-key-that-is-long-enough-1234567890',
			// A smaller demo registry keeps each test server's first start quick.
			DEMO_COMPANIES: String(TEST_DEMO_COMPANIES),
			// A server started after 03:00 would take the day's backup a minute in: tests ask for theirs.
			BACKUP_NIGHTLY: 'false',
			// The suite runs several servers at once: one render thread each (thread.test.ts runs two).
			// A bench's server has as many as the machine gives it.
			...(process.env.VITEST ? { RENDER_THREADS: '1' } : {}),
			...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
			...env,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout!.on('data', (chunk: Buffer) => (output += chunk))
	child.stderr!.on('data', (chunk: Buffer) => (output += chunk))
	const port = await new Promise<number>((resolve, reject) => {
		// The test's own timeout decides how long a start may take (a restart on a loaded machine
		// opens a database with a month in it); this only ends a server that never says it listens,
		// after every test and hook that starts one has given up.
		const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), START_GUARD_MS)
		const onData = () => {
			const match = output.match(/"msg":"listening on http:\/\/localhost:(\d+)"/)
			if (!match) return
			clearTimeout(timer)
			child.stdout!.off('data', onData)
			resolve(Number(match[1]))
		}
		child.stdout!.on('data', onData)
		child.once('exit', (code) => {
			clearTimeout(timer)
			reject(new Error(`server exited with ${code}:\n${output}`))
		})
	}).catch(async (error: unknown) => {
		child.kill('SIGKILL')
		if (ownsDatabase) await database.drop()
		throw error
	})
	let exited: Promise<number | null> | undefined
	const stop = (signal: NodeJS.Signals = 'SIGTERM') => {
		exited ??= (async () => {
			if (child.exitCode === null) {
				const exit = once(child, 'exit')
				child.kill(signal)
				await exit
			}
			if (ownsDatabase) await database.drop()
			return child.exitCode
		})()
		return exited
	}
	const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`
	return { url: `http://127.0.0.1:${port}`, publicUrl, process: child, database, logs: () => output, stop }
}

// One built server for the tests of a file, started before them and stopped after: the returned
// handle reads the running server's fields, so a test writes `server.url` as with startServer. An
// `env` function is read when the server starts (for another fixture's address, an SMTP peer's).
export function setupServerTests(env: Record<string, string> | (() => Record<string, string>) = {}): RunningServer {
	let running: RunningServer | undefined
	beforeAll(async () => {
		running = await startServer(typeof env === 'function' ? env() : env)
	})
	afterAll(() => running?.stop())
	const current = () => {
		if (!running) throw new Error('the server starts in beforeAll')
		return running
	}
	return {
		get url() {
			return current().url
		},
		get publicUrl() {
			return current().publicUrl
		},
		get process() {
			return current().process
		},
		get database() {
			return current().database
		},
		logs: () => current().logs(),
		stop: (signal) => current().stop(signal),
	}
}
