// What a year of an agency's invoices costs the back office: 20,000 invoices and credit notes
// (copies of one real delivered order's invoice, issued over the last 400 days; two in three paid,
// one in ten part paid, one in twenty credited), served by the built server to signed-in staff.
// 1. The invoice list's first page, page 100, a status filter, a search and the dashboard (the
//    aging summary), each under load (autocannon, p50/p99), next to the FAQ list as the baseline.
// 2. The CSV for the accountant of all of them: p50/p99 of several runs.
// 3. A 5,000-line bank statement: read and stored, matched on the confirmation screen, confirmed.
// Run: npm run build && npm run bench:invoices (DATABASE_URL=… to run it on PostgreSQL)
import { sql } from 'drizzle-orm'
import { invoices, payments, users } from '#database/schema.ts'
import { seedDatabase } from '#database/seed.ts'
import { addCalendarDays, todayInDenmark } from '#app/models/calendar/working-days.ts'
import { changeOrderStatus } from '#app/models/order/lifecycle.server.ts'
import { fiPaymentId } from '#app/models/invoice/payment-reference.ts'
import { describeLoad, loadTest } from '#bench/load.ts'
import { ADMIN_ENV, logIn } from '#tests/setup/admin.ts'
import { createTestDatabase, openTestDatabase, type TestDatabase } from '#tests/setup/database.ts'
import { deliverableOrder } from '#tests/setup/orders.ts'
import { startServer } from '#tests/setup/server.ts'
import { testServices } from '#tests/setup/services.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run bench:invoices')

const INVOICES = 20_000
const STATEMENT_LINES = 5_000
const EXPORTS = 7
const LOAD = { connections: 10, seconds: 8 }

const percentile = (values: number[], p: number) =>
	[...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!

async function seedInvoices(database: TestDatabase) {
	const handle = await openTestDatabase(database)
	try {
		const { db } = handle
		await seedDatabase(db, { companies: 0 })
		const [user] = await db
			.insert(users)
			.values({ email: 'bench@tolk.test', name: 'Bench', passwordHash: 'not used here' })
			.returning({ id: users.id, name: users.name })
		const services = testServices({ db })
		const order = await deliverableOrder(services, user!)
		const { invoice } = await changeOrderStatus(services, user!, order.id, 'delivered')
		const { id: _id, createdAt: _created, ...base } = invoice!
		const today = todayInDenmark()
		for (let start = 0; start < INVOICES; start += 1000) {
			const rows = Array.from({ length: 1000 }, (_, offset) => {
				const index = start + offset
				const issueDate = addCalendarDays(today, -(index % 400))
				const kind = index % 20 === 19 ? ('credit_note' as const) : ('invoice' as const)
				const paid = kind === 'invoice' && index % 3 !== 0 ? base.total : index % 10 === 0 ? 500 : 0
				return {
					...base,
					kind,
					number: 1000 + index,
					issueDate,
					dueDate: addCalendarDays(issueDate, 8),
					buyer: { ...base.buyer, name: `Kunde ${index % 997} ApS` },
					paidAmount: paid,
					paidOn: paid > 0 ? addCalendarDays(issueDate, 5) : null,
				}
			})
			const inserted = await db.insert(invoices).values(rows).returning({ id: invoices.id, paid: invoices.paidAmount })
			const paidRows = inserted.filter((row) => row.paid > 0)
			if (paidRows.length)
				await db
					.insert(payments)
					.values(
						paidRows.map((row) => ({ invoiceId: row.id, paidOn: today, amount: row.paid, method: 'bank' as const })),
					)
		}
		// Each credit note cancels the invoice just before it.
		await db.execute(
			sql`update ${invoices} c set credits_invoice_id = i.id from ${invoices} i
				where c.kind = 'credit_note' and i.kind = 'invoice' and i.number = c.number - 1 and c.number >= 1000`,
		)
		const owed = await db
			.select({ number: invoices.number, total: invoices.total, paid: invoices.paidAmount })
			.from(invoices)
			.where(sql`${invoices.kind} = 'invoice' and ${invoices.paidAmount} = 0 and ${invoices.number} >= 1000`)
			.limit(STATEMENT_LINES)
		return owed
	} finally {
		await handle.close()
	}
}

const database = await createTestDatabase()
let started = performance.now()
const owed = await seedInvoices(database)
console.log(
	`${database.databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${INVOICES} invoices and credit notes seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
)
const server = await startServer(ADMIN_ENV, { database })
try {
	const staff = await logIn(server.url)
	const headers = [`cookie=${staff.cookie}`]
	console.log(`${LOAD.connections} connections, ${LOAD.seconds} s per page`)
	for (const [label, path] of [
		['baseline: /admin/faq', '/admin/faq'],
		['invoices, first page (with the aging summary)', '/admin/invoices'],
		['invoices, page 100', '/admin/invoices?page=100'],
		['filter: overdue', '/admin/invoices?status=overdue'],
		['search: one buyer', '/admin/invoices?q=Kunde%20123%20ApS'],
		['dashboard (owed and overdue)', '/admin'],
	] as const) {
		const probe = await staff.get(path)
		if (probe.status !== 200) throw new Error(`${path} answered ${probe.status}`)
		console.log(`${label}: ${describeLoad(await loadTest(server.url + path, { ...LOAD, headers }))}`)
	}

	const times: number[] = []
	let rows = 0
	for (let run = 0; run < EXPORTS; run++) {
		started = performance.now()
		const csv = await (await staff.get('/admin/invoices/export')).text()
		times.push(performance.now() - started)
		rows = csv.trimEnd().split('\r\n').length - 1
	}
	if (rows !== INVOICES + 1) throw new Error(`the export held ${rows} rows, not ${INVOICES + 1}`)
	console.log(
		`CSV of all ${rows} invoices and credit notes: p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms of ${EXPORTS}`,
	)

	// A statement paying the first owed invoices: by FI payment ID, by number, and by amount alone.
	const money = (amount: number) => amount.toFixed(2).replace('.', ',')
	const lines = owed.map((invoice, index) => {
		const text =
			index % 3 === 0
				? `FI ${fiPaymentId(invoice.number)}`
				: index % 3 === 1
					? `Faktura ${invoice.number}`
					: `Overførsel ${index}`
		return `${index % 28 < 9 ? '0' : ''}${(index % 28) + 1}-11-2026;${text};${money(invoice.total)};0`
	})
	const statement = new FormData()
	statement.append('authenticity_token', staff.csrfToken)
	for (const [name, value] of Object.entries({ date: '0', text: '1', amount: '2' })) statement.append(name, value)
	statement.append('file', new Blob([['Dato;Tekst;Beløb;Saldo', ...lines].join('\r\n')]), 'konto.csv')
	started = performance.now()
	const imported = await staff.get('/admin/invoices/bank', { method: 'POST', body: statement })
	const importMs = performance.now() - started
	if (imported.status !== 302) throw new Error(`the import answered ${imported.status}: ${await imported.text()}`)
	started = performance.now()
	const screen = await (await staff.get('/admin/invoices/bank')).text()
	const screenMs = performance.now() - started
	// The screen's inputs, whatever the order of their attributes: the ticked lines and their invoices.
	const inputs = [...screen.matchAll(/<input\b[^>]*>/g)].map((match) =>
		Object.fromEntries(
			[...match[0].matchAll(/([\w-]+)="([^"]*)"/g)].map((attribute) => [attribute[1]!, attribute[2]!]),
		),
	)
	const ids = inputs.filter((input) => input.name === 'register' && 'checked' in input).map((input) => input.value!)
	const numbers = Object.fromEntries(
		inputs
			.filter((input) => input.name?.startsWith('invoice-'))
			.map((input) => [input.name!.slice(8), input.value ?? '']),
	)
	started = performance.now()
	const confirmed = await staff.post(
		'/admin/invoices/bank',
		Object.fromEntries([['register', ids], ...ids.map((id) => [`invoice-${id}`, numbers[id] ?? ''])]),
	)
	const confirmMs = performance.now() - started
	if (confirmed.status !== 302) throw new Error(`the confirmation answered ${confirmed.status}`)
	console.log(
		`bank statement of ${lines.length} lines: read and stored in ${importMs.toFixed(0)} ms; ` +
			`matching screen (${ids.length} suggested) in ${screenMs.toFixed(0)} ms; ${ids.length} payments confirmed in ${(confirmMs / 1000).toFixed(1)} s`,
	)
} finally {
	await server.stop()
	await database.drop()
}
