import { z } from 'zod'
import { parseTrustProxy } from '#server/trust-proxy.ts'

// Empty strings in the environment mean "not set", as a shell `FOO=` suggests.
const optional = <T extends z.ZodType>(schema: T) =>
	z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

const BooleanFromEnv = z
	.enum(['1', '0', 'true', 'false', 'yes', 'no'])
	.transform((value) => ['1', 'true', 'yes'].includes(value))

export const EnvSchema = z.object({
	NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
	PORT: z.coerce.number().int().min(0).max(65535).default(3000),
	HOST: z.string().default('0.0.0.0'),
	DATA_DIR: z.string().min(1).default('./data'),
	DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')),
	SECRET_KEY: optional(z.string().min(32, 'must be at least 32 characters')),
	ADMIN_EMAIL: optional(z.email()),
	ADMIN_PASSWORD: optional(z.string().min(12, 'must be at least 12 characters')),
	SMTP_HOST: optional(z.string()),
	SMTP_PORT: optional(z.coerce.number().int().min(1).max(65535)),
	SMTP_USER: optional(z.string()),
	SMTP_PASSWORD: optional(z.string()),
	SMTP_FROM: optional(z.string()),
	LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
	// The proxies in front of the site: a number of hops (true is one) or their addresses and CIDRs.
	TRUST_PROXY: optional(z.string()).transform((value, context) => {
		try {
			return parseTrustProxy(value)
		} catch {
			context.addIssue({
				code: 'custom',
				message: 'must be true, false, a number of proxies, or their addresses or CIDRs',
			})
			return z.NEVER
		}
	}),
	CABLE_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).default(50),
	// How many synthetic companies an empty database gets as its demo registry.
	DEMO_COMPANIES: z.coerce.number().int().min(0).max(5_000_000).default(20_000),
	// The site's own address, for everything that leaves the request (mail links, sitemap, canonical
	// links): never the Host header a visitor sent. Unset: http://localhost:PORT.
	PUBLIC_URL: optional(
		z
			.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })
			.transform((value) => new URL(value).origin),
	),
	// Word counts run on this many worker processes (unset: one fewer than the cores, at least one),
	// each job stopped after WORDCOUNT_TIMEOUT_S seconds, or when its worker holds more than
	// WORDCOUNT_MEMORY_MB in all (heap, buffers, WebAssembly: its resident memory). A worker with its
	// extractors loaded holds about 100 MB before it reads a file.
	WORDCOUNT_WORKERS: optional(z.coerce.number().int().min(1).max(64)),
	WORDCOUNT_TIMEOUT_S: z.coerce.number().positive().max(3600).default(120),
	WORDCOUNT_MEMORY_MB: z.coerce.number().int().min(256).max(16_384).default(1024),
	// Word counts and mails are jobs in the database (decision 021): a process holds a job for
	// JOB_LEASE_S seconds at a time, renewing it while it works, so one that dies leaves its jobs to
	// another after that long; every JOB_POLL_S seconds each process looks for jobs no one holds.
	JOB_LEASE_S: z.coerce.number().min(1).max(3600).default(30),
	JOB_POLL_S: z.coerce.number().min(0.1).max(600).default(5),
	// Server processes (node:cluster) sharing the port: only on PostgreSQL (the embedded database
	// belongs to one process). Unset: 1.
	WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
	// Customers' uploads: per address per hour, and per order.
	UPLOAD_FILES_PER_HOUR: z.coerce.number().int().min(1).default(200),
	UPLOAD_MIB_PER_HOUR: z.coerce.number().int().min(1).default(2048),
	UPLOAD_FILES_PER_ORDER: z.coerce.number().int().min(1).default(100),
	UPLOAD_MIB_PER_ORDER: z.coerce.number().int().min(1).default(2048),
	// Public pages for visitors without a staff session are served from memory, rendered anew after
	// any change to what they show and at the latest after this many seconds (0: no page cache).
	PAGE_CACHE_TTL_S: z.coerce.number().int().min(0).max(86_400).default(600),
	// Public pages that only read are rendered on a thread of their own, so a render never holds up
	// the main thread's searches, cached pages and uploads (off: everything renders on the main thread).
	RENDER_THREAD: optional(BooleanFromEnv).transform((value) => value ?? true),
	// How many: unset, the machine's cores shared among the WEB_CONCURRENCY processes (1 to 4 each).
	RENDER_THREADS: z.coerce.number().int().min(1).max(16).optional(),
	// The business picker searches an in-memory copy of the company registry (kept in
	// DATA_DIR/company-index.bin between starts); off: every search asks the database.
	COMPANY_SEARCH_INDEX: optional(BooleanFromEnv).transform((value) => value ?? true),
	// Business searches per visitor address: a burst of this many that refills over a minute, and
	// at most BUSINESS_SEARCHES_PER_DAY in a day (0: no limit).
	BUSINESS_SEARCHES_PER_MINUTE: z.coerce.number().int().min(0).default(60),
	BUSINESS_SEARCHES_PER_DAY: z.coerce.number().int().min(0).default(3000),
	// Backups (app/models/backup): the folder they are written to (another disk or a mounted share is
	// best), and a passphrase that encrypts them (unset: not encrypted; keep it apart from them).
	BACKUP_DIR: optional(z.string().min(1)),
	BACKUP_PASSPHRASE: optional(z.string().min(12, 'must be at least 12 characters')),
	// Off: no nightly backups, only those asked for (where something else backs up the machine).
	BACKUP_NIGHTLY: optional(BooleanFromEnv).transform((value) => value ?? true),
	// How long one part of a backup (the database, the files) may take to write before the backup
	// is stopped and fails (recorded, shown on the dashboard and mailed).
	BACKUP_PART_TIMEOUT_S: z.coerce.number().int().min(1).default(3600),
	// Embedded database only: close its connection after this many idle milliseconds (0: never). Only
	// for tests that prove the site reconnects by itself.
	PGLITE_IDLE_DISCONNECT_MS: z.coerce.number().int().min(0).default(0),
})

export type Env = z.infer<typeof EnvSchema>

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
	const result = EnvSchema.safeParse(source)
	if (!result.success) {
		// Only names and reasons: values may be secrets.
		const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
		throw new Error(`Invalid environment:\n${problems.join('\n')}`)
	}
	return result.data
}
