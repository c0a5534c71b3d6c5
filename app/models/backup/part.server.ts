// A backup's parts (the database, the files) are each one stream written to one file: sealed when
// BACKUP_PASSPHRASE is set (age: to the backup's own key, key.server.ts, with ChaCha20-Poly1305, so
// a changed byte is refused, not decrypted into something else), and summed (SHA-256 of the stored
// bytes), so a damaged or cut-off part is found before anything is restored from it. A part that
// takes longer than its deadline is stopped, and the backup fails saying so.
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { open } from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadable } from 'node:stream/web'
import { Decrypter, Encrypter } from 'age-encryption'
import { BackupError } from '#app/models/backup/errors.server.ts'

export type PartSum = { bytes: number; sha256: string }

export const OWNER_ONLY_FILE = 0o600
export const OWNER_ONLY_DIR = 0o700

// Writing seals to the backup's key; reading opens with it, or (backups made before keys) with the
// passphrase itself.
export type Sealing = { recipient: string }
export type Opening = { identity: string } | { passphrase: string }

export type PartOptions = { sealing?: Sealing; deadlineMs?: number }

export async function writePart(source: Readable, file: string, options: PartOptions = {}): Promise<PartSum> {
	const sum = summing()
	const stored = options.sealing ? await seal(source, options.sealing) : source
	const signal = options.deadlineMs ? AbortSignal.timeout(options.deadlineMs) : undefined
	await pipeline(stored, sum.stream, createWriteStream(file, { mode: OWNER_ONLY_FILE, flags: 'wx' }), { signal }).catch(
		(error: unknown) => {
			source.destroy()
			if (signal?.aborted)
				throw new BackupError(
					'timeout',
					`${path.basename(file)} was not written within ${Math.round(options.deadlineMs! / 1000)} s: the backup was stopped`,
				)
			throw error
		},
	)
	await flushToDisk(file)
	return sum.result()
}

// The part as it was before it was stored, once its sum is known to be the manifest's.
export async function readPart(file: string, expected: PartSum, opening?: Opening): Promise<Readable> {
	await checkPart(file, expected)
	const stored = createReadStream(file)
	return opening ? unseal(stored, opening) : stored
}

export async function checkPart(file: string, expected: PartSum): Promise<void> {
	const hash = createHash('sha256')
	let bytes = 0
	try {
		for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
			hash.update(chunk)
			bytes += chunk.length
		}
	} catch (error) {
		throw new BackupError('damaged', `${file} cannot be read: ${(error as Error).message}`)
	}
	const sha256 = hash.digest('hex')
	if (bytes !== expected.bytes || sha256 !== expected.sha256)
		throw new BackupError(
			'damaged',
			`${path.basename(file)} is not what the backup wrote (${bytes} bytes, expected ${expected.bytes}; checksum ${sha256 === expected.sha256 ? 'matches' : 'differs'}): the backup is damaged or was changed, and nothing was restored from it`,
		)
}

// Makes a file (or a folder's new entries) survive a power cut.
export async function flushToDisk(file: string): Promise<void> {
	const handle = await open(file, 'r')
	try {
		await handle.sync()
	} finally {
		await handle.close()
	}
}

function summing() {
	const hash = createHash('sha256')
	let bytes = 0
	const stream = new Transform({
		transform(chunk: Buffer, _encoding, done) {
			hash.update(chunk)
			bytes += chunk.length
			done(null, chunk)
		},
	})
	return { stream, result: (): PartSum => ({ bytes, sha256: hash.digest('hex') }) }
}

async function seal(source: Readable, { recipient }: Sealing): Promise<Readable> {
	const encrypter = new Encrypter()
	encrypter.addRecipient(recipient)
	const sealed = await encrypter.encrypt(Readable.toWeb(source) as ReadableStream<Uint8Array>)
	return Readable.fromWeb(sealed as WebReadable<Uint8Array>)
}

function unseal(stored: Readable, opening: Opening): Readable {
	const decrypter = new Decrypter()
	if ('identity' in opening) decrypter.addIdentity(opening.identity)
	else decrypter.addPassphrase(opening.passphrase)
	return Readable.from(
		(async function* () {
			let opened: Readable
			try {
				const stream = await decrypter.decrypt(Readable.toWeb(stored) as ReadableStream<Uint8Array>)
				opened = Readable.fromWeb(stream as WebReadable<Uint8Array>)
			} catch (error) {
				throw new BackupError('passphrase', `BACKUP_PASSPHRASE does not open this backup (${(error as Error).message})`)
			}
			try {
				yield* opened
			} catch (error) {
				throw new BackupError('damaged', `the backup was changed after it was sealed (${(error as Error).message})`)
			}
		})(),
	)
}
