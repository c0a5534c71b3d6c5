// What both entries (`npm start` and `npm run dev`) set up beside the database: the staff
// account from the environment, live-update broadcasts, the shared file store, the word-count queue
// with the work left from before a restart, the mailer, the company search, the backup runner
// (server/backups) and the rounds of sweeps, reminders and offer expiry (server/sweeps.ts).
import type { Server } from 'node:http'
import path from 'node:path'
import type { DatabaseHandle } from '#database/client.ts'
import { MIB } from '#app/models/documents/upload.server.ts'
import { ensureAdminAccount } from '#server/admin-account.ts'
import { createAnalysisQueue } from '#server/analysis/queue.ts'
import { findCompanies } from '#app/models/company/search.server.ts'
import { indexSnapshotPath } from '#app/models/company/search-index/snapshot.server.ts'
import { createCompanySearch } from '#server/company-search/service.ts'
import { createLocalPubSub, createPostgresPubSub, type PubSub } from '#server/cable/pubsub.ts'
import { dropLocalCopies, onDisk, STORED_FILES_STREAM, type FileStore } from '#app/models/files/store.server.ts'
import { createPostgresFileStore, publishMissing } from '#app/models/files/postgres-store.server.ts'
import { startOfferExpiry, startReminders, startRetentionSweep } from '#server/sweeps.ts'
import { attachCable } from '#server/cable/server.ts'
import type { Env } from '#server/env.ts'
import type { Logger } from '#server/logger.ts'
import { createMailer } from '#server/mailer.ts'
import { createBackupRunner } from '#server/backups/runner.ts'
import { loadSecretKey } from '#server/secret-key.ts'
import { readBankStatement } from '#server/bank-statement/read.ts'

export async function startServices(env: Env, database: DatabaseHandle, logger: Logger) {
	const uploadsDir = path.resolve(env.DATA_DIR, 'uploads')
	const documentsDir = path.resolve(env.DATA_DIR, 'documents')
	const mediaDir = path.resolve(env.DATA_DIR, 'media')
	await ensureAdminAccount(database.db, env, logger)
	const pubsub = env.DATABASE_URL
		? await createPostgresPubSub(env.DATABASE_URL, database.db, logger)
		: createLocalPubSub()
	const files = shareFiles(env, database, pubsub)
	if (env.DATABASE_URL)
		void publishMissing(database.db, path.resolve(env.DATA_DIR))
			.then(
				(count) =>
					count &&
					logger.info(
						{ files: count },
						'shared the files this machine kept before (the first start with a shared store)',
					),
			)
			.catch((error: unknown) => logger.error({ err: error }, 'files on this machine not shared'))
	const analysis = createAnalysisQueue({
		db: database.db,
		documentsDir,
		files,
		broadcast: pubsub.broadcast,
		logger,
		workers: env.WORDCOUNT_WORKERS,
		timeoutMs: env.WORDCOUNT_TIMEOUT_S * 1000,
		memoryMb: env.WORDCOUNT_MEMORY_MB,
		leaseMs: env.JOB_LEASE_S * 1000,
		pollMs: env.JOB_POLL_S * 1000,
		embedded: !env.DATABASE_URL,
	})
	await analysis.resume()
	const mailer = createMailer(env, logger, {
		db: database.db,
		leaseMs: env.JOB_LEASE_S * 1000,
		pollMs: env.JOB_POLL_S * 1000,
	})
	mailer.start()
	const companySearch = env.COMPANY_SEARCH_INDEX
		? createCompanySearch({ db: database.db, logger, snapshotFile: indexSnapshotPath(env.DATA_DIR) })
		: null

	const backups = createBackupRunner({
		database,
		databaseUrl: env.DATABASE_URL,
		dataDir: path.resolve(env.DATA_DIR),
		backupDir: backupDirOf(env),
		passphrase: env.BACKUP_PASSPHRASE,
		secretKey: loadSecretKey(env, logger),
		partDeadlineMs: env.BACKUP_PART_TIMEOUT_S * 1000,
		logger,
		sendMail: mailer.send,
	})
	await backups.reconcile()

	const sweepServices = {
		env,
		database,
		logger,
		documentsDir,
		files,
		sendMail: mailer.send,
		broadcast: pubsub.broadcast,
	}
	const stops = [await startRetentionSweep(sweepServices)]

	return {
		// The parts of createApp's options that come from here.
		appOptions: {
			uploadsDir,
			documentsDir,
			mediaDir,
			files,
			broadcast: pubsub.broadcast,
			subscribe: pubsub.subscribe,
			enqueueAnalysis: analysis.enqueue,
			recountRepeats: analysis.recountRepeats,
			sendMail: mailer.send,
			pageCacheTtlMs: env.PAGE_CACHE_TTL_S * 1000,
			searchCompanies:
				companySearch?.search ??
				(async (query: string) => ({
					businesses: await findCompanies(database.db, query),
					source: 'database' as const,
				})),
			searchLimits: { perMinute: env.BUSINESS_SEARCHES_PER_MINUTE, perDay: env.BUSINESS_SEARCHES_PER_DAY },
			sharedLimits: Boolean(env.DATABASE_URL),
			backups: { start: () => backups.start('manual'), isRunning: backups.isRunning, backupDir: backupDirOf(env) },
			readBankStatement,
			uploadQuota: {
				filesPerHour: env.UPLOAD_FILES_PER_HOUR,
				bytesPerHour: env.UPLOAD_MIB_PER_HOUR * MIB,
				filesPerOrder: env.UPLOAD_FILES_PER_ORDER,
				bytesPerOrder: env.UPLOAD_MIB_PER_ORDER * MIB,
			},
		},
		attachCable: (server: Server, secretKey: string, publicUrl?: () => string) =>
			attachCable(server, {
				db: database.db,
				secretKey,
				pubsub,
				logger,
				maxConnectionsPerAddress: env.CABLE_MAX_CONNECTIONS_PER_IP,
				trustProxy: env.TRUST_PROXY,
				publicUrl,
			}),
		// The reminders due and the offers expired (server/sweeps.ts).
		startOfferExpiry: (publicUrl: () => string) => void stops.push(startOfferExpiry(sweepServices, publicUrl)),
		startReminders: (publicUrl: () => string) => void stops.push(startReminders(sweepServices, publicUrl)),
		// Nightly backups, and one on demand when `npm run backup` signals this process.
		startBackups() {
			if (env.BACKUP_NIGHTLY) backups.startSchedule()
			else logger.info('nightly backups are off (BACKUP_NIGHTLY=false): only those asked for are taken')
			process.on('SIGUSR2', () => {
				logger.info('a backup was asked for (SIGUSR2)')
				void backups.start('manual').catch((error: unknown) => logger.error({ err: error }, 'backup failed'))
			})
		},
		async close() {
			for (const stop of stops) stop()
			await backups.close()
			await analysis.close()
			await companySearch?.close()
			await mailer.close()
			await pubsub.close()
		},
	}
}

export const backupDirOf = (env: Pick<Env, 'BACKUP_DIR' | 'DATA_DIR'>) =>
	path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups'))

// On PostgreSQL the files under DATA_DIR are shared through the database, and every process drops
// its copy of a file another removed; the embedded database keeps them on the disk alone.
function shareFiles(env: Env, database: DatabaseHandle, pubsub: PubSub): FileStore {
	if (!env.DATABASE_URL) return onDisk
	const root = path.resolve(env.DATA_DIR)
	pubsub.subscribe((stream, message) => {
		if (stream === STORED_FILES_STREAM && Array.isArray(message))
			void dropLocalCopies(
				root,
				message.filter((item): item is string => typeof item === 'string'),
			)
	})
	return createPostgresFileStore({
		db: database.db,
		root,
		announceRemoval: (paths) => pubsub.broadcast(STORED_FILES_STREAM, paths),
	})
}
