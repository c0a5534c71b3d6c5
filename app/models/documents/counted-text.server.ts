import { readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import { COUNT_PARTS, type CountPart } from '#app/models/wordcount/parts.ts'
import type { Locale } from '#app/utils/locales.ts'
import type { FileStore, KeptFiles } from '#app/models/files/store.server.ts'

// What the count read, kept beside each counted document so the customer (behind the quote's link)
// and staff (in the inbox) can see the text a number stands for: a short preview of each part for
// the page, and the whole for a .txt download. Deleted with the document (removal, retention).
export const PREVIEW_CHARACTERS = 3000

export const countedTextPathOf = (documentsDir: string, id: string) => path.join(documentsDir, `${id}.counted.json`)
export const countedPreviewPathOf = (documentsDir: string, id: string) => path.join(documentsDir, `${id}.preview.json`)

export type PartPreview = { part: CountPart; text: string; characters: number }

const partsSchema = z.array(z.object({ part: z.enum(COUNT_PARTS), text: z.string(), characters: z.number() }))

// The first `limit` characters, never cutting a character in two (an emoji is two UTF-16 units).
function head(text: string, limit: number): string {
	if (text.length <= limit) return text
	const code = text.charCodeAt(limit - 1)
	return text.slice(0, code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit)
}

const inPartOrder = (partTexts: Partial<Record<CountPart, string>>) =>
	COUNT_PARTS.flatMap((part) => {
		const text = partTexts[part]?.trim()
		return text ? [{ part, text }] : []
	})

// Written by the worker that counted the file; each file appears whole or not at all.
export async function writeCountedText(
	paths: { text: string; preview: string },
	partTexts: Partial<Record<CountPart, string>>,
) {
	const parts = inPartOrder(partTexts)
	const preview = parts.map(({ part, text }) => ({
		part,
		text: head(text, PREVIEW_CHARACTERS),
		characters: text.length,
	}))
	const whole = parts.map(({ part, text }) => ({ part, text, characters: text.length }))
	await Promise.all([atomically(paths.preview, JSON.stringify(preview)), atomically(paths.text, JSON.stringify(whole))])
}

async function atomically(file: string, contents: string) {
	await writeFile(`${file}.tmp`, contents, { mode: 0o600 })
	await rename(`${file}.tmp`, file)
}

async function readParts(store: FileStore, file: string): Promise<PartPreview[] | null> {
	try {
		await store.fetch(file)
		const parsed = partsSchema.safeParse(JSON.parse(await readFile(file, 'utf8')))
		return parsed.success ? parsed.data : null
	} catch {
		return null
	}
}

// Each document's preview, by id; a document counted before the text was kept has none.
export async function readCountedPreviews(
	{ documentsDir, files }: KeptFiles,
	ids: string[],
): Promise<Record<string, PartPreview[]>> {
	const previews = await Promise.all(ids.map((id) => readParts(files, countedPreviewPathOf(documentsDir, id))))
	return Object.fromEntries(ids.flatMap((id, index) => (previews[index] ? [[id, previews[index]]] : [])))
}

// The download's name: the document's, with what it is in the reader's language.
export const countedTextName = (documentName: string, locale: Locale) =>
	`${documentName}.${locale === 'da' ? 'optalt' : 'counted'}.txt`

// The whole counted text as one plain-text file, each part under its name.
export async function countedTextFile(
	{ documentsDir, files }: KeptFiles,
	id: string,
	label: (part: CountPart) => string,
): Promise<string | null> {
	const parts = await readParts(files, countedTextPathOf(documentsDir, id))
	if (!parts) return null
	return `\uFEFF${parts.map(({ part, text }) => `${label(part)}\n${'='.repeat(label(part).length)}\n\n${text}\n`).join('\n')}`
}
