// Runs age's scrypt (2^18, about a second of one core) off the site's thread: seals a backup's key
// with the passphrase, or opens it. One message in, one answer out, then the thread ends.
import { parentPort, workerData } from 'node:worker_threads'
import { Decrypter, Encrypter } from 'age-encryption'

type Job = { op: 'seal'; passphrase: string; identity: string } | { op: 'open'; passphrase: string; sealed: Uint8Array }

async function run(job: Job): Promise<Uint8Array | string> {
	if (job.op === 'seal') {
		const encrypter = new Encrypter()
		encrypter.setPassphrase(job.passphrase)
		return encrypter.encrypt(job.identity)
	}
	const decrypter = new Decrypter()
	decrypter.addPassphrase(job.passphrase)
	return decrypter.decrypt(job.sealed, 'text')
}

run(workerData as Job).then(
	(result) => parentPort!.postMessage({ ok: true, result }),
	(error: unknown) => parentPort!.postMessage({ ok: false, message: (error as Error).message }),
)
