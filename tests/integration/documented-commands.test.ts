import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'
import packageJson from '#package.json' with { type: 'json' }

// Every `npm run X` the README and the docs name is a script of package.json, and each one that
// runs a file of ours starts outside Vitest: `node FILE --help` loads all its imports as Node
// does (not as Vite does) and prints its usage. `npm run simulate` runs whole in simulation.test.ts.
const ROOT = path.resolve(import.meta.dirname, '../..')
const scripts: Record<string, string> = packageJson.scripts

function documents(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const file = path.join(folder, entry.name)
		if (entry.isDirectory()) return documents(file)
		return entry.name.endsWith('.md') ? [file] : []
	})
}

function documentedCommands() {
	// A family named by its prefix ("npm run bench:*") is not a command of its own.
	const texts = [path.join(ROOT, 'README.md'), ...documents(path.join(ROOT, 'docs'))].map((file) =>
		readFileSync(file, 'utf8'),
	)
	const names = texts.flatMap((text) =>
		[...text.matchAll(/npm run ([a-z][a-z:-]*[a-z])(?![a-z:*-])/g)].map((match) => match[1]!),
	)
	return [...new Set(names)].sort()
}

// `node [flags] FILE [args]` of a script, or null for another tool's (vite, drizzle-kit, prettier).
function nodeCommand(script: string) {
	const match = /(?:^|&& )node ((?:--[a-z-]+ )*)(\S+\.ts)((?: [a-z]+)*)/.exec(script)
	if (!match) return null
	return [...match[1]!.split(' ').filter(Boolean), match[2]!, ...match[3]!.split(' ').filter(Boolean)]
}

// About 40 starts of a second or two each; many more on a loaded machine.
test(
	'every npm command the README and the docs name exists, and each of ours starts and shows its usage',
	{ timeout: 600_000 },
	async () => {
		const named = documentedCommands()
		expect(named.length).toBeGreaterThan(20)
		expect(named.filter((name) => !(name in scripts))).toEqual([])
		const run = promisify(execFile)
		const answers: { name: string; code: number; out: string }[] = []
		const queue = named.flatMap((name) => {
			const command = nodeCommand(scripts[name]!)
			return command ? [{ name, command }] : []
		})
		expect(queue.length).toBeGreaterThan(20)
		// Two at a time, as the machine has two cores.
		await Promise.all(
			[0, 1].map(async () => {
				for (let next = queue.shift(); next; next = queue.shift()) {
					const answer = await run(process.execPath, [...next.command, '--help'], { cwd: ROOT, timeout: 120_000 }).then(
						({ stdout }) => ({ code: 0, out: stdout }),
						(error: { code?: number; stdout?: string; stderr?: string }) => ({
							code: error.code ?? -1,
							out: `${error.stdout ?? ''}${error.stderr ?? ''}`,
						}),
					)
					answers.push({ name: next.name, ...answer })
				}
			}),
		)
		const failed = answers.filter(
			({ name, code, out }) => code !== 0 || !out.includes(`usage: npm`) || !out.includes(name),
		)
		expect(failed).toEqual([])
	},
)
