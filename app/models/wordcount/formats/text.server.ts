import { decodeText } from '#app/models/wordcount/decode.server.ts'
import { anyBytes, plain, type Format } from '#app/models/wordcount/format.server.ts'
import { xmlText } from '#app/models/wordcount/xml.server.ts'

// Plain text and CSV: every word, in whatever encoding the file was saved in.
export const text: Format = {
	extensions: ['txt', 'csv'],
	sniff: anyBytes,
	extract: (bytes) => plain(decodeText(bytes)),
}

// SVG: the text, titles and descriptions a drawing shows or names, not its markup.
export const svg: Format = {
	extensions: ['svg'],
	sniff: anyBytes,
	extract: (bytes) =>
		plain(
			xmlText(decodeText(bytes), {
				text: new Set(['text', 'title', 'desc']),
				breaks: new Set(['text', 'tspan', 'title', 'desc']),
			}),
		),
}
