import chardet from 'chardet'
import iconv from 'iconv-lite'

// Text files arrive in whatever encoding the customer's machine used: a byte-order mark decides,
// else valid UTF-8, else the most likely encoding by its statistics.
export function decodeText(bytes: Uint8Array): string {
	const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) return buffer.subarray(3).toString('utf8')
	// UTF-32 before UTF-16: its little-endian mark begins with UTF-16's.
	if (buffer.length >= 4 && buffer.readUInt32LE(0) === 0xfeff) return iconv.decode(buffer.subarray(4), 'utf-32le')
	if (buffer.length >= 4 && buffer.readUInt32BE(0) === 0xfeff) return iconv.decode(buffer.subarray(4), 'utf-32be')
	if (buffer[0] === 0xff && buffer[1] === 0xfe) return iconv.decode(buffer.subarray(2), 'utf-16le')
	if (buffer[0] === 0xfe && buffer[1] === 0xff) return iconv.decode(buffer.subarray(2), 'utf-16be')
	const utf8 = new TextDecoder('utf-8', { fatal: true })
	try {
		return utf8.decode(buffer)
	} catch {
		// The start of the file tells the encoding as well as the whole would, at a fraction of the cost.
		const guess = chardet.detect(buffer.subarray(0, 64 * 1024))
		return iconv.decode(buffer, guess && iconv.encodingExists(guess) ? guess : 'windows-1252')
	}
}
