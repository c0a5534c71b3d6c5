// The bench's worker: counts one file with the budget it is given, in the pool's protocol.
import { analyseFile } from '#app/models/wordcount/analyse.server.ts'

process.on('message', ({ path, extension, budget }: { path: string; extension: string; budget: number }) => {
	analyseFile(path, extension, { budgetBytes: budget }).then(
		(result) => process.send!({ type: 'done', result: result.kind === 'words' ? { kind: 'words' } : result }),
		(error: unknown) => process.send!({ type: 'failed', error: String(error) }),
	)
})
process.on('disconnect', () => process.exit(0))
process.send!({ type: 'ready' })
