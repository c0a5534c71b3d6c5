import { describe, expect, test } from 'vitest'
import { translate, translateHtml } from '#app/utils/i18n.ts'

describe('translateHtml', () => {
	const messages = { 'carousel.quote': '<strong>“{{text}}”</strong> – {{name}}' }

	test('keeps the template’s markup and escapes the values put into it', () => {
		expect(translateHtml(messages, 'carousel.quote', { text: '<img src=x onerror=alert(1)>', name: 'Tom & "Jerry"' })).toBe(
			'<strong>“&lt;img src=x onerror=alert(1)&gt;”</strong> – Tom &amp; &quot;Jerry&quot;',
		)
	})

	test('plain translate leaves values as they are, for text that React escapes itself', () => {
		expect(translate(messages, 'carousel.quote', { text: 'a < b', name: 'x' })).toBe('<strong>“a < b”</strong> – x')
	})
})
