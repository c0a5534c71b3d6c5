import { describe, expect, test } from 'vitest'
import { countRepeatedWords } from '#app/models/quote/repetitions.server.ts'
import { countText } from '#app/models/wordcount/count.server.ts'

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
		// No space after a Chinese or Japanese full stop, and still two sentences.
		expect(countRepeatedWords(['我们翻译文件。我们翻译文件。', '合同已签署。我们翻译文件。'])).toEqual([6, 6])
	})
})

// A customer's file can be one enormous token: each of these takes milliseconds when counting is
// linear in the text, and minutes when a pattern backtracks (the e-mail pattern once did).
describe('counting in time linear in the text', () => {
	const MIB = 1024 * 1024
	test.each([
		['a 2 MB single token', 'a'.repeat(2 * MIB), 1],
		// Nine characters of three bytes each in UTF-8, 38,837 times: 1 MB.
		['1 MB of Chinese without spaces', '我们翻译文件和合同'.repeat(38_837), 38_837 * 9],
		['a 1 MB line of digits', '7'.repeat(MIB), 1],
		['a 1 MB run of address characters with an @ in every other place', 'a@'.repeat(MIB / 2), MIB / 2],
	])('%s', (_name, text, words) => {
		expect(countText(text).words).toBe(words)
		expect(countRepeatedWords([text])).toEqual([0])
	})

	test('a 1 MB CSV of e-mail addresses counts each address as one word', () => {
		const rows = Array.from({ length: 30_000 }, (_, n) => `person.${n}@firma-${n % 97}.dk;Navn ${n}`)
		expect(countText(rows.join('\n')).words).toBe(30_000 * 3)
	})

	test('the count of two texts joined by a space is the sum of their counts', () => {
		const alphabet = [...'ab1Z9@.-_%+\'’:/wwwhttps中文あไทยé\u0301 \n,;"<>()', 'www.', 'http://', '@x.dk']
		let seed = 17
		const random = (below: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % below)
		const text = () => Array.from({ length: random(40) }, () => alphabet[random(alphabet.length)]).join('')
		for (let n = 0; n < 3_000; n++) {
			const [a, b] = [text(), text()]
			const [both, left, right] = [countText(`${a} ${b}`), countText(a), countText(b)]
			expect({ a, b, ...both }).toEqual({
				a,
				b,
				words: left.words + right.words,
				numbers: left.numbers + right.numbers,
				characters: left.characters + right.characters,
				charactersWithSpaces: left.charactersWithSpaces + right.charactersWithSpaces + 1,
				cjkCharacters: left.cjkCharacters + right.cjkCharacters,
			})
		}
	})
})
