import { sql } from 'drizzle-orm'
import {
	type AnyPgColumn,
	bigint,
	boolean,
	check,
	customType,
	doublePrecision,
	index,
	integer,
	jsonb,
	numeric,
	pgTable,
	primaryKey,
	text,
	timestamp,
	uniqueIndex,
	uuid,
} from 'drizzle-orm/pg-core'
import {
	APPROVAL_STATUSES,
	CUSTOMER_LINK_PURPOSES,
	INVOICE_KINDS,
	JOB_KINDS,
	JOB_STATUSES,
	OFFER_STATUSES,
	REVIEW_FEE_RULES,
	REPETITION_RULES,
	ORDER_STATUSES,
	PAYMENT_METHODS,
	REQUEST_STATUSES,
	STAFF_ROLES,
	type CountBreakdown,
	type StaffRole,
	type BankCsvLayout,
	type AuditText,
} from '#database/enums.ts'

// The constrained columns' values live in enums.ts (no database code, safe in the browser).
export * from '#database/enums.ts'

// What staff wrote when they corrected a document's count; `words` is the count before.
export type CountCorrection = { words: number | null; reason: string; by: string; at: string }

const id = () => integer().primaryKey().generatedAlwaysAsIdentity()
// Byte order, so a btree index serves both `LIKE 'prefix%'` and ORDER BY whatever the server's locale.
const textC = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' })
// Rows are stamped by the application's clock, not the database's: the one clock every date the
// code compares with (retention, expiry, reminders) on both engines; the column keeps its SQL default
// for rows written by hand.
const applicationNow = () => new Date()

const timestamps = {
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(applicationNow),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(applicationNow),
}

export const languages = pgTable('languages', {
	id: id(),
	code: text().notNull().unique(),
	nameDa: text('name_da').notNull(),
	nameEn: text('name_en').notNull(),
	active: boolean().notNull().default(true),
	position: integer().notNull().default(0),
	...timestamps,
})

export const faqItems = pgTable('faq_items', {
	id: id(),
	questionDa: text('question_da').notNull(),
	questionEn: text('question_en').notNull(),
	answerDa: text('answer_da').notNull(),
	answerEn: text('answer_en').notNull(),
	position: integer().notNull().default(0),
	...timestamps,
})

export const faqCategories = pgTable('faq_categories', {
	id: id(),
	nameDa: text('name_da').notNull(),
	nameEn: text('name_en').notNull(),
	position: integer().notNull().default(0),
	...timestamps,
})

export const faqItemCategories = pgTable(
	'faq_item_categories',
	{
		faqItemId: integer('faq_item_id')
			.notNull()
			.references(() => faqItems.id, { onDelete: 'cascade' }),
		categoryId: integer('category_id')
			.notNull()
			.references(() => faqCategories.id, { onDelete: 'cascade' }),
	},
	(table) => [primaryKey({ columns: [table.faqItemId, table.categoryId] })],
)

export const teamMembers = pgTable('team_members', {
	id: id(),
	name: text().notNull(),
	titleDa: text('title_da').notNull(),
	titleEn: text('title_en').notNull(),
	bioDa: text('bio_da'),
	bioEn: text('bio_en'),
	photoUrl: text('photo_url'),
	position: integer().notNull().default(0),
	...timestamps,
})

// The language pairs a team member covers, shown on their card.
export const teamMemberPairs = pgTable(
	'team_member_pairs',
	{
		teamMemberId: integer('team_member_id')
			.notNull()
			.references(() => teamMembers.id, { onDelete: 'cascade' }),
		fromLanguageId: integer('from_language_id')
			.notNull()
			.references(() => languages.id, { onDelete: 'cascade' }),
		toLanguageId: integer('to_language_id')
			.notNull()
			.references(() => languages.id, { onDelete: 'cascade' }),
	},
	(table) => [primaryKey({ columns: [table.teamMemberId, table.fromLanguageId, table.toLanguageId] })],
)

// A pair without a row here costs the default price per word from settings.
export const pairPrices = pgTable(
	'pair_prices',
	{
		id: id(),
		fromLanguageId: integer('from_language_id')
			.notNull()
			.references(() => languages.id, { onDelete: 'cascade' }),
		toLanguageId: integer('to_language_id')
			.notNull()
			.references(() => languages.id, { onDelete: 'cascade' }),
		pricePerWord: numeric('price_per_word', { precision: 10, scale: 2, mode: 'number' }).notNull(),
		// A certified translation's price per page for this pair; null: the common page price.
		pricePerPage: numeric('price_per_page', { precision: 10, scale: 2, mode: 'number' }),
		...timestamps,
	},
	(table) => [
		uniqueIndex('pair_prices_pair').on(table.fromLanguageId, table.toLanguageId),
		check('pair_prices_distinct', sql`${table.fromLanguageId} <> ${table.toLanguageId}`),
	],
)

export const slides = pgTable('slides', {
	id: id(),
	imageUrl: text('image_url').notNull(),
	altDa: text('alt_da').notNull().default(''),
	altEn: text('alt_en').notNull().default(''),
	textDa: text('text_da').notNull(),
	textEn: text('text_en').notNull(),
	linkDa: text('link_da'),
	linkEn: text('link_en'),
	position: integer().notNull().default(0),
	...timestamps,
})

export const pages = pgTable('pages', {
	id: id(),
	slugDa: text('slug_da').notNull().unique(),
	slugEn: text('slug_en').notNull().unique(),
	titleDa: text('title_da').notNull(),
	titleEn: text('title_en').notNull(),
	bodyDa: text('body_da').notNull(),
	bodyEn: text('body_en').notNull(),
	published: boolean().notNull().default(false),
	showInMenu: boolean('show_in_menu').notNull().default(false),
	position: integer().notNull().default(0),
	...timestamps,
})

// Images staff put in rich content. The original (metadata and all) stays private under
// DATA_DIR/media/photos; what is served from /uploads/photos/KEY/ are the stripped variants.
export const photos = pgTable('photos', {
	id: id(),
	key: text().notNull().unique(),
	title: text().notNull().default(''),
	originalName: text('original_name').notNull(),
	extension: text().notNull(),
	size: integer().notNull(),
	width: integer().notNull(),
	height: integer().notNull(),
	...timestamps,
})

// Files staff link to from rich content, served from /uploads/files/KEY/NAME.
export const contentFiles = pgTable('content_files', {
	id: id(),
	key: text().notNull().unique(),
	title: text().notNull(),
	name: text().notNull(),
	extension: text().notNull(),
	size: integer().notNull(),
	...timestamps,
})

// The editor's autosaved drafts, one per person and form, kept until the form is saved.
export const drafts = pgTable(
	'drafts',
	{
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		formPath: text('form_path').notNull(),
		values: jsonb().$type<{ entries: [string, string][] }>().notNull(),
		updatedAt: timestamps.updatedAt,
	},
	(table) => [primaryKey({ columns: [table.userId, table.formPath] })],
)

// One row: the agency's own facts and the numbers the public pages compute with.
export const settings = pgTable(
	'settings',
	{
		id: integer().primaryKey().default(1),
		agencyName: text('agency_name').notNull(),
		email: text().notNull(),
		phone: text().notNull(),
		address: text().notNull(),
		cvr: text().notNull(),
		currency: text().notNull().default('DKK'),
		calculatorMinWords: integer('calculator_min_words').notNull().default(100),
		calculatorMaxWords: integer('calculator_max_words').notNull().default(20000),
		minDeliveryDays: integer('min_delivery_days').notNull().default(0),
		uploadLimitMib: integer('upload_limit_mib').notNull().default(100),
		wordsPerDay: integer('words_per_day').notNull().default(2500),
		// The common price per word: every pair without its own price in pair_prices costs this.
		defaultPricePerWord: numeric('default_price_per_word', { precision: 10, scale: 2, mode: 'number' })
			.notNull()
			.default(1.5),
		minimumOrder: numeric('minimum_order', { precision: 10, scale: 2, mode: 'number' }).notNull().default(500),
		// Extra percent on the price for delivery within 1 and within 2 working days.
		expressSurcharge1Day: integer('express_surcharge_1_day').notNull().default(100),
		expressSurcharge2Days: integer('express_surcharge_2_days').notNull().default(50),
		// A certified (stamped) paper copy, per copy.
		certifiedCopyPrice: numeric('certified_copy_price', { precision: 10, scale: 2, mode: 'number' })
			.notNull()
			.default(150),
		// A certified translation (birth and marriage certificates, diplomas, judgments) is priced
		// per page of up to CERTIFIED_PAGE_WORDS words; the digitally signed PDF of it is extra.
		certifiedPagePrice: numeric('certified_page_price', { precision: 10, scale: 2, mode: 'number' })
			.notNull()
			.default(450),
		certifiedPdfPrice: numeric('certified_pdf_price', { precision: 10, scale: 2, mode: 'number' })
			.notNull()
			.default(100),
		// Danish VAT (moms); prices are kept without it.
		vatPercent: integer('vat_percent').notNull().default(25),
		// A saved quote holds for this many days.
		quoteValidityDays: integer('quote_validity_days').notNull().default(30),
		// Repeated sentences cost this share (percent) of the full price per word.
		repetitionPercent: integer('repetition_percent').notNull().default(30),
		// A presentation's speaker notes and hidden slides: counted and priced, or counted and shown
		// apart without a price (docs/word-count.md). Both on, as the count was before the settings.
		countSpeakerNotes: boolean('count_speaker_notes').notNull().default(true),
		countHiddenSlides: boolean('count_hidden_slides').notNull().default(true),
		// Audio and video are translated by the minute.
		pricePerMinute: numeric('price_per_minute', { precision: 10, scale: 2, mode: 'number' }).notNull().default(30),
		// Uploaded documents that never become a request are deleted after this many days.
		documentRetentionDays: integer('document_retention_days').notNull().default(30),
		// The editor saves drafts every 10 s when this is on; the spec has it off by default.
		editorAutosave: boolean('editor_autosave').notNull().default(false),
		// On invoices: the bank account payments go to, and the days until payment is due.
		bankName: text('bank_name').notNull().default(''),
		bankRegNo: text('bank_reg_no').notNull().default(''),
		bankAccount: text('bank_account').notNull().default(''),
		iban: text().notNull().default(''),
		bic: text().notNull().default(''),
		paymentTermsDays: integer('payment_terms_days').notNull().default(8),
		fiCreditor: text('fi_creditor').notNull().default(''),
		// Reminders: days after the due date before the first, the fee of each (the law allows at
		// most 100 kr.), and yearly interest on an overdue amount (0: none).
		reminderGraceDays: integer('reminder_grace_days').notNull().default(3),
		reminderFee: numeric('reminder_fee', { precision: 10, scale: 2, mode: 'number' }).notNull().default(100),
		reminderInterestPercent: numeric('reminder_interest_percent', { precision: 5, scale: 2, mode: 'number' })
			.notNull()
			.default(0),
		// The columns of the bank's CSV export, chosen at the first import.
		bankCsvLayout: jsonb('bank_csv_layout').$type<BankCsvLayout | null>(),
		// The columns chosen for each bank's export, by its header (app/models/invoice/bank-preview.ts).
		bankCsvLayouts: jsonb('bank_csv_layouts').$type<Record<string, BankCsvLayout>>().notNull().default({}),
		// Translated files stay downloadable from the order page this many days after delivery.
		deliveryRetentionDays: integer('delivery_retention_days').notNull().default(90),
		// How long after a delivery the customer may ask for a revision.
		revisionDays: integer('revision_days').notNull().default(14),
		// A job offer nobody answers is withdrawn after this many hours, and the PM is told.
		offerExpiryHours: integer('offer_expiry_hours').notNull().default(24),
		// Mails about a job go to its PM; with this on, the agency's address gets a copy.
		copyAgencyOnJobMail: boolean('copy_agency_on_job_mail').notNull().default(true),
		// The nightly backup: its time of day (the server's zone, HH:MM) and how many of the last
		// days' and weeks' backups are kept (app/models/backup).
		backupTime: text('backup_time').notNull().default('03:00'),
		backupKeepDaily: integer('backup_keep_daily').notNull().default(7),
		backupKeepWeekly: integer('backup_keep_weekly').notNull().default(4),
		updatedAt: timestamps.updatedAt,
	},
	(table) => [check('settings_single_row', sql`${table.id} = 1`)],
)

// One row: a number that goes up, in the same transaction, with every change to what the public
// pages show (triggers on those tables; migration 0008). Each change is also announced on the
// tolk_content channel, so every process drops its rendered pages at once (server/page-cache).
export const contentVersion = pgTable(
	'content_version',
	{
		id: integer().primaryKey().default(1),
		version: bigint({ mode: 'number' }).notNull().default(0),
	},
	(table) => [check('content_version_single_row', sql`${table.id} = 1`)],
)

// Staff overrides of the UI texts in app/locales; the files hold the defaults.
export const translations = pgTable(
	'translations',
	{
		id: id(),
		locale: text().notNull(),
		key: text().notNull(),
		value: text().notNull(),
		...timestamps,
	},
	(table) => [uniqueIndex('translations_locale_key').on(table.locale, table.key)],
)

// What each role may do is the table in app/models/staff/roles.ts.
export const ROLES = STAFF_ROLES
export type Role = StaffRole

export const users = pgTable('users', {
	id: id(),
	email: text().notNull().unique(),
	name: text().notNull(),
	passwordHash: text('password_hash').notNull(),
	role: text({ enum: ROLES }).notNull().default('editor'),
	// A deactivated account cannot sign in; its history (audit log, jobs, orders) stays theirs.
	active: boolean().notNull().default(true),
	// Invited and not yet come to set a password (their password is a random one nobody knows).
	invitedAt: timestamp('invited_at', { withTimezone: true }),
	...timestamps,
})

// The cookie holds a random token; only its SHA-256 is stored, so a leaked table opens no session.
export const sessions = pgTable(
	'sessions',
	{
		id: text().primaryKey(),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		createdAt: timestamps.createdAt,
		lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(applicationNow),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
	},
	(table) => [index('sessions_user').on(table.userId)],
)

// Failed logins, for throttling. The address is stored as a keyed hash, never in clear.
export const loginFailures = pgTable(
	'login_failures',
	{
		id: id(),
		email: text().notNull(),
		ipHash: text('ip_hash').notNull(),
		createdAt: timestamps.createdAt,
	},
	(table) => [
		index('login_failures_email').on(table.email, table.createdAt),
		index('login_failures_ip').on(table.ipHash, table.createdAt),
	],
)

export const auditEvents = pgTable(
	'audit_events',
	{
		id: id(),
		userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
		// Kept so the log still says who after the account is gone.
		userName: text('user_name').notNull(),
		action: text().notNull(),
		subjectType: text('subject_type').notNull(),
		subjectId: text('subject_id'),
		// In English, for exports and the server's log; pages show `text` in the reader's language.
		summary: text().notNull(),
		text: jsonb().$type<AuditText>(),
		changes: jsonb().$type<Record<string, unknown>>(),
		createdAt: timestamps.createdAt,
	},
	(table) => [index('audit_events_created').on(table.createdAt)],
)

// First-party analytics: what happened, where and when; never who (no cookie, address or browser).
export const analyticsEvents = pgTable(
	'analytics_events',
	{
		id: id(),
		name: text().notNull(),
		properties: jsonb().$type<Record<string, string | number | boolean>>().notNull().default({}),
		path: text().notNull(),
		locale: text().notNull(),
		createdAt: timestamps.createdAt,
	},
	(table) => [index('analytics_events_name_created').on(table.name, table.createdAt)],
)

// Live-update messages too large for a NOTIFY payload, fetched by id by every listening process.
export const cableMessages = pgTable('cable_messages', {
	id: id(),
	stream: text().notNull(),
	payload: jsonb().$type<unknown>().notNull(),
	createdAt: timestamps.createdAt,
})

// A customer's uploaded document and what its analysis found. The id is random and is the only
// key to it (its JSON address is given to the customer's browser).
export const documents = pgTable(
	'documents',
	{
		id: text().primaryKey(),
		// The visitor's order in progress (a signed cookie), until it becomes a request.
		draftId: text('draft_id').notNull(),
		name: text().notNull(),
		extension: text().notNull(),
		size: integer().notNull(),
		storedName: text('stored_name').notNull(),
		status: text({ enum: ['pending', 'counted', 'manual'] })
			.notNull()
			.default('pending'),
		words: integer(),
		numbers: integer(),
		characters: integer(),
		charactersWithSpaces: integer('characters_with_spaces'),
		minutes: numeric({ precision: 10, scale: 1, mode: 'number' }),
		manualReason: text('manual_reason'),
		hiddenSheets: integer('hidden_sheets').notNull().default(0),
		hiddenSlides: integer('hidden_slides').notNull().default(0),
		// Words in sentences already seen in this or an earlier document of the same order.
		repeatedWords: integer('repeated_words').notNull().default(0),
		// Words per part (body, notes, headers and footers, hidden, charts, comments): what the
		// count is made of, shown with the quote. Null for documents counted before it was kept.
		countParts: jsonb('count_parts').$type<CountBreakdown>(),
		// Set when staff corrected the count: what it was before, who, why and when (also in the audit log).
		correction: jsonb().$type<CountCorrection>(),
		// Set when the order is sent: from then on the document belongs to the request and is kept.
		requestId: integer('request_id').references(() => requests.id, { onDelete: 'cascade' }),
		// Set when the customer accepts the quote online: the documents belong to the order and are kept.
		orderId: integer('order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
		// The uploader's address, keyed (HMAC) so the table alone does not say who it was: for the
		// per-address upload quota.
		ipHash: text('ip_hash'),
		createdAt: timestamps.createdAt,
		analysedAt: timestamp('analysed_at', { withTimezone: true }),
		// While a process counts the document: until when its claim holds. The process renews it
		// while it works; one that dies leaves it to lapse, and another process takes the count.
		countLeaseUntil: timestamp('count_lease_until', { withTimezone: true }),
	},
	(table) => [
		index('documents_draft').on(table.draftId),
		index('documents_status').on(table.status),
		index('documents_request').on(table.requestId),
		index('documents_ip_recent').on(table.ipHash, table.createdAt),
	],
)

// A quote the customer saved: what was priced and how, as it was at that moment. The id is a
// long random token: the quote's page is reached by its link alone.
export const quotes = pgTable(
	'quotes',
	{
		id: text().primaryKey(),
		draftId: text('draft_id').notNull(),
		locale: text().notNull(),
		fromLanguage: text('from_language'),
		toLanguage: text('to_language'),
		deliveryDate: text('delivery_date'),
		copies: integer().notNull().default(0),
		currency: text().notNull(),
		details: jsonb().$type<Record<string, unknown>>().notNull(),
		validUntil: text('valid_until').notNull(),
		// The account of the customer who saved it while signed in (see app/models/customer).
		customerId: integer('customer_id').references((): AnyPgColumn => customers.id, { onDelete: 'set null' }),
		createdAt: timestamps.createdAt,
	},
	(table) => [index('quotes_customer').on(table.customerId)],
)

// The Danish company registry (CVR), imported from its own documents. `searchName` is the name
// folded the way the Danish address service folds (å→aa, æ→ae, ø→oe), lower case, legal form off.
export const companies = pgTable(
	'companies',
	{
		cvr: integer().primaryKey(),
		unitNumber: bigint('unit_number', { mode: 'number' }),
		name: text().notNull(),
		searchName: textC('search_name').notNull(),
		legalForm: text('legal_form'),
		street: text().notNull().default(''),
		postcode: text().notNull().default(''),
		city: text().notNull().default(''),
		status: text().notNull().default(''),
		isActive: boolean('is_active').notNull(),
		// Reklamebeskyttet: shown to the person looking for their own company, never exported in bulk.
		isAdProtected: boolean('is_ad_protected').notNull().default(false),
		updatedAt: timestamps.updatedAt,
	},
	(table) => [
		// CVR last: ties of one name come in the search's order, and LIMIT stops the scan.
		index('companies_name_prefix').on(table.isActive, table.searchName, table.cvr),
		index('companies_name_trigram').using('gin', sql`${table.searchName} gin_trgm_ops`),
	],
)

// One row: the registry's identity (random, made with the database) and a number that goes up
// with every statement that changes a company (triggers; migration 0009), announced on the
// tolk_registry channel. A process's in-memory company index names the version it was built from,
// and is not used while the database has moved on (server/company-search).
export const registryVersion = pgTable(
	'registry_version',
	{
		id: integer().primaryKey().default(1),
		registryId: uuid('registry_id').notNull().defaultRandom(),
		version: bigint({ mode: 'number' }).notNull().default(0),
	},
	(table) => [check('registry_version_single_row', sql`${table.id} = 1`)],
)

// Every word of a company's search name after the first, with the rest of the name from there
// ("novo nordisk film" → "nordisk film", "film"): a byte-ordered btree finds names with a word
// starting with the query as cheaply as names starting with it. Kept by the registry import.
export const companyWords = pgTable(
	'company_words',
	{
		suffix: textC().notNull(),
		// No foreign key: the rows are derived from `companies` by the import alone, and checking
		// millions of them one by one would triple the import's time.
		cvr: integer().notNull(),
		isActive: boolean('is_active').notNull(),
	},
	(table) => [
		index('company_words_prefix').on(table.isActive, table.suffix, table.cvr),
		index('company_words_cvr').on(table.cvr),
	],
)

// A customer's request (lead): who, for which company, what and when, with the documents and the
// quote of their order when it came from the order page.
export const requests = pgTable(
	'requests',
	{
		id: id(),
		reference: text().notNull().unique(),
		status: text({ enum: REQUEST_STATUSES }).notNull().default('new'),
		locale: text().notNull(),
		name: text().notNull(),
		email: text().notNull(),
		phone: text().notNull().default(''),
		// A copy of the registry entry as it was when chosen.
		companyCvr: integer('company_cvr'),
		companyName: text('company_name'),
		companyAddress: text('company_address'),
		ean: text(),
		fromLanguage: text('from_language'),
		toLanguage: text('to_language'),
		deliveryDate: text('delivery_date'),
		copies: integer().notNull().default(0),
		message: text().notNull().default(''),
		quoteId: text('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
		// A keyed hash of the sender's address (rate limit) and of the content (duplicate check).
		ipHash: text('ip_hash').notNull(),
		fingerprint: text().notNull(),
		...timestamps,
	},
	(table) => [
		index('requests_created').on(table.createdAt),
		index('requests_status').on(table.status, table.createdAt),
		index('requests_ip').on(table.ipHash, table.createdAt),
		index('requests_fingerprint').on(table.fingerprint, table.createdAt),
		index('requests_email').on(sql`lower(${table.email})`),
	],
)

// What staff did with a request: notes and status changes, oldest first.
export const requestEvents = pgTable(
	'request_events',
	{
		id: id(),
		requestId: integer('request_id')
			.notNull()
			.references(() => requests.id, { onDelete: 'cascade' }),
		userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
		userName: text('user_name').notNull(),
		// 'reply': staff's answer, mailed to the customer from the site.
		kind: text({ enum: ['note', 'status', 'reply'] }).notNull(),
		body: text().notNull().default(''),
		fromStatus: text('from_status'),
		toStatus: text('to_status'),
		createdAt: timestamps.createdAt,
	},
	(table) => [index('request_events_request').on(table.requestId, table.createdAt)],
)

// What the customer confirmed when accepting: who orders and who pays.
export type OrderCustomer = {
	name: string
	email: string
	phone: string
	// 'foreign': a business in another EU country, invoiced without Danish VAT (reverse charge).
	kind: 'company' | 'private' | 'foreign'
	companyCvr: number | null
	companyName: string | null
	companyAddress: string | null
	ean: string | null
	purchaseOrder: string | null
	// The company's own cost centre for the order (its accounts book the invoice to it).
	costCentre?: string | null
	// The finance office's address: invoices, credit notes and reminders go there, a copy to the
	// orderer (absent: to the orderer alone).
	invoiceEmail?: string | null
	// A public body's person reference or ID for its e-invoices (asked for with an EAN).
	buyerReference?: string | null
	// A foreign business's EU VAT number ("DE136695976") and country; absent for others.
	vatNumber?: string | null
	country?: string | null
	// Set when the customer deleted their account: the person's details are gone from the order.
	erasedAt?: string
}
// The terms of business as accepted: the page's text in the customer's language and its hash.
export type AcceptedTerms = {
	pageId: number | null
	title: string
	sha256: string
	updatedAt: string | null
	body: string
	// The days of credit the customer accepted (the invoice is due this long after it is issued);
	// missing on orders accepted before the terms stated them.
	paymentTermsDays?: number
}

export const orders = pgTable(
	'orders',
	{
		id: id(),
		reference: text().notNull().unique(),
		// The key in the order page's address: the link is the customer's access, like a quote's.
		token: text().notNull().unique(),
		quoteId: text('quote_id')
			.notNull()
			.unique()
			.references(() => quotes.id, { onDelete: 'restrict' }),
		requestId: integer('request_id').references(() => requests.id, { onDelete: 'set null' }),
		status: text({ enum: ORDER_STATUSES }).notNull().default('received'),
		locale: text().notNull(),
		customer: jsonb().$type<OrderCustomer>().notNull(),
		terms: jsonb().$type<AcceptedTerms>().notNull(),
		fromLanguage: text('from_language'),
		toLanguage: text('to_language'),
		// The promised delivery date (the quote's chosen date or its standard date).
		dueDate: text('due_date').notNull(),
		translatorId: integer('translator_id').references(() => teamMembers.id, { onDelete: 'set null' }),
		// The project manager who owns the order: its to-do items and mails are theirs (null: nobody's yet).
		managerId: integer('manager_id').references(() => users.id, { onDelete: 'set null' }),
		deliveredAt: timestamp('delivered_at', { withTimezone: true }),
		// The customer accepted the delivery as it is.
		acceptedAt: timestamp('accepted_at', { withTimezone: true }),
		// Since when the customer's message in the order's thread waits for an answer (the PM's
		// to-do list); cleared by staff's answer.
		customerWaitingSince: timestamp('customer_waiting_since', { withTimezone: true }),
		...timestamps,
	},
	(table) => [
		index('orders_customer_waiting')
			.on(table.customerWaitingSince)
			.where(sql`${table.customerWaitingSince} is not null`),
		// A customer's account finds the orders of its e-mail and of its company by these.
		index('orders_customer_email').on(sql`lower(${table.customer}->>'email')`),
		index('orders_customer_cvr').on(sql`(${table.customer}->>'companyCvr')`),
		index('orders_due').on(table.status, table.dueDate),
		index('orders_due_date').on(table.dueDate, table.id),
		index('orders_translator').on(table.translatorId),
		index('orders_manager').on(table.managerId),
	],
)

// An order's history: each status change, assignment, note, delivery and delivery mail, with who did it.
export const orderEvents = pgTable(
	'order_events',
	{
		id: id(),
		orderId: integer('order_id')
			.notNull()
			.references(() => orders.id, { onDelete: 'cascade' }),
		// 'mail': the delivery mail; 'message': a mail of a new status or a public note; 'revision':
		// the customer's reason for asking for a revision; 'accepted': the customer accepted the delivery.
		kind: text({ enum: ['status', 'note', 'assigned', 'file', 'mail', 'message', 'revision', 'accepted'] }).notNull(),
		status: text({ enum: ORDER_STATUSES }),
		body: text().notNull().default(''),
		// Staff only; null for what the customer or the site did.
		userName: text('user_name'),
		// A note for staff is not shown on the customer's page.
		internal: boolean().notNull().default(false),
		createdAt: timestamps.createdAt,
	},
	(table) => [index('order_events_order').on(table.orderId, table.createdAt)],
)

// A delivered or handed-in file's own columns: the name it came with, its extension and size, the
// name it is kept under in DATA_DIR, and when retention deleted it.
const keptFile = () => ({
	id: uuid().primaryKey().defaultRandom(),
	name: text().notNull(),
	type: text().notNull(),
	size: bigint({ mode: 'number' }).notNull(),
	storedName: text('stored_name').notNull(),
	deletedAt: timestamp('deleted_at', { withTimezone: true }),
	createdAt: timestamps.createdAt,
})

// The translated files of an order. Each is a version of one of the order's documents when it is
// known which (named `<document>.<target language>.<ext>`); it waits for the next delivery until
// delivered (unless the PM left it out: held), and then is the customer's until a newer version
// of its document is delivered (superseded: kept for staff) or staff withdraw it as wrong (removed
// from the disk, who and why kept). The customer downloads the current ones until the retention
// period ends, when the file is deleted and deletedAt set.
export const orderFiles = pgTable(
	'order_files',
	{
		...keptFile(),
		orderId: integer('order_id')
			.notNull()
			.references(() => orders.id, { onDelete: 'cascade' }),
		documentId: text('document_id').references(() => documents.id, { onDelete: 'set null' }),
		// The approved job it came from (null: uploaded by staff), and the translator's file it is a
		// second name for: withdrawing this file removes that one's bytes too.
		jobId: integer('job_id').references((): AnyPgColumn => jobs.id, { onDelete: 'set null' }),
		jobFileId: uuid('job_file_id').references((): AnyPgColumn => jobFiles.id, { onDelete: 'set null' }),
		// The name the translator or staff member uploaded it under.
		originalName: text('original_name'),
		// 1, 2, 3… per document, counted when delivered.
		version: integer(),
		held: boolean().notNull().default(false),
		deliveredAt: timestamp('delivered_at', { withTimezone: true }),
		supersededAt: timestamp('superseded_at', { withTimezone: true }),
		withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
		withdrawnBy: text('withdrawn_by'),
		withdrawnReason: text('withdrawn_reason'),
	},
	(table) => [index('order_files_order').on(table.orderId)],
)

export const orderDownloads = pgTable(
	'order_downloads',
	{
		id: id(),
		fileId: uuid('file_id')
			.notNull()
			.references(() => orderFiles.id, { onDelete: 'cascade' }),
		// The downloader's address, keyed as for uploads (app/models/address-key.server.ts).
		addressKey: text('address_key').notNull(),
		createdAt: timestamps.createdAt,
	},
	(table) => [index('order_downloads_file').on(table.fileId, table.createdAt)],
)

// Invoices and credit notes, each kind numbered 1, 2, 3… without gaps (Danish bookkeeping): the
// number is taken from invoice_sequences in the transaction that writes the invoice, so a
// rollback gives it back and two processes wait for each other on the sequence's row.

export type InvoiceParty = {
	name: string
	address: string
	cvr: string | null
	ean: string | null
	email: string | null
	// A buyer in another EU country: its VAT number; the invoice is then without VAT (reverse charge).
	vatNumber?: string | null
	// The person who ordered, with the reference a public body routes its e-invoices by (OIOUBL's
	// Contact/ID, "personreference"); absent on invoices issued before it was asked for.
	contact?: { reference: string | null; name: string; phone: string } | null
	// Set when the person was taken from the invoice, five years after it was issued.
	erasedAt?: string
}
export type SellerBank = {
	name: string
	regNo: string
	account: string
	iban: string
	bic: string
	// The FI creditor number ("kreditornummer", 8 digits) when the agency has one: the invoice then
	// carries a +71 payment ID.
	fiCreditor?: string | null
}
export type InvoiceLine = {
	description: string
	quantity: number
	unit: 'words' | 'minutes' | 'pieces' | 'items' | 'pages'
	unitPrice: number
	amount: number
}

export const invoiceSequences = pgTable('invoice_sequences', {
	kind: text({ enum: INVOICE_KINDS }).primaryKey(),
	last: integer().notNull().default(0),
})

export const invoices = pgTable(
	'invoices',
	{
		id: id(),
		kind: text({ enum: INVOICE_KINDS }).notNull(),
		number: integer().notNull(),
		orderId: integer('order_id')
			.notNull()
			.references(() => orders.id, { onDelete: 'restrict' }),
		// A credit note names the invoice it cancels.
		creditsInvoiceId: integer('credits_invoice_id'),
		locale: text().notNull(),
		issueDate: text('issue_date').notNull(),
		dueDate: text('due_date').notNull(),
		currency: text().notNull(),
		seller: jsonb().$type<InvoiceParty & { bank: SellerBank }>().notNull(),
		buyer: jsonb().$type<InvoiceParty>().notNull(),
		purchaseOrder: text('purchase_order'),
		lines: jsonb().$type<InvoiceLine[]>().notNull(),
		net: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull(),
		vatPercent: integer('vat_percent').notNull(),
		vat: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull(),
		total: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull(),
		// The sum of its payments and the date of the last one, kept in the payment's transaction
		// (which locks this row, so two staff registering at once are taken one after the other).
		paidAmount: numeric('paid_amount', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
		paidOn: text('paid_on'),
		// The reminder fees and interest charged so far (kept in the reminder's transaction): owed on
		// top of the total, so the invoice is paid when its payments reach total + charges.
		charges: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
		// Staff can hold the reminders of one invoice (a dispute, an agreed later date).
		remindersPaused: boolean('reminders_paused').notNull().default(false),
		// A credit note has cancelled this invoice (set in the credit note's transaction).
		credited: boolean().notNull().default(false),
		// What partial credit notes took off this invoice, VAT included (kept in each credit note's
		// transaction): owed is total + charges - paid - this.
		creditedAmount: numeric('credited_amount', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
		// A credit note's reason, as staff gave it (printed on it).
		note: text(),
		// What the invoice list's search box looks in, kept by the database: number, buyer, CVR, EAN
		// and the buyer's reference, in one narrow column instead of four reads of the buyer's JSON.
		searchText: text('search_text')
			.notNull()
			.generatedAlwaysAs(
				sql`number::text || ' ' || coalesce(buyer->>'name', '') || ' ' || coalesce(buyer->>'cvr', '') || ' ' || coalesce(buyer->>'ean', '') || ' ' || coalesce(purchase_order, '')`,
			),
		createdAt: timestamps.createdAt,
	},
	(table) => [
		uniqueIndex('invoices_number').on(table.kind, table.number),
		index('invoices_order').on(table.orderId),
		index('invoices_due').on(table.dueDate, table.id),
		// What is owed, by due date: the aging, the reminders and the bank matching read only these.
		index('invoices_owed')
			.on(table.dueDate, table.id)
			.where(
				sql`${table.kind} = 'invoice' and not ${table.credited} and ${table.paidAmount} + ${table.creditedAmount} < ${table.total} + ${table.charges}`,
			),
	],
)

// Money received for an invoice: registered by staff or confirmed from an imported bank statement.
export const payments = pgTable(
	'payments',
	{
		id: id(),
		invoiceId: integer('invoice_id')
			.notNull()
			.references(() => invoices.id, { onDelete: 'restrict' }),
		paidOn: text('paid_on').notNull(),
		amount: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull(),
		method: text({ enum: PAYMENT_METHODS }).notNull(),
		note: text().notNull().default(''),
		userName: text('user_name'),
		createdAt: timestamps.createdAt,
	},
	(table) => [index('payments_invoice').on(table.invoiceId)],
)

// A line of an imported bank statement. Its key is the line's date, amount and text with how many
// identical lines came before it in the same statement, so importing the statement again (or one
// that overlaps it) adds nothing twice.
export const bankLines = pgTable(
	'bank_lines',
	{
		id: id(),
		key: text().notNull(),
		bookedOn: text('booked_on').notNull(),
		text: text().notNull(),
		amount: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull(),
		// The invoice it was matched to once staff confirmed it, and the payment that made.
		paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
		ignored: boolean().notNull().default(false),
		importedBy: text('imported_by'),
		createdAt: timestamps.createdAt,
	},
	(table) => [uniqueIndex('bank_lines_key').on(table.key), index('bank_lines_open').on(table.paymentId, table.ignored)],
)

// The reminders ("rykkere") sent for an invoice: at most three, numbered, each with its fee.
export const invoiceReminders = pgTable(
	'invoice_reminders',
	{
		id: id(),
		invoiceId: integer('invoice_id')
			.notNull()
			.references(() => invoices.id, { onDelete: 'cascade' }),
		number: integer().notNull(),
		sentOn: text('sent_on').notNull(),
		fee: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
		interest: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
		createdAt: timestamps.createdAt,
	},
	(table) => [uniqueIndex('invoice_reminders_number').on(table.invoiceId, table.number)],
)

// A translator: a user with role 'translator' (the staff sign-in and sessions) who works on jobs
// under /work; linked to the team member they are on the about page, when they are one.
export const translators = pgTable(
	'translators',
	{
		id: id(),
		userId: integer('user_id')
			.notNull()
			.unique()
			.references(() => users.id, { onDelete: 'cascade' }),
		teamMemberId: integer('team_member_id').references(() => teamMembers.id, { onDelete: 'set null' }),
		// Words a day they take on; the PM sees it beside their open words.
		dailyCapacity: integer('daily_capacity').notNull().default(2500),
		// Revision and proofreading: a share (percent) of the translation fee, or hours × hourly rate.
		reviewFeeRule: text('review_fee_rule', { enum: REVIEW_FEE_RULES }).notNull().default('share'),
		reviewSharePercent: integer('review_share_percent').notNull().default(40),
		hourlyRate: numeric('hourly_rate', { precision: 10, scale: 2, mode: 'number' }),
		// Repeated words: paid in full, at the customer's share, or at their own share (percent).
		repetitionRule: text('repetition_rule', { enum: REPETITION_RULES }).notNull().default('customer'),
		repetitionOwnPercent: integer('repetition_own_percent'),
		active: boolean().notNull().default(true),
		// Their own choice of language for /work and their mails.
		locale: text().notNull().default('da'),
		...timestamps,
	},
	(table) => [index('translators_active').on(table.active)],
)

// The pairs a translator works in, with what the agency pays them per word (and per minute of media).
export const translatorPairs = pgTable(
	'translator_pairs',
	{
		translatorId: integer('translator_id')
			.notNull()
			.references(() => translators.id, { onDelete: 'cascade' }),
		fromLanguage: text('from_language').notNull(),
		toLanguage: text('to_language').notNull(),
		ratePerWord: numeric('rate_per_word', { precision: 10, scale: 2, mode: 'number' }).notNull(),
		ratePerMinute: numeric('rate_per_minute', { precision: 10, scale: 2, mode: 'number' }),
	},
	(table) => [
		primaryKey({ columns: [table.translatorId, table.fromLanguage, table.toLanguage] }),
		index('translator_pairs_pair').on(table.fromLanguage, table.toLanguage),
	],
)

export const jobs = pgTable(
	'jobs',
	{
		id: id(),
		orderId: integer('order_id')
			.notNull()
			.references(() => orders.id, { onDelete: 'cascade' }),
		kind: text({ enum: JOB_KINDS }).notNull().default('translation'),
		status: text({ enum: JOB_STATUSES }).notNull().default('offered'),
		fromLanguage: text('from_language').notNull(),
		toLanguage: text('to_language').notNull(),
		// The order's documents this job covers.
		documentIds: jsonb('document_ids').$type<string[]>().notNull(),
		words: integer().notNull().default(0),
		// Of those, words in sentences repeated within the order (the quote's discount applied to them).
		repeatedWords: integer('repeated_words').notNull().default(0),
		minutes: integer().notNull().default(0),
		deadline: timestamp({ withTimezone: true }).notNull(),
		instructions: text().notNull().default(''),
		// A revision's reason as the customer gave it.
		reason: text().notNull().default(''),
		// The order's delivered files a revision or proofreading job works on (order_files ids).
		deliveredFileIds: jsonb('delivered_file_ids').$type<string[]>().notNull().default([]),
		// The hours the PM expects a revision or proofreading to take: what an hourly translator is paid.
		hours: numeric({ precision: 6, scale: 2, mode: 'number' }),
		// A fee the PM set instead of words × rate, and why; null: each translator's own rate.
		fixedFee: numeric('fixed_fee', { precision: 10, scale: 2, mode: 'number' }),
		feeReason: text('fee_reason').notNull().default(''),
		// Set when an offer is accepted: who does it and for what.
		translatorId: integer('translator_id').references(() => translators.id, { onDelete: 'restrict' }),
		fee: numeric({ precision: 10, scale: 2, mode: 'number' }),
		doneNote: text('done_note').notNull().default(''),
		returnNote: text('return_note').notNull().default(''),
		createdBy: text('created_by').notNull(),
		// The PM the job's to-do items and mails go to: who made it, until another takes it over.
		managerId: integer('manager_id').references(() => users.id, { onDelete: 'set null' }),
		// The translator's message the PM has not answered yet: when it came (null: none waiting).
		awaitingReplySince: timestamp('awaiting_reply_since', { withTimezone: true }),
		acceptedAt: timestamp('accepted_at', { withTimezone: true }),
		doneAt: timestamp('done_at', { withTimezone: true }),
		approvedAt: timestamp('approved_at', { withTimezone: true }),
		// Approved with fewer files than documents: the PM who confirmed it (null otherwise).
		fewerFilesConfirmedBy: text('fewer_files_confirmed_by'),
		...timestamps,
	},
	(table) => [
		index('jobs_order').on(table.orderId),
		index('jobs_manager').on(table.managerId),
		index('jobs_awaiting_reply')
			.on(table.awaitingReplySince)
			.where(sql`${table.awaitingReplySince} is not null`),
		index('jobs_translator').on(table.translatorId, table.status, table.deadline),
		index('jobs_status').on(table.status, table.deadline),
		index('jobs_approved')
			.on(table.translatorId, table.approvedAt)
			.where(sql`${table.status} = 'approved'`),
	],
)

export const jobOffers = pgTable(
	'job_offers',
	{
		id: id(),
		jobId: integer('job_id')
			.notNull()
			.references(() => jobs.id, { onDelete: 'cascade' }),
		translatorId: integer('translator_id')
			.notNull()
			.references(() => translators.id, { onDelete: 'cascade' }),
		status: text({ enum: OFFER_STATUSES }).notNull().default('pending'),
		// What this translator would be paid: the job's fixed fee or their rate × the words.
		fee: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
		// The share (percent of their rate) the fee paid repeated words at; null on offers before it was kept.
		repetitionPercent: integer('repetition_percent'),
		reason: text().notNull().default(''),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		answeredAt: timestamp('answered_at', { withTimezone: true }),
		createdAt: timestamps.createdAt,
	},
	(table) => [
		uniqueIndex('job_offers_job_translator').on(table.jobId, table.translatorId),
		index('job_offers_translator').on(table.translatorId, table.status),
		index('job_offers_pending')
			.on(table.expiresAt)
			.where(sql`${table.status} = 'pending'`),
	],
)

// What a translator hands in for a job, checked as customers' uploads are; kept with the
// deliveries until the order's retention ends.
export const jobFiles = pgTable(
	'job_files',
	{
		...keptFile(),
		jobId: integer('job_id')
			.notNull()
			.references(() => jobs.id, { onDelete: 'cascade' }),
		// Set when the PM returns the job: these files are not the ones to deliver.
		supersededAt: timestamp('superseded_at', { withTimezone: true }),
	},
	(table) => [index('job_files_job').on(table.jobId)],
)

// A job's thread between the PM and the translator, and what happened to it (offered, accepted,
// done, returned, approved), oldest first.
export const jobMessages = pgTable(
	'job_messages',
	{
		id: id(),
		jobId: integer('job_id')
			.notNull()
			.references(() => jobs.id, { onDelete: 'cascade' }),
		// 'pm' or 'translator' wrote it; 'event' is the site's record of a change.
		author: text({ enum: ['pm', 'translator', 'event'] }).notNull(),
		userName: text('user_name').notNull(),
		body: text().notNull(),
		createdAt: timestamps.createdAt,
	},
	(table) => [index('job_messages_job').on(table.jobId, table.createdAt)],
)

// A file sent with a message of an order's thread: kept under DATA_DIR/documents/messages.
export type MessageAttachment = { id: string; name: string; size: number; storedName: string }

// The order's thread between the customer and the agency. Translators never read it; a message
// the PM forwards to a job is copied into that job's thread, and its attachments may then be
// downloaded from the job.
export const orderMessages = pgTable(
	'order_messages',
	{
		id: id(),
		orderId: integer('order_id')
			.notNull()
			.references(() => orders.id, { onDelete: 'cascade' }),
		author: text({ enum: ['customer', 'staff'] }).notNull(),
		// The customer's name as they ordered (or the colleague's e-mail), or the staff member's name.
		authorName: text('author_name').notNull(),
		// The address a customer wrote as (the order's link or a colleague's account); null for staff.
		customerEmail: text('customer_email'),
		userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
		body: text().notNull(),
		attachments: jsonb().$type<MessageAttachment[]>().notNull().default([]),
		// The job the PM forwarded it to, if any.
		forwardedJobId: integer('forwarded_job_id').references(() => jobs.id, { onDelete: 'set null' }),
		// A customer's message counts against the upload quota of the address it came from, keyed as
		// uploads are (app/models/address-key.server.ts); null for staff.
		addressKey: text('address_key'),
		createdAt: timestamps.createdAt,
	},
	(table) => [
		index('order_messages_order').on(table.orderId, table.createdAt),
		index('order_messages_address').on(table.addressKey, table.createdAt),
	],
)

// A month of a translator's approved jobs marked paid by the agency.
export const translatorPayouts = pgTable(
	'translator_payouts',
	{
		translatorId: integer('translator_id')
			.notNull()
			.references(() => translators.id, { onDelete: 'cascade' }),
		// "2026-11": the month the jobs were approved in (Danish time).
		month: text().notNull(),
		amount: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull(),
		paidBy: text('paid_by').notNull(),
		paidAt: timestamps.createdAt,
		// The day the money left the agency's account and the transfer's reference, as the bookkeeper
		// gives them (null on payouts marked before they were asked for: the day it was marked).
		paidOn: text('paid_on'),
		reference: text().notNull().default(''),
	},
	(table) => [primaryKey({ columns: [table.translatorId, table.month] })],
)

// Every backup the site wrote or tried to (app/models/backup): where it is, how big, and whether
// restoring it into a scratch place gave back what it holds. The files are the truth; this is
// their history, shown in the admin.
export const backups = pgTable(
	'backups',
	{
		id: id(),
		name: text().notNull().unique(),
		trigger: text({ enum: ['nightly', 'manual'] }).notNull(),
		status: text({ enum: ['running', 'done', 'failed'] })
			.notNull()
			.default('running'),
		sizeBytes: bigint('size_bytes', { mode: 'number' }),
		verified: boolean(),
		// What went wrong in the backup's own words (English, technical), and its kind, which the
		// pages explain in the reader's language (BACKUP_PROBLEM_KINDS).
		problem: text(),
		problemKind: text('problem_kind'),
		startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(applicationNow),
		finishedAt: timestamp('finished_at', { withTimezone: true }),
	},
	(table) => [index('backups_started_at_idx').on(table.startedAt)],
)

// A customer's contact details as they last gave them: they prefill the next acceptance.
export type CustomerDetails = {
	name: string
	phone: string
	companyCvr: number | null
	companyName: string | null
	companyAddress: string | null
	ean: string | null
	buyerReference: string | null
	// Where their invoices, credit notes and reminders go (a finance office), if not to them.
	invoiceEmail?: string | null
}

// A company with customer accounts (by CVR): its first account manages who belongs.
export const customerCompanies = pgTable('customer_companies', {
	id: id(),
	cvr: integer().notNull().unique(),
	name: text().notNull(),
	// The company's rule: an order above this amount (without VAT) waits for one of its managers to
	// approve it before it becomes an order. Null: no rule.
	approvalLimit: numeric('approval_limit', { precision: 12, scale: 2, mode: 'number' }),
	createdAt: timestamps.createdAt,
})

// A colleague's "Accept and order" above the company's limit, waiting for a manager: what they
// filled in (checked as an order's would be), kept until a manager approves it (then the order is
// made from it, as the colleague) or declines it with a note. The agency sees none of it.
export const orderApprovals = pgTable(
	'order_approvals',
	{
		id: id(),
		quoteId: text('quote_id')
			.notNull()
			.references(() => quotes.id, { onDelete: 'cascade' }),
		companyId: integer('company_id')
			.notNull()
			.references((): AnyPgColumn => customerCompanies.id, { onDelete: 'cascade' }),
		requesterId: integer('requester_id').references((): AnyPgColumn => customers.id, { onDelete: 'set null' }),
		requesterName: text('requester_name').notNull(),
		locale: text().notNull(),
		fields: jsonb().$type<Record<string, string>>().notNull(),
		// The quote's total without VAT, as it was asked for.
		total: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull(),
		status: text({ enum: APPROVAL_STATUSES }).notNull().default('pending'),
		decidedByName: text('decided_by_name'),
		note: text().notNull().default(''),
		orderId: integer('order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
		createdAt: timestamps.createdAt,
		decidedAt: timestamp('decided_at', { withTimezone: true }),
	},
	(table) => [
		index('order_approvals_company').on(table.companyId, table.status),
		uniqueIndex('order_approvals_pending_quote')
			.on(table.quoteId)
			.where(sql`${table.status} = 'pending'`),
	],
)

// A customer's account: no password, the e-mail (lower case) is proven by a link each time. What
// they ordered with that e-mail before the account existed is theirs too (app/models/customer).
export const customers = pgTable(
	'customers',
	{
		id: id(),
		email: text().notNull().unique(),
		details: jsonb().$type<CustomerDetails>().notNull(),
		companyId: integer('company_id').references(() => customerCompanies.id, { onDelete: 'set null' }),
		managesCompany: boolean('manages_company').notNull().default(false),
		...timestamps,
	},
	(table) => [index('customers_company').on(table.companyId)],
)

// As the staff's sessions: the cookie holds a random token, the table its SHA-256.
export const customerSessions = pgTable(
	'customer_sessions',
	{
		id: text().primaryKey(),
		customerId: integer('customer_id')
			.notNull()
			.references(() => customers.id, { onDelete: 'cascade' }),
		createdAt: timestamps.createdAt,
		lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(applicationNow),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
	},
	(table) => [index('customer_sessions_customer').on(table.customerId)],
)

// A link sent by mail (sign in, confirm a new address, join a company): single use, bound to the
// address it was sent to, stored as the SHA-256 of its token. The sender's address is keyed, for
// the limits per address.
export const customerLinks = pgTable(
	'customer_links',
	{
		id: text().primaryKey(),
		purpose: text({ enum: CUSTOMER_LINK_PURPOSES }).notNull(),
		email: text().notNull(),
		customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
		companyId: integer('company_id').references(() => customerCompanies.id, { onDelete: 'cascade' }),
		// A staff invitation's account.
		userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
		ipHash: text('ip_hash').notNull(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		usedAt: timestamp('used_at', { withTimezone: true }),
		createdAt: timestamps.createdAt,
	},
	(table) => [
		index('customer_links_email').on(table.email, table.createdAt),
		index('customer_links_ip').on(table.ipHash, table.createdAt),
	],
)

// The customer's rating of a delivered order (one per order, changed by rating again): 1 to 5,
// with a reason for 1 or 2. Staff see it per order and per translator (through the order's jobs).
export const orderRatings = pgTable(
	'order_ratings',
	{
		orderId: integer('order_id')
			.primaryKey()
			.references(() => orders.id, { onDelete: 'cascade' }),
		rating: integer().notNull(),
		comment: text().notNull().default(''),
		...timestamps,
	},
	(table) => [check('order_ratings_range', sql`${table.rating} between 1 and 5`)],
)

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

// The shared file store on PostgreSQL (decision 021): every file the site keeps under DATA_DIR,
// by its path there, in chunks of 1 MiB, so any process on any machine reads what another wrote.
// A file counts once its row is in; chunks of a file not yet whole have no row and are swept.
export const storedFiles = pgTable('stored_files', {
	path: text().primaryKey(),
	upload: text().notNull(),
	size: bigint({ mode: 'number' }).notNull(),
	chunks: integer().notNull(),
	createdAt: timestamps.createdAt,
})

export const storedFileChunks = pgTable(
	'stored_file_chunks',
	{
		// The upload's own id until the file is whole, so a half-written file is never read.
		upload: text().notNull(),
		n: integer().notNull(),
		data: bytea().notNull(),
		createdAt: timestamps.createdAt,
	},
	(table) => [primaryKey({ columns: [table.upload, table.n] })],
)

// Mail to send, in the database until it is sent: any process delivers it (claimed with
// FOR UPDATE SKIP LOCKED), and one that stops mid-way leaves it to another.
export const mailJobs = pgTable(
	'mail_jobs',
	{
		id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
		message: jsonb().$type<Record<string, unknown>>().notNull(),
		attempts: integer().notNull().default(0),
		runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow().$defaultFn(applicationNow),
		leaseUntil: timestamp('lease_until', { withTimezone: true }),
		// A digest that gathers mails about one thing (an order's thread) until it is due: what comes
		// meanwhile joins it instead of being a mail of its own (app/models/mail/digest.server.ts).
		batchKey: text('batch_key'),
		createdAt: timestamps.createdAt,
	},
	(table) => [
		index('mail_jobs_due').on(table.runAfter),
		uniqueIndex('mail_jobs_open_batch')
			.on(table.batchKey)
			.where(sql`${table.batchKey} is not null and ${table.attempts} = 0`),
	],
)

// The per-address limits every process shares (the business search's, for now): one row per
// address and limit, in an UNLOGGED table (migration 0020) since a count lost with a crash only
// lets a visitor start afresh. Rows a day old are swept.
export const rateLimits = pgTable('rate_limits', {
	key: text().primaryKey(),
	tokens: doublePrecision().notNull(),
	filledAt: timestamp('filled_at', { withTimezone: true }).notNull(),
	dayStart: timestamp('day_start', { withTimezone: true }).notNull(),
	dayCount: integer('day_count').notNull(),
})
