// Every command the docs name answers `--help` with how to run it and exits 0 without doing
// anything, once its imports have loaded: so a command that no longer starts (an import Node
// refuses outside Vitest) fails tests/integration/documented-commands.test.ts, not a reader.
export function answerHelp(usage: string) {
	if (!process.argv.slice(2).includes('--help')) return
	console.log(`usage: ${usage}`)
	process.exit(0)
}
