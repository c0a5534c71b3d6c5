// The site's own rounds, each calling its models: every hour the retention sweep (documents,
// deliveries, stray files, old invoices' customers, abandoned chunks, expired limits, planner
// statistics) and the reminders that are due (a minute after the start first); every minute the
// job offers nobody answered in time. Each runs once per item, whichever process gets there first.
import path from 'node:path'
import type { DatabaseHandle } from '#database/client.ts'
import { refreshStatistics } from '#database/statistics.ts'
import { deleteExpiredDocuments, deleteStrayFiles } from '#app/models/documents/retention.server.ts'
import { deleteExpiredDeliveries } from '#app/models/order/order.server.ts'
import { anonymiseOldInvoices } from '#app/models/customer/privacy.server.ts'
import { dropUnstoredMedia, sweepAbandonedChunks } from '#app/models/files/postgres-store.server.ts'
import { deleteExpiredLimits } from '#app/models/rate-limit.server.ts'
import { sendDueReminders } from '#app/models/invoice/reminders.server.ts'
import { expireOffers } from '#app/models/vendor/offers.server.ts'
import type { AppServices } from '#app/models/services.ts'
import type { Env } from '#server/env.ts'
import type { Logger } from '#server/logger.ts'

const HOURLY_MS = 60 * 60 * 1000
const OFFER_SWEEP_MS = 60 * 1000

type SweepServices = Pick<AppServices, 'sendMail' | 'broadcast' | 'files'> & {
	env: Env
	database: DatabaseHandle
	logger: Logger
	documentsDir: string
}

// Every hour, and once before the site answers: what has outlived its retention goes.
export async function startRetentionSweep({ env, database, logger, documentsDir, files }: SweepServices) {
	const { db } = database
	const kept = { documentsDir, files }
	const note = (what: string, message: string) => (count: number) => count && logger.info({ [what]: count }, message)
	const sweep = () =>
		deleteExpiredDocuments(db, kept)
			.then(note('documents', 'deleted documents past their retention period'))
			.then(() => deleteStrayFiles(db, kept))
			.then(note('files', 'deleted files no document stands for'))
			.then(() => deleteExpiredDeliveries(db, kept))
			.then(note('files', 'deleted delivered files past their retention period'))
			.then(() => anonymiseOldInvoices(db))
			.then(note('invoices', 'took deleted customers from invoices past five years'))
			.then(() => sweepAbandonedChunks(db))
			.then(note('chunks', 'deleted chunks of files never finished'))
			.then(() => (env.DATABASE_URL ? dropUnstoredMedia(db, path.resolve(env.DATA_DIR)) : 0))
			.then(note('files', 'deleted copies of media removed elsewhere'))
			.then(() => deleteExpiredLimits(db))
			.then(() => refreshStatistics(database))
			.catch((error: unknown) => logger.error({ err: error }, 'document retention sweep failed'))
	await sweep()
	return repeat(sweep, HOURLY_MS)
}

// Reminders due go out once each, even with several processes (app/models/invoice/reminders).
export function startReminders(services: SweepServices, publicUrl: () => string) {
	const run = () =>
		sendDueReminders({ ...modelServices(services), publicUrl: publicUrl() })
			.then((sent) => sent && services.logger.info({ reminders: sent }, 'sent invoice reminders'))
			.catch((error: unknown) => services.logger.error({ err: error }, 'sending invoice reminders failed'))
	return repeat(run, HOURLY_MS, 60_000)
}

// Offers nobody answered in time expire and the PM is told (app/models/vendor/offers); what
// expired while the site was stopped, at once.
export function startOfferExpiry(services: SweepServices, publicUrl: () => string) {
	const run = () =>
		expireOffers({ ...modelServices(services), publicUrl: publicUrl() })
			.then((expired) => expired && services.logger.info({ offers: expired }, 'expired job offers'))
			.catch((error: unknown) => services.logger.error({ err: error }, 'expiring job offers failed'))
	return repeat(run, OFFER_SWEEP_MS, 1000)
}

const modelServices = ({ database, sendMail, broadcast, logger }: SweepServices) => ({
	db: database.db,
	sendMail,
	broadcast,
	logger,
})

// Runs `work` every `everyMs` (first after `firstMs`, if given), never keeping the process alive;
// the answer stops it.
function repeat(work: () => Promise<unknown>, everyMs: number, firstMs?: number) {
	const first = firstMs === undefined ? undefined : setTimeout(() => void work(), firstMs)
	first?.unref()
	const timer = setInterval(() => void work(), everyMs)
	timer.unref()
	return () => {
		clearTimeout(first)
		clearInterval(timer)
	}
}
