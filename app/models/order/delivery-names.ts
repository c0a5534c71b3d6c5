// What a delivered file is called and which of the order's documents it is a version of: the
// customer sees `<document>.<target language>.<ext>` ("krav.en.docx"), whatever the translator
// named their file ("krav_en_v3_final.docx").

type Source = { id: string; name: string }

const stemOf = (name: string) => {
	const dot = name.lastIndexOf('.')
	return dot > 0 ? name.slice(0, dot) : name
}

export const extensionOf = (name: string) => {
	const dot = name.lastIndexOf('.')
	return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : ''
}

// Letters and digits only, lower case: "Krav_EN v2" and "krav-en-v2" compare equal.
const comparable = (name: string) =>
	stemOf(name)
		.normalize('NFKC')
		.toLowerCase()
		.replace(/[^\p{L}\p{N}]+/gu, '')

// The document a file is a version of: the one whose name the file's name begins with, or holds,
// the longest match winning; null when none fits. A job's file is a translation of one of the
// job's documents, so a job on one document needs no match (`onlyOne`).
export function documentOfFile(fileName: string, sources: readonly Source[], onlyOne = false): string | null {
	if (onlyOne && sources.length === 1) return sources[0]!.id
	const file = comparable(fileName)
	let best: { id: string; score: number } | null = null
	for (const source of sources) {
		const stem = comparable(source.name)
		if (!stem) continue
		const score = file.startsWith(stem) ? stem.length * 2 : file.includes(stem) ? stem.length : 0
		if (score > (best?.score ?? 0)) best = { id: source.id, score }
	}
	return best?.id ?? null
}

// "krav.docx" translated to English, delivered as a PDF: "krav.en.pdf". Without a target language
// (an order whose pair is not set) the language is left out.
export function deliveryName(sourceName: string, language: string | null, fileName: string) {
	const extension = extensionOf(fileName)
	return [stemOf(sourceName), language, extension].filter(Boolean).join('.')
}

// Names in one delivery are unique: a second "krav.en.docx" becomes "krav.en (2).docx".
export function uniqueNames(names: readonly string[]) {
	const seen = new Map<string, number>()
	return names.map((name) => {
		const key = name.toLowerCase()
		const n = (seen.get(key) ?? 0) + 1
		seen.set(key, n)
		if (n === 1) return name
		const extension = extensionOf(name)
		return extension ? `${stemOf(name)} (${n}).${extension}` : `${name} (${n})`
	})
}

// Where a file of the order stands, for staff.
export type FileState = 'withdrawn' | 'deleted' | 'superseded' | 'delivered' | 'held' | 'waiting'
type Marks = { withdrawnAt: Date | null; deletedAt: Date | null; supersededAt: Date | null; deliveredAt: Date | null }
export function stateOfFile(file: Marks & { held: boolean }): FileState {
	if (file.withdrawnAt) return 'withdrawn'
	if (file.deletedAt) return 'deleted'
	if (file.supersededAt) return 'superseded'
	if (file.deliveredAt) return 'delivered'
	return file.held ? 'held' : 'waiting'
}
