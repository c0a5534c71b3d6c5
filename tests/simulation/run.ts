import { mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import { count, sql } from 'drizzle-orm'
import { openDatabase } from '#database/client.ts'
import { backups, invoiceReminders, invoices, jobs, orders, payments } from '#database/schema.ts'
import { addCalendarDays, isWorkingDay, type CalendarDate } from '#app/models/calendar/working-days.ts'
import { scratchDatabase } from '#app/models/backup/verify.server.ts'
import { danishInstant } from '#app/models/vendor/deadline.ts'
import { runScript } from '#tests/setup/backup.ts'
import { SCRATCH } from '#tests/setup/scratch-database.ts'
import { startSmtpPeer } from '#tests/setup/smtp-peer.ts'
import { bankDay, customersPay } from '#tests/simulation/bank.ts'
import { comparePages, pagesToCompare } from '#tests/simulation/compare.ts'
import { customersAfterDelivery, customerVisit } from '#tests/simulation/customers.ts'
import { checkInvariants, type Breach } from '#tests/simulation/invariants.ts'
import { morningPlan, type MorningPlan } from '#tests/simulation/plan.ts'
import { seeded } from '#tests/simulation/random.ts'
import { startSite, type Site } from '#tests/simulation/site.ts'
import { hireTranslators, projectManagersDay, signedIn, signInAdmin } from '#tests/simulation/staff.ts'
import { translatorsDay } from '#tests/simulation/translators.ts'
import { newCounts, newWorld, type World } from '#tests/simulation/world.ts'

export type SimulationOptions = {
	days: number
	seed: number
	start: CalendarDate
	// A PostgreSQL server to run on (a database of its own is made on it); unset: the embedded one.
	postgresUrl?: string
	print: (line: string) => void
}

export class SimulationBreach extends Error {
	readonly day: CalendarDate
	readonly breaches: Breach[]
	constructor(day: CalendarDate, breaches: Breach[]) {
		super(`${breaches.length} breaches on ${day}:\n${breaches.map(describe).join('\n')}`)
		this.day = day
		this.breaches = breaches
	}
}
const describe = (breach: Breach) =>
	`- ${breach.invariant}: ${breach.detail}${breach.rows?.length ? `\n  ${JSON.stringify(breach.rows).slice(0, 1500)}` : ''}`

// The agency for `days` days on the built server: each morning the site starts on that day's clock
// (and takes the night's backup), its people work through its pages, and each night it stops and
// every invariant is checked on what it left. At the end the last backup is restored into a fresh
// site and every page and export compared with the live one.
export async function simulate(options: SimulationOptions) {
	const started = performance.now()
	const dataDir = mkdtempSync(path.join(SCRATCH, 'tolk-simulation-'))
	const database = options.postgresUrl ? await scratchDatabase(options.postgresUrl, 'tolk_simulation') : null
	const smtp = await startSmtpPeer()
	const world = newWorld(seeded(options.seed))
	const site = { dataDir, databaseUrl: database?.url, smtpPort: smtp.port }
	const residentBytes: number[] = []
	const totals = newCounts()
	let plan: MorningPlan | null = null
	try {
		for (let index = 0; index < options.days; index++) {
			const today = addCalendarDays(options.start, index)
			world.counts = newCounts()
			const day = await runDay(world, {
				...site,
				today,
				plan,
				first: index === 0,
				last: index === options.days - 1,
				mails: smtp.messages,
			})
			residentBytes.push(day.residentBytes)
			const handle = await openDatabase({ dataDir, databaseUrl: database?.url })
			try {
				const breaches = await checkInvariants(handle.db, { ...day.evening, residentBytes, mails: smtp.messages })
				plan = await morningPlan(handle.db)
				options.print(await reportLine(handle.db, today, world, breaches))
				for (const [key, value] of Object.entries(world.counts)) totals[key as keyof typeof totals] += value
				if (breaches.length) throw new SimulationBreach(today, breaches)
			} finally {
				await handle.close()
			}
		}
		const restore = await restoreAndCompare(site, addCalendarDays(options.start, options.days), plan!, options)
		return { totals, restore, seconds: Math.round((performance.now() - started) / 1000) }
	} finally {
		await smtp.close()
		await database?.drop()
		rmSync(dataDir, { recursive: true, force: true })
	}
}

type SiteFiles = { dataDir: string; databaseUrl?: string; smtpPort: number }
type DayInput = SiteFiles & {
	today: CalendarDate
	plan: MorningPlan | null
	first: boolean
	last: boolean
	mails: Parameters<typeof customerVisit>[1]['mails']
}

async function runDay(world: World, input: DayInput) {
	const morning = danishInstant(input.today, '07:30')
	const realStart = Date.now()
	const now = () => new Date(morning.getTime() + Date.now() - realStart)
	const site = await startSite({ ...input, now: morning, nightlyBackups: true })
	try {
		await site.waitForLog(/"msg":"(wrote and verified a backup|wrote a backup that did not verify|backup failed)"/)
		const day = { url: site.url, today: input.today, now, mails: input.mails }
		const pm = await signInAdmin(site.url)
		if (input.first) await hireTranslators(pm, 3)
		const plan = input.plan
		if (plan && isWorkingDay(input.today)) {
			await bankDay(world, day, pm, plan)
			await projectManagersDay(world, day, pm, plan)
			const translators = await Promise.all(
				plan.translators.map(async (translator) => ({
					id: translator.id,
					person: await signedIn(site.url, translator.email, passwordOf(translator.email), '/work'),
				})),
			)
			// The last evening is a quiet one: every offer answered, nothing left to expire overnight.
			await translatorsDay(world, plan, translators, input.last)
		}
		const visits = isWorkingDay(input.today) ? world.random.int(2, 4) : world.random.int(0, 2)
		for (let visit = 0; visit < visits; visit++) await customerVisit(world, day)
		if (plan) {
			await customersAfterDelivery(world, day, plan)
			await customersPay(world, day, plan)
		}
		const evening = {
			today: input.today,
			dataDir: input.dataDir,
			shared: Boolean(input.databaseUrl),
			backupDir: path.join(input.dataDir, 'backups'),
			invoiceCsv: (await pm.text('/admin/invoices/export')).body,
			payablesCsv: (await pm.text('/admin/payables/export')).body,
			errorLines: site.errors(),
		}
		return { evening, residentBytes: site.residentBytes() }
	} catch (error) {
		throw withLog(error, site)
	} finally {
		await site.stop()
	}
}

const passwordOf = (email: string) => `translator-password-${/(\d+)@/.exec(email)![1]}0`

function withLog(error: unknown, site: Site) {
	if (error instanceof Error) error.message += `\n--- the server's last lines:\n${site.lines.slice(-20).join('\n')}`
	return error
}

async function reportLine(
	db: Parameters<typeof checkInvariants>[0],
	today: CalendarDate,
	world: World,
	breaches: Breach[],
) {
	const [[o], [d], [j], [i], [p], [r], [b]] = await Promise.all([
		db.select({ n: count() }).from(orders),
		db
			.select({ n: count() })
			.from(orders)
			.where(sql`${orders.status} = 'delivered'`),
		db
			.select({ n: count() })
			.from(jobs)
			.where(sql`${jobs.status} = 'approved'`),
		db.select({ n: count() }).from(invoices),
		db.select({ n: count() }).from(payments),
		db
			.select({ n: count() })
			.from(invoiceReminders)
			.where(sql`${invoiceReminders.sentOn} = ${today}`),
		db
			.select({ n: count() })
			.from(backups)
			.where(sql`${backups.status} = 'done' and ${backups.verified}`),
	])
	const c = world.counts
	const weekday = new Intl.DateTimeFormat('da-DK', { weekday: 'short', timeZone: 'UTC' }).format(
		new Date(`${today}T12:00:00Z`),
	)
	return [
		`${today} ${weekday.padEnd(5)}${isWorkingDay(today) ? '' : ' (fri)'}`,
		`orders ${o!.n} (+${c.orders}, ${c.quotes} quotes, ${c.abandoned} walked away, ${c.wrongFiles} wrong files)`,
		`delivered ${d!.n} (+${c.delivered}), jobs approved ${j!.n} (+${c.approved}, ${c.returned} returned, ${c.fewerFiles} fewer files)`,
		`invoices ${i!.n}, payments ${p!.n} (bank ${c.bankMatched} matched, ${c.bankByHand} by hand), reminders +${r!.n}`,
		`backups ${b!.n}, breaches ${breaches.length}`,
	].join(' · ')
}

// The morning after the last day: the nightly backup is restored into a fresh site (into a new
// PostgreSQL database when the run is on PostgreSQL), and both sites are asked for every page.
async function restoreAndCompare(site: SiteFiles, day: CalendarDate, plan: MorningPlan, options: SimulationOptions) {
	const morning = danishInstant(day, '07:30')
	const live = await startSite({ ...site, now: morning, nightlyBackups: true })
	const line = await live.waitForLog(/"msg":"wrote and verified a backup"/).finally(() => live.stop())
	const name = /"backup":"([^"]+)"/.exec(line.input)![1]!
	const target = mkdtempSync(path.join(SCRATCH, 'tolk-restored-'))
	const targetDatabase = options.postgresUrl ? await scratchDatabase(options.postgresUrl, 'tolk_restored') : null
	try {
		const restored = await runScript('restore', [path.join(site.dataDir, 'backups', name)], {
			DATA_DIR: target,
			...(targetDatabase ? { DATABASE_URL: targetDatabase.url } : {}),
		})
		if (restored.code !== 0) throw new Error(`the restore failed:\n${restored.output}`)
		// Both on the clock the backup was taken at: what a start does (the sweeps) it does alike on both.
		const at = morning
		const [a, b] = await Promise.all([
			startSite({ ...site, now: at, nightlyBackups: false }),
			startSite({
				dataDir: target,
				databaseUrl: targetDatabase?.url,
				smtpPort: site.smtpPort,
				now: at,
				nightlyBackups: false,
			}),
		])
		try {
			const [pmA, pmB] = await Promise.all([signInAdmin(a.url), signInAdmin(b.url)])
			return await comparePages(pmA, pmB, pagesToCompare(plan))
		} finally {
			await Promise.all([a.stop(), b.stop()])
		}
	} finally {
		await targetDatabase?.drop()
		rmSync(target, { recursive: true, force: true })
	}
}
