import { strFromU8, unzipSync } from 'fflate'

// docx, xlsx, pptx, odt, ods and friends are ZIP archives. Only the parts that hold text are
// inflated, and never more than this in all: a small file that claims gigabytes is a bomb.
export const MAX_EXPANDED_BYTES = 256 * 1024 * 1024
const MAX_RATIO = 200

export class ArchiveBombError extends Error {}
export class NotAnArchiveError extends Error {}

export function isZip(bytes: Uint8Array): boolean {
	return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
}

// Office's encrypted documents are OLE compound files, whatever their extension says.
export function isCompoundFile(bytes: Uint8Array): boolean {
	return bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0
}

export function readParts(bytes: Uint8Array, wanted: (name: string) => boolean): Map<string, string> {
	if (!isZip(bytes)) throw new NotAnArchiveError()
	let declared = 0
	const files = unzipSync(bytes, {
		filter(file) {
			if (!wanted(file.name)) return false
			declared += file.originalSize
			if (declared > MAX_EXPANDED_BYTES || (file.size > 0 && file.originalSize / file.size > MAX_RATIO && file.originalSize > 10 * 1024 * 1024)) {
				throw new ArchiveBombError(file.name)
			}
			return true
		},
	})
	const parts = new Map<string, string>()
	for (const [name, content] of Object.entries(files)) {
		if (content.length > MAX_EXPANDED_BYTES) throw new ArchiveBombError(name)
		parts.set(name, strFromU8(content))
	}
	return parts
}

export function partNames(parts: Map<string, string>, pattern: RegExp): string[] {
	return [...parts.keys()].filter((name) => pattern.test(name)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
}
