import { and, asc, eq, inArray, min, sql, sum } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#database/client.ts'
import {
	jobs,
	REVIEW_FEE_RULES,
	REPETITION_RULES,
	teamMembers,
	translatorPairs,
	translators,
	users,
	type JobKind,
} from '#database/schema.ts'
import { jobFee, repetitionShare } from '#app/models/vendor/fees.ts'
import { OPEN_JOB_STATUSES } from '#app/models/vendor/job-status.server.ts'
import type { AuditServices } from '#app/models/audit/record.server.ts'
import { recordAudit } from '#app/models/audit/record.server.ts'
import { normalizeEmail } from '#app/models/staff/account.server.ts'
import { hashPassword } from '#app/models/staff/password.server.ts'
import { revokeSessions } from '#app/models/staff/session.server.ts'
import { inviteStaff, unknownPassword, withdrawInvitations } from '#app/models/staff/invitation.server.ts'
import type { AppServices } from '#app/models/services.ts'
import { getSettings } from '#app/models/site.server.ts'
import { checkbox, numberField, optionalText, requiredText } from '#app/models/records/form.ts'
import { auditText } from '#app/models/audit/text.ts'

type Actor = { id: number; name: string }

// The work a translator has taken and not handed in: what the PM weighs when choosing.

const LANGUAGE = z.string().regex(/^[a-z]{2,3}(-[a-z]{2,4})?$/, 'errors.invalid')
const PairSchema = z
	.object({
		from: LANGUAGE,
		to: LANGUAGE,
		ratePerWord: numberField({ min: 0, max: 1000 }),
		ratePerMinute: z.preprocess(
			(value) => (value === '' ? undefined : value),
			numberField({ min: 0, max: 10_000 }).optional(),
		),
	})
	.refine((pair) => pair.from !== pair.to, { message: 'errors.samePair', path: ['from'] })

export const TranslatorSchema = z.object({
	name: requiredText(120),
	email: requiredText(254).pipe(z.email('errors.email')),
	password: optionalText(200).pipe(z.string().min(12, 'errors.passwordLength').nullable()),
	teamMemberId: z.preprocess((value) => (value === '' ? null : value), z.coerce.number().int().positive().nullable()),
	dailyCapacity: numberField({ min: 0, max: 100_000, integer: true }),
	active: checkbox,
	pairs: z.array(PairSchema).max(100, 'errors.tooLong'),
	// How revision and proofreading pay them (app/models/vendor/fees.ts).
	reviewFeeRule: z.enum(REVIEW_FEE_RULES).catch('share'),
	reviewSharePercent: numberField({ min: 0, max: 100, integer: true }).default(40),
	hourlyRate: z.preprocess(
		(value) => (value === '' || value === undefined ? null : value),
		numberField({ min: 0, max: 100_000 }).nullable(),
	),
	// How repeated words pay them (fees.ts, repetitionShare); their own share only with 'own'.
	repetitionRule: z.enum(REPETITION_RULES).catch('customer'),
	repetitionOwnPercent: z.preprocess(
		(value) => (value === '' || value === undefined ? null : value),
		numberField({ min: 0, max: 100, integer: true }).nullable(),
	),
})
export type TranslatorValues = z.infer<typeof TranslatorSchema>

// The form's rows of pairs (pairs.0.from …): a row left blank is no pair.
export function readTranslatorForm(form: FormData) {
	const rows = new Map<string, Record<string, string>>()
	for (const [name, value] of form) {
		const match = /^pairs\.(\d{1,3})\.(from|to|ratePerWord|ratePerMinute)$/.exec(name)
		if (!match || typeof value !== 'string') continue
		rows.set(match[1]!, { ...rows.get(match[1]!), [match[2]!]: value.trim() })
	}
	const pairs = [...rows.values()].filter((row) => row.from || row.to || row.ratePerWord)
	const text = (name: string) => (typeof form.get(name) === 'string' ? String(form.get(name)) : '')
	return {
		name: text('name'),
		email: text('email'),
		password: text('password'),
		teamMemberId: text('teamMemberId'),
		dailyCapacity: text('dailyCapacity'),
		active: text('active'),
		pairs,
		reviewFeeRule: text('reviewFeeRule'),
		reviewSharePercent: text('reviewSharePercent') || undefined,
		hourlyRate: text('hourlyRate'),
		repetitionRule: text('repetitionRule'),
		repetitionOwnPercent: text('repetitionOwnPercent'),
	}
}

export class EmailTaken extends Error {}

// Creates or updates a translator and their login in one transaction; their pairs are replaced. A
// new translator without a password is sent an invitation to choose one.
export async function saveTranslator(
	services: AuditServices & Pick<AppServices, 'sendMail' | 'publicUrl'>,
	admin: Actor,
	id: number | null,
	values: TranslatorValues,
): Promise<number> {
	const email = normalizeEmail(values.email)
	const passwordHash = values.password ? await hashPassword(values.password) : null
	const saved = await services.db.transaction(async (tx) => {
		const [clash] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email))
		const existing = id ? (await tx.select().from(translators).where(eq(translators.id, id)))[0] : undefined
		if (id && !existing) return null
		if (clash && clash.id !== existing?.userId) throw new EmailTaken()
		const account = { email, name: values.name, role: 'translator' as const, updatedAt: new Date() }
		let userId = existing?.userId
		const [before] = userId ? await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)) : []
		if (userId) {
			await tx
				.update(users)
				.set({ ...account, ...(passwordHash ? { passwordHash } : {}) })
				.where(eq(users.id, userId))
		} else {
			const [user] = await tx
				.insert(users)
				.values({ ...account, passwordHash: passwordHash ?? (await unknownPassword()) })
				.returning({ id: users.id })
			userId = user!.id
		}
		const fields = {
			teamMemberId: values.teamMemberId,
			dailyCapacity: values.dailyCapacity,
			active: values.active,
			reviewFeeRule: values.reviewFeeRule,
			reviewSharePercent: values.reviewSharePercent,
			hourlyRate: values.hourlyRate,
			repetitionRule: values.repetitionRule,
			repetitionOwnPercent: values.repetitionOwnPercent,
			updatedAt: new Date(),
		}
		const [row] = existing
			? await tx.update(translators).set(fields).where(eq(translators.id, existing.id)).returning()
			: await tx
					.insert(translators)
					.values({ ...fields, userId })
					.returning()
		await tx.delete(translatorPairs).where(eq(translatorPairs.translatorId, row!.id))
		const unique = new Map(values.pairs.map((pair) => [`${pair.from}>${pair.to}`, pair]))
		if (unique.size)
			await tx.insert(translatorPairs).values(
				[...unique.values()].map((pair) => ({
					translatorId: row!.id,
					fromLanguage: pair.from,
					toLanguage: pair.to,
					ratePerWord: pair.ratePerWord,
					ratePerMinute: pair.ratePerMinute ?? null,
				})),
			)
		return { id: row!.id, userId, created: !existing, emailChanged: Boolean(before && before.email !== email) }
	})
	if (!saved) throw new TranslatorNotFound()
	// A link mailed before is no key once the address is another, a password set or the translator off.
	if (!saved.created && (saved.emailChanged || passwordHash || !values.active))
		await withdrawInvitations(services.db, saved.userId)
	// A new password or a deactivated translator ends the sessions they had.
	if (passwordHash && !saved.created) await revokeSessions(services.db, saved.userId)
	if (!values.active) await revokeSessions(services.db, saved.userId)
	if (saved.created && !passwordHash) await inviteStaff(services, admin, saved.userId)
	await recordAudit(services, admin, {
		action: saved.created ? 'create' : 'update',
		subjectType: 'translator',
		subjectId: saved.id,
		summary: `Translator ${values.name} (${email}): ${values.pairs.length} pairs, ${values.active ? 'active' : 'inactive'}`,
		text: auditText(values.active ? 'translatorSaved' : 'translatorSavedInactive', {
			name: values.name,
			email,
			count: values.pairs.length,
		}),
		changes: { pairs: values.pairs.map((pair) => `${pair.from}>${pair.to}`), active: values.active },
	})
	return saved.id
}

export class TranslatorNotFound extends Error {}

// Every translator for the admin's list: their login, pairs and the words they have open.
export async function listTranslators(db: Database) {
	const rows = await db
		.select({
			id: translators.id,
			name: users.name,
			email: users.email,
			active: translators.active,
			dailyCapacity: translators.dailyCapacity,
			teamMember: teamMembers.name,
		})
		.from(translators)
		.innerJoin(users, eq(users.id, translators.userId))
		.leftJoin(teamMembers, eq(teamMembers.id, translators.teamMemberId))
		.orderBy(asc(users.name))
	const ids = rows.map((row) => row.id)
	const [pairs, load] = await Promise.all([pairsOf(db, ids), workloadOf(db, ids)])
	return rows.map((row) => ({ ...row, pairs: pairs.get(row.id) ?? [], ...load.get(row.id) }))
}

export async function findTranslator(db: Database, id: number) {
	const [row] = await db
		.select({
			id: translators.id,
			userId: translators.userId,
			name: users.name,
			email: users.email,
			active: translators.active,
			dailyCapacity: translators.dailyCapacity,
			teamMemberId: translators.teamMemberId,
			reviewFeeRule: translators.reviewFeeRule,
			reviewSharePercent: translators.reviewSharePercent,
			hourlyRate: translators.hourlyRate,
			repetitionRule: translators.repetitionRule,
			repetitionOwnPercent: translators.repetitionOwnPercent,
		})
		.from(translators)
		.innerJoin(users, eq(users.id, translators.userId))
		.where(eq(translators.id, id))
	if (!row) return null
	return { ...row, pairs: (await pairsOf(db, [id])).get(id) ?? [] }
}

async function pairsOf(db: Database, ids: number[]) {
	const byTranslator = new Map<
		number,
		{ from: string; to: string; ratePerWord: number; ratePerMinute: number | null }[]
	>()
	if (!ids.length) return byTranslator
	const rows = await db
		.select()
		.from(translatorPairs)
		.where(inArray(translatorPairs.translatorId, ids))
		.orderBy(asc(translatorPairs.fromLanguage), asc(translatorPairs.toLanguage))
	for (const row of rows) {
		const list = byTranslator.get(row.translatorId) ?? []
		list.push({
			from: row.fromLanguage,
			to: row.toLanguage,
			ratePerWord: row.ratePerWord,
			ratePerMinute: row.ratePerMinute,
		})
		byTranslator.set(row.translatorId, list)
	}
	return byTranslator
}

// Open words and the next deadline of each translator's taken, unfinished jobs.
async function workloadOf(db: Database, ids: number[]) {
	const load = new Map<number, { openWords: number; openJobs: number; nextDeadline: Date | null }>()
	if (!ids.length) return load
	const rows = await db
		.select({
			translatorId: jobs.translatorId,
			words: sum(jobs.words).mapWith(Number),
			jobs: sql<number>`count(*)::int`,
			next: min(jobs.deadline),
		})
		.from(jobs)
		.where(and(inArray(jobs.translatorId, ids), inArray(jobs.status, [...OPEN_JOB_STATUSES])))
		.groupBy(jobs.translatorId)
	for (const row of rows)
		load.set(row.translatorId!, { openWords: row.words ?? 0, openJobs: row.jobs, nextDeadline: row.next })
	return load
}

// "Who can take this": the active translators who work in the pair, each with their rates, what
// the job would pay them (a translation unless told), their capacity and their open work, the least
// loaded first.
export async function candidatesFor(
	db: Database,
	pair: { from: string; to: string },
	words: number,
	minutes = 0,
	{
		kind = 'translation',
		hours = null,
		repeatedWords = 0,
	}: { kind?: JobKind; hours?: number | null; repeatedWords?: number } = {},
) {
	const [rows, { repetitionPercent }] = await Promise.all([candidateRows(db, pair), getSettings(db)])
	const load = await workloadOf(
		db,
		rows.map((row) => row.id),
	)
	return rows
		.map(({ repetitionRule, repetitionOwnPercent, ...row }) => {
			const open = load.get(row.id) ?? { openWords: 0, openJobs: 0, nextDeadline: null }
			const rates = {
				...row,
				repetitionShare: repetitionShare(repetitionRule, repetitionOwnPercent, repetitionPercent),
			}
			return { ...rates, ...open, fee: jobFee(kind, { words, minutes, hours, repeated: repeatedWords }, rates) }
		})
		.sort((a, b) => a.openWords - b.openWords || a.name.localeCompare(b.name))
}

function candidateRows(db: Database, pair: { from: string; to: string }) {
	return db
		.select({
			id: translators.id,
			name: users.name,
			dailyCapacity: translators.dailyCapacity,
			ratePerWord: translatorPairs.ratePerWord,
			ratePerMinute: translatorPairs.ratePerMinute,
			reviewFeeRule: translators.reviewFeeRule,
			reviewSharePercent: translators.reviewSharePercent,
			hourlyRate: translators.hourlyRate,
			repetitionRule: translators.repetitionRule,
			repetitionOwnPercent: translators.repetitionOwnPercent,
		})
		.from(translatorPairs)
		.innerJoin(translators, eq(translators.id, translatorPairs.translatorId))
		.innerJoin(users, eq(users.id, translators.userId))
		.where(
			and(
				eq(translatorPairs.fromLanguage, pair.from),
				eq(translatorPairs.toLanguage, pair.to),
				eq(translators.active, true),
			),
		)
}

// The translator a signed-in user is; a translator account made in /admin/users gets its row here.
export async function translatorOfUser(db: Database, userId: number) {
	const [row] = await db.select().from(translators).where(eq(translators.userId, userId))
	if (row) return row
	const [made] = await db.insert(translators).values({ userId }).onConflictDoNothing().returning()
	return made ?? (await db.select().from(translators).where(eq(translators.userId, userId)))[0]!
}

export async function setTranslatorLocale(db: Database, userId: number, locale: string) {
	await db.update(translators).set({ locale }).where(eq(translators.userId, userId))
}

export async function teamMemberOptions(db: Database) {
	return db.select({ id: teamMembers.id, name: teamMembers.name }).from(teamMembers).orderBy(asc(teamMembers.name))
}
