import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
	appendFileSync,
	link,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	symlinkSync,
	truncateSync,
	writeFileSync,
} from 'node:fs'
import { readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, test } from 'vitest'
import { packTar, treeUnder, unpackTar } from '#app/models/backup/tar.server.ts'

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
const folders: string[] = []
function folder(): string {
	const made = mkdtempSync(path.join(tmpdir(), 'tolk-tar-'))
	folders.push(made)
	return made
}
afterEach(async () => {
	for (const made of folders.splice(0)) await rm(made, { recursive: true, force: true })
})

async function bytesOf(stream: AsyncIterable<Buffer>): Promise<Buffer> {
	const chunks: Buffer[] = []
	for await (const chunk of stream) chunks.push(chunk)
	return Buffer.concat(chunks)
}

async function* once(bytes: Buffer) {
	yield bytes
}

describe('packing', () => {
	test('a hard link is packed as the file it is, a symlink never, a sparse file as its zeros', async () => {
		const root = folder()
		mkdirSync(path.join(root, 'documents', 'jobs'), { recursive: true })
		writeFileSync(path.join(root, 'documents', 'jobs', 'translation.docx'), 'the translator’s file')
		await promisify(link)(
			path.join(root, 'documents', 'jobs', 'translation.docx'),
			path.join(root, 'documents', 'order.docx'),
		)
		writeFileSync(path.join(root, 'secret'), 'never packed')
		symlinkSync(path.join(root, 'secret'), path.join(root, 'documents', 'pointer'))
		writeFileSync(path.join(root, 'documents', 'sparse.bin'), '')
		truncateSync(path.join(root, 'documents', 'sparse.bin'), 8 * 1024 * 1024)
		const long = `documents/${'ø'.repeat(80)}/${'a'.repeat(120)}.pdf`
		mkdirSync(path.dirname(path.join(root, long)), { recursive: true })
		writeFileSync(path.join(root, long), 'a long name')

		const names = [
			'documents/jobs/translation.docx',
			'documents/order.docx',
			'documents/pointer',
			'documents/sparse.bin',
			long,
			'documents/gone.pdf',
		]
		const { stream, packed } = packTar(root, names)
		const archive = await bytesOf(stream)
		expect(packed.map((file) => file.path)).toEqual(names.filter((name) => !/pointer|gone/.test(name)))
		expect(packed.find((file) => file.path === 'documents/sparse.bin')).toMatchObject({ size: 8 * 1024 * 1024 })

		// GNU tar, which a person restoring by hand would use, reads it the same.
		const listing = execFileSync('tar', ['-tvf', '-'], { input: archive }).toString()
		expect(listing).toContain('documents/order.docx')
		expect(listing).toContain(long)
		expect(listing).not.toMatch(/pointer| link to /)

		const target = folder()
		const unpacked = await unpackTar(once(archive), {
			target,
			accept: (name) => packed.find((file) => file.path === name) ?? null,
		})
		expect(unpacked).toEqual(packed)
		expect(await readFile(path.join(target, 'documents/order.docx'), 'utf8')).toBe('the translator’s file')
		expect((await stat(path.join(target, 'documents/order.docx'))).mode & 0o777).toBe(0o600)
		expect(readFileSync(path.join(target, long), 'utf8')).toBe('a long name')
	})

	test('a file that grows while it is packed is packed at the size it had when opened', async () => {
		const root = folder()
		const original = Buffer.alloc(6 * 1024 * 1024, 7)
		writeFileSync(path.join(root, 'growing.log'), original)
		const { stream, packed } = packTar(root, ['growing.log'])
		const chunks: Buffer[] = []
		for await (const chunk of stream as AsyncIterable<Buffer>) {
			// The header is out: the file grows before its bytes are read.
			if (chunks.length === 0) appendFileSync(path.join(root, 'growing.log'), Buffer.alloc(3 * 1024 * 1024, 9))
			chunks.push(chunk)
		}
		expect(packed).toEqual([{ path: 'growing.log', size: original.length, sha256: sha(original) }])
		const target = folder()
		await unpackTar(once(Buffer.concat(chunks)), { target, accept: () => packed[0]! })
		expect(sha(readFileSync(path.join(target, 'growing.log')))).toBe(sha(original))
	})

	test('an embedded database’s folder keeps its empty folders', async () => {
		const root = folder()
		mkdirSync(path.join(root, 'pglite', 'pg_twophase'), { recursive: true })
		writeFileSync(path.join(root, 'pglite', 'PG_VERSION'), '17')
		const names = await treeUnder(root, 'pglite')
		expect(names).toEqual(['pglite/', 'pglite/PG_VERSION', 'pglite/pg_twophase/'])
		const target = folder()
		await unpackTar(packTar(root, names).stream, { target, accept: () => ({}), folders: true })
		expect((await stat(path.join(target, 'pglite', 'pg_twophase'))).isDirectory()).toBe(true)
	})
})

// Archives as an attacker would write them, with GNU tar.
function archiveOf(root: string, args: string[]): Buffer {
	return execFileSync('tar', ['-cf', '-', '-C', root, ...args], { maxBuffer: 64 * 1024 * 1024 })
}

describe('unpacking refuses by name what it was not told to expect', () => {
	test.each([
		[
			'a symlink',
			(root: string) => symlinkSync('../secret_key', path.join(root, 'uploads', 'key.txt')),
			'uploads/key.txt',
		],
		[
			'a hard link',
			(root: string) => {
				writeFileSync(path.join(root, 'uploads', 'a.txt'), 'a')
				execFileSync('ln', [path.join(root, 'uploads', 'a.txt'), path.join(root, 'uploads', 'b.txt')])
			},
			'uploads/b.txt',
		],
	])('%s', async (_kind, make, name) => {
		const root = folder()
		mkdirSync(path.join(root, 'uploads'))
		make(root)
		const archive = archiveOf(root, name.endsWith('b.txt') ? ['uploads/a.txt', name] : [name])
		const target = folder()
		const accept = (entry: string) => (entry.startsWith('uploads') ? {} : null)
		await expect(unpackTar(once(archive), { target, accept })).rejects.toThrow(name)
	})

	test('a file not listed, a path outside, a wrong sum', async () => {
		const root = folder()
		mkdirSync(path.join(root, 'uploads'))
		writeFileSync(path.join(root, 'uploads', 'listed.txt'), 'listed')
		writeFileSync(path.join(root, 'uploads', 'extra.txt'), 'extra')
		const target = folder()
		const listed = { path: 'uploads/listed.txt', size: 6, sha256: sha(Buffer.from('listed')) }
		const accept = (name: string) => (name === listed.path ? listed : null)
		await expect(
			unpackTar(once(archiveOf(root, ['uploads/listed.txt', 'uploads/extra.txt'])), { target, accept }),
		).rejects.toThrow('uploads/extra.txt')
		const outside = execFileSync('tar', [
			'-cf',
			'-',
			'-C',
			root,
			'--transform',
			's,^uploads,../escape,',
			'uploads/listed.txt',
		])
		await expect(unpackTar(once(outside), { target: folder(), accept: () => ({}) })).rejects.toThrow('../escape')
		await expect(
			unpackTar(once(archiveOf(root, ['uploads/listed.txt'])), {
				target: folder(),
				accept: () => ({ ...listed, sha256: '0'.repeat(64) }),
			}),
		).rejects.toThrow('is not the file the backup summed')
	})
})

// The embedded database's part lists no files, so its folder and its size are what hold it in.
describe("unpacking the embedded database's part", () => {
	const pglite = (name: string) => (/^pglite(\/|$)/.test(name) ? {} : null)

	test.each([
		['pglite/../uploads/planted.html', 'uploads/planted.html'],
		['pglite/../secret_key', 'secret_key'],
		['pglite/./../../outside', '../outside'],
	])('%s stays out: refused, and nothing is written outside pglite/', async (name, lands) => {
		const root = folder()
		mkdirSync(path.join(root, 'pglite'))
		writeFileSync(path.join(root, 'pglite', 'PG_VERSION'), '17')
		const archive = execFileSync('tar', [
			'-cf',
			'-',
			'-C',
			root,
			'--transform',
			`s,^pglite/PG_VERSION$,${name},`,
			'pglite/PG_VERSION',
		])
		const target = folder()
		const rules = { target, accept: pglite, folders: true, within: 'pglite' }
		await expect(unpackTar(once(archive), rules)).rejects.toThrow('is not a file this backup lists')
		await expect(stat(path.resolve(target, lands))).rejects.toThrow()
	})

	test('unpacks to no more than it may: an archive of zeros past the bound stops at it', async () => {
		const root = folder()
		mkdirSync(path.join(root, 'pglite'))
		writeFileSync(path.join(root, 'pglite', 'base'), '')
		truncateSync(path.join(root, 'pglite', 'base'), 8 * 1024 * 1024)
		const archive = archiveOf(root, ['pglite/base'])
		const target = folder()
		const rules = { target, accept: pglite, within: 'pglite', maxBytes: 2 * 1024 * 1024 }
		await expect(unpackTar(once(archive), rules)).rejects.toThrow('unpacks to more than the backup says it holds')
		await expect(stat(path.join(target, 'pglite', 'base'))).rejects.toThrow()
		const enough = folder()
		await unpackTar(once(archive), { ...rules, target: enough, maxBytes: 8 * 1024 * 1024 })
		expect((await stat(path.join(enough, 'pglite', 'base'))).size).toBe(8 * 1024 * 1024)
	})
})
