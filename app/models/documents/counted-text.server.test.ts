import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { onDisk } from '#app/models/files/store.server.ts'

const kept = (documentsDir: string) => ({ documentsDir, files: onDisk })
import {
	countedPreviewPathOf,
	countedTextFile,
	countedTextPathOf,
	PREVIEW_CHARACTERS,
	readCountedPreviews,
	writeCountedText,
} from '#app/models/documents/counted-text.server.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'tolk-counted-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const paths = (id: string) => ({ text: countedTextPathOf(dir, id), preview: countedPreviewPathOf(dir, id) })

describe('the counted text', () => {
	test('shows the first 3,000 characters of each part, in the parts’ order, and keeps the whole for the download', async () => {
		// A body longer than the preview, whose cut falls inside a character of two UTF-16 units.
		const body = `${'a'.repeat(PREVIEW_CHARACTERS - 1)}😀 and the rest of a long document`
		await writeCountedText(paths('one'), { notes: 'A footnote.', body, comments: '  ', headers: 'Page 1' })
		const { one } = await readCountedPreviews(kept(dir), ['one', 'never-counted'])
		expect(one!.map(({ part }) => part)).toEqual(['body', 'headers', 'notes'])
		expect(one![0]!.text).toBe('a'.repeat(PREVIEW_CHARACTERS - 1))
		expect(one![0]!.characters).toBe(body.length)
		expect(one![1]).toEqual({ part: 'headers', text: 'Page 1', characters: 6 })
		const whole = await countedTextFile(kept(dir), 'one', (part) => part.toUpperCase())
		expect(whole).toContain(`BODY\n====\n\n${body}\n`)
		expect(whole).toContain('NOTES\n=====\n\nA footnote.\n')
		expect(await countedTextFile(kept(dir), 'never-counted', String)).toBeNull()
	})
})
