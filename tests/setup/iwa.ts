// iWork archives built byte by byte for the tests of the .iwa reader: protobuf varints, a
// Snappy chunk of literals, and an archive of typed messages.
export const varint = (value: number): number[] => {
	const bytes: number[] = []
	for (; value >= 0x80; value = Math.floor(value / 128)) bytes.push((value % 128) | 0x80)
	return [...bytes, value]
}

// One .iwa chunk: a zero byte, a 3-byte length, Snappy's raw format inside.
export const iwaChunk = (snappy: number[]) =>
	new Uint8Array([0, snappy.length & 0xff, (snappy.length >> 8) & 0xff, snappy.length >> 16, ...snappy])

// Snappy holding the bytes as one literal.
export function literal(bytes: number[]): number[] {
	const size = bytes.length - 1
	const tag = size < 60 ? [size << 2] : size < 256 ? [60 << 2, size] : [61 << 2, size & 0xff, size >> 8]
	return [...varint(bytes.length), ...tag, ...bytes]
}

// An archive: one ArchiveInfo announcing each message's type and length, then the messages.
export function archive(messages: { type: number; payload: number[] }[]): number[] {
	const infos = messages.flatMap(({ type, payload }) => {
		const info = [0x08, ...varint(type), 0x18, ...varint(payload.length)]
		return [0x12, info.length, ...info]
	})
	const header = [0x08, 1, ...infos]
	return [...varint(header.length), ...header, ...messages.flatMap(({ payload }) => payload)]
}

export const field = (number: number, bytes: number[]) => [(number << 3) | 2, ...varint(bytes.length), ...bytes]
export const number = (field: number, value: number) => [field << 3, ...varint(value)]
export const text = (value: string) => [...new TextEncoder().encode(value)]
