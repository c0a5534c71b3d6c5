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
	route(`admin/${name}`, 'routes/admin/records.tsx', { id: `admin.${name}` }),
	route(`admin/${name}/new`, 'routes/admin/record.tsx', { id: `admin.${name}.new` }),
	route(`admin/${name}/:id`, 'routes/admin/record.tsx', { id: `admin.${name}.edit` }),
])

export default [
	route('admin/login', 'routes/admin/login.tsx'),
	route('admin/logout', 'routes/admin/logout.ts'),
	route('admin/language', 'routes/admin/language.ts'),
	route('admin/position', 'routes/admin/position.ts'),
	route('admin/drafts', 'routes/admin/drafts.ts'),
	route('admin/prices/defaults', 'routes/admin/price-defaults.ts'),
	route('admin/users/:id/sessions', 'routes/admin/user-sessions.ts'),
	route('admin/requests/export', 'routes/admin/requests-export.ts'),
	route('admin/requests/:id/status', 'routes/admin/request-status.ts'),
	route('admin/requests/:id/notes', 'routes/admin/request-notes.ts'),
	route('admin/requests/:id/reply', 'routes/admin/request-reply.ts'),
	route('admin/requests/:id/documents', 'routes/admin/request-documents.ts'),
	route('admin/requests/:id/quote', 'routes/admin/request-quote.ts'),
	route('admin/requests/:id/documents/:documentId', 'routes/admin/request-document.ts'),
	route('admin/requests/:id/documents/:documentId/count', 'routes/admin/request-document-count.ts'),
	route('admin/requests/:id/documents/:documentId/text', 'routes/admin/request-document-text.ts'),
	route('admin/requests/:id/order', 'routes/admin/request-order.ts'),
	route('admin/orders/export', 'routes/admin/orders-export.ts'),
	route('admin/orders/:id/files', 'routes/admin/order-files.ts'),
	route('admin/orders/:id/files/:fileId', 'routes/admin/order-file.ts'),
	route('admin/orders/:id/documents/:documentId', 'routes/admin/order-document.ts'),
	route('admin/invoices/export', 'routes/admin/invoices-export.ts'),
	route('admin/invoices/reminders', 'routes/admin/invoices-reminders.ts'),
	route('admin/invoices/:id/:format', 'routes/admin/invoice-file.ts'),
	route('admin/jobs/:id/files/:fileId', 'routes/admin/job-file.ts'),
	route('admin/payables/export', 'routes/admin/payables-export.ts'),
	...MEDIA_KINDS.map((kind) => route(`admin/${kind}/:id`, 'routes/admin/media-item.ts', { id: `admin.${kind}.item` })),
	layout('routes/admin/layout.tsx', [
		route('admin', 'routes/admin/dashboard.tsx'),
		...recordRoutes,
		route('admin/requests', 'routes/admin/requests.tsx'),
		route('admin/requests/:id', 'routes/admin/request.tsx'),
		route('admin/orders', 'routes/admin/orders.tsx'),
		route('admin/orders/:id', 'routes/admin/order.tsx'),
		route('admin/invoices', 'routes/admin/invoices.tsx'),
		route('admin/invoices/bank', 'routes/admin/invoices-bank.tsx'),
		route('admin/invoices/:id', 'routes/admin/invoice.tsx'),
		route('admin/customers', 'routes/admin/customers.tsx'),
		route('admin/translators', 'routes/admin/translators.tsx'),
		route('admin/translators/new', 'routes/admin/translator.tsx', { id: 'admin.translators.new' }),
		route('admin/translators/:id', 'routes/admin/translator.tsx', { id: 'admin.translators.edit' }),
		route('admin/jobs/:id', 'routes/admin/job.tsx'),
		route('admin/payables', 'routes/admin/payables.tsx'),
		route('admin/settings', 'routes/admin/settings.tsx'),
		route('admin/audit', 'routes/admin/audit.tsx'),
		route('admin/backups', 'routes/admin/backups.tsx'),
		route('admin/translations', 'routes/admin/translations.tsx'),
		...MEDIA_KINDS.map((kind) => route(`admin/${kind}`, 'routes/admin/media.tsx', { id: `admin.${kind}` })),
		route('admin/analytics', 'routes/admin/analytics.tsx'),
		route('admin/*', 'routes/admin/not-found.tsx'),
	]),
	// A translator's own pages (app/models/vendor): the same sign-in, never the back office.
	route('work/login', 'routes/admin/login.tsx', { id: 'work.login' }),
	route('work/logout', 'routes/work/logout.ts'),
	route('work/language', 'routes/work/language.ts'),
	route('work/jobs/:id/sources/:documentId', 'routes/work/job-source.ts'),
	route('work/jobs/:id/files/:fileId', 'routes/work/job-file.ts'),
	route('work/jobs/:id/files', 'routes/work/job-files.ts'),
	layout('routes/work/layout.tsx', [
		route('work', 'routes/work/home.tsx'),
		route('work/jobs/:id', 'routes/work/job.tsx'),
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
	route('account/files/:fileId', 'routes/account/file.ts'),
	route('quotes/:id/documents/:documentId/text', 'routes/quote-document-text.ts'),
	route('orders/:token/files/:fileId', 'routes/order-file.ts'),
	...LOCALES.map((locale) =>
		route(UPLOAD_PATHS[locale].slice(1), 'routes/document-upload.ts', { id: `document-upload.${locale}` }),
	),
	...LOCALES.map((locale) =>
		route(PAIR_PRICE_PATHS[locale].slice(1), 'routes/pair-price.ts', { id: `pair-price.${locale}` }),
	),
] satisfies RouteConfig
