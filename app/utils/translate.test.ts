import { describe, expect, test } from 'vitest'
import { translate, translateHtml } from '#app/utils/translate.ts'

describe('translateHtml', () => {
	const messages = { 'carousel.quote': '<strong>“{{text}}”</strong> – {{name}}' }

	test('keeps the template’s markup and escapes the values put into it', () => {
		expect(
			translateHtml(messages, 'carousel.quote', { text: '<img src=x onerror=alert(1)>', name: 'Tom & "Jerry"' }),
		).toBe('<strong>“&lt;img src=x onerror=alert(1)&gt;”</strong> – Tom &amp; &quot;Jerry&quot;')
	})

	test('plain translate leaves values as they are, for text that React escapes itself', () => {
		expect(translate(messages, 'carousel.quote', { text: 'a < b', name: 'x' })).toBe('<strong>“a < b”</strong> – x')
	})
})

const pluralMessages = { docs: 'Your {{count}} documents', 'docs.one': 'Your document', plain: '{{count}} words' }

describe('plural forms', () => {
	test('a numeric count picks the language’s form through Intl.PluralRules, where the texts have one', () => {
		expect(translate(pluralMessages, 'docs', { count: 1 }, 'en')).toBe('Your document')
		expect(translate(pluralMessages, 'docs', { count: 0 }, 'en')).toBe('Your 0 documents')
		expect(translate(pluralMessages, 'docs', { count: 2 }, 'da')).toBe('Your 2 documents')
		expect(translate(pluralMessages, 'docs', { count: 1 }, 'da')).toBe('Your document')
		// A key without forms, or a count given as formatted text, stays as it is.
		expect(translate(pluralMessages, 'plain', { count: 1 }, 'en')).toBe('1 words')
		expect(translate(pluralMessages, 'docs', { count: '1' }, 'en')).toBe('Your 1 documents')
	})
})

describe('prices in sentences', () => {
	// A Danish price ends in "kr.": a message that puts one before its own full stop reads
	// "5.971,25 kr.. Betal" (it did on the overdue order page).
	test('no message puts a price before a full stop, in any language', async () => {
		const { formatPrice } = await import('#app/utils/format.ts')
		const files = ['da', 'en', 'admin.da', 'admin.en']
		const money = /^(amount|price|total|toPay|fee|outstanding|owed|sum)$/
		for (const file of files) {
			const { default: messages } = (await import(`#app/locales/${file}.json`, { with: { type: 'json' } })) as {
				default: Record<string, string>
			}
			const price = formatPrice(5971.25, 'DKK', 'da')
			for (const [key, message] of Object.entries(messages)) {
				const names = [...message.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!)
				const values = Object.fromEntries(names.map((name) => [name, money.test(name) ? price : 'x']))
				expect(translate(messages, key, values), `${file}: ${key}`).not.toMatch(/kr\.\./)
			}
		}
	})
})
