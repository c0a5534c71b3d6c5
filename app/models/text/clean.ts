// What a customer types (or a registry or a file name brings) is cleaned where it is read: control
// characters no person types (a NUL ends a string in C and PostgreSQL refuses it; \x01 or \x0b
// make an invoice's XML not well-formed and print as "?" in its PDF) and the invisible
// bidirectional controls that make text read differently from what it is ("fdp.exe" shown as
// "exe.pdf"): the overrides and isolates U+202A–U+202E and U+2066–U+2069, the marks U+200E and
// U+200F, and Arabic's U+061C. Browser-safe: the forms' own code reads fields with it too.
const BIDI_CONTROLS = '\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C'
const LINE_UNSAFE = new RegExp(`[\\p{Cc}${BIDI_CONTROLS}]`, 'gu')

// One line: a name, an e-mail address, a reference, a file name.
export function cleanLine(text: string): string {
	return text.replace(LINE_UNSAFE, '')
}

// A file's name as the customer sees it again: the last part of a path, cleaned, and no longer
// than a file system allows (the extension kept).
export function cleanFileName(raw: string): string {
	const name = (cleanLine(raw).split(/[/\\]/).at(-1) ?? '').trim()
	if (name.length <= 200) return name
	const dot = name.lastIndexOf('.')
	const extension = dot > 0 ? name.slice(dot).slice(0, 20) : ''
	return name.slice(0, 200 - extension.length) + extension
}

// A message of several lines (line endings made \n).
export function cleanText(text: string): string {
	return text
		.replace(/\r\n?/g, '\n')
		.replace(LINE_UNSAFE, (character) => (character === '\n' || character === '\t' ? character : ''))
}

// What XML 1.0 can hold at all: anything else would make the document not well-formed.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

export function xmlCharacters(text: string): string {
	return text.replace(NOT_XML, '')
}
