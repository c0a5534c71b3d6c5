import { describe, expect, test } from 'vitest'
import { ACCEPTED_EXTENSIONS } from '#app/models/documents/present.ts'
import { FORMATS, formatOf } from '#app/models/wordcount/formats.server.ts'

// The table analyseFile reads: a format added to the uploads must be added here, once.
describe('the table of formats', () => {
	const extensions = FORMATS.flatMap((format) => format.extensions)

	test('each extension belongs to one format, and every one of them is an upload customers may send', () => {
		expect(new Set(extensions).size).toBe(extensions.length)
		expect(extensions.filter((extension) => !(ACCEPTED_EXTENSIONS as readonly string[]).includes(extension))).toEqual(
			[],
		)
	})

	test('every accepted upload is counted by a format, but pictures (a person) and media (minutes)', () => {
		const others = ACCEPTED_EXTENSIONS.filter((extension) => !formatOf(extension))
		expect([...others].sort()).toEqual([
			'avi',
			'eps',
			'flac',
			'heic',
			'indd',
			'jpeg',
			'jpg',
			'mov',
			'mp3',
			'mp4',
			'png',
			'wav',
		])
	})

	test('an extension is found in any case', () => {
		expect(formatOf('DOCX')).toBe(formatOf('docx'))
		expect(formatOf('exe')).toBeUndefined()
	})
})
