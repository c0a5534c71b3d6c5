// PostgreSQL's own pg_dump and pg_restore, run as child processes. The connection goes to them in
// the environment (PGHOST, PGPASSWORD, ...), never on the command line other users can read.
import { spawn } from 'node:child_process'
import { Readable } from 'node:stream'
import pg from 'pg'
import { BackupError } from '#app/models/backup/errors.server.ts'

export function pgEnvironment(databaseUrl: string): NodeJS.ProcessEnv {
	const url = new URL(databaseUrl)
	const env: NodeJS.ProcessEnv = { ...process.env }
	const set = (name: string, value: string | null | undefined) => {
		if (value) env[name] = value
	}
	set('PGHOST', url.searchParams.get('host') ?? decodeURIComponent(url.hostname))
	set('PGPORT', url.port || url.searchParams.get('port'))
	set('PGUSER', decodeURIComponent(url.username))
	set('PGPASSWORD', decodeURIComponent(url.password))
	set('PGDATABASE', decodeURIComponent(url.pathname.slice(1)))
	set('PGSSLMODE', url.searchParams.get('sslmode'))
	return env
}

// The tool's standard output; the stream fails with its error output when the tool does.
export function runTool(
	tool: 'pg_dump' | 'pg_restore',
	args: string[],
	databaseUrl: string | null,
	input?: Readable,
): Readable {
	const child = spawn(tool, args, {
		env: databaseUrl ? pgEnvironment(databaseUrl) : process.env,
		stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
	})
	let errors = ''
	child.stderr!.setEncoding('utf8').on('data', (text: string) => {
		if (errors.length < 4000) errors += text
	})
	const exited = new Promise<void>((resolve, reject) => {
		child.on('error', (error: NodeJS.ErrnoException) =>
			reject(
				new BackupError(
					'tool',
					error.code === 'ENOENT'
						? `${tool} was not found: install PostgreSQL's client programs (the server's version or newer)`
						: `${tool} could not start: ${error.message}`,
				),
			),
		)
		child.on('close', (code) =>
			code === 0 ? resolve() : reject(new BackupError('tool', `${tool} failed: ${errors.trim() || `exit ${code}`}`)),
		)
	})
	// Awaited below when the output is read to its end; a reader that stops early (a full disk)
	// has its own error to tell, and the tool's (killed) is then no one's to hear.
	exited.catch(() => {})
	if (input) {
		input.on('error', (error) => child.stdin!.destroy(error))
		child.stdin!.on('error', () => {})
		input.pipe(child.stdin!)
	}
	return Readable.from(
		(async function* () {
			let readToEnd = false
			try {
				yield* child.stdout!
				readToEnd = true
			} finally {
				// A reader that stopped early (a full disk) leaves nobody to read the rest.
				if (!readToEnd && child.exitCode === null) child.kill()
			}
			// A broken input (a backup that fails to decrypt) is the cause of whatever the tool says.
			await exited.catch((error: unknown) => {
				throw input?.errored ?? error
			})
		})(),
	)
}

// Runs a tool to its end, its output dropped.
export async function runToolToEnd(
	tool: 'pg_dump' | 'pg_restore',
	args: string[],
	databaseUrl: string,
	input?: Readable,
): Promise<void> {
	for await (const _ of runTool(tool, args, databaseUrl, input));
}

// One connection of its own for a statement or two outside the site's pool (creating and dropping
// databases, looking at a restore's target).
export async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
	const client = new pg.Client({ connectionString: databaseUrl })
	await client.connect()
	try {
		return await work(client)
	} finally {
		await client.end()
	}
}
