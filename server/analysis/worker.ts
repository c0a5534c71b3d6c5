// One word-count worker thread: analyses files on request, so counting never blocks the server.
import { parentPort } from 'node:worker_threads'
import { analyseFile } from '../../app/models/wordcount/analyse.server.ts'

type Job = { id: string; path: string; extension: string }

parentPort!.on('message', async ({ id, path, extension }: Job) => {
	const analysis = await analyseFile(path, extension)
	// The text stays here; only the figures go back.
	if (analysis.kind === 'words') {
		const { text: _text, ...figures } = analysis
		return parentPort!.postMessage({ id, analysis: figures })
	}
	parentPort!.postMessage({ id, analysis })
})
