import iconv from 'iconv-lite'
import { anyBytes, plain, type Format } from '#app/models/wordcount/format.server.ts'
import { rtfObjects } from '#app/models/wordcount/formats/rtf-objects.server.ts'

// Destinations that hold no body text: fonts, colours, styles, document info, pictures, objects.
const SKIPPED = new Set([
	'fonttbl',
	'colortbl',
	'stylesheet',
	'info',
	'pict',
	'object',
	'header',
	'footer',
	'listtable',
	'listoverridetable',
	'rsidtbl',
	'generator',
	'xmlnstbl',
	'themedata',
	'colorschememapping',
	'latentstyles',
	'datastore',
	'filetbl',
	'revtbl',
	'fldinst',
])
const BREAKS = new Set(['par', 'line', 'row', 'cell', 'sect', 'page'])
// Characters written as control words: dashes, quotes, bullets and spaces. Dropped, they glued two
// words into one ("em—dash" was "emdash"), and the reader lost the quotes.
const SYMBOLS: Record<string, string> = {
	emdash: '—',
	endash: '–',
	lquote: '‘',
	rquote: '’',
	ldblquote: '“',
	rdblquote: '”',
	bullet: '•',
	emspace: ' ',
	enspace: ' ',
	qmspace: ' ',
	tab: ' ',
}
// \~ a non-breaking space, \_ a non-breaking hyphen (one word, as `well-known`), \- an optional
// hyphen (invisible unless the line breaks there: nothing).
const ESCAPES: Record<string, string> = { '~': ' ', _: '‑', '-': '', '\\': '\\', '{': '{', '}': '}' }

// The text of an RTF file: control words are dropped, \'hh bytes are read in the document's
// code page and \uN characters as Unicode (skipping their \ucN fallback bytes).
export function extractRtf(source: string): string {
	const codePage = /\\ansicpg(\d+)/.exec(source)?.[1] ?? '1252'
	const encoding = iconv.encodingExists(`cp${codePage}`) ? `cp${codePage}` : 'windows-1252'
	const out: string[] = []
	const stack: { skip: boolean; uc: number }[] = []
	let state = { skip: false, uc: 1 }
	let pendingSkip = 0
	let bytes: number[] = []
	const flushBytes = () => {
		if (bytes.length) out.push(iconv.decode(Buffer.from(bytes), encoding))
		bytes = []
	}
	const emit = (text: string) => {
		if (pendingSkip > 0) {
			const skipped = Math.min(pendingSkip, text.length)
			pendingSkip -= skipped
			text = text.slice(skipped)
		}
		if (!state.skip && text) {
			flushBytes()
			out.push(text)
		}
	}
	for (let i = 0; i < source.length; i++) {
		const char = source[i]!
		if (char === '{') {
			stack.push(state)
			state = { ...state }
			if (source.startsWith('{\\*', i)) state.skip = true
		} else if (char === '}') {
			flushBytes()
			state = stack.pop() ?? { skip: false, uc: 1 }
		} else if (char === '\\') {
			const next = source[i + 1]
			if (next === "'") {
				const byte = parseInt(source.slice(i + 2, i + 4), 16)
				i += 3
				if (pendingSkip > 0) pendingSkip--
				else if (!state.skip && !Number.isNaN(byte)) bytes.push(byte)
				continue
			}
			if (next && !/[a-z]/i.test(next)) {
				i++
				if (ESCAPES[next]) emit(ESCAPES[next])
				continue
			}
			const match = /^([a-z]+)(-?\d+)? ?/i.exec(source.slice(i + 1, i + 40))!
			i += match[0].length
			const [, word, parameter] = match
			if (SKIPPED.has(word!)) state.skip = true
			else if (word === 'uc') state.uc = Number(parameter ?? 1)
			else if (word === 'u') {
				let code = Number(parameter)
				if (code < 0) code += 65536
				emit(String.fromCharCode(code))
				pendingSkip = state.uc
			} else if (BREAKS.has(word!)) emit('\n')
			else if (Object.hasOwn(SYMBOLS, word!)) emit(SYMBOLS[word!]!)
		} else if (char !== '\r' && char !== '\n') {
			emit(char)
		}
	}
	flushBytes()
	return out.join('')
}

export const rtf: Format = {
	extensions: ['rtf'],
	sniff: anyBytes,
	extract: (bytes, budget) => {
		const source = Buffer.from(bytes).toString('latin1')
		return { ...plain(extractRtf(source)), objects: rtfObjects(source, budget) }
	},
}
