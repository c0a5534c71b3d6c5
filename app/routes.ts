import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'
import { LOCALES, PAGE_PATHS, PAIR_PRICE_PATHS, UPLOAD_PATHS, type PageName } from '#app/utils/locales.ts'
import { RESOURCE_NAMES } from '#app/models/records/definition.ts'
import { MEDIA_KINDS } from '#app/models/media/kinds.ts'

const PAGE_MODULES: Record<PageName, string> = {
	home: 'routes/home.tsx',
	prices: 'routes/prices.tsx',
	order: 'routes/order.tsx',
	faq: 'routes/faq.tsx',
	about: 'routes/about.tsx',
	contact: 'routes/contact.tsx',
	page: 'routes/content-page.tsx',
	quote: 'routes/quote.tsx',
	acceptQuote: 'routes/accept-quote.tsx',
	orderStatus: 'routes/order-status.tsx',
	account: 'routes/account/orders.tsx',
	accountOrder: 'routes/account/order.tsx',
	accountQuotes: 'routes/account/quotes.tsx',
	accountInvoices: 'routes/account/invoices.tsx',
	accountDetails: 'routes/account/details.tsx',
	accountSignIn: 'routes/account/sign-in.tsx',
	accountLink: 'routes/account/link.tsx',
}

// Every public page in Danish at the root and in English under /en: see PAGE_PATHS.
const publicPages = LOCALES.flatMap((locale) =>
	(Object.keys(PAGE_MODULES) as PageName[]).map((name) => {
		const path = PAGE_PATHS[name][locale].slice(1)
		const id = `${name}.${locale}`
		return path === '' ? index(PAGE_MODULES[name], { id }) : route(path, PAGE_MODULES[name], { id })
	}),
)

// Each record type gets its list, its new form and its edit form (which also deletes, with DELETE).
const recordRoutes = RESOURCE_NAMES.flatMap((name) => [
	route(`admin/${name}`, 'routes/admin/records/list.tsx', { id: `admin.${name}` }),
	route(`admin/${name}/new`, 'routes/admin/records/record.tsx', { id: `admin.${name}.new` }),
	route(`admin/${name}/:id`, 'routes/admin/records/record.tsx', { id: `admin.${name}.edit` }),
])

export default [
	route('admin/login', 'routes/admin/login.tsx'),
	route('admin/invitation/:token', 'routes/admin/invitation.tsx'),
	route('admin/logout', 'routes/admin/logout.ts'),
	route('admin/language', 'routes/admin/language.ts'),
	route('admin/position', 'routes/admin/records/position.ts'),
	route('admin/drafts', 'routes/admin/records/drafts.ts'),
	route('admin/prices/defaults', 'routes/admin/records/price-defaults.ts'),
	route('admin/users/:id/sessions', 'routes/admin/settings/user-sessions.ts'),
	route('admin/users/:id/invitation', 'routes/admin/settings/user-invitation.ts'),
	route('admin/requests/export', 'routes/admin/requests/export.ts'),
	route('admin/requests/:id/status', 'routes/admin/requests/status.ts'),
	route('admin/requests/:id/notes', 'routes/admin/requests/notes.ts'),
	route('admin/requests/:id/reply', 'routes/admin/requests/reply.ts'),
	route('admin/requests/:id/documents', 'routes/admin/requests/documents.ts'),
	route('admin/requests/:id/quote', 'routes/admin/requests/quote.ts'),
	route('admin/requests/:id/documents/:documentId', 'routes/admin/requests/document.ts'),
	route('admin/requests/:id/documents/:documentId/count', 'routes/admin/requests/document-count.ts'),
	route('admin/requests/:id/documents/:documentId/text', 'routes/admin/requests/document-text.ts'),
	route('admin/requests/:id/order', 'routes/admin/requests/order.ts'),
	route('admin/orders/export', 'routes/admin/orders/export.ts'),
	route('admin/orders/:id/files', 'routes/admin/orders/files.ts'),
	route('admin/orders/:id/files/:fileId', 'routes/admin/orders/file.ts'),
	route('admin/orders/:id/files.zip', 'routes/admin/orders/zip.ts'),
	route('admin/orders/:id/messages/:attachmentId', 'routes/admin/orders/message-file.ts'),
	route('admin/orders/:id/documents/:documentId', 'routes/admin/orders/document.ts'),
	route('admin/invoices/export', 'routes/admin/invoices/export.ts'),
	route('admin/invoices/reminders', 'routes/admin/invoices/reminders.ts'),
	route('admin/invoices/:id/:format', 'routes/admin/invoices/file.ts'),
	route('admin/jobs/:id/files/:fileId', 'routes/admin/jobs/file.ts'),
	route('admin/payables/export', 'routes/admin/translators/payables-export.ts'),
	...MEDIA_KINDS.map((kind) => route(`admin/${kind}/:id`, 'routes/admin/media/item.ts', { id: `admin.${kind}.item` })),
	layout('routes/admin/layout.tsx', [
		route('admin', 'routes/admin/dashboard.tsx'),
		...recordRoutes,
		route('admin/todo', 'routes/admin/todo.tsx'),
		route('admin/requests', 'routes/admin/requests/list.tsx'),
		route('admin/requests/:id', 'routes/admin/requests/request.tsx'),
		route('admin/orders', 'routes/admin/orders/list.tsx'),
		route('admin/orders/:id', 'routes/admin/orders/order.tsx'),
		route('admin/invoices', 'routes/admin/invoices/list.tsx'),
		route('admin/invoices/bank', 'routes/admin/invoices/bank.tsx'),
		route('admin/invoices/:id', 'routes/admin/invoices/invoice.tsx'),
		route('admin/customers', 'routes/admin/customers/list.tsx'),
		route('admin/translators', 'routes/admin/translators/list.tsx'),
		route('admin/translators/new', 'routes/admin/translators/translator.tsx', { id: 'admin.translators.new' }),
		route('admin/translators/:id', 'routes/admin/translators/translator.tsx', { id: 'admin.translators.edit' }),
		route('admin/jobs/:id', 'routes/admin/jobs/job.tsx'),
		route('admin/payables', 'routes/admin/translators/payables.tsx'),
		route('admin/settings', 'routes/admin/settings/settings.tsx'),
		route('admin/audit', 'routes/admin/settings/audit.tsx'),
		route('admin/backups', 'routes/admin/settings/backups.tsx'),
		route('admin/translations', 'routes/admin/settings/translations.tsx'),
		...MEDIA_KINDS.map((kind) => route(`admin/${kind}`, 'routes/admin/media/list.tsx', { id: `admin.${kind}` })),
		route('admin/analytics', 'routes/admin/settings/analytics.tsx'),
		route('admin/*', 'routes/admin/not-found.tsx'),
	]),
	// A translator's own pages (app/models/vendor): the same sign-in, never the back office.
	route('work/login', 'routes/admin/login.tsx', { id: 'work.login' }),
	route('work/logout', 'routes/work/logout.ts'),
	route('work/language', 'routes/work/language.ts'),
	route('work/jobs/:id/sources/:documentId', 'routes/work/jobs/source.ts'),
	route('work/jobs/:id/delivered/:fileId', 'routes/work/jobs/delivered.ts'),
	route('work/jobs/:id/files/:fileId', 'routes/work/jobs/file.ts'),
	route('work/jobs/:id/files', 'routes/work/jobs/files.ts'),
	route('work/jobs/:id/messages/:attachmentId', 'routes/work/jobs/message-file.ts'),
	layout('routes/work/layout.tsx', [
		route('work', 'routes/work/home.tsx'),
		route('work/jobs/:id', 'routes/work/jobs/job.tsx'),
	]),
	layout('routes/public-layout.tsx', [...publicPages, route('*', 'routes/not-found.tsx')]),
	route('banner', 'routes/banner.ts'),
	route('analytics/events', 'routes/analytics-events.ts'),
	route('sitemap.xml', 'routes/sitemap.ts'),
	route('robots.txt', 'routes/robots.ts'),
	route('documents/:id', 'routes/document.ts'),
	route('quotes/:id/pdf', 'routes/quote-pdf.ts'),
	route('account/sign-out', 'routes/account/sign-out.ts'),
	route('account/data', 'routes/account/data.ts'),
	route('account/invoices/:id/pdf', 'routes/account/invoice-pdf.ts'),
	route('account/invoices/:id/oioubl', 'routes/account/invoice-oioubl.ts'),
	route('account/files/:fileId', 'routes/account/file.ts'),
	route('account/orders/:id/files.zip', 'routes/account/order-zip.ts'),
	route('account/orders/:id/messages/:attachmentId', 'routes/account/message-file.ts'),
	route('quotes/:id/documents/:documentId/text', 'routes/quote-document-text.ts'),
	route('orders/:token/files/:fileId', 'routes/order-file.ts'),
	route('orders/:token/files.zip', 'routes/order-zip.ts'),
	route('orders/:token/messages/:attachmentId', 'routes/order-message-file.ts'),
	...LOCALES.map((locale) =>
		route(UPLOAD_PATHS[locale].slice(1), 'routes/document-upload.ts', { id: `document-upload.${locale}` }),
	),
	...LOCALES.map((locale) =>
		route(PAIR_PRICE_PATHS[locale].slice(1), 'routes/pair-price.ts', { id: `pair-price.${locale}` }),
	),
] satisfies RouteConfig
