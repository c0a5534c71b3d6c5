import { describe, expect, test } from 'vitest'
import { summaryOf } from '#app/models/content.server.ts'

describe("a service page's summary", () => {
	test('is its first paragraph as text, cut at a word', () => {
		expect(summaryOf('<h2>Intro</h2><p>Short <strong>and</strong> clear.</p><p>More.</p>')).toBe('Short and clear.')
		const long = `<p>${'ordet '.repeat(100)}</p>`
		expect(summaryOf(long)).toBe(`${'ordet '.repeat(26).trim()} …`)
		expect(summaryOf('No paragraph at all')).toBe('No paragraph at all')
	})

	test('reads only the start of a paragraph of megabytes', () => {
		const huge = `<p>${'a '.repeat(5_000_000)}`
		expect(summaryOf(huge)).toMatch(/^(a ){79}a …$/)
	})
})
