import { describe, expect, test } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import {
	auditEvents,
	companies,
	customerLinks,
	customers,
	invoices,
	orderEvents,
	orderFiles,
	orderRatings,
	orders,
	quotes,
	requests,
} from '#database/schema.ts'
import { rateOrder, requestRevision } from '#app/models/order/after-delivery.server.ts'
import { changeOrderStatus } from '#app/models/order/lifecycle.server.ts'
import { acceptQuote } from '#app/models/order/accept.server.ts'
import { countOrders } from '#app/models/order/admin.server.ts'
import { askForSignInLink, askToChangeEmail, saveDetails, spendLink } from '#app/models/customer/account.server.ts'
import { issueLink, LINK_LIMITS, peekLink } from '#app/models/customer/links.server.ts'
import { findSessionCustomer, type Customer } from '#app/models/customer/session.server.ts'
import { colleaguesOf, inviteColleague, removeColleague } from '#app/models/customer/company.server.ts'
import {
	accessOf,
	accountInvoices,
	accountOrders,
	accountQuotes,
	deliveryForAccount,
	invoiceForAccount,
} from '#app/models/customer/records.server.ts'
import { anonymiseOldInvoices, deleteCustomerAccount, exportCustomerData } from '#app/models/customer/privacy.server.ts'
import { classesOf, PERSONAL_DATA, type PersonalTable } from '#app/models/customer/personal-data.server.ts'
import { customerMayListen } from '#app/models/customer/live.server.ts'
import { CABLE_REVOKE_STREAM, orderStream } from '#app/utils/cable.ts'
import { acceptFields, inProgressWithFile, savedQuote, setupOrderTests } from '#tests/setup/orders.ts'

const { db, mails, services, staff } = setupOrderTests()
const CVR = 37525456

// A delivered (and so invoiced) order accepted with this e-mail, for a company when given its CVR.
async function deliveredOrder(email: string, cvr: number | null = null) {
	const { quoteId } = await savedQuote(db())
	const accepted = await acceptQuote(services(), quoteId, acceptFields({ email, name: `Name of ${email}` }), 'da')
	if (!accepted.ok) throw new Error(JSON.stringify(accepted))
	const order = await inProgressWithFile(services(), staff, accepted.token)
	if (cvr)
		await db()
			.update(orders)
			.set({ customer: { ...order.customer, kind: 'company', companyCvr: cvr, companyName: 'Firma ApS' } })
			.where(eq(orders.id, order.id))
	await changeOrderStatus(services(), staff, order.id, 'delivered')
	const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, order.id))
	const [file] = await db().select().from(orderFiles).where(eq(orderFiles.orderId, order.id))
	return { order, quoteId, invoice: invoice!, file: file! }
}

const tokenIn = (text: string) => text.match(/\/(?:en\/account|konto)\/link\/([\w-]{43})/)?.[1] ?? null

// Signs in as the e-mail by the link the mail brought.
async function signedIn(email: string): Promise<Customer & { token: string }> {
	mails.length = 0
	expect(await askForSignInLink(services(), { email, locale: 'da', ipHash: `ip-${email}` })).toBe('sent')
	const used = await spendLink(services(), tokenIn(mails.at(-1)!.text)!)
	if (!used.ok) throw new Error(used.reason)
	return { ...(await findSessionCustomer(db(), used.sessionToken))!, token: used.sessionToken }
}

describe('signing in with a link by e-mail', () => {
	test('the same answer for a known and an unknown address; the link signs in once, as the address it was sent to', async () => {
		await deliveredOrder('ida@example.dk')
		mails.length = 0
		for (const email of ['Ida@Example.dk', 'nobody@example.dk'])
			expect(await askForSignInLink(services(), { email, locale: 'en', ipHash: 'one-address' })).toBe('sent')
		expect(mails.map((mail) => mail.to)).toEqual(['ida@example.dk', 'nobody@example.dk'])
		expect(mails[0]!.subject).toContain('sign-in link')
		const token = tokenIn(mails[0]!.text)!
		expect(mails[0]!.text).toContain(`http://localhost/en/account/link/${token}`)

		expect((await peekLink(db(), token)).state).toBe('valid')
		const used = await spendLink(services(), token)
		expect(used.ok && used.customer.email).toBe('ida@example.dk')
		// Made at first use, with the details of the order made before the account.
		const [account] = await db().select().from(customers).where(eq(customers.email, 'ida@example.dk'))
		expect(account!.details.name).toBe('Name of ida@example.dk')

		expect(await spendLink(services(), token)).toEqual({ ok: false, reason: 'used', email: 'ida@example.dk' })
		const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')
		expect(await spendLink(services(), tampered)).toEqual({ ok: false, reason: 'unknown', email: null })
		expect(await spendLink(services(), 'not-a-token')).toEqual({ ok: false, reason: 'unknown', email: null })
	})

	test('a link is good for 15 minutes, and an older one says it expired', async () => {
		const sent = new Date(Date.now() - 16 * 60 * 1000)
		const token = (await issueLink(db(), { purpose: 'sign-in', email: 'late@example.dk', ipHash: 'late' }, sent))!
		expect((await peekLink(db(), token)).state).toBe('expired')
		expect(await spendLink(services(), token)).toEqual({ ok: false, reason: 'expired', email: 'late@example.dk' })
		const fresh = (await issueLink(
			db(),
			{ purpose: 'sign-in', email: 'late@example.dk', ipHash: 'late' },
			new Date(Date.now() - 14 * 60 * 1000),
		))!
		expect((await spendLink(services(), fresh)).ok).toBe(true)
	})

	test('limited per e-mail and per address, known or not', async () => {
		for (let n = 0; n < LINK_LIMITS.perEmail; n++)
			expect(await askForSignInLink(services(), { email: 'busy@example.dk', locale: 'da', ipHash: `a${n}` })).toBe(
				'sent',
			)
		expect(await askForSignInLink(services(), { email: 'busy@example.dk', locale: 'da', ipHash: 'another' })).toBe(
			'limited',
		)
		for (let n = 0; n < LINK_LIMITS.perAddress; n++)
			await askForSignInLink(services(), { email: `p${n}@example.dk`, locale: 'da', ipHash: 'one-robot' })
		expect(await askForSignInLink(services(), { email: 'fresh@example.dk', locale: 'da', ipHash: 'one-robot' })).toBe(
			'limited',
		)
		expect(await askForSignInLink(services(), { email: 'not an address', locale: 'da', ipHash: 'x' })).toBe('invalid')
	})

	test('a new e-mail is taken only when its link is used, and never one another account has', async () => {
		const customer = await signedIn('move@example.dk')
		await signedIn('taken@example.dk')
		mails.length = 0
		expect(await askToChangeEmail(services(), customer, { email: 'taken@example.dk', locale: 'da', ipHash: 'm' })).toBe(
			'sent',
		)
		expect(await spendLink(services(), tokenIn(mails[0]!.text)!)).toMatchObject({ ok: false, reason: 'taken' })
		expect(await askToChangeEmail(services(), customer, { email: 'moved@example.dk', locale: 'da', ipHash: 'm' })).toBe(
			'sent',
		)
		expect(mails[1]!.to).toBe('moved@example.dk')
		// A sign-in link mailed to the old address before the move opens nothing after it.
		expect(await askForSignInLink(services(), { email: 'move@example.dk', locale: 'da', ipHash: 'old' })).toBe('sent')
		const oldLink = tokenIn(mails[2]!.text)!
		const [before] = await db().select().from(customers).where(eq(customers.id, customer.id))
		expect(before!.email).toBe('move@example.dk')
		expect((await spendLink(services(), tokenIn(mails[1]!.text)!)).ok).toBe(true)
		const [after] = await db().select().from(customers).where(eq(customers.id, customer.id))
		expect(after!.email).toBe('moved@example.dk')
		// The browser that was signed in under the old address signs in again; the link's own is in.
		expect(await findSessionCustomer(db(), customer.token)).toBeNull()
		expect(await spendLink(services(), oldLink)).toMatchObject({ ok: false, reason: 'expired' })
		expect((await db().select().from(customers).where(eq(customers.email, 'move@example.dk'))).length).toBe(0)
	})
})

describe('what an account reaches', () => {
	test('its own orders, files, invoices and quotes, never another customer’s (every id and key tried)', async () => {
		const own = await deliveredOrder('owner@example.dk')
		const other = await deliveredOrder('other@example.dk')
		await db()
			.insert(requests)
			.values({
				reference: 'REQ1-OWN1',
				locale: 'da',
				name: 'Owner',
				email: 'OWNER@example.dk',
				quoteId: (await savedQuote(db())).quoteId,
				ipHash: 'x',
				fingerprint: 'owner-request',
			})
		const owner = accessOf(await signedIn('owner@example.dk'))
		const stranger = accessOf(await signedIn('other@example.dk'))

		const orderRefs = (await accountOrders(db(), owner)).rows.map((row) => row.reference)
		expect(orderRefs).toEqual([own.order.reference])
		expect((await accountOrders(db(), owner)).rows[0]!.files.map((file) => file.id)).toEqual([own.file.id])
		expect((await accountInvoices(db(), owner)).rows.map((row) => row.id)).toEqual([own.invoice.id])
		const quoteIds = (await accountQuotes(db(), owner)).rows.map((row) => row.id)
		expect(quoteIds).toHaveLength(2)
		expect(quoteIds).toContain(own.quoteId)
		expect(quoteIds).not.toContain(other.quoteId)

		expect(await invoiceForAccount(db(), owner, own.invoice.id)).not.toBeNull()
		expect(await invoiceForAccount(db(), owner, other.invoice.id)).toBeNull()
		expect(await invoiceForAccount(db(), stranger, own.invoice.id)).toBeNull()
		expect(await deliveryForAccount(db(), owner, own.file.id)).not.toBeNull()
		expect(await deliveryForAccount(db(), owner, other.file.id)).toBeNull()
		expect(await deliveryForAccount(db(), stranger, own.file.id)).toBeNull()
		expect((await accountOrders(db(), stranger)).rows.map((row) => row.reference)).toEqual([other.order.reference])
	})
})

describe('colleagues', () => {
	test('the first account of a company manages it; an invited colleague sees the company’s records and not private ones, until removed', async () => {
		await db()
			.insert(companies)
			.values({ cvr: CVR, name: 'Firma ApS', searchName: 'firma', isActive: true })
			.onConflictDoNothing()
		const companyOrder = await deliveredOrder('boss@firma.dk', CVR)
		const privateOrder = await deliveredOrder('boss@firma.dk')
		const colleagueOrder = await deliveredOrder('anna@firma.dk', CVR)
		// A stranger who typed the company's CVR is not the company.
		const strangerOrder = await deliveredOrder('someone@else.dk', CVR)

		let boss: Customer = await signedIn('boss@firma.dk')
		const fields = {
			name: 'Bo Boss',
			phone: '',
			company_cvr: String(CVR),
			company_query: '',
			ean: '',
			buyer_reference: '',
			invoice_email: '',
		}
		expect(await saveDetails(db(), boss, fields)).toEqual({ ok: true, company: 'created' })
		boss = (await findSessionCustomer(db(), await freshSession('boss@firma.dk')))!
		expect(boss.managesCompany).toBe(true)

		mails.length = 0
		expect(await inviteColleague(services(), boss, { email: 'anna@firma.dk', locale: 'en', ipHash: 'b' })).toBe('sent')
		expect(mails[0]!.subject).toContain('Firma ApS')
		expect((await colleaguesOf(db(), boss))!.invited).toEqual(['anna@firma.dk'])
		const joined = await spendLink(services(), tokenIn(mails[0]!.text)!)
		if (!joined.ok) throw new Error(joined.reason)
		const anna = (await findSessionCustomer(db(), joined.sessionToken))!
		expect(anna.companyId).toBe(boss.companyId)

		const seen = async (customer: Customer) =>
			(await accountOrders(db(), accessOf(customer))).rows.map((row) => row.reference).sort()
		expect(await seen(anna)).toEqual([companyOrder.order.reference, colleagueOrder.order.reference].sort())
		expect(await seen(boss)).toEqual(
			[companyOrder.order.reference, privateOrder.order.reference, colleagueOrder.order.reference].sort(),
		)
		expect(await seen(boss)).not.toContain(strangerOrder.order.reference)
		const annaAccess = accessOf(anna)
		expect(await invoiceForAccount(db(), annaAccess, companyOrder.invoice.id)).not.toBeNull()
		expect(await invoiceForAccount(db(), annaAccess, privateOrder.invoice.id)).toBeNull()
		// A colleague's order is listed without its own link (that stays with the one who ordered).
		const listed = (await accountOrders(db(), annaAccess)).rows.find(
			(row) => row.reference === companyOrder.order.reference,
		)
		expect(listed!.token).toBeNull()
		expect(listed!.orderedBy).toBe('Name of boss@firma.dk')

		// Only the manager removes, and only the company's own people; the removed colleague loses the
		// company's records at once.
		expect(await removeColleague(services(), anna, 'boss@firma.dk')).toBe(false)
		const otherManager = { ...boss, id: -1, email: 'boss@other.dk', companyId: boss.companyId! + 1000 }
		await removeColleague(services(), otherManager, 'anna@firma.dk')
		expect((await findSessionCustomer(db(), joined.sessionToken))!.companyId).toBe(boss.companyId)
		// Her open pages hear the company's order until she is removed, and her sockets are told at once.
		const companyStream = orderStream(companyOrder.order.id)
		expect(await customerMayListen(db(), anna, companyStream)).toBe(true)
		const broadcasts: [string, unknown][] = []
		const listening = {
			...services(),
			broadcast: async (stream: string, message: unknown) => void broadcasts.push([stream, message]),
		}
		expect(await removeColleague(listening, boss, 'anna@firma.dk')).toBe(true)
		expect(broadcasts).toContainEqual([CABLE_REVOKE_STREAM, { customerId: anna.id }])
		expect(await customerMayListen(db(), anna, companyStream)).toBe(false)
		expect(await customerMayListen(db(), anna, orderStream(colleagueOrder.order.id))).toBe(true)
		expect(await customerMayListen(db(), anna, `customer:${boss.id}`)).toBe(false)
		const removed = (await findSessionCustomer(db(), joined.sessionToken))!
		expect(removed.companyId).toBeNull()
		expect(await seen(removed)).toEqual([colleagueOrder.order.reference])
		expect(await invoiceForAccount(db(), annaAccess, companyOrder.invoice.id)).toBeNull()
		expect(await deliveryForAccount(db(), annaAccess, companyOrder.file.id)).toBeNull()
	})
})

describe('invitations of two companies', () => {
	test("a manager withdrawing an address's invitation withdraws their own company's only", async () => {
		const managerOf = async (email: string, cvr: number, name: string) => {
			await db()
				.insert(companies)
				.values({ cvr, name, searchName: name.toLowerCase(), isActive: true })
				.onConflictDoNothing()
			const account = await signedIn(email)
			const fields = {
				name,
				phone: '',
				company_cvr: String(cvr),
				company_query: '',
				ean: '',
				buyer_reference: '',
				invoice_email: '',
			}
			expect(await saveDetails(db(), account, fields)).toMatchObject({ ok: true })
			return (await findSessionCustomer(db(), await freshSession(email)))!
		}
		const first = await managerOf('boss@first.dk', 10150817, 'First ApS')
		const second = await managerOf('boss@second.dk', 25052943, 'Second ApS')
		const invite = async (manager: Customer) => {
			mails.length = 0
			expect(
				await inviteColleague(services(), manager, { email: 'both@people.dk', locale: 'da', ipHash: `i${manager.id}` }),
			).toBe('sent')
			return tokenIn(mails.at(-1)!.text)!
		}
		const fromFirst = await invite(first)
		const fromSecond = await invite(second)
		expect(await removeColleague(services(), first, 'both@people.dk')).toBe(true)
		expect((await peekLink(db(), fromFirst)).state).toBe('expired')
		expect((await peekLink(db(), fromSecond)).state).toBe('valid')
		expect((await colleaguesOf(db(), second))!.invited).toEqual(['both@people.dk'])
	})
})

// A second browser's session for an e-mail (a fresh link).
async function freshSession(email: string) {
	mails.length = 0
	await askForSignInLink(services(), { email, locale: 'da', ipHash: `again-${email}` })
	const used = await spendLink(services(), tokenIn(mails.at(-1)!.text)!)
	if (!used.ok) throw new Error(used.reason)
	return used.sessionToken
}

describe('their data', () => {
	// Export and deletion read one list: a column added to a customer's tables fails here until it
	// is said to be the person's (exported and erased), the agency's record, or a secret.
	test.each(Object.keys(PERSONAL_DATA) as PersonalTable[])('every column of %s is classified', (name) => {
		const { columns, classified } = classesOf(name)
		expect(classified).toEqual(columns)
	})

	test('the download holds the person’s own records and files, and none of a colleague’s', async () => {
		const mine = await deliveredOrder('data@example.dk')
		await deliveredOrder('notdata@example.dk')
		const customer = await signedIn('data@example.dk')
		const exported = await exportCustomerData(db(), customer)
		expect(exported.account.email).toBe('data@example.dk')
		expect(exported.orders.map((order) => order.reference)).toEqual([mine.order.reference])
		expect(exported.invoices.map((invoice) => invoice.number)).toEqual([mine.invoice.number])
		expect(exported.files.deliveries.map((file) => file.name)).toEqual(['contract.docx'])
		expect(JSON.stringify(exported)).not.toContain('notdata@example.dk')
		expect(JSON.stringify(exported)).not.toContain(mine.order.token)
	})

	test('deleting the account erases the person everywhere but the invoices, which lose them after five years', async () => {
		const mine = await deliveredOrder('gone@example.dk')
		await requestRevision(services(), mine.order.token, 'My name is Gone Person, see page 2.')
		await db().update(orders).set({ status: 'delivered' }).where(eq(orders.id, mine.order.id))
		expect(await rateOrder(services(), mine.order.token, { rating: '1', comment: 'Gone Person is unhappy.' })).toEqual({
			ok: true,
		})
		const customer = await signedIn('gone@example.dk')
		// What the person wrote is in their download before it goes.
		const download = await exportCustomerData(db(), customer)
		expect(download.orderHistory.map((event) => event.body)).toContain('My name is Gone Person, see page 2.')
		expect(download.ratings).toMatchObject([{ rating: 1, comment: 'Gone Person is unhappy.' }])
		// The finance office the order named may be a person's address too.
		const [named] = await db().select().from(orders).where(eq(orders.id, mine.order.id))
		const invoiceEmail = 'hanne.gone@example.dk'
		await db()
			.update(orders)
			.set({ customer: { ...named!.customer, invoiceEmail } })
			.where(eq(orders.id, mine.order.id))
		expect(await deleteCustomerAccount(services(), customer)).toBe('deleted')
		const written = JSON.stringify([
			await db().select().from(orderEvents).where(eq(orderEvents.orderId, mine.order.id)),
			await db().select().from(orderRatings).where(eq(orderRatings.orderId, mine.order.id)),
			await db().select().from(customerLinks).where(eq(customerLinks.email, 'gone@example.dk')),
		])
		expect(written).not.toContain('Gone Person')
		expect(written).not.toContain('gone@example.dk')

		const [order] = await db().select().from(orders).where(eq(orders.id, mine.order.id))
		expect(order!.customer).toMatchObject({ name: '–', email: '', phone: '', invoiceEmail: null })
		expect(await db().select().from(customers).where(eq(customers.email, 'gone@example.dk'))).toEqual([])
		const [file] = await db().select().from(orderFiles).where(eq(orderFiles.id, mine.file.id))
		expect(file!.deletedAt).not.toBeNull()
		const left = await db().execute(
			sql`select count(*)::int as n from orders where customer::text ilike '%gone@example.dk%'`,
		)
		expect((left.rows[0] as { n: number }).n).toBe(0)
		// The invoice is kept whole for bookkeeping…
		const [kept] = await db().select().from(invoices).where(eq(invoices.id, mine.invoice.id))
		expect(kept!.buyer.email).toBe('gone@example.dk')
		expect(await anonymiseOldInvoices(db())).toBe(0)
		// …and five years on, the person goes from it too.
		const fiveYearsOn = new Date(Date.now() + (5 * 365 + 3) * 24 * 60 * 60 * 1000)
		expect(await anonymiseOldInvoices(db(), fiveYearsOn)).toBeGreaterThanOrEqual(1)
		const [later] = await db().select().from(invoices).where(eq(invoices.id, mine.invoice.id))
		expect(later!.buyer).toMatchObject({ name: '–', email: null, contact: null })
		// The audit log says an account went, never whose.
		const audit = await db().select().from(auditEvents).where(eq(auditEvents.subjectType, 'customers'))
		expect(audit).toHaveLength(1)
		expect(JSON.stringify(audit)).not.toContain('gone@example.dk')
		expect(JSON.stringify(audit)).not.toContain('Name of gone')
		const [quote] = await db().select().from(quotes).where(eq(quotes.id, mine.quoteId))
		expect(quote!.customerId).toBeNull()
	})

	test('an account with an order in progress is not deleted until it is delivered or cancelled', async () => {
		const { quoteId } = await savedQuote(db())
		const accepted = await acceptQuote(services(), quoteId, acceptFields({ email: 'busy2@example.dk' }), 'da')
		expect(accepted.ok).toBe(true)
		const customer = await signedIn('busy2@example.dk')
		expect(await deleteCustomerAccount(services(), customer)).toBe('open-orders')
	})

	test('an order whose revision was asked for is still open: in staff’s default list, and it keeps the account', async () => {
		const order = await deliveredOrder('revising@example.dk')
		const before = await countOrders(db(), {})
		expect(await requestRevision(services(), order.order.token, 'The dates are in the wrong format.')).toBe('requested')
		expect(await countOrders(db(), {})).toBe(before + 1)
		expect(await deleteCustomerAccount(services(), await signedIn('revising@example.dk'))).toBe('open-orders')
	})
})
