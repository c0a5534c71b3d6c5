// One word-count worker thread: analyses files on request, so counting never blocks the server.
import { writeFile } from 'node:fs/promises'
import { parentPort } from 'node:worker_threads'
import { analyseFile } from '../../app/models/wordcount/analyse.server.ts'

type Job = { id: string; path: string; extension: string; textPath: string }

parentPort!.on('message', async ({ id, path, extension, textPath }: Job) => {
	const analysis = await analyseFile(path, extension)
	// The text is kept beside the file (for finding repeated sentences); only figures go back.
	if (analysis.kind === 'words') {
		const { text, ...figures } = analysis
		await writeFile(textPath, text)
		return parentPort!.postMessage({ id, analysis: figures })
	}
	parentPort!.postMessage({ id, analysis })
})
