// The tar a backup stores its files in, written and read here rather than by a general archiver:
// only regular files go in, each as the bytes it had when it was opened (a hard link is packed as
// the file it is, a symlink never followed, a file still growing cut at the size it had, a sparse
// one read as its zeros), and only regular files come out, at the paths a caller allows, with the
// size and sum the caller expects. POSIX ustar, with pax records for long names and large sizes.
import { createHash } from 'node:crypto'
import { constants } from 'node:fs'
import { mkdir, open, readdir, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { BackupError } from '#app/models/backup/errors.server.ts'
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from '#app/models/backup/part.server.ts'

export type TarEntry = { path: string; size: number; sha256: string }

// Every folder (with a trailing `/`, so an empty one is kept) and regular file under root/folder,
// as paths relative to root with `/`, each folder before what it holds.
export async function treeUnder(root: string, folder: string): Promise<string[]> {
	const entries = await readdir(path.join(root, folder), { withFileTypes: true, recursive: true })
	const relative = (entry: { parentPath: string; name: string }) =>
		path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
	return [
		`${folder}/`,
		...entries
			.filter((entry) => entry.isFile() || entry.isDirectory())
			.map((entry) => (entry.isDirectory() ? `${relative(entry)}/` : relative(entry))),
	].sort()
}

const BLOCK = 512
const CHUNK = 1 << 20
const USTAR_SIZE_LIMIT = 0o77777777777

// The files named (relative to root, with `/`), packed in that order; `packed` holds, once the
// stream has ended, each one that was a regular file still there, with what was packed of it.
export function packTar(root: string, names: string[]): { stream: Readable; packed: TarEntry[] } {
	const packed: TarEntry[] = []
	async function* blocks() {
		for (const name of names) {
			if (name.endsWith('/')) {
				yield header(name, 0, Date.now(), '5')
				continue
			}
			const handle = await openRegular(path.join(root, name))
			if (!handle) continue
			try {
				const { size, mtimeMs } = await handle.stat()
				yield header(name, size, mtimeMs)
				const hash = createHash('sha256')
				for await (const chunk of readExactly(handle, size)) {
					hash.update(chunk)
					yield chunk
				}
				if (size % BLOCK) yield Buffer.alloc(BLOCK - (size % BLOCK))
				packed.push({ path: name, size, sha256: hash.digest('hex') })
			} finally {
				await handle.close()
			}
		}
		yield Buffer.alloc(BLOCK * 2)
	}
	return { stream: Readable.from(blocks(), { objectMode: false }), packed }
}

// A regular file, never through a symlink at its own name; null when it is gone or is no file.
async function openRegular(file: string): Promise<FileHandle | null> {
	let handle: FileHandle
	try {
		handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW)
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code
		if (code === 'ENOENT' || code === 'ELOOP' || code === 'EISDIR' || code === 'ENOTDIR') return null
		throw error
	}
	if ((await handle.stat()).isFile()) return handle
	await handle.close()
	return null
}

// `size` bytes from the start: a file that grew meanwhile is cut there, one that shrank is padded
// with zeros (its sum says what was packed).
async function* readExactly(handle: FileHandle, size: number) {
	let offset = 0
	while (offset < size) {
		const buffer = Buffer.alloc(Math.min(CHUNK, size - offset))
		const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset)
		if (bytesRead === 0) {
			yield buffer
			offset += buffer.length
			continue
		}
		yield bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead)
		offset += bytesRead
	}
}

function header(name: string, size: number, mtimeMs: number, type: '0' | '5' = '0'): Buffer {
	const fitsUstar = Buffer.byteLength(name) <= 100 && /^[\x20-\x7e]*$/.test(name) && size <= USTAR_SIZE_LIMIT
	const mtime = Math.floor(mtimeMs / 1000)
	const mode = type === '5' ? OWNER_ONLY_DIR : OWNER_ONLY_FILE
	if (fitsUstar) return ustar(name, type, size, mtime, mode)
	const records = paxRecord('path', name) + paxRecord('size', String(size))
	const body = Buffer.from(records)
	const pad = Buffer.alloc((BLOCK - (body.length % BLOCK)) % BLOCK)
	const short = `pax/${createHash('sha256').update(name).digest('hex').slice(0, 40)}`
	return Buffer.concat([
		ustar(short, 'x', body.length, mtime),
		body,
		pad,
		ustar(short, type, Math.min(size, USTAR_SIZE_LIMIT), mtime, mode),
	])
}

// "LEN key=value\n", LEN counting itself.
function paxRecord(key: string, value: string): string {
	const rest = ` ${key}=${value}\n`
	let length = Buffer.byteLength(rest) + 1
	while (String(length).length + Buffer.byteLength(rest) !== length) length++
	return `${length}${rest}`
}

function ustar(name: string, type: string, size: number, mtime: number, mode = OWNER_ONLY_FILE): Buffer {
	const block = Buffer.alloc(BLOCK)
	block.write(name, 0, 100, 'utf8')
	block.write(octal(mode, 8), 100)
	block.write(octal(0, 8), 108)
	block.write(octal(0, 8), 116)
	block.write(octal(size, 12), 124)
	block.write(octal(mtime, 12), 136)
	block.write(' '.repeat(8), 148)
	block.write(type, 156)
	block.write('ustar\u000000', 257, 'latin1')
	let sum = 0
	for (const byte of block) sum += byte
	block.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 'latin1')
	return block
}

const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, '0')}\u0000`

export type UnpackRules = {
	// Where each path the archive names goes, or null to refuse the archive.
	accept: (name: string) => { size?: number; sha256?: string } | null
	target: string
	// Folder entries (an embedded database's snapshot written by an earlier version) are made, not refused.
	folders?: boolean
	// Every entry stays inside this folder of target (the database part's `pglite`), by its
	// resolved path, whatever its name spells (`pglite/../secret_key` is outside).
	within?: string
	// What the entries may hold together, at most: an archive that unpacks to more stops at it.
	maxBytes?: number
}

// A name is refused before it is resolved: `.`, `..` or an empty segment, a backslash, a NUL or a
// leading slash are never written by packTar, so an archive holding one was made elsewhere.
const isPlainName = (name: string) =>
	!/[\\\0]/.test(name) &&
	!name.startsWith('/') &&
	name
		.replace(/\/$/, '')
		.split('/')
		.every((part) => part !== '' && part !== '.' && part !== '..')

// Unpacks regular files only, each at a path `accept` allows, inside target, with the size and sum
// it names; anything else (a link, a device, a name outside, a file twice, a wrong sum) stops the
// unpacking with the entry's name. Returns what was unpacked.
export async function unpackTar(
	source: AsyncIterable<Buffer>,
	{ accept, target, folders = false, within, maxBytes = Number.POSITIVE_INFINITY }: UnpackRules,
): Promise<TarEntry[]> {
	const reader = new BlockReader(source)
	const unpacked = new Map<string, TarEntry>()
	const root = path.resolve(target, within ?? '.')
	let left = maxBytes
	let pax: Record<string, string> = {}
	for (;;) {
		const block = await reader.take(BLOCK)
		if (!block || block.every((byte) => byte === 0)) break
		checkHeaderSum(block)
		const type = String.fromCharCode(block[156]!)
		const size = parseSize(block)
		const name = pax.path ?? readName(block)
		if (type === 'x') {
			pax = parsePax(await reader.takeWhole(size, 1 << 20, name))
			await reader.skip(padding(size))
			continue
		}
		const paxSize = pax.size === undefined ? size : Number(pax.size)
		pax = {}
		if (!Number.isSafeInteger(paxSize) || paxSize < 0) throw refused(name, 'has a size that is no size')
		const file = path.resolve(target, name)
		const inside = isPlainName(name) && (file === root || file.startsWith(root + path.sep))
		if (type === '5' && folders && inside && accept(name.replace(/\/$/, '')) && paxSize === 0) {
			await mkdir(file, { recursive: true, mode: OWNER_ONLY_DIR })
			continue
		}
		if (type !== '0' && type !== '\u0000')
			throw refused(name, 'is not a regular file (a link, a folder or a device): the backup was changed')
		const expected = accept(name)
		if (!expected || !inside || unpacked.has(name)) throw refused(name, 'is not a file this backup lists')
		if (expected.size !== undefined && expected.size !== paxSize) throw refused(name, 'has another size than listed')
		if (paxSize > left) throw refused(name, 'unpacks to more than the backup says it holds')
		left -= paxSize
		const entry = await writeEntry(reader, file, name, paxSize)
		if (expected.sha256 !== undefined && expected.sha256 !== entry.sha256)
			throw refused(name, 'is not the file the backup summed')
		await reader.skip(padding(paxSize))
		unpacked.set(name, entry)
	}
	return [...unpacked.values()]
}

async function writeEntry(reader: BlockReader, file: string, name: string, size: number): Promise<TarEntry> {
	await mkdir(path.dirname(file), { recursive: true, mode: OWNER_ONLY_DIR })
	const handle = await open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, OWNER_ONLY_FILE)
	const hash = createHash('sha256')
	try {
		for await (const chunk of reader.stream(size, name)) {
			hash.update(chunk)
			await handle.write(chunk)
		}
	} finally {
		await handle.close()
	}
	return { path: name, size, sha256: hash.digest('hex') }
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK
const refused = (name: string, why: string) =>
	new BackupError('damaged', `the backup's entry ${JSON.stringify(name.slice(0, 200))} ${why}: nothing was restored`)

function checkHeaderSum(block: Buffer) {
	let sum = 0
	for (let index = 0; index < BLOCK; index++) sum += index >= 148 && index < 156 ? 32 : block[index]!
	if (sum !== parseInt(block.toString('latin1', 148, 156).replace(/\0.*$/s, '').trim(), 8))
		throw new BackupError('damaged', 'the backup holds a damaged archive: nothing was restored')
}

function parseSize(block: Buffer): number {
	if (block[124]! & 0x80) throw new BackupError('damaged', 'the backup holds an entry too large to read')
	return parseInt(block.toString('latin1', 124, 136).replace(/\0.*$/s, '').trim() || '0', 8)
}

function readName(block: Buffer): string {
	const field = (start: number, length: number) => {
		const raw = block.subarray(start, start + length)
		const end = raw.indexOf(0)
		return raw.subarray(0, end === -1 ? length : end).toString('utf8')
	}
	const prefix = block.toString('latin1', 257, 262) === 'ustar' ? field(345, 155) : ''
	const name = field(0, 100)
	return prefix ? `${prefix}/${name}` : name
}

function parsePax(body: Buffer): Record<string, string> {
	const records: Record<string, string> = {}
	let at = 0
	while (at < body.length) {
		const space = body.indexOf(0x20, at)
		const length = Number(body.toString('latin1', at, space))
		if (space === -1 || !Number.isInteger(length) || length <= 0) break
		const record = body.toString('utf8', space + 1, at + length - 1)
		const equals = record.indexOf('=')
		if (equals > 0) records[record.slice(0, equals)] = record.slice(equals + 1)
		at += length
	}
	return records
}

// Reads a byte stream in the pieces the archive asks for, without holding more than one chunk.
class BlockReader {
	private buffered: Buffer[] = []
	private length = 0
	private readonly chunks: AsyncIterator<Buffer>
	constructor(source: AsyncIterable<Buffer>) {
		this.chunks = source[Symbol.asyncIterator]()
	}

	private async fill(wanted: number): Promise<boolean> {
		while (this.length < wanted) {
			const next = await this.chunks.next()
			if (next.done) return false
			const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value)
			this.buffered.push(chunk)
			this.length += chunk.length
		}
		return true
	}

	private takeBuffered(count: number): Buffer {
		const all = this.buffered.length === 1 ? this.buffered[0]! : Buffer.concat(this.buffered)
		const taken = all.subarray(0, count)
		const rest = all.subarray(count)
		this.buffered = rest.length ? [rest] : []
		this.length = rest.length
		return taken
	}

	async take(count: number): Promise<Buffer | null> {
		return (await this.fill(count)) ? this.takeBuffered(count) : null
	}

	async takeWhole(count: number, limit: number, name: string): Promise<Buffer> {
		if (count > limit) throw refused(name, 'has a header too large to read')
		const taken = await this.take(count)
		if (!taken) throw new BackupError('damaged', 'the backup holds an archive cut short: nothing was restored')
		return taken
	}

	async skip(count: number) {
		if (count) await this.takeWhole(count, BLOCK, 'padding')
	}

	async *stream(count: number, name: string): AsyncGenerator<Buffer> {
		let left = count
		while (left > 0) {
			if (this.length === 0 && !(await this.fill(1))) throw refused(name, 'is cut short (the archive ends inside it)')
			const piece = this.takeBuffered(Math.min(left, this.length))
			left -= piece.length
			yield piece
		}
	}
}
