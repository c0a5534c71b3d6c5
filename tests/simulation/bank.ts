import { addCalendarDays, type CalendarDate } from '#app/models/calendar/working-days.ts'
import { pathFor } from '#app/utils/locales.ts'
import { person, type Person } from '#tests/simulation/http.ts'
import type { MorningPlan } from '#tests/simulation/plan.ts'
import { expectOk } from '#tests/simulation/staff.ts'
import type { World } from '#tests/simulation/world.ts'

type Day = { url: string; today: CalendarDate }

// Customers pay as each does, the amount their order page asks (which includes a reminder's fee),
// into the agency's account: the bank's side of it, for tomorrow's statement.
export async function customersPay(world: World, day: Day, plan: MorningPlan) {
	for (const invoice of plan.invoices) {
		const order = plan.orders.find((row) => row.id === invoice.orderId)!
		const habit = world.habits.get(order.token) ?? 'prompt'
		const made = world.paid.get(invoice.number) ?? 0
		const onTime = addCalendarDays(invoice.issueDate as CalendarDate, 1 + (invoice.number % 6)) <= day.today
		const reminded = invoice.charges > 0
		const pays =
			invoice.owed > 0 &&
			((made === 0 && onTime && ['prompt', 'twice', 'short', 'wrong-column'].includes(habit)) ||
				(made === 0 && reminded && habit === 'late') ||
				(made === 1 && reminded && habit === 'short'))
		const again = habit === 'twice' && made === 1 && invoice.owed === 0
		if (!pays && !(again && world.random.chance(0.5))) continue
		const amount = again
			? invoice.total
			: (await owedOnPage(day.url, order)) - (habit === 'short' && made === 0 ? 50 : 0)
		const reference = world.random.pick([`Faktura ${invoice.number}`, `Fakt. ${invoice.number}`, order.email])
		world.bank.push({
			bookedOn: day.today,
			text: habit === 'wrong-column' ? order.email : reference,
			saldo: habit === 'wrong-column' ? `Faktura ${invoice.number}` : '0,00',
			amount: Math.round(amount * 100) / 100,
			invoiceNumber: invoice.number,
		})
		world.paid.set(invoice.number, made + 1)
		world.counts.payments++
	}
}

async function owedOnPage(url: string, order: MorningPlan['orders'][number]) {
	const page = await person(url).page(pathFor('orderStatus', order.locale as 'da' | 'en', { token: order.token }))
	const owed = /data-owed="([\d.]+)"/.exec(page.html)?.[1]
	if (!owed) throw new Error(`the order page of ${order.reference} shows nothing to pay`)
	return Number(owed)
}

const danish = (amount: number) =>
	new Intl.NumberFormat('da-DK', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)
// The date as one bank or another writes it: each statement in one of the forms the import reads.
const DATE_FORMS = [
	(date: CalendarDate) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`,
	(date: CalendarDate) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`,
	(date: CalendarDate) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`,
	(date: CalendarDate) => date,
]

// A banking day: staff import the statement of what was booked since the last one (with the rent
// going out), then confirm each line the page matched, find the others by hand, or ignore them.
export async function bankDay(world: World, day: Day, pm: Person, plan: MorningPlan) {
	const bankDate = world.random.pick(DATE_FORMS)
	const lines = world.bank.filter((entry) => entry.bookedOn < day.today)
	world.bank = world.bank.filter((entry) => entry.bookedOn >= day.today)
	const csv = [
		'Dato;Tekst;Beløb;Saldo',
		`${bankDate(addCalendarDays(day.today, -1))};Husleje;-9.000,00;0,00`,
		...lines.map((line) => `${bankDate(line.bookedOn)};"${line.text}";${danish(line.amount)};"${line.saldo}"`),
	].join('\r\n')
	await pm.page('/admin/invoices/bank')
	const form = new FormData()
	for (const [name, value] of Object.entries({ date: '0', text: '1', amount: '2' })) form.append(name, value)
	form.append('file', new Blob([csv]), `kontoudtog-${day.today}.csv`)
	await expectOk('importing the bank statement', pm.upload('/admin/invoices/bank', form, false), pm)
	world.counts.bankLines += lines.length
	await confirmLines(world, pm, lines, new Set(plan.invoices.map((invoice) => String(invoice.number))))
}

// A payment for an invoice credited meanwhile is ignored here (the agency pays it back).
async function confirmLines(world: World, pm: Person, imported: World['bank'], standing: Set<string>) {
	const page = await pm.page('/admin/invoices/bank')
	const rows = page.html
		.split('<tr')
		.map((row) => ({ row, id: /name="invoice-(\d+)"/.exec(row)?.[1] }))
		.filter((found): found is { row: string; id: string } => found.id !== undefined)
	const fields: Record<string, string[] | string> = { register: [], ignore: [] }
	for (const { row, id } of rows) {
		const suggested = /name="invoice-\d+"[^>]*?value="(\d*)"/.exec(row)?.[1] ?? ''
		const cells = [...row.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((cell) => decode(cell[1]!))
		const truth = imported.find((line) => cells.includes(line.text))
		const number = suggested || (truth ? String(truth.invoiceNumber) : '')
		if (!number || !standing.has(number)) {
			;(fields.ignore as string[]).push(id)
			continue
		}
		;(fields.register as string[]).push(id)
		fields[`invoice-${id}`] = number
		if (suggested) world.counts.bankMatched++
		else world.counts.bankByHand++
	}
	if (rows.length) await expectOk('confirming bank lines', pm.post('/admin/invoices/bank', fields), pm)
}

const decode = (html: string) =>
	html
		.replace(/&amp;/g, '&')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&#x27;/g, "'")
