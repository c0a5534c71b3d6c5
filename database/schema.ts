import { sql } from 'drizzle-orm'
import {
	boolean,
	check,
	integer,
	numeric,
	pgTable,
	text,
	timestamp,
	uniqueIndex,
} from 'drizzle-orm/pg-core'

const id = () => integer().primaryKey().generatedAlwaysAsIdentity()
const timestamps = {
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
		pricePerWord: numeric('price_per_word', { precision: 10, scale: 2, mode: 'number' }).notNull(),
		currency: text().notNull().default('DKK'),
		calculatorMinWords: integer('calculator_min_words').notNull().default(100),
		calculatorMaxWords: integer('calculator_max_words').notNull().default(20000),
		minDeliveryDays: integer('min_delivery_days').notNull().default(0),
		uploadLimitMib: integer('upload_limit_mib').notNull().default(100),
		wordsPerDay: integer('words_per_day').notNull().default(2500),
		updatedAt: timestamps.updatedAt,
	},
	(table) => [check('settings_single_row', sql`${table.id} = 1`)],
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
