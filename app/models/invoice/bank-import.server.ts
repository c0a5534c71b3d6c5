import { createHash } from 'node:crypto'
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Database } from '#database/client.ts'
import { bankLines, invoices, settings, type BankCsvLayout } from '#database/schema.ts'
import { recordAudit, type AuditServices } from '#app/models/audit/record.server.ts'
import type { AppServices } from '#app/models/services.ts'
import { BANK_PAGE_SIZE, readBankCsv, type BankCsv } from '#app/models/invoice/bank-csv.ts'
import { signatureOf } from '#app/models/invoice/bank-preview.ts'
import { invoiceNumberFromFiId } from '#app/models/invoice/payment-reference.ts'
import { addPayment } from '#app/models/invoice/payments.server.ts'
import type { Transaction } from '#app/models/invoice/invoice.server.ts'
import { announceOrder } from '#app/models/live/announce.server.ts'
import { outstandingSql, owedWhere } from '#app/models/invoice/receivables.server.ts'
import { auditText } from '#app/models/audit/text.ts'

export const DEFAULT_BANK_LAYOUT: BankCsvLayout = { date: 0, text: 1, amount: 2 }
const INSERT_BATCH = 500

type Actor = { id: number | null; name: string }
export type ImportResult =
	| { ok: true; read: number; added: number; known: number; outgoing: number }
	| { ok: false; problem: Extract<BankCsv, { ok: false }>['problem'] }

// Reads a statement and keeps its incoming lines, each once: a line already imported (the same
// statement again, or one that overlaps) is known by its key and not added. Outgoing lines are not
// the agency's receivables and are left out. The layout is remembered for the next import.
export async function importBankStatement(
	services: AuditServices & Pick<AppServices, 'readBankStatement'>,
	staff: Actor,
	bytes: Uint8Array,
	layout: BankCsvLayout,
): Promise<ImportResult> {
	const csv = await (services.readBankStatement ?? (async (...args) => readBankCsv(...args)))(bytes, layout)
	if (!csv.ok) return { ok: false, problem: csv.problem }
	const incoming = csv.lines.filter((line) => line.amount > 0)
	const seen = new Map<string, number>()
	const rows = incoming.map((line) => {
		const identity = `${line.bookedOn}|${line.amount.toFixed(2)}|${line.text}`
		const occurrence = (seen.get(identity) ?? 0) + 1
		seen.set(identity, occurrence)
		const key = createHash('sha256').update(`${identity}|${occurrence}`).digest('hex')
		return { key, bookedOn: line.bookedOn, text: line.text, amount: line.amount, importedBy: staff.name }
	})
	let added = 0
	await services.db.transaction(async (tx) => {
		for (let start = 0; start < rows.length; start += INSERT_BATCH) {
			const inserted = await tx
				.insert(bankLines)
				.values(rows.slice(start, start + INSERT_BATCH))
				.onConflictDoNothing({ target: bankLines.key })
				.returning({ id: bankLines.id })
			added += inserted.length
		}
		// Remembered as the last used, and for this bank's export by its header.
		const byBank = csv.header
			? sql`${settings.bankCsvLayouts} || ${JSON.stringify({ [signatureOf(csv.header)]: layout })}::jsonb`
			: settings.bankCsvLayouts
		await tx.update(settings).set({ bankCsvLayout: layout, bankCsvLayouts: byBank }).where(eq(settings.id, 1))
	})
	await recordAudit(services, staff, {
		action: 'create',
		subjectType: 'bank_statement',
		summary: `${added} new of ${csv.lines.length} lines`,
		text: auditText('bankImported', { count: added, lines: { number: csv.lines.length } }),
	})
	return {
		ok: true,
		read: csv.lines.length,
		added,
		known: incoming.length - added,
		outgoing: csv.lines.length - incoming.length,
	}
}

export type MatchKind = 'payment-id' | 'number-amount' | 'number' | 'amount'
export type BankMatch = { invoiceId: number; number: number; buyer: string; outstanding: number; kind: MatchKind }

const openLine = and(isNull(bankLines.paymentId), eq(bankLines.ignored, false))

// The lines not yet turned into payments nor ignored, a page at a time (oldest first), each with the
// invoice it most likely pays: an FI payment ID in the text, else an invoice number in the text
// (with the amount owed, or a part of it), else the one invoice whose amount owed is exactly the
// line's amount.
export async function openBankLines(db: Database, page = 1) {
	const lines = await db
		.select()
		.from(bankLines)
		.where(openLine)
		.orderBy(asc(bankLines.bookedOn), asc(bankLines.id))
		.limit(BANK_PAGE_SIZE)
		.offset((Math.max(1, page) - 1) * BANK_PAGE_SIZE)
	const owed = await db
		.select({
			id: invoices.id,
			number: invoices.number,
			buyer: sql<string>`${invoices.buyer}->>'name'`,
			outstanding: sql<string>`${outstandingSql}`,
		})
		.from(invoices)
		.where(owedWhere)
	const byNumber = new Map(owed.map((row) => [row.number, { ...row, outstanding: Number(row.outstanding) }]))
	const byAmount = new Map<string, BankMatch[]>()
	for (const row of byNumber.values()) {
		const key = row.outstanding.toFixed(2)
		byAmount.set(key, [...(byAmount.get(key) ?? []), { ...row, invoiceId: row.id, kind: 'amount' }])
	}
	return lines.map((line) => ({ ...line, match: matchLine(line, byNumber, byAmount) }))
}

type Owed = { id: number; number: number; buyer: string; outstanding: number }

function matchLine(
	line: { text: string; amount: number },
	byNumber: Map<number, Owed>,
	byAmount: Map<string, BankMatch[]>,
): BankMatch | null {
	const found = (row: Owed | undefined, kind: MatchKind) => (row ? { ...row, invoiceId: row.id, kind } : null)
	for (const [id] of line.text.matchAll(/(?<!\d)\d{15}(?!\d)/g)) {
		const number = invoiceNumberFromFiId(id)
		const match = number === null ? null : found(byNumber.get(number), 'payment-id')
		if (match) return match
	}
	let partial: BankMatch | null = null
	for (const [digits] of line.text.matchAll(/(?<!\d)\d{1,9}(?!\d)/g)) {
		const row = byNumber.get(Number(digits))
		if (row && Math.abs(row.outstanding - line.amount) < 0.005) return found(row, 'number-amount')
		if (row && !partial && line.amount < row.outstanding) partial = found(row, 'number')
	}
	if (partial) return partial
	const same = byAmount.get(line.amount.toFixed(2)) ?? []
	return same.length === 1 ? same[0]! : null
}

export type Confirmation = { lineId: number; invoiceNumber: number | null; ignore: boolean }

// Staff confirm the lines they checked: each becomes a bank payment on its invoice. The lines go
// in batches, each one transaction that first locks its lines (still unpaid) and their invoices,
// in id order: a line is paid once even when two staff confirm the same screen, and a 5,000-line
// statement is a few dozen commits, not thousands. A line staff marked to ignore leaves the list.
const CONFIRM_BATCH = 250

export async function confirmBankLines(services: AuditServices, staff: Actor, confirmations: Confirmation[]) {
	const ignored = confirmations.filter((confirmation) => confirmation.ignore).map((confirmation) => confirmation.lineId)
	if (ignored.length)
		await services.db
			.update(bankLines)
			.set({ ignored: true })
			.where(and(inArray(bankLines.id, ignored), isNull(bankLines.paymentId)))
	const chosen = confirmations.filter((confirmation) => !confirmation.ignore)
	const outcome = { registered: 0, refused: [] as { lineId: number; reason: string }[], orders: new Set<number>() }
	for (let start = 0; start < chosen.length; start += CONFIRM_BATCH)
		await services.db.transaction((tx) => payLines(tx, staff, chosen.slice(start, start + CONFIRM_BATCH), outcome))
	for (const orderId of outcome.orders) await announceOrder(services, orderId)
	if (outcome.registered > 0)
		await recordAudit(services, staff, {
			action: 'create',
			subjectType: 'payment',
			summary: `${outcome.registered} from the bank statement`,
			text: auditText('bankRegistered', { count: outcome.registered }),
		})
	return { registered: outcome.registered, refused: outcome.refused }
}

type Outcome = { registered: number; refused: { lineId: number; reason: string }[]; orders: Set<number> }

async function payLines(tx: Transaction, staff: Actor, batch: Confirmation[], outcome: Outcome) {
	const wanted = new Map(batch.map((confirmation) => [confirmation.lineId, confirmation.invoiceNumber]))
	const lines = await tx
		.select()
		.from(bankLines)
		.where(and(inArray(bankLines.id, [...wanted.keys()]), isNull(bankLines.paymentId), eq(bankLines.ignored, false)))
		.orderBy(asc(bankLines.id))
		.for('update')
	const numbers = [...new Set(lines.map((line) => wanted.get(line.id)).filter((number) => number != null))]
	const found = numbers.length
		? await tx
				.select()
				.from(invoices)
				.where(and(eq(invoices.kind, 'invoice'), inArray(invoices.number, numbers)))
				.orderBy(asc(invoices.id))
				.for('update')
		: []
	const byNumber = new Map(found.map((invoice) => [invoice.number, invoice]))
	for (const line of lines) {
		const invoice = byNumber.get(wanted.get(line.id) ?? -1)
		if (!invoice || invoice.credited) {
			outcome.refused.push({ lineId: line.id, reason: invoice ? 'credited' : 'not-found' })
			continue
		}
		const payment = await addPayment(tx, invoice, {
			paidOn: line.bookedOn,
			amount: line.amount,
			method: 'bank',
			note: line.text,
			userName: staff.name,
		})
		await tx.update(bankLines).set({ paymentId: payment.id }).where(eq(bankLines.id, line.id))
		outcome.registered++
		outcome.orders.add(invoice.orderId)
	}
}

// The columns last used, and those remembered for each bank's export by its header.
export async function bankLayout(
	db: Database,
): Promise<{ layout: BankCsvLayout; byBank: Record<string, BankCsvLayout> }> {
	const [row] = await db
		.select({ layout: settings.bankCsvLayout, byBank: settings.bankCsvLayouts })
		.from(settings)
		.where(eq(settings.id, 1))
	return { layout: row?.layout ?? DEFAULT_BANK_LAYOUT, byBank: row?.byBank ?? {} }
}

export const countOpenBankLines = async (db: Database) =>
	(
		await db
			.select({ n: sql<number>`count(*)::int` })
			.from(bankLines)
			.where(openLine)
	)[0]?.n ?? 0
