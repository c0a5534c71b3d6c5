import { describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { companies, customerCompanies, customers, orders, quotes } from '#database/schema.ts'
import { acceptQuote } from '#app/models/order/accept.server.ts'
import { approvalGate, approvalsFor, decideApproval, setApprovalLimit } from '#app/models/customer/approvals.server.ts'
import { removeColleague } from '#app/models/customer/company.server.ts'
import type { Customer } from '#app/models/customer/session.server.ts'
import { acceptFields, savedQuote, setupOrderTests } from '#tests/setup/orders.ts'

const { db, mails, services } = setupOrderTests()
const CVR = 40404040

// A company with a manager and two colleagues, in the registry and with an account.
async function company() {
	await db().insert(companies).values({ cvr: CVR, name: 'Lys & Lyd ApS', searchName: 'lys lyd', isActive: true })
	const [row] = await db().insert(customerCompanies).values({ cvr: CVR, name: 'Lys & Lyd ApS' }).returning()
	const member = async (email: string, manages: boolean): Promise<Customer> => {
		const details = {
			name: email.split('@')[0]!,
			phone: '',
			companyCvr: CVR,
			companyName: 'Lys & Lyd ApS',
			companyAddress: null,
			ean: null,
			buyerReference: null,
		}
		const [customer] = await db()
			.insert(customers)
			.values({ email, details, companyId: row!.id, managesCompany: manages })
			.returning()
		return { ...customer!, sessionId: '' }
	}
	return {
		boss: await member('boss@lys.dk', true),
		anna: await member('anna@lys.dk', false),
		bo: await member('bo@lys.dk', false),
	}
}

const fieldsFor = (who: Customer) =>
	acceptFields({
		email: who.email,
		name: who.details.name,
		customer_kind: 'company',
		company_cvr: String(CVR),
		purchase_order: 'PO-9',
	})
const limitOf = async (manager: { companyId: number | null }) =>
	(await db().select().from(customerCompanies).where(eq(customerCompanies.id, manager.companyId!)))[0]!.approvalLimit
const ordersOf = async (email: string) =>
	(await db().select().from(orders)).filter((order) => order.customer.email === email)

describe('a company’s rule for large orders', () => {
	test('a colleague’s order above the limit waits for a manager; approved, it becomes the colleague’s order; declined, the colleague hears why', async () => {
		const { boss, anna, bo } = await company()
		expect(await setApprovalLimit(db(), anna, '1000', 'da')).toBe('refused')
		expect(await setApprovalLimit(db(), boss, 'lots', 'da')).toBe('invalid')
		// Read as the page's language writes it: the English page shows and takes "25,000".
		expect(await setApprovalLimit(db(), boss, '25,000', 'da')).toBe('invalid')
		expect(await setApprovalLimit(db(), boss, '25,000', 'en')).toBe('saved')
		expect(await limitOf(boss)).toBe(25_000)
		expect(await setApprovalLimit(db(), boss, '1.000', 'en')).toBe('invalid')
		expect(await setApprovalLimit(db(), boss, '1.000,00', 'da')).toBe('saved')
		expect(await limitOf(boss)).toBe(1000)

		// Under the limit, or for herself, she orders as before.
		const small = await savedQuote(db(), 100)
		const direct = await acceptQuote(
			services(),
			small.quoteId,
			fieldsFor(anna),
			'da',
			undefined,
			approvalGate(services(), anna, 'da'),
		)
		expect(direct.ok).toBe(true)

		mails.length = 0
		const large = await savedQuote(db(), 8000)
		const held = await acceptQuote(
			services(),
			large.quoteId,
			fieldsFor(anna),
			'da',
			undefined,
			approvalGate(services(), anna, 'da'),
		)
		expect(held).toMatchObject({ ok: false, errors: {}, approvalId: expect.any(Number) })
		expect((await ordersOf('anna@lys.dk')).length).toBe(1)
		expect(mails.map((mail) => mail.to)).toEqual(['boss@lys.dk'])
		expect(mails[0]!.subject).toBe('anna beder om godkendelse af en bestilling')
		// Asked again (a second click), it is the same approval.
		const again = await acceptQuote(
			services(),
			large.quoteId,
			fieldsFor(anna),
			'da',
			undefined,
			approvalGate(services(), anna, 'da'),
		)
		expect(again).toMatchObject({ approvalId: (held as { approvalId: number }).approvalId })
		const approvalId = (held as { approvalId: number }).approvalId

		// Anna sees hers waiting; Bo sees none of it; the manager decides.
		expect((await approvalsFor(db(), anna)).map((a) => [a.status, a.mayDecide])).toEqual([['pending', false]])
		expect(await approvalsFor(db(), bo)).toEqual([])
		expect(await decideApproval(services(), anna, approvalId, { decision: 'approve', note: '' })).toEqual({
			ok: false,
			reason: 'not-found',
		})
		mails.length = 0
		const approved = await decideApproval(services(), boss, approvalId, { decision: 'approve', note: 'OK' })
		expect(approved).toMatchObject({ ok: true, decision: 'approve' })
		const made = await ordersOf('anna@lys.dk')
		expect(made).toHaveLength(2)
		expect(made.at(-1)!.customer).toMatchObject({ companyCvr: CVR, purchaseOrder: 'PO-9', name: 'anna' })
		expect(mails.filter((mail) => mail.to === 'anna@lys.dk').map((mail) => mail.subject)).toEqual(
			expect.arrayContaining(['Din bestilling er godkendt', expect.stringContaining(made.at(-1)!.reference)]),
		)
		// Decided once only.
		expect(await decideApproval(services(), boss, approvalId, { decision: 'decline', note: 'Nej' })).toEqual({
			ok: false,
			reason: 'not-found',
		})

		const other = await savedQuote(db(), 8000)
		const second = await acceptQuote(
			services(),
			other.quoteId,
			fieldsFor(anna),
			'da',
			undefined,
			approvalGate(services(), anna, 'da'),
		)
		const secondId = (second as { approvalId: number }).approvalId
		expect(await decideApproval(services(), boss, secondId, { decision: 'decline', note: '' })).toEqual({
			ok: false,
			reason: 'note',
		})
		mails.length = 0
		expect(
			await decideApproval(services(), boss, secondId, { decision: 'decline', note: 'Brug den gamle oversættelse' }),
		).toEqual({
			ok: true,
			decision: 'decline',
		})
		expect(mails[0]!.text).toContain('boss har afvist din bestilling: Brug den gamle oversættelse')
		expect((await ordersOf('anna@lys.dk')).length).toBe(2)
	})

	test('a quote that expired while it waited cannot be approved; a colleague removed takes their waiting orders along', async () => {
		const [row] = await db().select().from(customerCompanies).where(eq(customerCompanies.cvr, CVR))
		const [boss] = await db().select().from(customers).where(eq(customers.email, 'boss@lys.dk'))
		const [bo] = await db().select().from(customers).where(eq(customers.email, 'bo@lys.dk'))
		const manager = { ...boss!, sessionId: '' }
		const colleague = { ...bo!, sessionId: '' }
		expect(row!.approvalLimit).toBe(1000)

		const stale = await savedQuote(db(), 8000)
		const held = await acceptQuote(
			services(),
			stale.quoteId,
			fieldsFor(colleague),
			'da',
			undefined,
			approvalGate(services(), colleague, 'da'),
		)
		const staleId = (held as { approvalId: number }).approvalId
		await db().update(quotes).set({ validUntil: '2020-01-01' }).where(eq(quotes.id, stale.quoteId))
		expect((await approvalsFor(db(), manager)).find((a) => a.id === staleId)).toMatchObject({
			status: 'expired',
			mayDecide: false,
		})
		expect(await decideApproval(services(), manager, staleId, { decision: 'approve', note: '' })).toEqual({
			ok: false,
			reason: 'expired',
		})

		const waiting = await savedQuote(db(), 8000)
		const asked = await acceptQuote(
			services(),
			waiting.quoteId,
			fieldsFor(colleague),
			'da',
			undefined,
			approvalGate(services(), colleague, 'da'),
		)
		const waitingId = (asked as { approvalId: number }).approvalId
		expect(await removeColleague(services(), manager, 'bo@lys.dk')).toBe(true)
		expect((await approvalsFor(db(), manager)).find((a) => a.id === waitingId)!.status).toBe('withdrawn')
		expect(await decideApproval(services(), manager, waitingId, { decision: 'approve', note: '' })).toEqual({
			ok: false,
			reason: 'not-found',
		})
	})
})

// The rule is the company's whatever the request carries (found from outside: a colleague in a
// private window, with their own e-mail or anyone's, and re-posting after a manager's no).
describe('the rule holds for the company’s CVR above its limit, signed in or not', () => {
	const accept = (quoteId: string, fields: Record<string, string>, account: Customer | null) =>
		acceptQuote(services(), quoteId, fields as never, 'da', undefined, approvalGate(services(), account, 'da'))
	const asSomeone = (email: string) => ({ ...fieldsFor({ email, details: { name: email } } as Customer) })

	test('signed out, with the colleague’s or another person’s e-mail, the order waits for a manager; re-posted it is the same approval', async () => {
		const [boss] = await db().select().from(customers).where(eq(customers.email, 'boss@lys.dk'))
		const manager = { ...boss!, sessionId: '' }
		for (const email of ['anna@lys.dk', 'stranger@elsewhere.dk', 'boss@lys.dk']) {
			const { quoteId } = await savedQuote(db(), 8000)
			mails.length = 0
			const held = await accept(quoteId, asSomeone(email), null)
			expect(held, email).toMatchObject({ ok: false, approvalId: expect.any(Number) })
			expect(await db().select().from(orders).where(eq(orders.quoteId, quoteId))).toEqual([])
			expect(mails.map((mail) => mail.to)).toEqual(['boss@lys.dk'])
			const again = await accept(quoteId, asSomeone(email), null)
			expect(again).toMatchObject({ approvalId: (held as { approvalId: number }).approvalId })
			expect((await approvalsFor(db(), manager)).find((a) => a.quoteId === quoteId)).toMatchObject({
				status: 'pending',
				requester: email,
				mayDecide: true,
			})
		}
	})

	test('declined, the quote cannot be accepted by anyone, however it is posted', async () => {
		const [boss] = await db().select().from(customers).where(eq(customers.email, 'boss@lys.dk'))
		const manager = { ...boss!, sessionId: '' }
		const { quoteId } = await savedQuote(db(), 8000)
		const held = (await accept(quoteId, asSomeone('anna@lys.dk'), null)) as { approvalId: number }
		await decideApproval(services(), manager, held.approvalId, { decision: 'decline', note: 'Too much' })
		for (const account of [null, manager])
			await expect(accept(quoteId, asSomeone('anna@lys.dk'), account)).rejects.toMatchObject({ reason: 'declined' })
		expect(await db().select().from(orders).where(eq(orders.quoteId, quoteId))).toEqual([])
	})

	test('a manager signed in orders at once, and a quote that waited for them is approved by it', async () => {
		const [boss] = await db().select().from(customers).where(eq(customers.email, 'boss@lys.dk'))
		const manager = { ...boss!, sessionId: '' }
		const { quoteId } = await savedQuote(db(), 8000)
		const held = (await accept(quoteId, asSomeone('anna@lys.dk'), null)) as { approvalId: number }
		const ordered = await accept(quoteId, asSomeone('boss@lys.dk'), manager)
		expect(ordered).toMatchObject({ ok: true, isNew: true })
		expect((await approvalsFor(db(), manager)).find((a) => a.id === held.approvalId)?.status).toBe('approved')
		// Under the limit nobody waits.
		const small = await savedQuote(db(), 100)
		expect(await accept(small.quoteId, asSomeone('stranger@elsewhere.dk'), null)).toMatchObject({ ok: true })
	})
})
