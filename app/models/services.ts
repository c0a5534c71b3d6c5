import type { Database } from '#database/client.ts'
import type { Logger } from '#server/logger.ts'
import type { SendMail } from '#server/mailer.ts'
import type { UploadQuota } from '#app/models/documents/quota.server.ts'
import type { BankCsvLayout } from '#database/schema.ts'
import type { BankCsv } from '#app/models/invoice/bank-csv.ts'
import type { FileStore } from '#app/models/files/store.server.ts'

// What a model may be handed besides its input: the database and the process's services. A model
// takes only the part it needs (`Pick<AppServices, 'db' | 'sendMail'>`), so a script or a unit
// test can call it with a real database and nothing of HTTP.
export type AppServices = {
	db: Database
	logger: Logger
	secretKey: string
	secureCookies: boolean
	uploadsDir: string
	// Customers' documents (DATA_DIR/documents), never served as files.
	documentsDir: string
	// Originals of staff photos (DATA_DIR/media), kept but never served.
	mediaDir: string
	// Where every kept file under DATA_DIR is published, fetched and removed: the disk, or the
	// PostgreSQL store every process shares (app/models/files).
	files: FileStore
	broadcast: (stream: string, message: unknown) => Promise<void>
	// Hands a stored document to the background word count (server/analysis).
	enqueueAnalysis: (documentId: string) => void
	// Finds an order's repeated sentences again (after a document was removed from it).
	recountRepeats?: (draftId: string) => void
	// Queues an email (server/mailer.ts); delivery happens after the response.
	sendMail: SendMail
	// The site's own address (PUBLIC_URL), for links that leave the request: mails, sitemap, canonical.
	publicUrl: string
	// How much customers may upload (per address per hour, per order).
	uploadQuota: UploadQuota
	// Starts a backup now (absent where backups do not run: the dev server, some tests).
	backups?: BackupControl
	// Reads a bank statement off the request's thread (server/bank-statement); absent, on it.
	readBankStatement?: (bytes: Uint8Array, layout: BankCsvLayout) => Promise<BankCsv>
}

export type BackupControl = {
	start: () => Promise<{ started: boolean; name?: string }>
	isRunning: () => boolean
	// Where they are written (BACKUP_DIR), never served.
	backupDir: string
}
