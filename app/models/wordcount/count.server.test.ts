import { describe, expect, test } from 'vitest'
import { countRepeatedWords, countText } from './count.server.ts'

describe('counting words the way the trade does', () => {
	test.each([
		['Hello world', 2],
		['well-known don’t l’homme', 3],
		['3.14 and 42', 4],
		['-- ... !!!', 0],
		['Skriv til kontakt@tolk.example eller se https://tolk.example/priser?x=1 nu', 7],
		['Æbleskiver på Østerbro – så er det jul', 7],
		['naïve café résumé', 3],
		['Twenty-one', 1],
	])('%s → %i words', (text, words) => {
		expect(countText(text).words).toBe(words)
	})

	test('numbers count and are reported apart', () => {
		expect(countText('Artikel 12 stk. 3 af 2024')).toMatchObject({ words: 6, numbers: 3 })
	})

	test('Chinese, Japanese and Thai are counted from their characters', () => {
		expect(countText('我们翻译文件').words).toBe(6)
		expect(countText('東京 Tokyo 2024年').words).toBe(2 + 1 + 1 + 1)
		expect(countText('สวัสดี').words).toBe(6)
	})

	test('characters are counted without and with spaces (line breaks are neither)', () => {
		expect(countText('ab c\td\n')).toMatchObject({ characters: 4, charactersWithSpaces: 6 })
	})

	test('repeated sentences across files are found, and short fragments are not', () => {
		const a = 'The contract is signed by both parties. Ja.'
		const b = 'The contract is signed by both parties. Nej.'
		expect(countRepeatedWords([a, b])).toEqual([0, 7])
		expect(countRepeatedWords(['Same line here.\nSame line here.'])).toEqual([3])
	})
})
