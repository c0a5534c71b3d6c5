import { describe, expect, test } from 'vitest'
import { OverBudgetError } from '#app/models/wordcount/budget.server.ts'
import { IwaFormatError, iwaMessages, protoFields, unframeIwa } from '#app/models/wordcount/iwa.server.ts'
import { archive, iwaChunk as chunk, varint } from '#tests/setup/iwa.ts'

describe('iWork archives', () => {
	test('Snappy literals and back-references (overlapping too) come out as written', () => {
		// "abc" as a literal, then a copy of 9 bytes from 3 back: "abcabcabcabc".
		const data = unframeIwa(chunk([...varint(12), (3 - 1) << 2, 0x61, 0x62, 0x63, ((9 - 1) << 2) | 2, 3, 0]))
		expect(new TextDecoder().decode(data!)).toBe('abcabcabcabc')
	})

	test('a chunk that claims more than the bound is refused before anything is written, and a copy from before the start is corrupt', () => {
		expect(() => unframeIwa(chunk([...varint(300 * 1024 * 1024), 0]))).toThrow(OverBudgetError)
		expect(() => unframeIwa(chunk([...varint(4), ((4 - 1) << 2) | 2, 5, 0]))).toThrow(IwaFormatError)
		expect(unframeIwa(new Uint8Array([0x62, 0x76, 0x78, 0x6e]))).toBeNull()
	})

	test('megabytes of the worst case (4-byte runs copied over and over) take one pass', () => {
		const size = 4 + 64 * 393_216
		const ops: number[] = [...varint(size), (4 - 1) << 2, 1, 2, 3, 4]
		// Copies of 64 bytes from 4 back: the most output per input byte Snappy allows.
		for (let written = 4; written < size; written += 64) ops.push(((64 - 1) << 2) | 2, 4, 0)
		const data = unframeIwa(chunk(ops))
		expect(data!.length).toBe(size)
		expect([...data!.subarray(size - 4)]).toEqual([1, 2, 3, 4])
	})

	test('messages are read by their archive info, and protobuf lengths past the message are refused', () => {
		const payload = [0x1a, 3, 0x48, 0x65, 0x6a] // field 3: "Hej"
		const data = new Uint8Array(archive([{ type: 2001, payload }]))
		const [message] = [...iwaMessages(data)]
		expect(message!.type).toBe(2001)
		expect(new TextDecoder().decode(protoFields(message!.message)[0]!.bytes!)).toBe('Hej')
		expect(() => protoFields(new Uint8Array([0x1a, 50, 1]))).toThrow(IwaFormatError)
	})
})
