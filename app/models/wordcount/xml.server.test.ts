import { describe, expect, test } from 'vitest'
import { extractCues } from '#app/models/wordcount/formats/subtitles.server.ts'
import { elementsNamed } from '#app/models/wordcount/xml.server.ts'

describe('reading elements out of an XML part', () => {
	test('finds each element with its attributes and body, self-closing ones too, and not longer names', () => {
		const xml = '<row><c r="A1" t="s"><v>0</v></c><col/><c r="B1"/><c r="C1"><v>7</v></c></row>'
		expect([...elementsNamed(xml, 'c')]).toEqual([
			{ attributes: ' r="A1" t="s"', body: '<v>0</v>' },
			{ attributes: ' r="B1"', body: null },
			{ attributes: ' r="C1"', body: '<v>7</v>' },
		])
	})

	test('megabytes of start tags that never end cost one pass', () => {
		expect([...elementsNamed('<c r="A1">'.repeat(200_000), 'c')]).toEqual([])
		expect([...elementsNamed('<si>'.repeat(500_000), 'si')]).toEqual([])
	})

	test('a subtitle line of a megabyte of unclosed markup is read in one pass', () => {
		const cue = `1\n00:00:01,000 --> 00:00:02,000\n${'<'.repeat(1024 * 1024)}hej\n`
		expect(extractCues(cue)).toBe(`${'<'.repeat(1024 * 1024)}hej`)
	})
})
