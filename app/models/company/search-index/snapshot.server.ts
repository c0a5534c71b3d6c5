import { open, readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import type { CompanyIndex } from '#app/models/company/search-index/shape.ts'

// The index as a file beside the database, so a restart loads it in a moment instead of reading
// millions of rows: a header (JSON) and the arrays as they lie in memory, each on an 8-byte
// boundary, read back as views over the one buffer the file is read into.
const MAGIC = 'TOLKIDX3'

// Beside the database, in the data directory.
export function indexSnapshotPath(dataDir: string): string {
	return path.resolve(dataDir, 'company-index.bin')
}
const ARRAYS = [
	'cvr',
	'isActive',
	'names',
	'nameStart',
	'display',
	'displayStart',
	'cityOf',
	'byCvr',
	'wordId',
	'wordOffset',
	'gramStart',
	'gramSplit',
	'gramCount',
	'grams',
] as const
type ArrayName = (typeof ARRAYS)[number]
type Header = Pick<CompanyIndex, 'version' | 'count' | 'activeCount' | 'activeWordCount' | 'cities'> & {
	lengths: number[]
}

export async function writeIndexSnapshot(index: CompanyIndex, file: string): Promise<void> {
	const header: Header = {
		version: index.version,
		count: index.count,
		activeCount: index.activeCount,
		activeWordCount: index.activeWordCount,
		cities: index.cities,
		lengths: ARRAYS.map((name) => index[name].byteLength),
	}
	const json = Buffer.from(JSON.stringify(header))
	const prefix = Buffer.alloc(padded(12 + json.length))
	prefix.write(MAGIC, 0, 'latin1')
	prefix.writeUInt32LE(json.length, 8)
	json.copy(prefix, 12)
	// Written aside and moved into place: a reader never sees half a file.
	const partial = `${file}.${process.pid}.partial`
	const handle = await open(partial, 'w')
	try {
		await handle.write(prefix)
		for (const name of ARRAYS) {
			const array = index[name]
			await handle.write(new Uint8Array(array.buffer, array.byteOffset, array.byteLength))
			await handle.write(Buffer.alloc(padded(array.byteLength) - array.byteLength))
		}
		await handle.sync()
	} finally {
		await handle.close()
	}
	await rename(partial, file).catch(async (error: unknown) => {
		await rm(partial, { force: true })
		throw error
	})
}

// Null for a missing, foreign or damaged file: the index is then built from the database.
export async function readIndexSnapshot(file: string): Promise<CompanyIndex | null> {
	let bytes: Buffer
	try {
		bytes = await readFile(file)
	} catch {
		return null
	}
	if (bytes.byteOffset % 8 !== 0) bytes = Buffer.from(bytes)
	try {
		if (bytes.toString('latin1', 0, 8) !== MAGIC) return null
		const jsonLength = bytes.readUInt32LE(8)
		const header = JSON.parse(bytes.toString('utf8', 12, 12 + jsonLength)) as Header
		let at = padded(12 + jsonLength)
		const arrays = {} as Record<ArrayName, Uint8Array | Uint32Array>
		for (const [position, name] of ARRAYS.entries()) {
			const length = header.lengths[position]!
			if (at + length > bytes.length) return null
			const start = bytes.byteOffset + at
			arrays[name] = ['isActive', 'names', 'display', 'grams'].includes(name)
				? Buffer.from(bytes.buffer, start, length)
				: new Uint32Array(bytes.buffer, start, length / 4)
			at += padded(length)
		}
		if (at !== bytes.length || arrays.cvr.length !== header.count) return null
		const { lengths: _, ...rest } = header
		return { ...rest, ...arrays } as unknown as CompanyIndex
	} catch {
		return null
	}
}

function padded(length: number): number {
	return Math.ceil(length / 8) * 8
}
