import { Budget } from '#app/models/wordcount/budget.server.ts'

// iWork 2013 and later keep a document as .iwa files: Snappy-compressed chunks (a zero byte and a
// 3-byte length each, no checksums) holding a stream of protobuf messages, each announced by an
// ArchiveInfo that names its type and length. The layout is public through reverse-engineering
// projects (obriensp/iWorkFileFormat, SheetJS, numbers-parser); nothing here needs the full schema.

export class IwaFormatError extends Error {}

function varint(bytes: Uint8Array, start: number): [value: number, next: number] {
	let value = 0
	let scale = 1
	for (let offset = start; offset < bytes.length && offset < start + 10; offset++) {
		const byte = bytes[offset]!
		value += (byte & 0x7f) * scale
		scale *= 128
		if (byte < 0x80) return [value, offset + 1]
	}
	throw new IwaFormatError('varint')
}

export type ProtoField = { field: number; wire: number; value: number; bytes: Uint8Array | null }

// The fields of one protobuf message, in order; lengths are checked against the message.
export function protoFields(message: Uint8Array): ProtoField[] {
	const fields: ProtoField[] = []
	for (let offset = 0; offset < message.length;) {
		const [key, next] = varint(message, offset)
		const wire = key % 8
		offset = next
		if (wire === 0) {
			const [value, after] = varint(message, offset)
			fields.push({ field: Math.floor(key / 8), wire, value, bytes: null })
			offset = after
		} else if (wire === 2) {
			const [length, start] = varint(message, offset)
			if (start + length > message.length) throw new IwaFormatError('length')
			fields.push({ field: Math.floor(key / 8), wire, value: length, bytes: message.subarray(start, start + length) })
			offset = start + length
		} else if (wire === 1 || wire === 5) {
			const size = wire === 1 ? 8 : 4
			fields.push({ field: Math.floor(key / 8), wire, value: 0, bytes: message.subarray(offset, offset + size) })
			offset += size
		} else throw new IwaFormatError('wire type')
	}
	return fields
}

// Snappy's raw format: literals and back-references into what is already written.
function unsnappy(input: Uint8Array, budget: Budget): Uint8Array {
	const [length, first] = varint(input, 0)
	budget.spend(length, 'iwa')
	const out = new Uint8Array(length)
	let written = 0
	for (let offset = first; offset < input.length;) {
		const tag = input[offset++]!
		let size: number
		let distance: number
		if ((tag & 3) === 0) {
			size = tag >> 2
			if (size >= 60) {
				const count = size - 59
				size = 0
				for (let n = 0; n < count; n++) size += input[offset + n]! * 256 ** n
				offset += count
			}
			size += 1
			if (offset + size > input.length || written + size > length) throw new IwaFormatError('literal')
			out.set(input.subarray(offset, offset + size), written)
			written += size
			offset += size
			continue
		}
		if ((tag & 3) === 1) {
			size = ((tag >> 2) & 7) + 4
			distance = ((tag >> 5) << 8) | input[offset++]!
		} else if ((tag & 3) === 2) {
			size = (tag >> 2) + 1
			distance = input[offset]! | (input[offset + 1]! << 8)
			offset += 2
		} else {
			size = (tag >> 2) + 1
			distance =
				(input[offset]! | (input[offset + 1]! << 8) | (input[offset + 2]! << 16)) + input[offset + 3]! * 2 ** 24
			offset += 4
		}
		if (distance === 0 || distance > written || written + size > length) throw new IwaFormatError('copy')
		for (let n = 0; n < size; n++, written++) out[written] = out[written - distance]!
	}
	if (written !== length) throw new IwaFormatError('short')
	return out
}

// An .iwa file's chunks, uncompressed and joined; null for a file that is not Snappy-framed
// (newer iWork also writes LZFSE chunks, which this does not read).
export function unframeIwa(file: Uint8Array, budget = new Budget()): Uint8Array | null {
	const chunks: Uint8Array[] = []
	for (let offset = 0; offset < file.length;) {
		if (file[offset] !== 0 || offset + 4 > file.length) return null
		const length = file[offset + 1]! | (file[offset + 2]! << 8) | (file[offset + 3]! << 16)
		if (offset + 4 + length > file.length) throw new IwaFormatError('chunk')
		chunks.push(unsnappy(file.subarray(offset + 4, offset + 4 + length), budget))
		offset += 4 + length
	}
	const joined = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0))
	let at = 0
	for (const chunk of chunks) {
		joined.set(chunk, at)
		at += chunk.length
	}
	return joined
}

// Every message of an uncompressed .iwa with its type number.
export function* iwaMessages(data: Uint8Array): Generator<{ type: number; message: Uint8Array }> {
	for (let offset = 0; offset < data.length;) {
		const [length, start] = varint(data, offset)
		if (start + length > data.length) throw new IwaFormatError('archive info')
		offset = start + length
		for (const info of protoFields(data.subarray(start, offset))) {
			if (info.field !== 2 || !info.bytes) continue
			const fields = protoFields(info.bytes)
			const type = fields.find((field) => field.field === 1)?.value ?? 0
			const size = fields.find((field) => field.field === 3)?.value ?? 0
			if (offset + size > data.length) throw new IwaFormatError('message')
			yield { type, message: data.subarray(offset, offset + size) }
			offset += size
		}
	}
}
