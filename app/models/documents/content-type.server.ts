import { open } from 'node:fs/promises'

// Whether a file's first bytes are what its extension claims, whatever the browser said.
const PDF = (head: Buffer) => head.subarray(0, 5).toString('latin1') === '%PDF-'
const ZIP = (head: Buffer) => head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04
const OLE = (head: Buffer) => head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
const ascii = (head: Buffer, offset: number, text: string) =>
	head.subarray(offset, offset + text.length).toString('latin1') === text
const ISO_MEDIA = (brands: string[]) => (head: Buffer) =>
	ascii(head, 4, 'ftyp') && brands.some((brand) => ascii(head, 8, brand))
// Text formats: no NUL bytes (unless UTF-16, which starts with a byte-order mark).
const TEXT = (head: Buffer) => head[0] === 0xff || head[0] === 0xfe || !head.includes(0)

const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
	pdf: PDF,
	docx: (head) => ZIP(head) || OLE(head),
	xlsx: (head) => ZIP(head) || OLE(head),
	pptx: (head) => ZIP(head) || OLE(head),
	odt: ZIP,
	ods: ZIP,
	pages: ZIP,
	numbers: ZIP,
	doc: OLE,
	xls: OLE,
	ppt: OLE,
	rtf: (head) => ascii(head, 0, '{\\rtf'),
	txt: TEXT,
	csv: TEXT,
	srt: TEXT,
	vtt: TEXT,
	svg: (head) => TEXT(head) && /<svg[\s>]|<\?xml/.test(head.toString('utf8')),
	jpg: (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
	jpeg: (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
	png: (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
	heic: ISO_MEDIA(['heic', 'heix', 'hevc', 'mif1', 'msf1']),
	mp4: ISO_MEDIA(['isom', 'iso2', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash', 'mmp4']),
	mov: ISO_MEDIA(['qt  ']),
	avi: (head) => ascii(head, 0, 'RIFF') && ascii(head, 8, 'AVI '),
	wav: (head) => ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE'),
	flac: (head) => ascii(head, 0, 'fLaC'),
	mp3: (head) => ascii(head, 0, 'ID3') || (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0),
	eps: (head) => ascii(head, 0, '%!PS') || head.subarray(0, 4).equals(Buffer.from([0xc5, 0xd0, 0xd3, 0xc6])),
	indd: (head) => head.subarray(0, 16).equals(Buffer.from('0606edf5d81d46e5bd31efe7fe74b71d', 'hex')),
}

export async function hasContentOf(filePath: string, extension: string): Promise<boolean> {
	const matches = SIGNATURES[extension.toLowerCase()]
	if (!matches) return false
	const handle = await open(filePath, 'r')
	try {
		const head = Buffer.alloc(8192)
		const { bytesRead } = await handle.read(head, 0, head.length, 0)
		return bytesRead > 0 && matches(head.subarray(0, bytesRead))
	} finally {
		await handle.close()
	}
}
