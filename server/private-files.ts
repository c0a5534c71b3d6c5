import { chmodSync, mkdirSync } from 'node:fs'
import path from 'node:path'

// DATA_DIR holds customers' documents, mails with live sign-in links, the secret key and the
// embedded database: only the site's own user reads any of it. Everything this process (and any
// process it starts) creates is owner-only (700 folders, 600 files), and the folders a site made
// before are closed at every start.
export const PRIVATE_UMASK = 0o077
const PRIVATE_FOLDERS = ['', 'documents', 'mail', 'media']

export function keepDataPrivate(dataDir: string) {
	process.umask(PRIVATE_UMASK)
	mkdirSync(dataDir, { recursive: true, mode: 0o700 })
	for (const folder of PRIVATE_FOLDERS) {
		try {
			chmodSync(path.join(dataDir, folder), 0o700)
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
		}
	}
}
