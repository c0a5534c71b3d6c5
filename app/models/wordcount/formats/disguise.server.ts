import CFB from 'cfb'
import { unzipSync } from 'fflate'
import { isCompoundFile, isZip } from '#app/models/wordcount/archive.server.ts'
import type { Budget } from '#app/models/wordcount/budget.server.ts'
import { openContainer, type Container } from '#app/models/wordcount/compound-file.server.ts'

// Office files renamed between the old and the new format (a Word 97 file saved as "x.docx", an
// .xlsx renamed .xls) are common, and were "encrypted" or "broken" by their extension. The
// container says which they are: an OLE compound file that is not an encrypted package holds a
// Word, Excel or PowerPoint stream; a ZIP package names its word/, xl/ or ppt/ folder.
const MODERN = new Set(['docx', 'xlsx', 'pptx'])
const LEGACY = new Set(['doc', 'xls', 'ppt'])
const LEGACY_STREAMS: [stream: string, type: string][] = [
	['WordDocument', 'doc'],
	['Workbook', 'xls'],
	['Book', 'xls'],
	['PowerPoint Document', 'ppt'],
]
const PACKAGE_FOLDERS: [folder: string, type: string][] = [
	['word/', 'docx'],
	['xl/', 'xlsx'],
	['ppt/', 'pptx'],
]

// The Office 97–2003 format whose stream a compound file holds, if any.
export const legacyOfficeType = (container: Container): string | null =>
	LEGACY_STREAMS.find(([name]) => CFB.find(container, name))?.[1] ?? null

// The type to read the file as: its extension's, unless its bytes are the other Office format.
export function actualOfficeType(bytes: Uint8Array, type: string, budget: Budget): string {
	if (MODERN.has(type) && isCompoundFile(bytes)) {
		const container = openContainer(bytes, budget)
		if (CFB.find(container, 'EncryptedPackage')) return type
		return legacyOfficeType(container) ?? type
	}
	if (LEGACY.has(type) && isZip(bytes)) {
		const names: string[] = []
		unzipSync(bytes, {
			filter: (file) => {
				names.push(file.name)
				return false
			},
		})
		return PACKAGE_FOLDERS.find(([folder]) => names.some((name) => name.startsWith(folder)))?.[1] ?? type
	}
	return type
}
