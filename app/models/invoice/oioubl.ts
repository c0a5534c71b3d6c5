import { xmlCharacters } from '#app/models/text/clean.ts'
import { fiPaymentId } from '#app/models/invoice/payment-reference.ts'
import type { InvoiceKind, InvoiceLine, InvoiceParty, SellerBank } from '#database/schema.ts'

// An invoice or credit note as OIOUBL 2.1, the Danish UBL profile public bodies receive through
// NemHandel: the buyer is addressed by its EAN (a GLN) as the endpoint, the seller by its CVR,
// with one VAT rate, payment to a Danish bank account (means 42, the invoice number as the payment
// note) and, when the agency has an FI creditor number, by FI card 71 (means 93), and totals that
// add up to the øre (LineExtensionAmount is the sum of the lines; TaxInclusiveAmount that plus the
// VAT). The buyer's contact carries the public body's person reference (Contact/ID).
// Checked by NemHandel's own validator in invoice/oioubl.test.ts.
export type OioublDocument = {
	kind: InvoiceKind
	number: number
	uuid: string
	issueDate: string
	dueDate: string
	currency: string
	orderReference: string
	// A credit note names the invoice it cancels.
	credits?: { number: number; issueDate: string } | null
	seller: InvoiceParty & { bank: SellerBank }
	buyer: InvoiceParty
	lines: InvoiceLine[]
	net: number
	vatPercent: number
	vat: number
	total: number
}

const CUSTOMIZATION_ID = 'OIOUBL-2.1'
const PROFILE_ID = 'urn:www.nesubl.eu:profiles:profile5:ver2.0'
const NS = {
	invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
	credit_note: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
	cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
	cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
}
const UNIT_CODES: Record<InvoiceLine['unit'], string> = {
	words: 'EA',
	minutes: 'MIN',
	pieces: 'EA',
	items: 'EA',
	pages: 'EA',
}

// What XML 1.0 cannot hold is left out; then the five that need it are escaped.
const escape = (value: string) =>
	xmlCharacters(value).replace(
		/[<>&"']/g,
		(c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
	)
const amount = (value: number) => value.toFixed(2)
const cvrId = (cvr: string) => `DK${cvr.replace(/\D/g, '')}`

type Node = string | null | undefined | false
const el = (name: string, attrs: Record<string, string> | null, ...children: Node[]) => {
	const attributes = attrs
		? Object.entries(attrs)
				.map(([key, value]) => ` ${key}="${escape(value)}"`)
				.join('')
		: ''
	const body = children.filter(Boolean).join('')
	return `<${name}${attributes}>${body}</${name}>`
}
const text = (name: string, value: string, attrs: Record<string, string> | null = null) =>
	el(name, attrs, escape(value))

export function renderOioubl(document: OioublDocument): string {
	const credit = document.kind === 'credit_note'
	const root = credit ? 'CreditNote' : 'Invoice'
	const money = (name: string, value: number) => text(name, amount(value), { currencyID: document.currency })
	const body = [
		text('cbc:UBLVersionID', '2.1'),
		text('cbc:CustomizationID', CUSTOMIZATION_ID),
		text('cbc:ProfileID', PROFILE_ID, { schemeAgencyID: '320', schemeID: 'urn:oioubl:id:profileid-1.2' }),
		text('cbc:ID', String(document.number)),
		text('cbc:CopyIndicator', 'false'),
		text('cbc:UUID', document.uuid),
		text('cbc:IssueDate', document.issueDate),
		!credit &&
			text('cbc:InvoiceTypeCode', '380', { listAgencyID: '320', listID: 'urn:oioubl:codelist:invoicetypecode-1.2' }),
		text('cbc:DocumentCurrencyCode', document.currency),
		el('cac:OrderReference', null, text('cbc:ID', document.orderReference)),
		credit &&
			document.credits &&
			el(
				'cac:BillingReference',
				null,
				el(
					'cac:InvoiceDocumentReference',
					null,
					text('cbc:ID', String(document.credits.number)),
					text('cbc:IssueDate', document.credits.issueDate),
				),
			),
		el('cac:AccountingSupplierParty', null, supplier(document.seller)),
		el('cac:AccountingCustomerParty', null, customer(document.buyer)),
		!credit && document.seller.bank.account && document.seller.bank.regNo && bankTransfer(document),
		!credit && document.seller.bank.fiCreditor && fiCard(document, document.seller.bank.fiCreditor),
		taxTotal(document.net, document.vat, document.vatPercent, document.currency),
		el(
			'cac:LegalMonetaryTotal',
			null,
			money('cbc:LineExtensionAmount', document.net),
			money('cbc:TaxExclusiveAmount', document.vat),
			money('cbc:TaxInclusiveAmount', document.total),
			money('cbc:PayableAmount', document.total),
		),
		...document.lines.map((line, index) => invoiceLine(line, index + 1, document, credit)),
	]
	return `<?xml version="1.0" encoding="UTF-8"?>\n${el(root, { xmlns: NS[document.kind], 'xmlns:cac': NS.cac, 'xmlns:cbc': NS.cbc }, ...body)}\n`
}

const PAYMENT_CHANNEL_LIST = { listAgencyID: '320', listID: 'urn:oioubl:codelist:paymentchannelcode-1.1' }

function bankTransfer(document: OioublDocument) {
	return el(
		'cac:PaymentMeans',
		null,
		text('cbc:ID', '1'),
		text('cbc:PaymentMeansCode', '42'),
		text('cbc:PaymentDueDate', document.dueDate),
		text('cbc:PaymentChannelCode', 'DK:BANK', PAYMENT_CHANNEL_LIST),
		el(
			'cac:PayeeFinancialAccount',
			null,
			text('cbc:ID', document.seller.bank.account),
			// At most 20 characters: the invoice number the customer types as the reference.
			text('cbc:PaymentNote', String(document.number)),
			el('cac:FinancialInstitutionBranch', null, text('cbc:ID', document.seller.bank.regNo)),
		),
	)
}

function fiCard(document: OioublDocument, creditor: string) {
	return el(
		'cac:PaymentMeans',
		null,
		text('cbc:ID', '2'),
		text('cbc:PaymentMeansCode', '93'),
		text('cbc:PaymentDueDate', document.dueDate),
		text('cbc:PaymentChannelCode', 'DK:FIK', PAYMENT_CHANNEL_LIST),
		text('cbc:InstructionID', fiPaymentId(document.number)),
		text('cbc:PaymentID', '71', { schemeAgencyID: '320', schemeID: 'urn:oioubl:id:paymentid-1.1' }),
		el('cac:CreditAccount', null, text('cbc:AccountID', creditor)),
	)
}

const TAX_SCHEME = el(
	'cac:TaxScheme',
	null,
	text('cbc:ID', '63', { schemeAgencyID: '320', schemeID: 'urn:oioubl:id:taxschemeid-1.5' }),
	text('cbc:Name', 'Moms'),
)

function taxTotal(taxable: number, tax: number, percent: number, currency: string) {
	const money = (name: string, value: number) => text(name, amount(value), { currencyID: currency })
	return el(
		'cac:TaxTotal',
		null,
		money('cbc:TaxAmount', tax),
		el(
			'cac:TaxSubtotal',
			null,
			money('cbc:TaxableAmount', taxable),
			money('cbc:TaxAmount', tax),
			el(
				'cac:TaxCategory',
				null,
				text('cbc:ID', 'StandardRated', { schemeAgencyID: '320', schemeID: 'urn:oioubl:id:taxcategoryid-1.3' }),
				text('cbc:Percent', String(percent)),
				TAX_SCHEME,
			),
		),
	)
}

function address(party: InvoiceParty) {
	const [street = '', place = ''] = party.address.split(/,\s*/, 2)
	const [, postcode = '', city = place] = place.match(/^(\d{4})\s+(.*)$/) ?? []
	return el(
		'cac:PostalAddress',
		null,
		text('cbc:AddressFormatCode', 'StructuredLax', {
			listAgencyID: '320',
			listID: 'urn:oioubl:codelist:addressformatcode-1.1',
		}),
		street && text('cbc:StreetName', street),
		city && text('cbc:CityName', city),
		postcode && text('cbc:PostalZone', postcode),
		el('cac:Country', null, text('cbc:IdentificationCode', 'DK')),
	)
}

function supplier(party: OioublDocument['seller']) {
	const cvr = cvrId(party.cvr ?? '')
	return el(
		'cac:Party',
		null,
		text('cbc:EndpointID', cvr, { schemeAgencyID: '320', schemeID: 'DK:CVR' }),
		el('cac:PartyIdentification', null, text('cbc:ID', cvr, { schemeAgencyID: '320', schemeID: 'DK:CVR' })),
		el('cac:PartyName', null, text('cbc:Name', party.name)),
		address(party),
		el(
			'cac:PartyTaxScheme',
			null,
			text('cbc:CompanyID', cvr, { schemeAgencyID: '320', schemeID: 'DK:SE' }),
			TAX_SCHEME,
		),
		el(
			'cac:PartyLegalEntity',
			null,
			text('cbc:RegistrationName', party.name),
			text('cbc:CompanyID', cvr, { schemeAgencyID: '320', schemeID: 'DK:CVR' }),
		),
	)
}

function customer(party: InvoiceParty) {
	return el(
		'cac:Party',
		null,
		party.ean && text('cbc:EndpointID', party.ean, { schemeAgencyID: '9', schemeID: 'GLN' }),
		party.cvr &&
			el(
				'cac:PartyIdentification',
				null,
				text('cbc:ID', cvrId(party.cvr), { schemeAgencyID: '320', schemeID: 'DK:CVR' }),
			),
		el('cac:PartyName', null, text('cbc:Name', party.name)),
		address(party),
		el(
			'cac:PartyLegalEntity',
			null,
			text('cbc:RegistrationName', party.name),
			party.cvr && text('cbc:CompanyID', cvrId(party.cvr), { schemeAgencyID: '320', schemeID: 'DK:CVR' }),
		),
		contact(party),
	)
}

// OIOUBL requires the buyer's contact with an ID: the person reference the public body gave, or
// (on an invoice issued before the form asked for it) the name of the person who ordered.
function contact(party: InvoiceParty) {
	const person = party.contact
	const reference = person?.reference || person?.name || party.email || party.name
	return el(
		'cac:Contact',
		null,
		text('cbc:ID', reference),
		person?.name && text('cbc:Name', person.name),
		person?.phone && text('cbc:Telephone', person.phone),
		party.email && text('cbc:ElectronicMail', party.email),
	)
}

function invoiceLine(line: InvoiceLine, id: number, document: OioublDocument, credit: boolean) {
	const unitCode = UNIT_CODES[line.unit]
	const lineVat = Math.round(line.amount * document.vatPercent) / 100
	return el(
		credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine',
		null,
		text('cbc:ID', String(id)),
		text(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', String(line.quantity), { unitCode }),
		text('cbc:LineExtensionAmount', amount(line.amount), { currencyID: document.currency }),
		taxTotal(line.amount, lineVat, document.vatPercent, document.currency),
		el('cac:Item', null, text('cbc:Description', line.description), text('cbc:Name', line.description.slice(0, 40))),
		el(
			'cac:Price',
			null,
			text('cbc:PriceAmount', amount(line.unitPrice), { currencyID: document.currency }),
			text('cbc:BaseQuantity', '1', { unitCode }),
		),
	)
}
