// The company index's thread: holds the index, answers searches, builds it from the rows the main
// thread reads and hands over, and keeps its snapshot file. A search costs the server's own thread
// nothing but two messages.
import { parentPort } from 'node:worker_threads'
import { createIndexBuilder, type IndexRow } from '#app/models/company/search-index/build.ts'
import { indexBytes, type CompanyIndex } from '#app/models/company/search-index/shape.ts'
import { searchCompanyIndex } from '#app/models/company/search-index/query.ts'
import { readIndexSnapshot, writeIndexSnapshot } from '#app/models/company/search-index/snapshot.server.ts'

export type WorkerCommand =
	| { type: 'load'; file: string }
	| { type: 'begin' }
	| { type: 'rows'; rows: IndexRow[] }
	| { type: 'finish'; version: string; file: string | null }
	| { type: 'search'; id: number; query: string }
export type WorkerReply =
	| { type: 'loaded'; version: string | null; bytes: number }
	| { type: 'built'; version: string; companies: number; bytes: number; ms: number }
	| { type: 'saved'; file: string; ms: number }
	| { type: 'save-failed'; error: string }
	| { type: 'found'; id: number; results: ReturnType<typeof searchCompanyIndex> | null }

let index: CompanyIndex | null = null
let builder: ReturnType<typeof createIndexBuilder> | null = null
const reply = (message: WorkerReply) => parentPort!.postMessage(message)

parentPort!.on('message', (command: WorkerCommand) => {
	switch (command.type) {
		case 'search':
			return reply({ type: 'found', id: command.id, results: search(command.query) })
		case 'load':
			return void readIndexSnapshot(command.file).then((loaded) => {
				index = loaded ?? index
				reply({ type: 'loaded', version: loaded?.version ?? null, bytes: loaded ? indexBytes(loaded) : 0 })
			})
		case 'begin':
			// The index being replaced is out of date: it goes now, so two never sit in memory at once.
			index = null
			builder = createIndexBuilder()
			return
		case 'rows':
			return builder?.add(command.rows)
		case 'finish':
			return finish(command.version, command.file)
	}
})

// Null (the database answers instead) when there is no index, or the search failed on it.
function search(query: string) {
	try {
		return index ? searchCompanyIndex(index, query) : null
	} catch {
		return null
	}
}

function finish(version: string, file: string | null) {
	if (!builder) return
	const started = performance.now()
	index = builder.finish(version)
	builder = null
	reply({ type: 'built', version, companies: index.count, bytes: indexBytes(index), ms: performance.now() - started })
	if (!file) return
	const saving = performance.now()
	writeIndexSnapshot(index, file).then(
		() => reply({ type: 'saved', file, ms: performance.now() - saving }),
		(error: unknown) => reply({ type: 'save-failed', error: String(error) }),
	)
}
