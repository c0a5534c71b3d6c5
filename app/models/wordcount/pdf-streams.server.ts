import { Readable } from 'node:stream'
import { createInflateRaw } from 'node:zlib'
import type { Budget } from '#app/models/wordcount/budget.server.ts'

// pdf.js decodes a stream's filters into buffers outside the JavaScript heap and cannot be told to
// stop: a 1 MB file holding a stream of a gigabyte of zeros took a worker past 2 GB. So before
// pdf.js sees a file, every stream it may decode for the text is decoded here once, its bytes
// counted against the document's budget and none of them kept. Images and embedded files are
// left out: reading text never decodes them. A stream is read from its start to the end its own
// filter marks (or the file's end), never only as far as its declared length, so a short length
// cannot hide what a reader would go on to decode. An encrypted file's streams cannot be decoded
// before they are decrypted; those meet only the worker's memory cap (server/analysis/pool.ts).

type Chunks = AsyncIterable<Uint8Array>
type Decoder = (input: Chunks) => Chunks

const STREAM = Buffer.from('stream')
const END_STREAM = Buffer.from('endstream')
const CHUNK = 64 * 1024
// A stream's dictionary is looked for this far back, at most (real ones are a few hundred bytes).
const MAX_DICTIONARY = 64 * 1024
const LEFT_UNDECODED = /\/Subtype\s*\/Image\b|\/Type\s*\/EmbeddedFile\b/

const IMAGE = /\/Subtype\s*\/Image\b/
// An image inline in a page's content: BI, its parameters (/W, /Width…), ID, the data, EI.
const INLINE_IMAGE = /(?:^|\s)BI\s*\/[A-Z]/
const ENCRYPTED = Buffer.from('/Encrypt')

// Returns whether the file holds a picture: an image stream, or an image inline in a decoded
// content stream (an encrypted file's content cannot be seen into, so it is taken to have one).
export async function spendPdfStreams(bytes: Uint8Array, budget: Budget): Promise<{ pictures: boolean }> {
	const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	const objects = new ObjectIndex(data)
	let pictures = data.includes(ENCRYPTED)
	// Each keyword's dictionary is looked for back to the keyword before it, so the file is read
	// backwards once at most, whatever it holds.
	let floor = 0
	for (let at = data.indexOf(STREAM); at >= 0; at = data.indexOf(STREAM, at + STREAM.length)) {
		const start = dataStart(data, at)
		const dictionary = start < 0 ? null : dictionaryBefore(data, at, floor)
		floor = at
		if (dictionary !== null && IMAGE.test(dictionary)) pictures = true
		if (start < 0 || dictionary === null || LEFT_UNDECODED.test(dictionary)) continue
		const end = streamEnd(data, start, lengthOf(dictionary, objects))
		const decoders = filtersOf(dictionary, objects).map(decoderFor)
		// Flate ends where its own last block says; the others where the stream's data ends.
		const input = decoders[0] === inflate ? data.subarray(start) : data.subarray(start, end)
		let chunks: Chunks = chunksOf(input)
		for (const decoder of decoders) {
			if (!decoder) break
			chunks = spending(decoder(chunks), budget)
		}
		// Looked for only until one is found, in a view of the chunk (no copy).
		for await (const chunk of chunks)
			if (
				!pictures &&
				INLINE_IMAGE.test(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1'))
			)
				pictures = true
		at = Math.max(at, end - STREAM.length)
	}
	return { pictures }
}

async function* spending(chunks: Chunks, budget: Budget): Chunks {
	for await (const chunk of chunks) {
		budget.spend(chunk.length, 'pdf stream')
		yield chunk
	}
}

async function* chunksOf(data: Uint8Array): Chunks {
	for (let offset = 0; offset < data.length; offset += CHUNK) yield data.subarray(offset, offset + CHUNK)
}

// The keyword "stream" is followed by an end of line, and its data starts after it.
function dataStart(data: Buffer, at: number): number {
	if (at >= 3 && data.toString('latin1', at - 3, at) === 'end') return -1
	const after = at + STREAM.length
	if (data[after] === 0x0d) return data[after + 1] === 0x0a ? after + 2 : after + 1
	return data[after] === 0x0a ? after + 1 : -1
}

// The dictionary that ends just before the keyword, as text; null when there is none.
function dictionaryBefore(data: Buffer, at: number, floor: number): string | null {
	let end = at - 1
	while (end > floor && isWhitespace(data[end]!)) end--
	if (data[end] !== 0x3e || data[end - 1] !== 0x3e) return null
	let depth = 0
	for (let position = end; position > floor && end - position < MAX_DICTIONARY; position--) {
		if (data[position] === 0x3e && data[position - 1] === 0x3e) {
			depth++
			position--
		} else if (data[position] === 0x3c && data[position - 1] === 0x3c) {
			depth--
			position--
			if (depth === 0) return data.toString('latin1', position, end + 1)
		}
	}
	return null
}

const isWhitespace = (byte: number) =>
	byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00

// The declared length, looked up when it is given by reference (as a reader does).
function lengthOf(dictionary: string, objects: ObjectIndex): number | null {
	const match = /\/Length\s+(\d{1,12})(?:\s+(\d{1,5})\s+R)?(?!\d)/.exec(dictionary)
	if (!match) return null
	if (match[2] === undefined) return Number(match[1])
	const value = objects.valueOf(Number(match[1]), Number(match[2]))
	return value && /^\d{1,12}$/.test(value) ? Number(value) : null
}

// Where the data ends: at the declared length when "endstream" follows it, as a reader checks,
// else at the first "endstream".
function streamEnd(data: Buffer, start: number, length: number | null): number {
	if (length !== null && start + length <= data.length) {
		let after = start + length
		while (after < data.length && isWhitespace(data[after]!)) after++
		if (data.subarray(after, after + END_STREAM.length).equals(END_STREAM)) return start + length
	}
	const found = data.indexOf(END_STREAM, start)
	return found < 0 ? data.length : found
}

// The filters in the order they decode. One given by reference is looked up; one that cannot be
// found is taken for Flate, the filter of nearly every stream (and of every bomb found so far).
function filtersOf(dictionary: string, objects: ObjectIndex): string[] {
	const value = /\/Filter\s*(\/[^\s/<>[\]()]+|\[[^\]]*\]|\d+\s+\d+\s+R)/.exec(dictionary)?.[1]
	if (!value) return []
	const reference = /^(\d+)\s+(\d+)\s+R$/.exec(value)
	const resolved = reference ? objects.valueOf(Number(reference[1]), Number(reference[2])) : value
	if (resolved === null) return ['FlateDecode']
	return [...resolved.matchAll(/\/([^\s/<>[\]()]+)/g)].map((match) => match[1]!)
}

function decoderFor(filter: string): Decoder | null {
	switch (filter) {
		case 'FlateDecode':
		case 'Fl':
			return inflate
		case 'LZWDecode':
		case 'LZW':
			return lzw
		case 'RunLengthDecode':
		case 'RL':
			return runLength
		case 'ASCIIHexDecode':
		case 'AHx':
			return asciiHex
		case 'ASCII85Decode':
		case 'A85':
			return ascii85
		case 'Crypt':
			return (input) => input
		default:
			// Image codecs (DCT, JPX, JBIG2, CCITT) are not decoded for text.
			return null
	}
}

// Objects by number, found by one pass over the file the first time a reference needs one.
class ObjectIndex {
	#data: Buffer
	#offsets: Map<string, number> | null = null

	constructor(data: Buffer) {
		this.#data = data
	}

	valueOf(number: number, generation: number): string | null {
		this.#offsets ??= this.#index()
		const offset = this.#offsets.get(`${number} ${generation}`)
		if (offset === undefined) return null
		return (
			/^\s*(\/[^\s/<>[\]()]+|\[[^\]]*\]|\d+)/.exec(this.#data.toString('latin1', offset, offset + 4096))?.[1] ?? null
		)
	}

	#index(): Map<string, number> {
		const offsets = new Map<string, number>()
		const text = this.#data.toString('latin1')
		for (const match of text.matchAll(/(\d{1,10})\s+(\d{1,5})\s+obj\b/g))
			offsets.set(`${match[1]} ${match[2]}`, match.index + match[0].length)
		return offsets
	}
}

// Inflates past a zlib header as a reader does, without checking the checksum at the end (readers
// do not, so neither may this).
async function* inflate(input: Chunks): Chunks {
	const source = Readable.from(withoutZlibHeader(input))
	const inflater = createInflateRaw()
	source.on('error', (error) => inflater.destroy(error))
	source.pipe(inflater)
	try {
		for await (const chunk of inflater) yield chunk as Buffer
	} catch {
		// A broken stream ends here, as it does for a reader.
	} finally {
		source.destroy()
		inflater.destroy()
	}
}

async function* withoutZlibHeader(input: Chunks): Chunks {
	const header: number[] = []
	for await (const piece of input) {
		const skip = Math.min(2 - header.length, piece.length)
		header.push(...piece.subarray(0, skip))
		if (header.length < 2) continue
		if (skip && ((header[0]! & 0x0f) !== 8 || (header[0]! * 256 + header[1]!) % 31 !== 0)) return
		if (piece.length > skip) yield piece.subarray(skip)
	}
}

// Gathers output bytes into chunks of CHUNK.
class Output {
	buffer = new Uint8Array(CHUNK)
	used = 0

	push(byte: number): Uint8Array | null {
		this.buffer[this.used++] = byte
		if (this.used < CHUNK) return null
		return this.take()
	}

	take(): Uint8Array {
		const full = this.buffer.subarray(0, this.used)
		this.buffer = new Uint8Array(CHUNK)
		this.used = 0
		return full
	}
}

// LZW as in PDF (early change): codes of 9 to 12 bits, 256 clears the table, 257 ends the data.
async function* lzw(input: Chunks): Chunks {
	const prefix = new Int32Array(4096)
	const last = new Uint8Array(4096)
	const lengths = new Uint16Array(4096)
	prefix.fill(-1, 0, 256)
	lengths.fill(1, 0, 256)
	for (let code = 0; code < 256; code++) last[code] = code
	const output = new Output()
	const word = new Uint8Array(4096)
	let next = 258
	let width = 9
	let bits = 0
	let count = 0
	let previous = -1
	for await (const piece of input) {
		for (const byte of piece) {
			bits = ((bits << 8) | byte) & 0xffffff
			count += 8
			while (count >= width) {
				count -= width
				const code = (bits >>> count) & ((1 << width) - 1)
				if (code === 257) return void (yield output.take())
				if (code === 256) {
					next = 258
					width = 9
					previous = -1
					continue
				}
				if (code > next || (code === next && previous < 0)) return void (yield output.take())
				if (previous >= 0 && next < 4096) {
					prefix[next] = previous
					lengths[next] = lengths[previous]! + 1
					last[next] = firstByte(code === next ? previous : code, prefix)
					next++
				}
				previous = code
				let length = lengths[code]!
				for (let entry = code; entry >= 0; entry = prefix[entry]!) word[--length] = last[entry]!
				for (let n = 0; n < lengths[code]!; n++) {
					const full = output.push(word[n]!)
					if (full) yield full
				}
				if (next + 1 >= 1 << width && width < 12) width++
			}
		}
	}
	yield output.take()
}

function firstByte(code: number, prefix: Int32Array): number {
	let entry = code
	while (prefix[entry]! >= 0) entry = prefix[entry]!
	return entry
}

// Run-length: a length byte, then as many literal bytes, or one byte repeated; 128 ends the data.
async function* runLength(input: Chunks): Chunks {
	const output = new Output()
	let literal = 0
	let repeat = 0
	let expectLength = true
	for await (const piece of input) {
		for (const byte of piece) {
			if (expectLength) {
				if (byte === 128) return void (yield output.take())
				if (byte < 128) literal = byte + 1
				else repeat = 257 - byte
				expectLength = false
				continue
			}
			for (let n = literal ? 1 : repeat; n > 0; n--) {
				const full = output.push(byte)
				if (full) yield full
			}
			if (literal) literal--
			else repeat = 0
			expectLength = literal === 0
		}
	}
	yield output.take()
}

async function* asciiHex(input: Chunks): Chunks {
	const output = new Output()
	let high = -1
	for await (const piece of input) {
		for (const byte of piece) {
			if (byte === 0x3e) return void (yield output.take())
			const digit = hexDigit(byte)
			if (digit < 0) continue
			if (high < 0) high = digit
			else {
				const full = output.push((high << 4) | digit)
				high = -1
				if (full) yield full
			}
		}
	}
	yield output.take()
}

function hexDigit(byte: number): number {
	if (byte >= 0x30 && byte <= 0x39) return byte - 0x30
	const lower = byte | 0x20
	return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1
}

// ASCII base-85: five characters make four bytes, "z" four zero bytes, "~>" ends the data.
async function* ascii85(input: Chunks): Chunks {
	const output = new Output()
	let group = 0
	let size = 0
	const emit = function* (bytes: number) {
		for (let n = 0; n < bytes; n++) {
			const full = output.push((group >>> (24 - 8 * n)) & 0xff)
			if (full) yield full
		}
	}
	for await (const piece of input) {
		for (const byte of piece) {
			if (byte === 0x7e) {
				if (size > 1) {
					for (let pad = size; pad < 5; pad++) group = group * 85 + 84
					yield* emit(size - 1)
				}
				return void (yield output.take())
			}
			if (byte === 0x7a && size === 0) {
				group = 0
				yield* emit(4)
				continue
			}
			if (byte < 0x21 || byte > 0x75) continue
			group = group * 85 + (byte - 0x21)
			if (++size === 5) {
				group >>>= 0
				yield* emit(4)
				group = 0
				size = 0
			}
		}
	}
	yield output.take()
}
