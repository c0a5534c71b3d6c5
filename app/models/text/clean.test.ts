import { describe, expect, test } from 'vitest'
import { cleanLine, cleanText, xmlCharacters } from '#app/models/text/clean.ts'

describe('typed text', () => {
	test('a line loses control characters and bidirectional controls, and keeps every letter', () => {
		expect(cleanLine('Ørsted\u0001 A/S\u000b\u001f')).toBe('Ørsted A/S')
		expect(cleanLine('invoice\u202Efdp.exe')).toBe('invoicefdp.exe')
		expect(cleanLine('\u2066a\u2069\u200Eb\u200F\u061Cc\u202A\u202B\u202C\u202D')).toBe('abc')
		expect(cleanLine('two\nlines\ttab')).toBe('twolinestab')
		expect(cleanLine('مرحبا שלום 你好 Ærø')).toBe('مرحبا שלום 你好 Ærø')
	})

	test('a message keeps its lines and tabs', () => {
		expect(cleanText('Hej\r\nmed\rdig\tog\u0000\u0007 \u202Evenlig hilsen')).toBe('Hej\nmed\ndig\tog venlig hilsen')
	})

	test('XML keeps what XML 1.0 can hold', () => {
		expect(xmlCharacters('PO\u0001-\u000b7\u001f\ufffe\uffff ok\t\n😀')).toBe('PO-7 ok\t\n😀')
	})
})
