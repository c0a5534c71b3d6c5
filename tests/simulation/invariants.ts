import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { asc, sql } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import {
	auditEvents,
	backups,
	documents,
	invoiceReminders,
	invoices,
	jobFiles,
	jobs,
	orderEvents,
	orderFiles,
	orders,
	payments,
	settings,
	storedFiles,
} from '#database/schema.ts'
import { addCalendarDays, type CalendarDate } from '#app/models/calendar/working-days.ts'
import { readManifest } from '#app/models/backup/manifest.server.ts'
import { keptFiles } from '#app/models/files/store.server.ts'
import { sideFilesOf } from '#app/models/documents/analysis.server.ts'
import { DAYS_BETWEEN_REMINDERS, MAX_REMINDER_FEE, MAX_REMINDERS } from '#app/models/invoice/reminder-rules.ts'
import type { ReceivedMail } from '#tests/setup/smtp-peer.ts'
import { monthInDenmark } from '#tests/simulation/plan.ts'

export type Breach = { invariant: string; detail: string; rows?: unknown[] }
export type Evening = {
	today: CalendarDate
	dataDir: string
	shared: boolean
	// What staff downloaded at the end of the day: the accountant's CSVs.
	invoiceCsv: string
	payablesCsv: string
	mails: ReceivedMail[]
	errorLines: string[]
	residentBytes: number[]
	backupDir: string
}

const cents = (amount: number) => Math.round(amount * 100)
const sum = (values: number[]) => values.reduce((total, value) => total + cents(value), 0) / 100

// Every invariant, after a day; each breach names the rows involved.
export async function checkInvariants(db: Database, evening: Evening): Promise<Breach[]> {
	const checks = [
		money,
		ordersAndInvoices,
		deliveredFiles,
		reminders,
		files,
		retention,
		nightlyBackup,
		audit,
		logAndMemory,
	]
	const breaches: Breach[] = []
	for (const check of checks) breaches.push(...(await check(db, evening)))
	return breaches
}

async function money(db: Database, evening: Evening): Promise<Breach[]> {
	const breaches: Breach[] = []
	const rows = await db.select().from(invoices).orderBy(asc(invoices.id))
	const paid = await db.select().from(payments)
	const charged = await db.select().from(invoiceReminders)
	for (const invoice of rows.filter((row) => row.kind === 'invoice')) {
		const paidSum = sum(paid.filter((payment) => payment.invoiceId === invoice.id).map((payment) => payment.amount))
		const reminders = charged.filter((reminder) => reminder.invoiceId === invoice.id)
		const charges = sum(reminders.flatMap((reminder) => [reminder.fee, reminder.interest]))
		if (cents(paidSum) !== cents(invoice.paidAmount))
			breaches.push({
				invariant: 'paid = the sum of the payments',
				detail: `invoice ${invoice.number}`,
				rows: [invoice],
			})
		if (cents(charges) !== cents(invoice.charges))
			breaches.push({
				invariant: 'fees and interest owed = what reminders charged',
				detail: `invoice ${invoice.number}`,
				rows: [invoice, ...reminders],
			})
	}
	for (const kind of ['invoice', 'credit_note'] as const) {
		const numbers = rows
			.filter((row) => row.kind === kind)
			.map((row) => row.number)
			.sort((a, b) => a - b)
		if (numbers.some((number, index) => number !== index + 1))
			breaches.push({ invariant: 'numbers without gaps', detail: `${kind}: ${numbers.join(', ')}` })
	}
	// The accountant's CSV, as staff downloaded it, against the ledger.
	const csv = evening.invoiceCsv
		.trim()
		.split('\r\n')
		.slice(1)
		.map((line) => line.split(';'))
	const column = (index: number) => sum(csv.map((cells) => Number(cells[index]!.replace(/"/g, '').replace(',', '.'))))
	const ledger = {
		total: sum(rows.map((row) => (row.kind === 'credit_note' ? -row.total : row.total))),
		charges: sum(rows.filter((row) => row.kind === 'invoice').map((row) => row.charges)),
		paid: sum(paid.map((payment) => payment.amount)),
	}
	const exported = { total: column(10), charges: column(11), paid: column(12) }
	if (csv.length !== rows.length || JSON.stringify(exported) !== JSON.stringify(ledger))
		breaches.push({
			invariant: 'the invoice CSV agrees with the ledger to the øre',
			detail: `rows ${csv.length}/${rows.length}, CSV ${JSON.stringify(exported)}, ledger ${JSON.stringify(ledger)}`,
		})
	return breaches
}

async function ordersAndInvoices(db: Database, evening: Evening): Promise<Breach[]> {
	const breaches: Breach[] = []
	const [orderRows, invoiceRows, jobRows] = await Promise.all([
		db.select().from(orders),
		db.select().from(invoices),
		db.select().from(jobs),
	])
	for (const order of orderRows) {
		const own = invoiceRows.filter((row) => row.orderId === order.id)
		const standing = own.filter((row) => row.kind === 'invoice' && !row.credited)
		const credited = own.filter((row) => row.kind === 'invoice' && row.credited)
		const notes = own.filter((row) => row.kind === 'credit_note')
		const wasDelivered = order.deliveredAt !== null
		if (
			['delivered', 'revision_requested'].includes(order.status) ||
			(order.status === 'in_progress' && wasDelivered)
		) {
			if (standing.length !== 1)
				breaches.push({ invariant: 'a delivered order has exactly one invoice', detail: order.reference, rows: own })
		} else if (order.status === 'cancelled') {
			if (standing.length || credited.length !== notes.length)
				breaches.push({
					invariant: 'a cancelled order has a credit note for its invoice',
					detail: order.reference,
					rows: own,
				})
		} else if (own.length)
			breaches.push({ invariant: 'an order not delivered has no invoice', detail: order.reference, rows: own })
		const taken = jobRows.some((job) => job.orderId === order.id && job.acceptedAt !== null)
		if (taken && order.status === 'received')
			breaches.push({ invariant: 'the order follows its jobs', detail: `${order.reference} still received` })
	}
	// Every approved job in its month's payables, once.
	const lines = evening.payablesCsv
		.trim()
		.split('\r\n')
		.slice(1)
		.map((line) => line.split(';'))
	for (const job of jobRows.filter((row) => row.status === 'approved')) {
		const found = lines.filter((cells) => cells[3] === String(job.id))
		const month = monthInDenmark(job.approvedAt!)
		if (found.length !== 1 || found[0]![0] !== month)
			breaches.push({
				invariant: 'an approved job is in its month’s payables once',
				detail: `job ${job.id} (${month})`,
				rows: found,
			})
	}
	return breaches
}

async function deliveredFiles(db: Database): Promise<Breach[]> {
	const breaches: Breach[] = []
	const [orderRows, jobRows, fileRows] = await Promise.all([
		db.select().from(orders),
		db.select().from(jobs),
		db.select().from(orderFiles),
	])
	// What the customer has: delivered, neither replaced by a newer version nor withdrawn.
	const current = fileRows.filter((file) => file.deliveredAt && !file.supersededAt && !file.withdrawnAt)
	for (const file of current.filter((row) => row.documentId)) {
		const same = current.filter((row) => row.documentId === file.documentId)
		if (same[0] === file && same.length > 1)
			breaches.push({
				invariant: "one current version of each document in the customer's delivery",
				detail: `${file.name}: versions ${same.map((row) => row.version).join(', ')}`,
			})
	}
	for (const order of orderRows.filter((row) => row.deliveredAt !== null)) {
		const approved = jobRows.filter((job) => job.orderId === order.id && job.status === 'approved')
		if (!approved.length) continue
		const documentsCount = Math.max(...approved.map((job) => job.documentIds.length))
		const filesCount = current.filter((file) => file.orderId === order.id).length
		const confirmed = approved.some((job) => job.fewerFilesConfirmedBy !== null)
		if (filesCount < documentsCount && !confirmed)
			breaches.push({
				invariant: 'no order delivered with fewer files than documents unless a person confirmed it',
				detail: `${order.reference}: ${filesCount} files for ${documentsCount} documents`,
			})
	}
	return breaches
}

async function reminders(db: Database): Promise<Breach[]> {
	const breaches: Breach[] = []
	const [[agency], invoiceRows, reminderRows, orderRows] = await Promise.all([
		db.select().from(settings),
		db.select().from(invoices),
		db.select().from(invoiceReminders).orderBy(asc(invoiceReminders.invoiceId), asc(invoiceReminders.number)),
		db.select({ id: orders.id, terms: orders.terms }).from(orders),
	])
	for (const invoice of invoiceRows.filter((row) => row.kind === 'invoice')) {
		const agreed = orderRows.find((order) => order.id === invoice.orderId)!.terms.paymentTermsDays
		if (agreed !== undefined && invoice.dueDate !== addCalendarDays(invoice.issueDate as CalendarDate, agreed))
			breaches.push({
				invariant: 'the invoice is due after the days the customer agreed to',
				detail: `invoice ${invoice.number}`,
				rows: [invoice],
			})
		const sent = reminderRows.filter((reminder) => reminder.invoiceId === invoice.id)
		const earliest = addCalendarDays(invoice.dueDate as CalendarDate, Math.max(1, agency!.reminderGraceDays))
		sent.forEach((reminder, index) => {
			const previous = sent[index - 1]
			const problem =
				reminder.sentOn < earliest
					? 'before the due date and its grace days'
					: previous && reminder.sentOn < addCalendarDays(previous.sentOn as CalendarDate, DAYS_BETWEEN_REMINDERS)
						? 'less than 10 days after the last'
						: reminder.fee > MAX_REMINDER_FEE
							? 'a fee above the law’s'
							: index >= MAX_REMINDERS
								? 'a fourth reminder'
								: null
			if (problem)
				breaches.push({
					invariant: `a reminder ${problem}`,
					detail: `invoice ${invoice.number}`,
					rows: [invoice, reminder],
				})
		})
	}
	return breaches
}

async function files(db: Database, evening: Evening): Promise<Breach[]> {
	const breaches: Breach[] = []
	const documentsDir = path.join(evening.dataDir, 'documents')
	const deliveries = path.join(documentsDir, 'deliveries')
	const [documentRows, orderFileRows, jobFileRows] = await Promise.all([
		db.select({ id: documents.id, storedName: documents.storedName, size: documents.size }).from(documents),
		db
			.select()
			.from(orderFiles)
			.where(sql`${orderFiles.deletedAt} is null`),
		db
			.select()
			.from(jobFiles)
			.where(sql`${jobFiles.deletedAt} is null`),
	])
	const expected = new Map<string, number>([
		...documentRows.map((row) => [path.join(documentsDir, row.storedName), row.size] as const),
		...orderFileRows.map((row) => [path.join(deliveries, row.storedName), row.size] as const),
		...jobFileRows.map((row) => [path.join(deliveries, row.storedName), row.size] as const),
	])
	for (const [file, size] of expected)
		if (!existsSync(file) || statSync(file).size !== size)
			breaches.push({
				invariant: 'every stored file exists with its size',
				detail: path.relative(evening.dataDir, file),
			})
	// No file under documents/ that no row stands for (a document's counted text and fingerprints go with it).
	const known = new Set([...expected.keys()].map((file) => path.relative(evening.dataDir, file)))
	const sides = new Set(
		documentRows.flatMap((row) =>
			sideFilesOf(documentsDir, row.id).map((file) => path.relative(evening.dataDir, file)),
		),
	)
	for (const file of (await keptFiles(evening.dataDir)).filter((name) => name.startsWith('documents/')))
		if (!known.has(file) && !sides.has(file)) breaches.push({ invariant: 'no orphan files', detail: file })
	if (evening.shared) {
		const stored = new Set((await db.select({ path: storedFiles.path }).from(storedFiles)).map((row) => row.path))
		for (const file of known)
			if (!stored.has(file)) breaches.push({ invariant: 'every file is in the shared store', detail: file })
	}
	// Each file's SHA-256 is the one the night's backup recorded (files never change once kept).
	const latest = await lastBackupDir(db, evening.backupDir)
	if (latest) {
		const manifest = await readManifest(latest)
		for (const entry of manifest.files) {
			const file = path.join(evening.dataDir, entry.path)
			if (!existsSync(file) || !entry.path.startsWith('documents/')) continue
			if (createHash('sha256').update(readFileSync(file)).digest('hex') !== entry.sha256)
				breaches.push({ invariant: 'a kept file matches its checksum', detail: entry.path })
		}
	}
	return breaches
}

// Retention took what it should: no document that never became a request or an order outlives
// the retention period (the sweep runs at each start); those that did are all still there (above).
async function retention(db: Database, evening: Evening): Promise<Breach[]> {
	const [agency] = await db.select().from(settings)
	const cutoff = new Date(`${addCalendarDays(evening.today, -(agency!.documentRetentionDays + 1))}T00:00:00Z`)
	const kept = await db
		.select({ id: documents.id, createdAt: documents.createdAt })
		.from(documents)
		.where(sql`${documents.orderId} is null and ${documents.requestId} is null and ${documents.createdAt} < ${cutoff}`)
	return kept.map((row) => ({
		invariant: 'retention deletes what it should',
		detail: `document ${row.id}`,
		rows: [row],
	}))
}

async function lastBackupDir(db: Database, backupDir: string) {
	const [last] = await db
		.select()
		.from(backups)
		.where(sql`${backups.status} = 'done'`)
		.orderBy(sql`${backups.startedAt} desc`)
		.limit(1)
	return last && existsSync(path.join(backupDir, last.name)) ? path.join(backupDir, last.name) : null
}

async function nightlyBackup(db: Database, evening: Evening): Promise<Breach[]> {
	const rows = await db.select().from(backups).orderBy(asc(backups.startedAt))
	const tonight = rows.filter(
		(row) =>
			row.trigger === 'nightly' &&
			dayInDenmark(row.startedAt) === evening.today &&
			row.status === 'done' &&
			row.verified,
	)
	const kept = tonight.some((row) => existsSync(path.join(evening.backupDir, row.name)))
	return tonight.length === 1 && kept
		? []
		: [{ invariant: 'the night’s backup exists and is verified', detail: evening.today, rows: rows.slice(-3) }]
}

const dayInDenmark = (date: Date) =>
	new Intl.DateTimeFormat('en-CA', {
		timeZone: 'Europe/Copenhagen',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	}).format(date)

async function audit(db: Database): Promise<Breach[]> {
	const breaches: Breach[] = []
	const [events, audited, jobRows] = await Promise.all([
		db
			.select()
			.from(orderEvents)
			.where(sql`${orderEvents.kind} = 'status' and ${orderEvents.status} <> 'received'`),
		db.select().from(auditEvents),
		db.select().from(jobs),
	])
	const orderRows = await db.select({ id: orders.id, reference: orders.reference }).from(orders)
	for (const order of orderRows) {
		const changes = events.filter((event) => event.orderId === order.id)
		const logged = audited.filter(
			(row) => row.subjectType === 'order' && row.subjectId === String(order.id) && / → /.test(row.summary),
		)
		if (logged.length < changes.length)
			breaches.push({
				invariant: 'every state change is in the audit log',
				detail: `${order.reference}: ${changes.length} status changes, ${logged.length} in the audit log`,
			})
	}
	for (const job of jobRows.filter((row) => row.status === 'approved'))
		if (
			!audited.some(
				(row) => row.subjectType === 'job' && row.subjectId === String(job.id) && /approved/.test(row.summary),
			)
		)
			breaches.push({ invariant: 'every state change is in the audit log', detail: `job ${job.id} approved` })
	return breaches
}

async function logAndMemory(_db: Database, evening: Evening): Promise<Breach[]> {
	const breaches: Breach[] = evening.errorLines.map((line) => ({
		invariant: 'no error in the server log the day did not expect',
		detail: line.slice(0, 500),
	}))
	const [first, ...rest] = evening.residentBytes
	const last = rest.at(-1)
	if (first && last && rest.length >= 3 && last > first * 1.6)
		breaches.push({
			invariant: 'the server’s memory does not grow day over day',
			detail: `${Math.round(first / 1e6)} MB on the first day, ${Math.round(last / 1e6)} MB today`,
		})
	return breaches
}
