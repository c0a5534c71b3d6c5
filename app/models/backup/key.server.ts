// An encrypted backup's parts are sealed to a key of their own (age X25519), made for that backup;
// the key is sealed once with BACKUP_PASSPHRASE (age scrypt) and kept beside them as `key.age`. So
// the passphrase's key derivation, a second of one core by design, runs once per backup, and on a
// worker thread: the site keeps answering while a backup is written and verified.
import { readFile } from 'node:fs/promises'
import { Worker } from 'node:worker_threads'
import { generateX25519Identity, identityToRecipient } from 'age-encryption'
import { BackupError } from '#app/models/backup/errors.server.ts'

export const KEY_PART = 'key.age'

// What writing needs (the recipient), and what reading needs (the identity).
export type BackupKey = { identity: string; recipient: string }

export async function newBackupKey(passphrase: string): Promise<{ key: BackupKey; sealed: Uint8Array }> {
	const identity = await generateX25519Identity()
	const recipient = await identityToRecipient(identity)
	const sealed = (await onWorker({ op: 'seal', passphrase, identity })) as Uint8Array
	return { key: { identity, recipient }, sealed }
}

export async function openBackupKey(file: string, passphrase: string): Promise<string> {
	const sealed = new Uint8Array(await readFile(file))
	try {
		return (await onWorker({ op: 'open', passphrase, sealed })) as string
	} catch (error) {
		throw new BackupError('passphrase', `BACKUP_PASSPHRASE does not open this backup (${(error as Error).message})`)
	}
}

function onWorker(job: object): Promise<Uint8Array | string> {
	return new Promise((resolve, reject) => {
		const worker = new Worker(new URL('./passphrase-worker.ts', import.meta.url), { workerData: job })
		worker.once('message', (answer: { ok: boolean; result?: Uint8Array | string; message?: string }) => {
			if (answer.ok) resolve(answer.result!)
			else reject(new Error(answer.message))
		})
		worker.once('error', reject)
		worker.once('exit', (code) => code !== 0 && reject(new Error(`the key's thread stopped (${code})`)))
	})
}
