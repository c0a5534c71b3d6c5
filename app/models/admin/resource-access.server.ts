import { data, type RouterContextProvider } from 'react-router'
import { resourceFromPath, type Resource } from '#app/utils/admin-resources.ts'
import { requireAdmin, requireStaff } from '../staff/access.server.ts'
import type { Staff } from '../staff/session.server.ts'

// The guard of every records screen: who may touch which record type.
export function requireResource(request: Request, context: Readonly<RouterContextProvider>): { resource: Resource; staff: Staff } {
	const resource = resourceFromPath(new URL(request.url).pathname)
	const staff = requireStaff(request, context)
	if (!resource) throw data({ error: 'Not found' }, { status: 404 })
	if (resource.adminOnly) requireAdmin(request, context)
	return { resource, staff }
}

// A record's id from the address: a positive PostgreSQL integer, or null (so never a query error).
export function recordIdOf(value: string | null | undefined): number | null {
	if (!value || !/^\d{1,10}$/.test(value)) return null
	const id = Number(value)
	return id >= 1 && id <= 2_147_483_647 ? id : null
}

export function parseRecordId(value: string | undefined): number {
	const id = recordIdOf(value)
	if (id === null) throw data({ error: 'Not found' }, { status: 404 })
	return id
}
