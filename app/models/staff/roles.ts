import type { SortableModel } from '#app/models/records/definition.ts'
import { STAFF_ROLES, type StaffRole } from '#database/enums.ts'

// Who may do what in the back office: one table that the server's gate, every admin loader and
// action (through requireStaff), the menu, the live-update streams and the settings page read.
// Browser-safe: the menu is drawn from it.
export { STAFF_ROLES, type StaffRole }

// - admin: everything, with staff accounts, the agency's bank and legal details, and the audit log;
// - manager: the agency's work (requests, orders, invoices, customers' documents) and its prices;
// - editor: what the public site says (pages, FAQ, team, slides, media, texts);
// - translator: nothing here; their own offers and jobs under /work (requireTranslator).
export const AREAS = {
	// The dashboard and what every signed-in person has: their language, signing out, drafts.
	account: ['admin', 'manager', 'editor'],
	content: ['admin', 'editor'],
	prices: ['admin', 'manager'],
	work: ['admin', 'manager'],
	// The settings page is open to all staff; each group of settings names its own roles.
	settings: ['admin', 'manager', 'editor'],
	analytics: ['admin', 'manager', 'editor'],
	staff: ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>
export type Area = keyof typeof AREAS

// Every address under /admin, by its first segment: a route whose segment is missing here is
// refused to everyone but admins (and a test walks the route table so none is missing).
const AREA_OF_SEGMENT: Record<string, Area> = {
	'': 'account',
	login: 'account',
	invitation: 'account',
	logout: 'account',
	language: 'account',
	drafts: 'account',
	// Reordering is checked again by what is reordered (AREA_OF_SORTABLE).
	position: 'account',
	pages: 'content',
	faq: 'content',
	'faq-categories': 'content',
	team: 'content',
	slides: 'content',
	photos: 'content',
	content_files: 'content',
	translations: 'content',
	prices: 'prices',
	languages: 'prices',
	todo: 'work',
	requests: 'work',
	orders: 'work',
	invoices: 'work',
	customers: 'work',
	jobs: 'work',
	payables: 'work',
	translators: 'staff',
	settings: 'settings',
	analytics: 'analytics',
	users: 'staff',
	audit: 'staff',
	backups: 'staff',
}

// Who edits each group of settings: the agency's legal and bank details are an admin's; the
// rules of quotes and orders a manager's too; the editor's own setting an editor's.
export const SETTINGS_GROUPS = {
	agency: ['admin'],
	calculator: ['admin', 'manager'],
	orders: ['admin', 'manager'],
	invoicing: ['admin'],
	editor: ['admin', 'editor'],
} as const satisfies Record<string, readonly StaffRole[]>
export type SettingsGroup = keyof typeof SETTINGS_GROUPS

export const mayEditSettings = (role: string, group: SettingsGroup) =>
	(SETTINGS_GROUPS[group] as readonly string[]).includes(role)

export const AREA_OF_SORTABLE: Record<SortableModel, Area> = {
	faq_item: 'content',
	team_member: 'content',
	slide: 'content',
	language: 'prices',
}

// The area of a route, from the pattern React Router matched (`/admin/orders/:id`): what guards a
// request, however its address was spelled. Null outside /admin; staff's for a segment unknown.
export function areaOfRoute(pattern: string | null | undefined): Area | null {
	const [first, second = ''] = (pattern ?? '').split('/').filter(Boolean)
	if (first !== 'admin') return null
	return AREA_OF_SEGMENT[second] ?? 'staff'
}

// The area of a canonical admin address (the menu's links, React Router's `.data` form of one).
export function areaOfPath(pathname: string): Area | null {
	if (pathname !== '/admin' && pathname !== '/admin.data' && !pathname.startsWith('/admin/')) return null
	return areaOfRoute(pathname.replace(/\.data$/, ''))
}

export const isKnownAdminSegment = (segment: string) => segment in AREA_OF_SEGMENT

export function mayOpen(role: string, area: Area): boolean {
	return (AREAS[area] as readonly string[]).includes(role)
}
