// What the database stores in its constrained columns, as plain constants with no database code,
// so that browser-safe models (the roles table, a count's parts) build on them and the schema
// depends on nothing in app/.

// translator: a freelancer with their own pages under /work, never /admin.
export const STAFF_ROLES = ['admin', 'manager', 'editor', 'translator'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

export const COUNT_PARTS = ['body', 'headers', 'notes', 'hidden', 'charts', 'comments', 'values'] as const
export type CountPart = (typeof COUNT_PARTS)[number]

// Words per part; a part the document does not have is absent.
export type CountBreakdown = Partial<Record<CountPart, number>>
