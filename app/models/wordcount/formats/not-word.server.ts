import { Parser } from 'htmlparser2'
import { decodeText } from '#app/models/wordcount/decode.server.ts'
import { NotCountable, plain, type Extracted } from '#app/models/wordcount/format.server.ts'
import { extractRtf } from '#app/models/wordcount/formats/rtf.server.ts'

// Files named .doc that are not Word's binary format, as customers do send them: RTF (Word itself
// saves it under .doc), HTML (a web application's "export to Word"), plain text; and WordPerfect,
// which is not a format we read. Null for bytes that are none of these (a broken file).
const WORDPERFECT = [0xff, 0x57, 0x50, 0x43]
const BLOCKS = new Set(['p', 'div', 'br', 'li', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'title'])
const NOT_TEXT = new Set(['script', 'style', 'head', 'xml', 'template'])

export function extractNotWord(bytes: Uint8Array): Extracted | null {
	if (WORDPERFECT.every((byte, index) => bytes[index] === byte)) throw new NotCountable('not-supported-yet')
	const start = Buffer.from(bytes.subarray(0, 2048)).toString('latin1').trimStart().toLowerCase()
	if (start.startsWith('{\\rtf')) return plain(extractRtf(Buffer.from(bytes).toString('latin1')))
	const text = decodeText(bytes)
	if (/^(?:\ufeff)?\s*<(?:!doctype html|html|\?xml[^>]*>\s*<html)/i.test(text.slice(0, 2048)))
		return plain(htmlText(text))
	return isText(text) ? plain(text) : null
}

// Text, if hardly any of it is a control character other than line breaks and tabs.
function isText(text: string): boolean {
	let control = 0
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index)
		if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0xfffd) control++
	}
	return text.trim().length > 0 && control / text.length < 0.01
}

// The text a browser shows: one line per block, nothing of scripts, styles or the head.
function htmlText(html: string): string {
	const out: string[] = []
	let hidden = 0
	const parser = new Parser(
		{
			onopentag: (name) => {
				if (NOT_TEXT.has(name)) hidden++
				else if (BLOCKS.has(name)) out.push('\n')
			},
			onclosetag: (name) => {
				if (NOT_TEXT.has(name)) hidden = Math.max(0, hidden - 1)
				else if (BLOCKS.has(name)) out.push('\n')
			},
			ontext: (text) => {
				if (!hidden) out.push(text)
			},
		},
		{ decodeEntities: true },
	)
	parser.write(html)
	parser.end()
	return out.join('')
}
