import { strFromU8, unzipSync } from 'fflate'
import { Budget, DOCUMENT_BUDGET_BYTES, OverBudgetError } from '#app/models/wordcount/budget.server.ts'

// docx, xlsx, pptx, odt, ods and friends are ZIP archives. Only the parts that hold text are
// inflated, each into a buffer of the size the archive declares for it (fflate writes no further),
// and those sizes are taken from the document's budget: a small file that claims gigabytes is a bomb.
export const MAX_EXPANDED_BYTES = DOCUMENT_BUDGET_BYTES
const MAX_RATIO = 200

export class NotAnArchiveError extends Error {}

export function isZip(bytes: Uint8Array): boolean {
	return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
}

// Office's encrypted documents are OLE compound files, whatever their extension says.
export function isCompoundFile(bytes: Uint8Array): boolean {
	return bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0
}

export function readParts(
	bytes: Uint8Array,
	wanted: (name: string) => boolean,
	budget = new Budget(),
): Map<string, string> {
	const parts = new Map<string, string>()
	for (const [name, content] of readBinaryParts(bytes, wanted, budget)) parts.set(name, strFromU8(content))
	return parts
}

// The wanted parts as bytes, within the same bound as the text parts.
export function readBinaryParts(
	bytes: Uint8Array,
	wanted: (name: string) => boolean,
	budget = new Budget(),
): Map<string, Uint8Array> {
	if (!isZip(bytes)) throw new NotAnArchiveError()
	const files = unzipSync(bytes, {
		filter(file) {
			if (!wanted(file.name)) return false
			if (file.size > 0 && file.originalSize / file.size > MAX_RATIO && file.originalSize > 10 * 1024 * 1024)
				throw new OverBudgetError(file.name)
			budget.spend(file.originalSize, file.name)
			return true
		},
	})
	return new Map(Object.entries(files))
}

// One part as bytes (a PDF preview inside an iWork file), within the same budget.
export function readBinaryPart(bytes: Uint8Array, name: string, budget = new Budget()): Uint8Array | null {
	if (!isZip(bytes)) return null
	return readBinaryParts(bytes, (candidate) => candidate === name, budget).get(name) ?? null
}

export function partNames(parts: Map<string, string>, pattern: RegExp): string[] {
	return [...parts.keys()]
		.filter((name) => pattern.test(name))
		.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
}

// What a ZIP's own directory says its parts expand to, read from the end of the file without
// inflating anything (so an upload can be refused as soon as it is stored).
export async function declaredExpansion(filePath: string): Promise<{ compressed: number; expanded: number } | null> {
	const { open } = await import('node:fs/promises')
	const handle = await open(filePath, 'r')
	try {
		const { size } = await handle.stat()
		const tailLength = Math.min(size, 65_557)
		const tail = Buffer.alloc(tailLength)
		await handle.read(tail, 0, tailLength, size - tailLength)
		const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
		if (end < 0) return null
		const entries = tail.readUInt16LE(end + 10)
		const directorySize = tail.readUInt32LE(end + 12)
		const directoryOffset = tail.readUInt32LE(end + 16)
		// ZIP64 markers in a file this small are a claim of gigabytes.
		if (directoryOffset === 0xffffffff || entries === 0xffff)
			return { compressed: size, expanded: Number.MAX_SAFE_INTEGER }
		const directory = Buffer.alloc(Math.min(directorySize, size))
		await handle.read(directory, 0, directory.length, directoryOffset)
		let compressed = 0
		let expanded = 0
		for (let offset = 0, seen = 0; seen < entries && offset + 46 <= directory.length; seen++) {
			if (directory.readUInt32LE(offset) !== 0x02014b50) break
			compressed += directory.readUInt32LE(offset + 20)
			expanded += directory.readUInt32LE(offset + 24)
			offset +=
				46 +
				directory.readUInt16LE(offset + 28) +
				directory.readUInt16LE(offset + 30) +
				directory.readUInt16LE(offset + 32)
		}
		return { compressed, expanded }
	} finally {
		await handle.close()
	}
}

export function isBomb({ compressed, expanded }: { compressed: number; expanded: number }): boolean {
	return (
		expanded > MAX_EXPANDED_BYTES || (expanded > 10 * 1024 * 1024 && expanded / Math.max(compressed, 1) > MAX_RATIO)
	)
}
